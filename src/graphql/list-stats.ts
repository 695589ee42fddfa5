import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { setObservedListSizes, type ObservedListSizes } from './cost';

/** How often the figures are read again: schedules change by the day, not by the minute. */
export const LIST_STATS_INTERVAL_MS = 10 * 60_000;

/**
 * The sizes of the catalog's lists as the database holds them, in one statement: per relation, the mean
 * number of children per parent among parents that have some (a theatre's showtimes of a day, a market's
 * theatres, …), rounded up. The mean, since a nested list resolves one list per parent and their sum is
 * what the operation costs (the markets → theatres → showtimes of a day query is within a few percent);
 * a single parent's list is off by at most its max / mean (1.6× for a theatre's day on the demo data, up
 * to 4× for one movie's day across the chain), and the runtime list-item guard stays the last line.
 */
export async function readListSizes(db: Db): Promise<ObservedListSizes> {
  const rows = await db.execute<Record<keyof ObservedListSizes, number | null>>(sql`/* readListSizes */
    with s as (
      select s.theatre_id, s.movie_id,
             (s.show_date_time_utc at time zone t.timezone)::date as day
      from showtimes s join theatres t on t.id = s.theatre_id
      where not s.is_canceled and s.show_date_time_utc > now()
    )
    select
      (select avg(n) from (select count(*) n from theatres group by market_id) x) as "marketTheatres",
      (select avg(n) from (select count(*) n from s group by theatre_id, day) x) as "theatreDay",
      (select avg(n) from (select count(*) n from s group by theatre_id) x) as "theatreAll",
      (select avg(n) from (select count(*) n from s group by theatre_id, day, movie_id) x) as "theatreDayMovie",
      (select avg(n) from (select count(*) n from s group by theatre_id, movie_id) x) as "theatreMovie",
      (select avg(n) from (select count(*) n from s group by movie_id, day) x) as "movieDay",
      (select avg(n) from (select count(*) n from s group by movie_id) x) as "movieAll"
  `);
  const row = (Array.isArray(rows) ? rows[0] : (rows as { rows: Record<string, unknown>[] }).rows[0]) as Record<string, unknown>;
  const figures: ObservedListSizes = {};
  for (const [name, value] of Object.entries(row ?? {})) {
    if (value !== null && value !== undefined) figures[name as keyof ObservedListSizes] = Math.max(1, Math.ceil(Number(value)));
  }
  return figures;
}

/**
 * Reads the figures at start and every `intervalMs`; until the first read (or after a failed one) the
 * estimate goes on with what it had, the assumed sizes at first. `ready` settles after the first attempt.
 */
export function startListStats(
  db: Db,
  options: { intervalMs?: number; onError(err: unknown): void },
): { ready: Promise<void>; stop(): void } {
  const refresh = () =>
    readListSizes(db).then(setObservedListSizes, (err: unknown) => options.onError(err));
  const ready = refresh();
  const timer = setInterval(() => void refresh(), options.intervalMs ?? LIST_STATS_INTERVAL_MS);
  timer.unref();
  return { ready, stop: () => clearInterval(timer) };
}
