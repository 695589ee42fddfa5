import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import type { PipelinedTx } from '../../../db/prepared';
import { layoutSeats } from '../../../db/schema';
import { immutableCacheFor } from '../shared/immutable-cache';
import { announceSeatEvents, appendSeatEventsFrom, PREMIERE_ACCOUNT_TYPES, type LayoutSeatRow } from '../seating';
import { notFound } from '../../errors';
import type { ProductFee } from '../../../db/schema/order';
import type { OrderView, TicketType } from './model';
import { sqlState } from './pg-errors';
import { orderViewFromRow, orderViewStatement, type JsonRecord, type LineFacts } from './view';

/**
 * The SQL of a seat hold (explicit seats, tickets.ts, or best available, best-available.ts), as few
 * statements as the rules allow: `lockForHoldStatement` (the order row locked, with everything the
 * checks need) and `insertHoldStatement` (claims, products, the expiry bump and the seat event), sent
 * with the order read and the COMMIT by `writeHold`. All are prepared statements.
 */

type Seat = { row: number; column: number };

/**
 * Advisory-lock namespace of per-showtime hold serialization: explicit holds under social distancing,
 * and every best-available allocation (best-available.ts).
 */
export const SOCIAL_DISTANCE_LOCK = 7301;

/** The lock an explicit hold under social distancing takes on its showtime, sent before `claimsOfRows` in the same round trip. */
export const socialDistanceLockStatement = (showtimeId: number): SQL =>
  // statement: socialDistanceLock
  sql`select pg_advisory_xact_lock(${SOCIAL_DISTANCE_LOCK}::int, ${showtimeId}::int)`;

/** A Postgres int[] / text[] literal (passed as text and cast, the same on both drivers). */
const intArray = (values: readonly number[]) => `{${values.join(',')}}`;
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/** What `lockForHold` returns: the locked order, the showtime with its price, membership, claims, blocks. */
export interface HoldFacts {
  id: number;
  vendorId: number | null;
  siteAccountId: number | null;
  status: string;
  expiresAt: Date;
  showtimeId: number | null;
  theatreId: number;
  movieId: number;
  movieName: string;
  layoutVersionId: number;
  isCanceled: boolean;
  inTheatreTicketingOnly: boolean;
  sellUntil: Date;
  socialDistancing: boolean;
  estimatedFees: { name: string; cost: number; tax: number; quantity: number }[];
  price: number | null;
  tax: number | null;
  sku: string | null;
  member: boolean;
  claims: [number, number, string][];
  blocks: [number, number, string][];
}

/** `HoldFacts` without the seats: what the order and showtime checks read (`checkHoldOrder`). */
export type HoldOrderFacts = Omit<HoldFacts, 'claims' | 'blocks'>;

/**
 * The active claims (held, sold) of the requested rows: all a hold's checks look at. Released and expired
 * claims stay in the table as history — a busy row gathers thousands — and would only make a seat
 * `Unblocked`, which is sellable anyway. The partial unique index on active claims answers this read.
 */
const claimsOfRows = (showtimeId: number, rows: readonly number[]) => sql`
  (select coalesce(json_agg(json_build_array(c."row", c."column", c.status)), '[]'::json) from seat_claims c
   where c.showtime_id = ${showtimeId} and c."row" = any(${intArray(rows)}::int[]) and c.status in ('held', 'sold'))`;

/** Drizzle's postgres.js client hands timestamps over as text. */
export function holdFactsOf<F extends HoldOrderFacts>(facts: F | undefined): F | null {
  return facts ? { ...facts, expiresAt: new Date(facts.expiresAt), sellUntil: new Date(facts.sellUntil) } : null;
}

/**
 * One statement: the order row `FOR UPDATE`, the showtime with its movie and its `ticketType` price,
 * its `is_canceled` read under `FOR KEY SHARE` (the lock the claims' foreign key takes anyway, taken here
 * so that a showtime cancellation's `FOR UPDATE` waits for every hold that read it, and a hold behind a
 * cancellation reads the committed flag: src/services/showtime/cancel.ts),
 * whether the order's account or card is an active Premiere member, and the claims and blocks of the
 * requested rows. No row when the order does not exist; `showtimeId` null when the showtime does not.
 */
