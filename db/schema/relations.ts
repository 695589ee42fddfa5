import { relations } from 'drizzle-orm';
import { attributeGroups, attributes } from './attribute';
import {
  comboComponents,
  comboGroupItems,
  concessionCategories,
  concessionCategoryAssignments,
  concessionDiscounts,
  concessionGroups,
  concessions,
  modifierGroups,
  modifiers,
  theatreConcessions,
  upsellGroups,
  upsellItems,
} from './concession';
import { contentTypes, mediaItems, renditions } from './media';
import { movieAttributes, movieCredits, movies, people } from './movie';
import { movieListItems, movieLists } from './movie-list';
import { showtimeAttributes, showtimes, showtimeTicketPrices } from './showtime';
import { markets, theatreAttributes, theatres } from './theatre';

/**
 * The catalog graph's relations, declared once (drizzle `relations()`): the read planner
 * (src/read-planner/) derives its joins from these, and the table files need not import each other
 * for them. Media items point at their resource by (type, text key), not by a foreign key: those
 * relations are declared below (`RESOURCE_MEDIA`), in the same file.
 */

export const marketsRelations = relations(markets, ({ many }) => ({ theatres: many(theatres) }));

export const theatresRelations = relations(theatres, ({ one, many }) => ({
  market: one(markets, { fields: [theatres.marketId], references: [markets.id] }),
  showtimes: many(showtimes),
  attributeLinks: many(theatreAttributes),
  concessionOffers: many(theatreConcessions),
}));

export const theatreAttributesRelations = relations(theatreAttributes, ({ one }) => ({
  theatre: one(theatres, { fields: [theatreAttributes.theatreId], references: [theatres.id] }),
  attribute: one(attributes, { fields: [theatreAttributes.attributeId], references: [attributes.id] }),
}));

export const attributesRelations = relations(attributes, ({ one }) => ({
  group: one(attributeGroups, { fields: [attributes.groupId], references: [attributeGroups.id] }),
}));

export const attributeGroupsRelations = relations(attributeGroups, ({ many }) => ({ attributes: many(attributes) }));

export const moviesRelations = relations(movies, ({ many }) => ({
  showtimes: many(showtimes),
  credits: many(movieCredits),
  attributeLinks: many(movieAttributes),
  listItems: many(movieListItems),
}));

export const movieAttributesRelations = relations(movieAttributes, ({ one }) => ({
  movie: one(movies, { fields: [movieAttributes.movieId], references: [movies.id] }),
  attribute: one(attributes, { fields: [movieAttributes.attributeId], references: [attributes.id] }),
}));

export const peopleRelations = relations(people, ({ many }) => ({ credits: many(movieCredits) }));

export const movieCreditsRelations = relations(movieCredits, ({ one }) => ({
  movie: one(movies, { fields: [movieCredits.movieId], references: [movies.id] }),
  person: one(people, { fields: [movieCredits.personId], references: [people.id] }),
}));

export const showtimesRelations = relations(showtimes, ({ one, many }) => ({
  theatre: one(theatres, { fields: [showtimes.theatreId], references: [theatres.id] }),
  movie: one(movies, { fields: [showtimes.movieId], references: [movies.id] }),
  attributeLinks: many(showtimeAttributes),
  ticketPrices: many(showtimeTicketPrices),
}));

export const showtimeAttributesRelations = relations(showtimeAttributes, ({ one }) => ({
  showtime: one(showtimes, { fields: [showtimeAttributes.showtimeId], references: [showtimes.id] }),
  attribute: one(attributes, { fields: [showtimeAttributes.attributeId], references: [attributes.id] }),
}));

export const showtimeTicketPricesRelations = relations(showtimeTicketPrices, ({ one }) => ({
  showtime: one(showtimes, { fields: [showtimeTicketPrices.showtimeId], references: [showtimes.id] }),
}));

export const movieListsRelations = relations(movieLists, ({ many }) => ({ items: many(movieListItems) }));

export const movieListItemsRelations = relations(movieListItems, ({ one }) => ({
  list: one(movieLists, { fields: [movieListItems.movieListId], references: [movieLists.id] }),
  movie: one(movies, { fields: [movieListItems.movieId], references: [movies.id] }),
}));

