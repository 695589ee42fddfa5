import { and, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { movies, showtimes } from '../../../db/schema';
import { isRowId } from '../../bounds';
import { badInput } from '../../errors';
import { containsPattern } from '../shared/like-pattern';
import { addDays, parseDateArg } from '../shared/local-time';
import { columnRefs, prunedCodec, refsOf, type ColumnRef } from '../shared/row-json';
import type { ShowtimeFilters, ShowtimeRecord } from './model';

/**
 * The SQL building blocks of showtime queries: the record every showtime read builds (its positional
 * JSON and the decoder), the theatre-local date condition, the attribute/movie filters and
 * the validation of their arguments. Everything filters in SQL. No statement runs here: store.ts and
 * the read planner (src/read-planner/catalog.ts) compose these into theirs.
 */

/** The spec's media keys of a showtime (taken from its movie's media). */
export const SHOWTIME_MEDIA_KEYS = [
  'heroDesktopDynamic',
  'heroMobileDynamic',
  'posterDynamic',
  'posterDynamic120x74',
  'posterAlternateDynamic',
  'poster3DDynamic',
  'posterLargeFormatDynamic',
  'trailerTeaserDynamic',
  'trailerAlternateDynamic',
] as const;

/** A showtime's theatre-local calendar day (YYYY-MM-DD), computed by Postgres from its theatre's zone. */
const LOCAL_DATE = `to_char("showtimes"."show_date_time_utc" at time zone "theatres"."timezone", 'YYYY-MM-DD')`;

const MOVIE_KEYS = ['name', 'sortableName', 'slug', 'genre', 'mpaaRating', 'runTime', 'vendorReleaseNumber', 'internalReleaseNumber'];

const expression = (text: string): ColumnRef => ({ sql: () => text, decode: null });

/**
 * The showtime record (`ShowtimeRecord`) as row keys over the tables of a showtime read's FROM, which
 * names them `showtimes`, `theatres` and `movies`: the showtime, the movie data it shows, the theatre's
 * zone, the local day and its attribute ids (reference data, cached in process). The one description of
 * the record: the store's reads and the read planner's (whole, or pruned to the keys a selection needs)
 * build it as one positional JSON value per row, which `showtimeRecordOf` turns back into the record.
 * Parsed natively, it costs far less than drizzle's generic mapping of a joined row column by column (about
 * a tenth of a REST page of 100 showtimes), and without key names Postgres builds and sends about half the
 * text of `json_build_object` (a day page of 35 showtimes: 77 → 41 KB).
 */
export const SHOWTIME_RECORD_COLUMNS: Readonly<Record<string, ColumnRef>> = {
  ...columnRefs(showtimes, () => '"showtimes"', 'showtime.'),
  ...refsOf(movies, () => '"movies"', MOVIE_KEYS.map((key) => `movie.${key}`), 'movie.'),
  // The SHOWTIME_MEDIA_KEYS of the movie's media, each text or null: not the whole jsonb value, which was
  // a third of a REST page's main statement (35 showtimes: 4.1 ms with it, 2.8 ms with these keys, psql).
  'movie.media': {
    sql: () => `json_build_array(${SHOWTIME_MEDIA_KEYS.map((key) => `"movies"."media"->>'${key}'`).join(', ')})`,
    decode: (values) => {
      const media: Record<string, string | null> = {};
      for (let i = 0; i < SHOWTIME_MEDIA_KEYS.length; i += 1) media[SHOWTIME_MEDIA_KEYS[i]] = (values as (string | null)[])[i];
      return media;
    },
  },
  timezone: expression('"theatres"."timezone"'),
  localDate: expression(LOCAL_DATE),
  attributeIds: expression('array(select sa.attribute_id from showtime_attributes sa where sa.showtime_id = "showtimes"."id")'),
};

const record = prunedCodec(SHOWTIME_RECORD_COLUMNS, Object.keys(SHOWTIME_RECORD_COLUMNS));

/** The JSON value of a showtime's whole record (the FROM of a showtime read in scope). */
export const showtimeRecordJson = sql.raw(record.json(''));

/** The record of one `showtimeRecordJson` value. */
export const showtimeRecordOf = (json: unknown): ShowtimeRecord => record.decode(json) as unknown as ShowtimeRecord;

/**
 * A showtime's seats taken: its active claims (held or sold), counted through the partial index of active
 * claims. Names `"showtimes"."id"` literally: drizzle leaves columns of a one-table select unqualified,
 * which inside this subquery would bind to `seat_claims`.
 */
export const takenSeats = sql<number>`(select count(*) from seat_claims c
  where c.showtime_id = "showtimes"."id" and c.status in ('held', 'sold'))`;

/** `sql` fragments for lower-cased attribute codes. */
function codeList(codes: readonly string[]): SQL {
  return sql.join(
    codes.map((c) => sql`${c.toLowerCase()}`),
    sql`, `,
  );
}

function hasAttributeIn(codes: readonly string[]): SQL {
  return sql`exists (select 1 from showtime_attributes sa join attributes a on a.id = sa.attribute_id
    where sa.showtime_id = showtimes.id and lower(a.code) in (${codeList(codes)}))`;
}

function hasAllAttributes(codes: readonly string[]): SQL {
  const distinct = [...new Set(codes.map((c) => c.toLowerCase()))];
  return sql`(select count(distinct lower(a.code)) from showtime_attributes sa join attributes a on a.id = sa.attribute_id
    where sa.showtime_id = showtimes.id and lower(a.code) in (${codeList(distinct)})) = ${distinct.length}`;
}

const cleanCodes = (codes: readonly string[] | null | undefined) =>
  (codes ?? []).map((c) => c.trim()).filter((c) => c.length > 0);

/** The SQL conditions of the filters (codes compare case-insensitively). */
export function filterConditions(filters: ShowtimeFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.movieId != null) conditions.push(eq(showtimes.movieId, filters.movieId));
  // By the movie's id: the condition names no table the showtime's FROM must join (the read planner
  // joins movies only when the selection reads a movie field).
  if (filters.movieName) conditions.push(sql`${showtimes.movieId} in (select ${movies.id} from ${movies} where ${ilike(movies.name, containsPattern(filters.movieName))})`);
  const include = cleanCodes(filters.includeAttributes);
  if (include.length) {
    conditions.push(filters.attributeOperator === 'OR' ? hasAttributeIn(include) : hasAllAttributes(include));
  }
  const exclude = cleanCodes(filters.excludeAttributes);
  if (exclude.length) conditions.push(sql`not ${hasAttributeIn(exclude)}`);
  return conditions;
}