export function lockForHoldStatement(orderId: number, showtimeId: number, ticketType: TicketType, rows: readonly number[]): SQL {
  // statement: lockForHold
  return sql`/* lockForHold */
    select ${orderFactsColumns(showtimeId)},
      ${claimsOfRows(showtimeId, rows)} as claims,
      (select coalesce(json_agg(json_build_array(b."row", b."column", b.kind)), '[]'::json) from seat_blocks b
       where b.showtime_id = ${showtimeId} and b."row" = any(${intArray(rows)}::int[])) as blocks
    from orders o
    ${orderFactsJoins(showtimeId, ticketType)}
    where o.id = ${orderId}
    for update of o`;
}

/**
 * The columns of `HoldOrderFacts`, over the order `o` joined by `orderFactsJoins`: the showtime with its
 * movie and price, its `is_canceled` under `FOR KEY SHARE` (see `lockForHoldStatement`), and the membership.
 */
// statement: orderFactsColumns (a fragment of lockForHold and lockForAllocation)
const orderFactsColumns = (showtimeId: number): SQL => sql`o.id, o.vendor_id as "vendorId", o.site_account_id as "siteAccountId", o.status, o.expires_at as "expiresAt",
      s.id as "showtimeId", s.theatre_id as "theatreId", s.movie_id as "movieId", m.name as "movieName",
      s.layout_version_id as "layoutVersionId",
      (select sc.is_canceled from showtimes sc where sc.id = ${showtimeId} for key share) as "isCanceled",
      s.in_theatre_ticketing_only as "inTheatreTicketingOnly", s.sell_until_date_time_utc as "sellUntil",
      s.social_distancing as "socialDistancing", s.estimated_fees as "estimatedFees",
      p.price::float8 as price, p.tax::float8 as tax, p.sku,
      exists (select 1 from loyalty_cards lc
              where (lc.site_account_id = o.site_account_id or lc.card_number = o.loyalty_card_number)
                and lc.account_type = any(${textArray(PREMIERE_ACCOUNT_TYPES)}::text[]) and lc.status = 'Active') as member`;

/** The joins `orderFactsColumns` reads. */
// statement: orderFactsJoins (a fragment of lockForHold and lockForAllocation)
const orderFactsJoins = (showtimeId: number, ticketType: TicketType): SQL => sql`left join showtimes s on s.id = ${showtimeId}
    left join movies m on m.id = s.movie_id
    left join showtime_ticket_prices p on p.showtime_id = s.id and p.type = ${ticketType}`;

/** The claims of the requested rows again (after the social-distancing lock: committed claims count). */
export const claimsOfRowsStatement = (showtimeId: number, rows: readonly number[]): SQL =>
  // statement: claimsOfRows
  sql`/* claimsOfRows */ select ${claimsOfRows(showtimeId, rows)} as claims`;

/** The statement that reads a layout version's cells on a cache miss (`layoutCells`). */
// statement: layoutCells
export const layoutCellsStatement = (versionId: number): SQL => sql`/* layoutCells */
  select layout_version_id as "layoutVersionId", "row", "column", seat_name as "seatName", type, tier, zone_number as "zoneNumber"
  from layout_seats where layout_version_id = ${versionId}::int order by "row", "column"`;

/** Cells of layout versions stay cached across requests (a layout change is a new version). */
const LAYOUT_CACHE_VERSIONS = 2000;

/**
 * A layout version's cells by `row:column`, from the process-wide immutable cache the seat-map loader
 * fills too; a miss reads them inside `tx` (no second connection per transaction).
 */
export async function layoutCells(
  db: Db,
  tx: DbOrTx | ((versionId: number) => Promise<LayoutSeatRow[]>),
  versionId: number,
): Promise<Map<string, LayoutSeatRow>> {
  const cache = immutableCacheFor<number, LayoutSeatRow[]>(db, 'layoutSeatsByVersionId', LAYOUT_CACHE_VERSIONS);
  const byKey = immutableCacheFor<number, Map<string, LayoutSeatRow>>(db, 'layoutCellsByVersionId', LAYOUT_CACHE_VERSIONS);
  const hit = byKey.get(versionId);
  if (hit) return hit;
  let cells = cache.get(versionId);
  if (!cells) {
    cells =
      typeof tx === 'function'
        ? await tx(versionId)
        // statement: layoutCells (drizzle form, when the caller has no prepared statement)
        : await tx.select().from(layoutSeats).where(sql`${layoutSeats.layoutVersionId} = ${versionId}`).orderBy(layoutSeats.row, layoutSeats.column);
    cache.set(versionId, cells);
  }
  const map = new Map(cells.map((c) => [`${c.row}:${c.column}`, c]));
  byKey.set(versionId, map);
  return map;
}

