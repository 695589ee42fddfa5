import { getTableColumns, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { movies } from '../../../db/schema';
import { type ListQuery, type Page, type PageRequest, pageOfList } from '../shared/paging';
import type { MovieRow } from './model';

/**
 * Movies a guest can rent a private auditorium for: those with a private-theatre-rental tier (the
 * target of a showtime's `private-theatre-rental-movies` link), by sortable name. The list both paths
 * read: the read planner with the selection under its items (GraphQL, REST), the loader path's page.
 */
export const privateRentalMovieList: ListQuery = {
  table: movies,
  where: isNotNull(movies.privateTheatreRentalTier),
  order: [movies.sortableName, movies.id],
};

/** A page of privateRentalMovieList: the loader path's read (READ_PLANNER=off). */
export async function listPrivateRentalMovies(db: Db, page: PageRequest): Promise<Page<MovieRow>> {
  return pageOfList(db, privateRentalMovieList, getTableColumns(movies), page);
}
