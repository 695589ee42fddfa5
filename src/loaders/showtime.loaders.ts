import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import {
  getOccupancy,
  getShowtimesByIds,
  getTicketPrices,
  selectShowtimesOf,
  type Occupancy,
  type ShowtimeFilters,
  type ShowtimeRecord,
  type TicketPriceRow,
  listShowtimePages,
  type ShowtimeListQuery,
} from '../services/showtime';
import type { Page, PageRequest } from '../services/shared/paging';
import { manyByKey, oneByKey } from './keyed';

/**
 * Which showtimes a nested field lists: those of a theatre and/or a movie, on a theatre-local date
 * (or every future one), with the spec's filters. Keys that differ only in theatre, movie or date share
 * one statement; the rows are split per key here.
 */
export interface ShowtimeSelectionKey {
  theatreId?: number | null;
  movieId?: number | null;
  date?: string | null;
  filters: ShowtimeFilters;
}

const selectionCacheKey = (k: ShowtimeSelectionKey) =>
  JSON.stringify([k.theatreId ?? null, k.movieId ?? null, k.date ?? null, k.filters]);

/** Keys that can be answered by the same statement: same filters, same kinds of constraint. */
const batchGroup = (k: ShowtimeSelectionKey) =>
  JSON.stringify([k.theatreId != null, k.movieId != null, k.date != null, k.filters]);

async function loadSelections(db: Db, keys: readonly ShowtimeSelectionKey[]): Promise<ShowtimeRecord[][]> {
  const groups = new Map<string, ShowtimeSelectionKey[]>();
  for (const key of keys) {
    const g = batchGroup(key);
    groups.set(g, [...(groups.get(g) ?? []), key]);
  }
  const rowsByGroup = new Map<string, ShowtimeRecord[]>();
  await Promise.all(
    [...groups].map(async ([g, members]) => {
      const distinct = <T>(values: (T | null | undefined)[]) => [...new Set(values.filter((v): v is T => v != null))];
      const first = members[0];
      const rows = await selectShowtimesOf(db, {
        theatreIds: first.theatreId != null ? distinct(members.map((m) => m.theatreId)) : undefined,
        movieIds: first.movieId != null ? distinct(members.map((m) => m.movieId)) : undefined,
        dates: first.date != null ? distinct(members.map((m) => m.date)) : undefined,
        filters: first.filters,
      });
      rowsByGroup.set(g, rows);
    }),
  );
  return keys.map((key) =>
    (rowsByGroup.get(batchGroup(key)) ?? []).filter(
      (r) =>
        (key.theatreId == null || r.showtime.theatreId === key.theatreId) &&
        (key.movieId == null || r.showtime.movieId === key.movieId) &&
        (key.date == null || r.localDate === key.date),
    ),
  );
}

/** A page of one theatre's showtime list, as `Theatre.showtimesPage` asks for it. */
export interface ShowtimePageKey {
  query: ShowtimeListQuery;
  page: PageRequest;
}

async function loadShowtimePages(db: Db, keys: readonly ShowtimePageKey[]): Promise<Page<ShowtimeRecord>[]> {
  const groups = new Map<string, ShowtimePageKey[]>();
  for (const key of keys) {
    const g = JSON.stringify([key.query.date ?? null, key.query.filters ?? null, key.page]);
    groups.set(g, [...(groups.get(g) ?? []), key]);
  }
  const pages = new Map<ShowtimePageKey, Page<ShowtimeRecord>>();
  await Promise.all(
    [...groups.values()].map(async (members) => {
      const { date, filters } = members[0].query;
      const result = await listShowtimePages(db, members.map((m) => m.query.theatreId), { date, filters }, members[0].page);
      members.forEach((m, i) => pages.set(m, result[i]));
    }),
  );
  return keys.map((k) => pages.get(k)!);
}

/** Showtimes by id and by selection; their prices and occupancy by showtime id (attributes: attribute.loaders). */
export function createShowtimeLoaders(db: Db) {
  return {
    showtimeById: new DataLoader<number, ShowtimeRecord | null>(async (ids) =>
      oneByKey(ids, await getShowtimesByIds(db, ids), (r) => r.showtime.id),
    ),
    showtimesBySelection: new DataLoader<ShowtimeSelectionKey, ShowtimeRecord[], string>(
      (keys) => loadSelections(db, keys),
      { cacheKeyFn: selectionCacheKey },
    ),
    /** Pages of theatres' showtime lists: keys with the same date, filters and page share one statement. */
    showtimePageByQuery: new DataLoader<ShowtimePageKey, Page<ShowtimeRecord>, string>((keys) => loadShowtimePages(db, keys), {
      cacheKeyFn: (k) => JSON.stringify(k),
    }),
    ticketPricesByShowtimeId: new DataLoader<number, TicketPriceRow[]>(async (ids) =>
      manyByKey(ids, await getTicketPrices(db, ids), (r) => r.showtimeId),
    ),
    occupancyByShowtimeId: new DataLoader<number, Occupancy | null>(async (ids) =>
      oneByKey(ids, await getOccupancy(db, ids), (r) => r.showtimeId),
    ),
  };
}
