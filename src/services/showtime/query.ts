import { and, eq, getTableColumns, gte, ilike, inArray, lt, sql, type Column, type SQL } from 'drizzle-orm';
import { movies, showtimes, theatres } from '../../../db/schema';
import { isRowId } from '../../bounds';
import { badInput } from '../../errors';
import { containsPattern } from '../shared/like-pattern';
import { addDays, parseDateArg } from '../shared/local-time';
import type { ShowtimeFilters } from './model';

/**
 * The SQL building blocks of showtime queries: the joined row every showtime read selects (and its
 * positional JSON with the decoder), the theatre-local date condition, the attribute/movie filters and
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

/**
 * The movie media a showtime shows: the SHOWTIME_MEDIA_KEYS of the movie's `media`, each text or null.
 * Not the whole jsonb value: writing it out as JSON was a third of a REST page's main statement (35
 * showtimes: 4.1 ms with it, 2.8 ms with these keys, in psql on the bench's database).
 */
const showtimeMedia = sql<Record<(typeof SHOWTIME_MEDIA_KEYS)[number], string | null>>`json_build_object(${sql.raw(
  SHOWTIME_MEDIA_KEYS.map((key) => `'${key}', "movies"."media"->>'${key}'`).join(', '),
)})`;

/** The columns of a showtime read: the showtime, the movie data it shows, the theatre's timezone. */
export const showtimeColumns = {
  showtime: showtimes,
  movie: {
    name: movies.name,
    sortableName: movies.sortableName,
    slug: movies.slug,
    genre: movies.genre,
    mpaaRating: movies.mpaaRating,
    runTime: movies.runTime,
    vendorReleaseNumber: movies.vendorReleaseNumber,
    internalReleaseNumber: movies.internalReleaseNumber,
    media: showtimeMedia,
  },
  timezone: theatres.timezone,
  /** The theatre-local calendar day of the start, computed by Postgres from the theatre's zone. */
  localDate: sql<string>`to_char(${showtimes.showDateTimeUtc} at time zone ${theatres.timezone}, 'YYYY-MM-DD')`,
  /** Its attribute ids, in the same statement (the rows are reference data, cached in process). */
  attributeIds: sql<number[]>`array(select sa.attribute_id from showtime_attributes sa where sa.showtime_id = showtimes.id)`,
};

/**
 * `showtimeColumns` as one JSON value per row, built by Postgres, with `showtimeRecordOf` turning it
 * into the same `ShowtimeRecord` drizzle's mapping gives. For lists of many showtimes (a REST page of
 * 100): drizzle maps a joined row column by column through its generic `mapResultRow` (about a tenth of
 * such a request's CPU); one JSON value per row is parsed natively. The value is positional — arrays in
 * the order of the key lists below, no key names: Postgres builds and sends about half the text (a day page
 * of 35 showtimes: 77 → 41 KB; its statement took 15–50 % less of Postgres' CPU than with `json_build_object`
 * in three loops), and Node parses less.
 */
const showtimeTableColumns = getTableColumns(showtimes);
const { media: _media, ...movieColumns } = showtimeColumns.movie as unknown as Record<string, Column>;
const SHOWTIME_KEYS = Object.keys(showtimeTableColumns);
const MOVIE_KEYS = Object.keys(movieColumns);

const columnList = (columns: Record<string, Column>, table: string) =>
  Object.values(columns)
    .map((column) => `${table}."${column.name}"`)
    .join(', ');

const showtimeMediaArray = sql.raw(`json_build_array(${SHOWTIME_MEDIA_KEYS.map((key) => `"movies"."media"->>'${key}'`).join(', ')})`);

const recordItems = sql`
  json_build_array(${sql.raw(columnList(showtimeTableColumns, '"showtimes"'))}),
  json_build_array(${sql.raw(columnList(movieColumns, '"movies"'))}, ${showtimeMediaArray}),
  ${theatres.timezone},
  ${showtimeColumns.localDate},
  ${showtimeColumns.attributeIds}`;

export const showtimeRecordJson = sql<unknown>`json_build_array(${recordItems})`;

/**
 * A showtime's seats taken: its active claims (held or sold), counted through the partial index of active
 * claims. Names `"showtimes"."id"` literally: drizzle leaves columns of a one-table select unqualified,
 * which inside this subquery would bind to `seat_claims`.
 */
export const takenSeats = sql<number>`(select count(*) from seat_claims c
  where c.showtime_id = "showtimes"."id" and c.status in ('held', 'sold'))`;

/**
 * Keys whose JSON value differs from what drizzle's column mapping returns: timestamps (`mode: 'date'`)
 * come as ISO strings and become Dates. Any other column type must have the same JSON and driver value
 * (integers, text, booleans, json): a column of another type fails here, at start, not in a response.
 */
function dateKeysOf(columns: Record<string, Column>): Set<string> {
  const same = new Set(['PgSerial', 'PgInteger', 'PgText', 'PgBoolean', 'PgJsonb', 'PgJson', 'PgVarchar']);
  return new Set(
    Object.entries(columns).flatMap(([key, column]) => {
      if (column.columnType === 'PgTimestamp') return [key];
      if (same.has(column.columnType)) return [];
      throw new Error(`showtimeRecordJson: column ${column.name} of type ${column.columnType} has no JSON mapping`);
    }),
  );
}
const showtimeDateKeys = dateKeysOf(showtimeTableColumns);
const movieDateKeys = dateKeysOf(movieColumns);

/** The object of `keys` with the values at their positions; the date keys' ISO strings become Dates. */
function objectOf(keys: readonly string[], values: readonly unknown[], dateKeys?: ReadonlySet<string>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i += 1) {
    const value = values[i];
    object[keys[i]] = value !== null && dateKeys?.has(keys[i]) ? new Date(value as string) : value;
  }
  return object;
}

/** The record of one `showtimeRecordJson` value: the same objects drizzle's mapping of `showtimeColumns` gives. */
export function showtimeRecordOf<R>(json: unknown): R {
  const [showtimeValues, movieValues, timezone, localDate, attributeIds] = json as [unknown[], unknown[], string, string, number[]];
  const showtime = objectOf(SHOWTIME_KEYS, showtimeValues, showtimeDateKeys);
  const movie = objectOf(MOVIE_KEYS, movieValues, movieDateKeys);
  movie.media = objectOf(SHOWTIME_MEDIA_KEYS, movieValues[MOVIE_KEYS.length] as unknown[]);
  return { showtime, movie, timezone, localDate, attributeIds } as R;
}

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
    inArray(showtimeColumns.localDate, [...dates]),
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
