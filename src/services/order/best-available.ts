import type { Db } from '../../../db/client';
import { canPipeline, executePrepared, pipelinedTransaction } from '../../../db/prepared';
import type { Principal } from '../../auth/principal';
import { badInput, DomainError, notFound } from '../../errors';
import { announceSeatEvents, transactSeats } from '../seating/seat-log';
import {
  allocateSeats,
  allocationLayout,
  MAX_PARTY,
  type AllocationCell,
  type AllocationLayout,
} from '../seating/allocator';
import type { LayoutSeatRow } from '../seating/layout.service';
import { collectSeatFacts, deriveSeatMap } from '../seating/seat-status';
import { lockForAllocationStatement, showtimeSeatsStatement, type ShowtimeSeatRows } from './best-available-sql';
import {
  holdFactsOf,
  insertHold,
  insertHoldStatement,
  layoutCells,
  layoutCellsStatement,
  seatsWonOfLostHold,
  type HoldLine,
  type HoldOrderFacts,
} from './hold-sql';
import { TICKET_TYPES, type OrderView, type TicketType } from './model';
import { sqlState } from './pg-errors';
import { requireVendor, type OrderSettings } from './store';
import { checkHoldOrder, SOCIAL_DISTANCE_LOCK } from './tickets';
import { loadOrderView, orderViewFromRow, orderViewStatement, type LineFacts } from './view';

/**
 * Best-available tickets (issue 26): the service chooses the seats (src/services/seating/allocator.ts) and
 * holds them through the explicit hold's own write, in one transaction per attempt. docs/seating.md has
 * the rules; docs/orders.md the statements.
 */

/** Body of `addBestAvailableTickets` (GraphQL) and of `POST /v2/orders/{orderId}/products` with `bestAvailable`. */
export interface AddBestAvailableInput {
  orderId: number;
  showtimeId: number;
  /** People in the party, 1..MAX_PARTY. */
  quantity: number;
  ticketType?: TicketType;
  zoneNumber?: number | null;
  accessible?: boolean | null;
  allowSplit?: boolean | null;
}

/** A seat an allocation held. */
export interface AllocatedSeat {
  row: number;
  column: number;
  seatName: string;
}

/**
 * Attempts per call. Allocations of one showtime are serialized, so only an explicit hold (which does
 * not wait for that lock) can take a chosen seat between the read and the write; each retry reads the
 * claims again, the one that won included.
 */
export const ALLOCATION_ATTEMPTS = 5;

/** A chosen seat was taken by an explicit hold that committed after the claims were read: try again. */
class SeatTakenMeanwhile extends Error {}

const RETRYABLE = new Set(['40P01', '40001']); // deadlock, serialization failure

/** The shape checks of a best-available request, before any SQL. */
export function validateBestAvailable(input: AddBestAvailableInput): void {
  if (!Number.isInteger(input.showtimeId) || input.showtimeId < 1) throw badInput('showtimeId must be a positive integer', 'showtimeId');
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_PARTY) {
    throw badInput(`quantity must be an integer from 1 to ${MAX_PARTY}`, 'quantity');
  }
  if (input.ticketType !== undefined && !TICKET_TYPES.includes(input.ticketType)) {
    throw badInput(`ticketType must be one of ${TICKET_TYPES.join(', ')}`, 'ticketType');
  }
  if (input.zoneNumber != null && (!Number.isInteger(input.zoneNumber) || input.zoneNumber < 0)) {
    throw badInput('zoneNumber must be a zone number of the layout', 'zoneNumber');
  }
  for (const flag of ['accessible', 'allowSplit'] as const) {
    if (input[flag] != null && typeof input[flag] !== 'boolean') throw badInput(`${flag} must be true or false`, flag);
  }
}

/**
 * Holds the best available seats of one showtime for an order's party and adds a ticket product per
 * seat, all or nothing. The order, rights and expiry rules are those of `addTickets`; the seats are
 * those `allocateSeats` chooses for the order's viewer (its Premiere membership) under every rule of the
 * seat map. No fit: SEAT_UNAVAILABLE saying whether splitting the party would succeed, nothing held.
 * Choosing and claiming are one step: allocations of a showtime are serialized on its hold lock, and a
 * seat taken meanwhile by an explicit hold makes the call try again (ALLOCATION_ATTEMPTS).
 * Without the order read (GraphQL reads only what it shows): three statements once the layout is cached.
 */
