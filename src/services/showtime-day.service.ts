import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { localDatesWindow } from './showtime-query';

/**
 * A theatre's showtimes of one local day as the JSON the caller asked for, built by Postgres in one
 * statement (`json_agg` of `json_build_object`), the way a query compiler such as PostGraphile does it:
 * only the asked-for fields, the movie of each showtime inlined (its asked-for fields), the attribute
 * ids (their rows are reference data, cached in process), and the reference version read in the same
 * statement (so the request needs no statement of its own to check the reference cache).
 *
 * Used by GraphQL's `Theatre.showtimes(date)` when its selection only has fields listed below (plain
 * columns whose JSON value is exactly what the full mapping gives); any other selection goes the
 * general way (`selectShowtimesOf` and the field resolvers). Same rows, same order, same date rule as
 * `selectShowtimesOf` without filters.
 */

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Showtime fields served from a plain column: GraphQL name → SQL expression (s = showtimes, m = movies). */
export const LEAN_SHOWTIME_FIELDS: Readonly<Record<string, string>> = {
  id: 's.id',
  performanceNumber: 's.performance_number',
  movieId: 's.movie_id',
  theatreId: 's.theatre_id',
  auditorium: 's.auditorium',
  layoutId: 's.layout_id',
  layoutVersionNumber: 's.layout_version_number',
  isCanceled: 's.is_canceled',
  inTheatreTicketingOnly: 's.in_theatre_ticketing_only',
  isEmbargoed: 's.is_embargoed',
  isComingSoon: 's.is_coming_soon',
  isDiscountMatineePriced: 's.is_discount_matinee_priced',
  discountMatineeMessage: 's.discount_matinee_message',
  showDateTimeUtc: iso('s.show_date_time_utc'),
  sellUntilDateTimeUtc: iso('s.sell_until_date_time_utc'),
  movieName: 'm.name',
  sortableMovieName: 'm.sortable_name',
  genre: 'm.genre',
  runTime: 'm.run_time',
  mpaaRating: 'm.mpaa_rating',
  internalReleaseNumber: 'm.internal_release_number',
  vendorReleaseNumber: 'm.vendor_release_number',
};

/** Movie fields served from a plain column (the movie inlined under `movie`). */
export const LEAN_MOVIE_FIELDS: Readonly<Record<string, string>> = {
  id: 'm.id',
  name: 'm.name',
  sortableName: 'm.sortable_name',
  slug: 'm.slug',
  genre: 'm.genre',
  mpaaRating: 'm.mpaa_rating',
  vendorReleaseNumber: 'm.vendor_release_number',
  runTime: 'm.run_time',
  synopsis: 'm.synopsis',
  synopsisTagLine: 'm.synopsis_tag_line',
  displayOnlineTicketAvailability: 'm.display_online_ticket_availability',
  websiteUrl: 'm.website_url',
  distributorId: 'm.distributor_id',
  distributorCode: 'm.distributor_code',
  availableForAList: 'm.available_for_a_list',
  preferredMediaType: 'm.preferred_media_type',
  externalDbId: 'm.external_db_id',
  privateTheatreRentalTier: 'm.private_theatre_rental_tier',
};

/** What a lean read selects: showtime fields (keys of LEAN_SHOWTIME_FIELDS), movie fields or none, attribute ids or not. */
export interface LeanShape {
  fields: readonly string[];
  movie: readonly string[] | null;
  attributeIds: boolean;
}

/** A showtime as the lean read gives it: the asked-for fields, `movie` and `attributeIds` when asked. */
export type LeanShowtime = Record<string, unknown> & { movie?: Record<string, unknown>; attributeIds?: number[] };

export interface LeanDays {
  /** The database's reference version, read by the same statement. */
  referenceVersion: number;
  /** Each theatre's showtimes of the day, by start time then id (theatres without any are absent). */
  byTheatre: Map<number, LeanShowtime[]>;
}

/** A canonical key of a shape (sorted field lists): equal shapes share a statement text. */
export function shapeKey(shape: LeanShape): string {
  return `${[...shape.fields].sort().join(',')}|${shape.movie ? [...shape.movie].sort().join(',') : '-'}|${shape.attributeIds ? 'a' : '-'}`;
}

/**
 * Statement heads by shape. A shape is a subset of the fields above, so the texts are bounded; like
 * every statement of the app, postgres.js prepares each text once per connection (db/client.ts).
 */
const texts = new Map<string, string>();

/** The `json_build_object` arguments of a lean showtime. */
function showtimePairs(shape: LeanShape): string {
  const pairs = [...new Set(shape.fields)].sort().map((f) => `'${f}', ${LEAN_SHOWTIME_FIELDS[f]}`);
  if (shape.movie) {
    const movie = [...new Set(shape.movie)].sort().map((f) => `'${f}', ${LEAN_MOVIE_FIELDS[f]}`);
    pairs.push(`'movie', json_build_object(${movie.join(', ')})`);
  }
  if (shape.attributeIds) {
    pairs.push(`'attributeIds', array(select sa.attribute_id from showtime_attributes sa where sa.showtime_id = s.id)`);
  }
  // json_build_object takes at most 100 arguments: the lists above stay far below (22 + 3 pairs).
  return pairs.join(', ');
}