export const mediaItemsRelations = relations(mediaItems, ({ one, many }) => ({
  contentType: one(contentTypes, { fields: [mediaItems.contentTypeId], references: [contentTypes.id] }),
  renditions: many(renditions),
}));

export const renditionsRelations = relations(renditions, ({ one }) => ({
  mediaItem: one(mediaItems, { fields: [renditions.mediaItemId], references: [mediaItems.id] }),
}));

export const concessionsRelations = relations(concessions, ({ one, many }) => ({
  upsellGroup: one(upsellGroups, { fields: [concessions.upsellGroupId], references: [upsellGroups.id] }),
  offers: many(theatreConcessions),
  categoryLinks: many(concessionCategoryAssignments),
  groups: many(concessionGroups),
  discounts: many(concessionDiscounts),
  modifierGroups: many(modifierGroups),
  comboComponents: many(comboComponents, { relationName: 'combo' }),
}));

export const theatreConcessionsRelations = relations(theatreConcessions, ({ one }) => ({
  theatre: one(theatres, { fields: [theatreConcessions.theatreId], references: [theatres.id] }),
  concession: one(concessions, { fields: [theatreConcessions.concessionId], references: [concessions.id] }),
}));

export const concessionCategoriesRelations = relations(concessionCategories, ({ one, many }) => ({
  parent: one(concessionCategories, { fields: [concessionCategories.parentId], references: [concessionCategories.id] }),
  assignments: many(concessionCategoryAssignments),
}));

export const concessionCategoryAssignmentsRelations = relations(concessionCategoryAssignments, ({ one }) => ({
  concession: one(concessions, { fields: [concessionCategoryAssignments.concessionId], references: [concessions.id] }),
  category: one(concessionCategories, { fields: [concessionCategoryAssignments.categoryId], references: [concessionCategories.id] }),
}));

export const concessionGroupsRelations = relations(concessionGroups, ({ one }) => ({
  concession: one(concessions, { fields: [concessionGroups.concessionId], references: [concessions.id] }),
}));

export const concessionDiscountsRelations = relations(concessionDiscounts, ({ one }) => ({
  concession: one(concessions, { fields: [concessionDiscounts.concessionId], references: [concessions.id] }),
}));

export const modifierGroupsRelations = relations(modifierGroups, ({ one, many }) => ({
  concession: one(concessions, { fields: [modifierGroups.concessionId], references: [concessions.id] }),
  modifiers: many(modifiers),
}));

export const modifiersRelations = relations(modifiers, ({ one }) => ({
  group: one(modifierGroups, { fields: [modifiers.modifierGroupId], references: [modifierGroups.id] }),
  concession: one(concessions, { fields: [modifiers.concessionId], references: [concessions.id] }),
}));

export const comboComponentsRelations = relations(comboComponents, ({ one, many }) => ({
  combo: one(concessions, { fields: [comboComponents.comboConcessionId], references: [concessions.id], relationName: 'combo' }),
  concession: one(concessions, { fields: [comboComponents.concessionId], references: [concessions.id] }),
  groupItems: many(comboGroupItems),
}));

export const comboGroupItemsRelations = relations(comboGroupItems, ({ one }) => ({
  component: one(comboComponents, { fields: [comboGroupItems.componentId], references: [comboComponents.id] }),
  concession: one(concessions, { fields: [comboGroupItems.concessionId], references: [concessions.id] }),
}));

export const upsellGroupsRelations = relations(upsellGroups, ({ many }) => ({ items: many(upsellItems) }));

export const upsellItemsRelations = relations(upsellItems, ({ one }) => ({
  group: one(upsellGroups, { fields: [upsellItems.upsellGroupId], references: [upsellGroups.id] }),
  concession: one(concessions, { fields: [upsellItems.concessionId], references: [concessions.id] }),
}));

/**
 * Relations by resource key, not by a foreign key: per table (its schema name), a relation to the
 * media items whose `resource_type` is the word given and `resource_key` the row's id as text (the
 * media service's `ResourceRef`). The read planner joins them like the relations above (`joinOf`).
 */
export const RESOURCE_MEDIA = {
  theatres: { media: 'theatre' },
  movies: { mediaItems: 'movie' },
} as const;