/** What the hold writes besides its seats. */
export interface HoldLine {
  orderId: number;
  showtimeId: number;
  theatreId: number;
  movieId: number;
  sku: string;
  name: string;
  cost: number;
  tax: number;
  fees: ProductFee[];
  ticketType: TicketType;
  now: Date;
  until: Date;
}

/**
 * One statement: claims of `seats` (in row, column order, so racing holds do not deadlock) with
 * `ON CONFLICT DO NOTHING` on the active-claims index — a racing transaction's seats are skipped after
 * it commits — one ticket product per seat numbered after the order's last line, the order and its
 * other held claims extended to `until`, and the seat event appended to the log (seat-log.ts). It fails
 * when a seat was lost (the function `marquee_hold_lost`, migration 0005: SQLSTATE MQ409 with the seats
 * won in its detail, `seatsWonOfLostHold`), so that nothing of it stays and a COMMIT sent behind it
 * rolls the transaction back: the decision stays in the one round trip of the write (db/prepared.ts).
 */
function insertHoldStatement(line: HoldLine, seats: readonly (Seat & { seatName: string })[]): SQL {
  const now = line.now.toISOString();
  const until = line.until.toISOString();
  return sql`/* insertHold */
    with seats as (
      select * from unnest(${intArray(seats.map((s) => s.row))}::int[], ${intArray(seats.map((s) => s.column))}::int[],
                           ${textArray(seats.map((s) => s.seatName))}::text[]) with ordinality as u(r, c, seat_name, i)
    ), claimed as (
      insert into seat_claims (showtime_id, "row", "column", order_id, status, expires_at, updated_at)
      select ${line.showtimeId}::int, r, c, ${line.orderId}::int, 'held', ${until}::timestamptz, ${now}::timestamptz
      from seats order by r, c
      on conflict (showtime_id, "row", "column") where status in ('held', 'sold') do nothing
      returning showtime_id, "row", "column"
    ), products as (
      insert into order_products (order_id, line_number, kind, status, sku, name, quantity, cost, tax, fees,
                                  showtime_id, ticket_type, "row", "column", seat_name, theatre_id, movie_id, expires_at)
      select ${line.orderId}::int, base.n + seats.i::int, 'Ticket', 'Held', ${line.sku}::text, ${line.name}::text, 1,
             ${line.cost}::numeric, ${line.tax}::numeric, ${JSON.stringify(line.fees)}::jsonb, ${line.showtimeId}::int,
             ${line.ticketType}::text, r, c, seat_name, ${line.theatreId}::int, ${line.movieId}::int, ${until}::timestamptz
      from seats, (select coalesce(max(line_number), 0) as n from order_products where order_id = ${line.orderId}::int) base
    ), bumped as (
      update orders set updated_at = ${now}::timestamptz, expires_at = ${until}::timestamptz
      where id = ${line.orderId}::int
    ), extended as (
      update seat_claims set expires_at = ${until}::timestamptz, updated_at = ${now}::timestamptz
      where order_id = ${line.orderId}::int and status = 'held'
    )${appendSeatEventsFrom('claimed', 'held', 'hold')}
    select (select coalesce(json_agg(json_build_array("row", "column")), '[]'::json) from claimed) as won,
           (select coalesce(json_agg(showtime_id), '[]'::json) from seat_log) as logged,
           case when (select count(*) from claimed) < ${seats.length}::int
             then marquee_hold_lost((select coalesce(json_agg(json_build_array("row", "column")), '[]'::json) from claimed))
           end as lost`;
}

/** The SQLSTATE of `marquee_hold_lost` (migration 0005). */
export const HOLD_LOST_SQLSTATE = 'MQ409';

/**
 * The seats a failed `insertHoldStatement(…, true)` had won, when `error` is its "seat lost" failure
 * (SQLSTATE MQ409, the seats won as JSON in its detail); null for any other error.
 */