export async function holdBestAvailable(
  db: Db,
  principal: Principal,
  input: AddBestAvailableInput,
  settings: OrderSettings,
): Promise<{ id: number; seats: AllocatedSeat[] }> {
  prepare(principal, input);
  return withAllocationRetry(() => (canPipeline(db) ? allocatePipelined(db, principal, input, settings, false) : allocateInTransaction(db, principal, input, settings)));
}

/**
 * `holdBestAvailable` with the whole order (REST): on postgres.js read by one statement in the hold's own
 * transaction, pipelined with the write and the COMMIT, with the body's line facts.
 */
export async function addBestAvailableRead(
  db: Db,
  principal: Principal,
  input: AddBestAvailableInput,
  settings: OrderSettings,
): Promise<{ view: OrderView; lineFacts?: Map<number, LineFacts>; seats: AllocatedSeat[] }> {
  prepare(principal, input);
  if (!canPipeline(db)) {
    const { id, seats } = await withAllocationRetry(() => allocateInTransaction(db, principal, input, settings));
    const view = await loadOrderView(db, id);
    if (!view) throw notFound('Order', id);
    return { view, seats };
  }
  const out = await withAllocationRetry(() => allocatePipelined(db, principal, input, settings, true));
  const read = orderViewFromRow(out.viewRow);
  if (!read) throw notFound('Order', out.id);
  return { ...read, seats: out.seats };
}

function prepare(principal: Principal, input: AddBestAvailableInput): void {
  requireVendor(principal);
  validateBestAvailable(input);
}

async function withAllocationRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const taken = error instanceof SeatTakenMeanwhile;
      if ((taken || RETRYABLE.has(sqlState(error) ?? '')) && attempt < ALLOCATION_ATTEMPTS) continue;
      if (taken) {
        throw new DomainError('SEAT_UNAVAILABLE', `Seats chosen for the party were taken by other orders ${ALLOCATION_ATTEMPTS} times in a row; try again`, {
          seats: [],
        });
      }
      throw error;
    }
  }
}

/**
 * One attempt on a reserved postgres.js connection: BEGIN, the order and showtime lock and the showtime's
 * claims in one round trip; the choice here; the write (which fails by itself when a seat was lost),
 * for REST the order read, and the COMMIT in a second one.
 */
async function allocatePipelined(db: Db, principal: Principal, input: AddBestAvailableInput, settings: OrderSettings, read: boolean) {
  const ticketType = input.ticketType ?? 'ADULT';
  const out = await pipelinedTransaction(db, async (tx) => {
    const locked = tx.send<HoldOrderFacts>(lockForAllocationStatement(input.orderId, input.showtimeId, ticketType, SOCIAL_DISTANCE_LOCK));
    const seatRows = tx.send<ShowtimeSeatRows>(showtimeSeatsStatement(input.showtimeId));
    const [facts] = await locked;
    const [current] = await seatRows;
    const plan = await planAllocation(principal, input, settings, holdFactsOf(facts), current, (versionId) =>
      layoutCells(db, (v) => tx.send<LayoutSeatRow>(layoutCellsStatement(v)), versionId),
    );
    const write = tx.send<{ logged: number[] }>(insertHoldStatement(plan.line, plan.seats, true));
    const viewRow = read ? tx.send<{ view: Record<string, unknown> }>(orderViewStatement(plan.line.orderId)) : null;
    const committed = tx.commit();
    let logged: number[];
    try {
      [{ logged }] = await write;
    } catch (error) {
      if (seatsWonOfLostHold(error)) throw new SeatTakenMeanwhile();
      throw error;
    }
    await committed;
    return { id: plan.line.orderId, seats: plan.seats, logged, viewRow: viewRow ? (await viewRow)[0] : undefined };
  });
  announceSeatEvents(db, out.logged);
  return out;
}

