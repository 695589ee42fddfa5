import { asc, count, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { movies } from '../../../db/schema';
import { type Page, pageWindow, toPage } from '../shared/paging';
import type { MovieRow } from './read';

/**
 * Movies a guest can rent a private auditorium for: those with a private-theatre-rental tier
 * (the target of a showtime's `private-theatre-rental-movies` link), by sortable name.
 */
export async function listPrivateRentalMovies(
  db: Db,
  page: { pageNumber: number; pageSize: number },
): Promise<Page<MovieRow>> {
  const where = isNotNull(movies.privateTheatreRentalTier);
  const { limit, offset } = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(movies).where(where).orderBy(asc(movies.sortableName), asc(movies.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(movies).where(where),
  ]);
  return toPage(rows, total, page);
}
