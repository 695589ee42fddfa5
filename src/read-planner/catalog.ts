import { sql, type SQL } from 'drizzle-orm';
import * as schema from '../../db/schema';
import { MARKET_FIELDS, Market, toMarket } from '../../schema/market.type';
import { MEDIA_ITEM_FIELDS, MediaItem, RENDITION_FIELDS, Rendition, toMediaItem, toRendition } from '../../schema/media.type';
import { Movie, toMovie } from '../../schema/movie.type';
import { MovieList, MovieListEntry, toMovieList, toMovieListEntry } from '../../schema/movie-list.type';
import { CREDIT_FIELDS, Credit, PERSON_FIELDS, Person, toCredit, toPerson } from '../../schema/person.type';
import { ShowtimeFilterArgs, toShowtimeFilters } from '../../schema/showtime.input';
import { Showtime, TICKET_PRICE_FIELDS, TicketPrice, toShowtime, toTicketPrice } from '../../schema/showtime.type';
import { Theatre, toTheatre } from '../../schema/theatre.type';
import { type MarketRow, THEATRE_FIELDS, type TheatreRow } from '../services/theatre';
import type { MediaItemRow, RenditionRow } from '../services/media';
import {
  MOVIE_FIELDS,
  MOVIE_LIST_ENTRY_FIELDS,
  MOVIE_LIST_FIELDS,
  movieListCountSql,
  type MovieListItemRow,
  type MovieListRecord,
  type MovieRow,
} from '../services/movie';
import type { CreditRow, PersonRow } from '../services/person';
import {
  SHOWTIME_RECORD_COLUMNS,
  showtimeDayConditions,
  SHOWTIME_FIELDS,
  type ShowtimeRecord,
  type TicketPriceRow,
} from '../services/showtime';
import { CONCESSION_TYPES, THEATRE_CONCESSION_EDGES } from './catalog-concessions';
import { byId, composite, joinOf, pageArgs, plain, type Args, type Edge, type PlannedType } from './planned-type';
import { columnRefs, rowCodec } from '../services/shared/row-json';

export { joinOf, type Edge, type Order, type PlannedType } from './planned-type';

/**
 * The catalog types the planner reads, one entry per GraphQL type: where its rows come from, how a
 * row becomes the GraphQL object (the mapper of the type, whole rows; `build` for pruned ones), and
 * which of its fields are relations the planner follows. The joins of those come from
 * db/schema/relations.ts; an entry only adds what a relation does not say: the order and the field's
 * arguments as SQL conditions (the services' own condition builders). This is the one description of
 * each relation: nested reads, the reads below parents the planner did not read (`relation`) and
 * READ_PLANNER=off all compile it. Fields not listed here resolve through their own resolver.
 */

const showtimeOrder = ['show_date_time_utc', 'id'];

/** Theatre.showtimes and showtimesPage: the list's day and filters (theatreShowtimeList's conditions). */
const theatreShowtimes = (args: Args): SQL[] =>
  showtimeDayConditions({ date: args.date as string | null | undefined, filters: toShowtimeFilters(Object.assign(new ShowtimeFilterArgs(), args)) });

/** Movie.showtimes: at one theatre or all, on a theatre-local day or every future one. */
function movieShowtimes(args: Args): SQL[] {
  const conditions = showtimeDayConditions({ date: args.date as string | null | undefined });
  if (args.theatreId != null) conditions.push(sql`"showtimes"."theatre_id" = ${args.theatreId as number}`);
  return conditions;
}

/** A resource's media (db/schema/relations.ts, RESOURCE_MEDIA): its active items in sort order. */
const mediaOf = (relation: string): Edge => ({ kind: 'many', to: 'MediaItem', relation, order: ['sort_order', 'id'], where: (_, a) => [sql.raw(`${a}."is_active"`)] });

/** MediaItem.renditions: the active ones (getRenditionsOfMediaItems), of one size when asked. */
const renditionsOf = (args: Args, a: string): SQL[] => [
  sql.raw(`${a}."is_active"`),
  ...(args.size != null ? [sql`${sql.raw(`${a}."size"`)} = ${args.size as string}`] : []),
];

