import { isNotNull } from 'drizzle-orm';
import { movies } from '../../../db/schema';
import { type ListQuery } from '../shared/paging';

/**
 * Movies a guest can rent a private auditorium for: those with a private-theatre-rental tier (the
 * target of a showtime's `private-theatre-rental-movies` link), by sortable name, which the read planner
 * reads with the selection under its items (GraphQL, REST).
 */
export const privateRentalMovieList: ListQuery = {
  table: movies,
  where: isNotNull(movies.privateTheatreRentalTier),
  order: [movies.sortableName, movies.id],
};