export function seatsWonOfLostHold(error: unknown): Seat[] | null {
  if (sqlState(error) !== HOLD_LOST_SQLSTATE) return null;
  // The driver's error, or the one a wrapper keeps as `cause`, carries the detail with the code.
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    const detail = (e as { detail?: unknown }).detail;
    if (typeof detail === 'string' && /^\[[[\], 0-9]*\]$/.test(detail)) {
      return (JSON.parse(detail) as [number, number][]).map(([row, column]) => ({ row, column }));
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The tail of every hold's transaction, sent together: the write (`insertHoldStatement`, failing by
 * itself when a seat was lost), the order read back when `readOrder` (`orderViewStatement`, REST), and
 * the COMMIT. `lost` makes the error to throw from the seats the write had won. Returns the showtimes
 * whose seat events the write logged and the order's row.
 */
export async function writeHold(
  tx: PipelinedTx,
  line: HoldLine,
  seats: readonly (Seat & { seatName: string })[],
  readOrder: boolean,
  lost: (won: Seat[]) => Error,
): Promise<{ id: number; logged: number[]; viewRow?: { view: JsonRecord } }> {
  // statement: insertHold
  const write = tx.send<{ logged: number[] }>(insertHoldStatement(line, seats));
  // statement: orderView (view.ts), sent in the same round trip
  const viewRow = readOrder ? tx.send<{ view: JsonRecord }>(orderViewStatement(line.orderId)) : null;
  const committed = tx.commit();
  let logged: number[];
  try {
    [{ logged }] = await write;
  } catch (error) {
    const won = seatsWonOfLostHold(error);
    if (won) throw lost(won);
    throw error;
  }
  await committed;
  return { id: line.orderId, logged, viewRow: viewRow ? (await viewRow)[0] : undefined };
}

/**
 * After a hold's commit: wakes this instance's relay for the seat events the write logged, and turns the
 * order's row (when read) into the order.
 */
export function heldOrder(db: Db, out: { id: number; logged: number[]; viewRow?: { view: JsonRecord } }): { id: number; read?: { view: OrderView; lineFacts: Map<number, LineFacts> } } {
  announceSeatEvents(db, out.logged);
  if (!out.viewRow) return { id: out.id };
  const read = orderViewFromRow(out.viewRow);
  if (!read) throw notFound('Order', out.id);
  return { id: out.id, read };
}

/*
 * The reads of a best-available hold (best-available.ts); the write is the explicit hold's own
 * (`insertHoldStatement`). Both are prepared statements.
 */

/**
 * One statement: the order row `FOR UPDATE` with the facts of `lockForHold` (the showtime, its price, its
 * `is_canceled` under `FOR KEY SHARE`, the membership), then the showtime's hold lock — the transaction-scoped
 * advisory lock (`lockKey`, showtimeId) that explicit holds under social distancing take too — so that
 * allocations of one showtime run one after the other, from here to their commit.
 *
 * The order is locked in a CTE so that the advisory lock is taken after it (the outer select list is
 * evaluated on the row the CTE locked): the same order as an explicit hold, which locks the order and then
 * the showtime. No row (and no showtime lock) when the order does not exist.
 */
export function lockForAllocationStatement(orderId: number, showtimeId: number, ticketType: TicketType, lockKey: number): SQL {
  // statement: lockForAllocation
  return sql`/* lockForAllocation */
    with o as materialized (
      select id, vendor_id, site_account_id, status, expires_at, loyalty_card_number from orders where id = ${orderId} for update
    )
    select ${orderFactsColumns(showtimeId)},
      pg_advisory_xact_lock(${lockKey}::int, ${showtimeId}::int)::text as serialized
    from o
    ${orderFactsJoins(showtimeId, ticketType)}`;
}

/** What `showtimeSeatsStatement` returns. */
export interface ShowtimeSeatRows {
  claims: [number, number, string][];
  blocks: [number, number, string][];
}

/**
 * The active claims (held, sold) and the blocks of the whole showtime. Sent right behind
 * `lockForAllocationStatement`: a statement's snapshot is taken when it starts, so this one, which starts
 * once the showtime lock is granted, sees every claim an earlier allocation committed. Released and
 * expired claims are history (a busy showtime gathers thousands) and are not read, as in `lockForHold`:
 * the partial unique index on active claims answers this.
 */
// statement: showtimeSeats
export const showtimeSeatsStatement = (showtimeId: number): SQL => sql`/* showtimeSeats */
  select
    (select coalesce(json_agg(json_build_array(c."row", c."column", c.status)), '[]'::json) from seat_claims c
     where c.showtime_id = ${showtimeId}::int and c.status in ('held', 'sold')) as claims,
    (select coalesce(json_agg(json_build_array(b."row", b."column", b.kind)), '[]'::json) from seat_blocks b
     where b.showtime_id = ${showtimeId}::int) as blocks`;