function checkShape(shape: LeanShape): void {
  for (const f of shape.fields) if (!Object.hasOwn(LEAN_SHOWTIME_FIELDS, f)) throw new Error(`not a lean showtime field: ${f}`);
  for (const f of shape.movie ?? []) if (!Object.hasOwn(LEAN_MOVIE_FIELDS, f)) throw new Error(`not a lean movie field: ${f}`);
}

function statementText(shape: LeanShape): string {
  const key = shapeKey(shape);
  let text = texts.get(key);
  if (text) return text;
  text = `select (select version from reference_version where id = 1) as version,
    (select json_object_agg(theatre_id, list)::text from (
       select s.theatre_id, json_agg(json_build_object(${showtimePairs(shape)}) order by s.show_date_time_utc, s.id) as list
       from showtimes s
       join theatres t on t.id = s.theatre_id
       join movies m on m.id = s.movie_id
       where s.theatre_id = any(`;
  texts.set(key, text);
  return text;
}

/**
 * The lean showtimes of each theatre on one local day, in one statement. `shape` must only name
 * fields of LEAN_SHOWTIME_FIELDS and LEAN_MOVIE_FIELDS (checked).
 */
export async function selectLeanShowtimeDays(db: Db, theatreIds: readonly number[], date: string, shape: LeanShape): Promise<LeanDays> {
  checkShape(shape);
  const head = statementText(shape);
  const { from, to } = localDatesWindow([date]);
  const query = sql`${sql.raw(head)}${sql.param([...theatreIds])}::int[])
         and s.show_date_time_utc >= ${from.toISOString()}::timestamptz and s.show_date_time_utc < ${to.toISOString()}::timestamptz
         and to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') = ${date}::text
       group by s.theatre_id
    ) days) as body`;
  const [row] = await executePrepared<{ version: number | string | null; body: string | null }>(db, query);
  const byTheatre = new Map<number, LeanShowtime[]>();
  if (row?.body) {
    for (const [theatreId, list] of Object.entries(JSON.parse(row.body) as Record<string, LeanShowtime[]>)) {
      byTheatre.set(Number(theatreId), list);
    }
  }
  return { referenceVersion: Number(row?.version ?? 0), byTheatre };
}

/** Theatre fields served from a plain column (t = theatres). */
export const LEAN_THEATRE_FIELDS: Readonly<Record<string, string>> = {
  id: 't.id',
  name: 't.name',
  longName: 't.long_name',
  slug: 't.slug',
  timezone: 't.timezone',
  showtimesPhoneNumber: 't.showtimes_phone_number',
  guestServicesPhoneNumber: 't.guest_services_phone_number',
  facebookUrl: 't.facebook_url',
  websiteUrl: 't.website_url',
  ticketable: 't.ticketable',
  marketId: 't.market_id',
};

export interface LeanTheatreDay {
  referenceVersion: number;
  /** The theatre's asked-for fields; null when the id is unknown. */
  theatre: Record<string, unknown> | null;
  showtimes: LeanShowtime[];
}

const theatrePairs = new Map<string, { theatre: string; showtimes: string }>();

/**
 * One theatre (its plain asked-for fields) with its lean showtimes of one local day, in one statement:
 * `theatre(id) { …columns… showtimes(date) { … } }` as GraphQL's `Query.theatre` looks ahead at it.
 */
export async function selectLeanTheatreDay(
  db: Db,
  theatreId: number,
  theatreFields: readonly string[],
  date: string,
  shape: LeanShape,
): Promise<LeanTheatreDay> {
  checkShape(shape);
  for (const f of theatreFields) if (!Object.hasOwn(LEAN_THEATRE_FIELDS, f)) throw new Error(`not a lean theatre field: ${f}`);
  const fields = [...new Set(theatreFields)].sort();
  const key = `${fields.join(',')}|${shapeKey(shape)}`;
  let pairs = theatrePairs.get(key);
  if (!pairs) {
    pairs = { theatre: fields.map((f) => `'${f}', ${LEAN_THEATRE_FIELDS[f]}`).join(', '), showtimes: showtimePairs(shape) };
    theatrePairs.set(key, pairs);
  }
  const { from, to } = localDatesWindow([date]);
  const query = sql`select (select version from reference_version where id = 1) as version,
      (select json_build_object(${sql.raw(pairs.theatre)})::text from theatres t where t.id = ${theatreId}::int) as theatre,
      (select json_agg(json_build_object(${sql.raw(pairs.showtimes)}) order by s.show_date_time_utc, s.id)::text
       from showtimes s
       join theatres t on t.id = s.theatre_id
       join movies m on m.id = s.movie_id
       where s.theatre_id = ${theatreId}::int
         and s.show_date_time_utc >= ${from.toISOString()}::timestamptz and s.show_date_time_utc < ${to.toISOString()}::timestamptz
         and to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') = ${date}::text) as showtimes`;
  const [row] = await executePrepared<{ version: number | string | null; theatre: string | null; showtimes: string | null }>(db, query);
  return {
    referenceVersion: Number(row?.version ?? 0),
    theatre: row?.theatre ? (JSON.parse(row.theatre) as Record<string, unknown>) : null,
    showtimes: row?.showtimes ? (JSON.parse(row.showtimes) as LeanShowtime[]) : [],
  };
}
