import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { movies } from './movie';

/** A curated list of movies (spec: Movie list v1); `typeName` is e.g. NowPlaying or AdvanceTickets. */
export const movieLists = pgTable('movie_lists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  typeName: text('type_name').notNull(),
  startDate: timestamp('start_date', { mode: 'date' }).notNull(),
  endDate: timestamp('end_date', { mode: 'date' }).notNull(),
});

/** A movie's place in a list; `sequence` is 1-based and contiguous within the list. */
export const movieListItems = pgTable(
  'movie_list_items',
  {
    movieListId: integer('movie_list_id')
      .notNull()
      .references(() => movieLists.id, { onDelete: 'cascade' }),
    movieId: integer('movie_id')
      .notNull()
      .references(() => movies.id),
    sequence: integer('sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.movieListId, t.movieId] }), index('movie_list_items_movie_idx').on(t.movieId)],
);