/** One attempt in a drizzle transaction (PGlite), the same statements one after the other. */
async function allocateInTransaction(db: Db, principal: Principal, input: AddBestAvailableInput, settings: OrderSettings) {
  const ticketType = input.ticketType ?? 'ADULT';
  return transactSeats(db, async (tx) => {
    const [facts] = await executePrepared<HoldOrderFacts>(tx, lockForAllocationStatement(input.orderId, input.showtimeId, ticketType, SOCIAL_DISTANCE_LOCK));
    const [current] = await executePrepared<ShowtimeSeatRows>(tx, showtimeSeatsStatement(input.showtimeId));
    const plan = await planAllocation(principal, input, settings, holdFactsOf(facts), current, (versionId) => layoutCells(db, tx, versionId));
    const won = await insertHold(tx, plan.line, plan.seats);
    if (won.length < plan.seats.length) throw new SeatTakenMeanwhile();
    return { id: plan.line.orderId, seats: plan.seats };
  });
}

/** Allocation layouts, one per cached layout version (its cells map is the key: both are immutable). */
const layouts = new WeakMap<ReadonlyMap<string, LayoutSeatRow>, AllocationLayout>();

function layoutOf(cells: ReadonlyMap<string, LayoutSeatRow>): AllocationLayout {
  let layout = layouts.get(cells);
  if (!layout) layouts.set(cells, (layout = allocationLayout([...cells.values()])));
  return layout;
}

/**
 * The checks of the order and showtime (`checkHoldOrder`, as explicit holds), then the choice over the
 * statuses the seat map would show the order's viewer now. Throws the error to answer.
 */
async function planAllocation(
  principal: Principal,
  input: AddBestAvailableInput,
  settings: OrderSettings,
  facts: HoldOrderFacts | null,
  current: ShowtimeSeatRows,
  cellsOf: (versionId: number) => Promise<Map<string, LayoutSeatRow>>,
): Promise<{ line: HoldLine; seats: AllocatedSeat[] }> {
  const { order, st, line } = checkHoldOrder(principal, input, settings, facts, input.ticketType ?? 'ADULT');
  const layout = layoutOf(await cellsOf(st.layoutVersionId));
  const zone = input.zoneNumber ?? null;
  if (zone !== null && !layout.zones.has(zone)) {
    throw badInput(`zoneNumber: showtime ${st.id} has no zone ${zone} (its zones: ${[...layout.zones].sort((a, b) => a - b).join(', ')})`, 'zoneNumber');
  }
  const statuses = deriveSeatMap(
    layout.cells,
    collectSeatFacts(
      current.claims.map(([row, column, status]) => ({ row, column, status })),
      current.blocks.map(([row, column, kind]) => ({ row, column, kind })),
    ),
    { isPremiereMember: order.member },
    { socialDistancing: st.socialDistancing },
  ).map((d) => d.status);
  const result = allocateSeats(layout, statuses, {
    quantity: input.quantity,
    zoneNumber: zone,
    accessible: input.accessible,
    allowSplit: input.allowSplit,
    socialDistancing: st.socialDistancing,
  });
  if (!result.ok) throw noFit(input, result.free, result.split);
  return { line, seats: result.seats.map(({ row, column, seatName }) => ({ row, column, seatName })) };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** SEAT_UNAVAILABLE when nothing fits: why, and whether splitting the party would succeed. */
function noFit(input: AddBestAvailableInput, free: number, split: AllocationCell[] | null): DomainError {
  const q = input.quantity;
  const where = input.zoneNumber != null ? ` in zone ${input.zoneNumber}` : '';
  let message: string;
  if (input.accessible) {
    const companions = q > 1 ? ` with ${plural(q - 1, 'companion seat')} beside it` : '';
    message = `No wheelchair space${companions} is available${where}; an accessible party is not split`;
  } else if (q === 1) {
    message = `No seat is available${where}`;
  } else if (split) {
    const rows = new Set(split.map((s) => s.row)).size;
    message =
      `No ${q} adjacent seats are available together${where}; splitting would succeed: with allowSplit the party ` +
      `would sit in ${plural(rows, 'row')} (${split.map((s) => s.seatName).join(', ')})`;
  } else {
    const left = free === 0 ? 'no seat is' : free === 1 ? 'only 1 seat is' : `only ${free} seats are`;
    message = `No ${q} adjacent seats are available${where}, and splitting would not help: ${left} available`;
  }
  return new DomainError('SEAT_UNAVAILABLE', message, { seats: [], availableSeats: free, splitWouldSucceed: split !== null });
}