const creditCodec = rowCodec<CreditRow>(schema.movieCredits);
const personCodec = rowCodec<PersonRow>(schema.people);

export const CATALOG: Readonly<Record<string, PlannedType>> = {
  Theatre: plain<TheatreRow>(schema.theatres, 'theatres', toTheatre, {
    fields: THEATRE_FIELDS,
    resolved: byId('seatingLayouts', 'pickupTimes'),
    make: (values) => Object.assign(new Theatre(), values),
  }, {
    showtimes: { kind: 'many', to: 'Showtime', relation: 'showtimes', order: showtimeOrder, where: theatreShowtimes },
    showtimesPage: { kind: 'page', to: 'Showtime', relation: 'showtimes', order: showtimeOrder, where: theatreShowtimes, page: pageArgs },
    market: { kind: 'one', to: 'Market', relation: 'market' },
    attributes: { kind: 'ids', relation: 'attributeLinks', column: 'attribute_id' },
    media: mediaOf('media'),
    ...THEATRE_CONCESSION_EDGES,
  }),
  Market: plain<MarketRow>(schema.markets, 'markets', toMarket, { fields: MARKET_FIELDS, make: (values) => Object.assign(new Market(), values) }, {
    theatres: { kind: 'many', to: 'Theatre', relation: 'theatres', order: ['name', 'id'] },
  }),
  Movie: plain<MovieRow>(schema.movies, 'movies', toMovie, {
    fields: MOVIE_FIELDS,
    resolved: byId('starringActors', 'directors', 'earliestShowingUtc', 'hasScheduledShowtimes'),
    make: (values) => Object.assign(new Movie(), values),
  }, {
    showtimes: { kind: 'many', to: 'Showtime', relation: 'showtimes', order: showtimeOrder, where: movieShowtimes },
    castAndCrew: { kind: 'many', to: 'Credit', relation: 'credits', order: ['sort_order', 'id'] },
    attributes: { kind: 'ids', relation: 'attributeLinks', column: 'attribute_id' },
    mediaItems: mediaOf('mediaItems'),
  }),
  Person: plain<PersonRow>(schema.people, 'people', toPerson, { fields: PERSON_FIELDS, make: (values) => Object.assign(new Person(), values) }, {
    credits: { kind: 'many', to: 'Credit', relation: 'credits', order: ['movie_id', 'sort_order', 'id'] },
  }),
  // A credit comes with its person (as the loader path reads a movie's credits): `name` needs it.
  Credit: {
    table: schema.movieCredits,
    from: (alias, keys) =>
      keys && !keys.some((k) => k.startsWith('person.'))
        ? `movie_credits ${alias}`
        : `movie_credits ${alias} join people ${alias}_p on ${alias}_p.id = ${alias}.person_id`,
    row: (alias) => `json_build_array(${creditCodec.json(alias)}, ${personCodec.json(`${alias}_p`)})`,
    map: (value) => {
      const [credit, person] = value as [unknown, unknown];
      return toCredit(creditCodec.decode(credit), personCodec.decode(person));
    },
    edges: {
      movie: { kind: 'one', to: 'Movie', relation: 'movie' },
      person: { kind: 'one', to: 'Person', relation: 'person' },
    },
    // A pruned credit's row is { credit, person }: `name`'s resolver reads its person's name.
    columns: {
      ...columnRefs(schema.movieCredits, (alias) => alias, 'credit.'),
      ...columnRefs(schema.people, (alias) => `${alias}_p`, 'person.'),
    },
    fields: { needs: (field) => CREDIT_FIELDS.needs(field)?.map((key) => `credit.${key}`) },
    resolved: { name: ['person.name'] },
    always: ['id'],
    build: (row: { credit: CreditRow; person?: PersonRow }, fields) =>
      Object.assign(new Credit(), CREDIT_FIELDS.pick(row.credit, fields), { personRow: row.person }),
  },
  // A showtime's record (the showtime service's ShowtimeRecord: showtime, movie data, theatre zone, local
  // day, attribute ids). Its columns name the tables themselves, so they keep their names and `alias` is a
  // lateral view of the row.
  Showtime: composite<ShowtimeRecord>({
    table: schema.showtimes,
    // Theatres always: the day's condition reads its zone.
    from: (alias, keys) =>
      `showtimes join theatres on theatres.id = showtimes.theatre_id${
        keys && !keys.some((k) => k.startsWith('movie.')) ? '' : ' join movies on movies.id = showtimes.movie_id'
      }, lateral (select showtimes.*) ${alias}`,
    columns: SHOWTIME_RECORD_COLUMNS,
    map: toShowtime,
    fields: SHOWTIME_FIELDS,
    // Attributes and the premium format map the record's attribute ids; occupancy reads by id.
    resolved: { attributes: ['attributeIds'], premiumFormat: ['attributeIds'], isSoldOut: [], isAlmostSoldOut: [] },
    always: ['id'],
    make: (values, row) => Object.assign(new Showtime(), values, { record: row }),
  }, {
    movie: { kind: 'one', to: 'Movie', relation: 'movie' },
    theatre: { kind: 'one', to: 'Theatre', relation: 'theatre' },
    ticketPrices: { kind: 'many', to: 'TicketPrice', relation: 'ticketPrices', order: ['price', 'type'] },
  }),
  TicketPrice: plain<TicketPriceRow>(schema.showtimeTicketPrices, 'showtime_ticket_prices', toTicketPrice, {
    fields: TICKET_PRICE_FIELDS,
    always: [], // no id: a price is its showtime's and type's
    make: (values) => Object.assign(new TicketPrice(), values),
  }, {}),
  // A media item with its content type's name and media type (the media service's MediaItemRow).
  // Its columns name the tables, as a page of `mediaList` joins them: `alias` is a lateral view of the item.
  MediaItem: composite<MediaItemRow>({
    table: schema.mediaItems,
    from: (alias) => `media_items join content_types on content_types.id = media_items.content_type_id, lateral (select media_items.*) ${alias}`,
    columns: {
      ...columnRefs(schema.mediaItems, () => '"media_items"'),
      contentType: { sql: () => '"content_types"."name"', decode: null },
      mediaType: { sql: () => '"content_types"."media_type"', decode: null },
    },
    map: (row) => toMediaItem(row),
    fields: MEDIA_ITEM_FIELDS,
    always: ['id'],
    make: (values) => Object.assign(new MediaItem(), values),
  }, {
    renditions: { kind: 'many', to: 'Rendition', relation: 'renditions', order: ['width', 'id'], where: renditionsOf },
  }),
  // A movie list with the number of its movies (the service's MovieListRecord), and its entries in order.
  MovieList: composite<MovieListRecord>({
    table: schema.movieLists,
    from: (alias) => `movie_lists ${alias}`,
    columns: { ...columnRefs(schema.movieLists, (alias) => alias), count: { sql: movieListCountSql, decode: null } },
    map: toMovieList,
    fields: MOVIE_LIST_FIELDS,
    always: ['id'],
    make: (values) => Object.assign(new MovieList(), values),
  }, {
    movies: { kind: 'many', to: 'MovieListEntry', relation: 'items', order: ['sequence', 'movie_id'] },
  }),
  MovieListEntry: plain<MovieListItemRow>(schema.movieListItems, 'movie_list_items', toMovieListEntry, {
    fields: MOVIE_LIST_ENTRY_FIELDS,
    always: [], // no id: an entry is its list's and movie's
    make: (values) => Object.assign(new MovieListEntry(), values),
  }, {
    movie: { kind: 'one', to: 'Movie', relation: 'movie' },
  }),
  // A rendition carries its size: a media page's size narrows its items' renditions (MediaItem.renditions).
  Rendition: plain<RenditionRow>(schema.renditions, 'renditions', toRendition, {
    fields: RENDITION_FIELDS,
    always: ['id', 'size'],
    make: (values) => Object.assign(new Rendition(), values),
  }, {}),
  ...CONCESSION_TYPES,
};

// Every edge's relation must be declared: checked when the module loads.
for (const type of Object.values(CATALOG)) {
  for (const edge of Object.values(type.edges)) {
    if (edge.kind !== 'ids' && !edge.relation && !edge.where) throw new Error('read planner: an edge without a relation must correlate in its conditions');
    if (edge.relation) joinOf(type.table, edge.relation);
  }
}