/**
 * Showtimes on one of the theatre-local `dates` (of each showtime's own theatre). The UTC window one
 * day wider on each side lets the (theatre, time) index narrow the scan before the exact local test.
 */
export function localDatesCondition(dates: readonly string[]): SQL {
  const { from, to } = localDatesWindow(dates);
  return and(
    gte(showtimes.showDateTimeUtc, from),
    lt(showtimes.showDateTimeUtc, to),
    inArray(sql.raw(LOCAL_DATE), [...dates]),
  )!;
}

/** The UTC window of `localDatesCondition`: from a day before the first date to two days after the last. */
function localDatesWindow(dates: readonly string[]): { from: Date; to: Date } {
  const sorted = [...dates].sort();
  return {
    from: new Date(`${addDays(sorted[0], -1)}T00:00:00Z`),
    to: new Date(`${addDays(sorted[sorted.length - 1], 2)}T00:00:00Z`),
  };
}

/**
 * Future showtimes (start at or after `now()`), at the database's clock (the statement's transaction start), for
 * statements whose text and parameters are kept and run again (the read planner's: memo.ts), where a
 * time bound as a parameter would stay at the moment of compiling.
 */
export const futureAtDatabaseNow = (): SQL => sql`${showtimes.showDateTimeUtc} >= now()`;

/** The most attribute codes one filter takes (the chain has a few dozen attributes). */
export const MAX_FILTER_CODES = 50;

/** Validates the filters' arguments; BAD_USER_INPUT naming the argument. */
export function validateFilters(filters: ShowtimeFilters): ShowtimeFilters {
  if (filters.movieId != null && !isRowId(filters.movieId)) {
    throw badInput('movieId must be a positive integer', 'movieId');
  }
  for (const name of ['includeAttributes', 'excludeAttributes'] as const) {
    if ((filters[name]?.length ?? 0) > MAX_FILTER_CODES) throw badInput(`${name}: at most ${MAX_FILTER_CODES} codes`, name);
  }
  if (filters.attributeOperator && filters.attributeOperator !== 'AND' && filters.attributeOperator !== 'OR') {
    throw badInput('attributeOperator must be AND or OR', 'attributeOperator');
  }
  return filters;
}

/** Validates an optional theatre-local date argument. */
export const optionalDate = (date: string | null | undefined, argument = 'date'): string | null =>
  date == null ? null : parseDateArg(date, argument);
