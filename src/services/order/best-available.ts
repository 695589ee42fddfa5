import type { Db } from '../../../db/client';
import { sendingTransaction } from '../../../db/prepared';
import type { Principal } from '../../auth/principal';
import { badInput, DomainError } from '../../errors';
import {
  allocateSeats,
  allocationLayout,
  collectSeatFacts,
  deriveSeatMap,
  type AllocationCell,
  type AllocationLayout,
  type LayoutSeatRow,
} from '../seating';
import {
  heldOrder,
  holdFactsOf,
  layoutCells,
  layoutCellsStatement,
  lockForAllocationStatement,
  showtimeSeatsStatement,
  SOCIAL_DISTANCE_LOCK,
  writeHold,
  type HoldLine,
  type HoldOrderFacts,
  type ShowtimeSeatRows,
} from './store-hold';
import type { TicketType } from './model';
import { sqlState } from './pg-errors';
import { requireVendor, type OrderSettings } from './store';
import { checkHoldOrder, type HoldResult } from './tickets';

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
interface AllocatedSeat {
  row: number;
  column: number;
  seatName: string;
}

/**
 * Attempts per call. Allocations of one showtime are serialized, so only an explicit hold (which does
 * not wait for that lock) can take a chosen seat between the read and the write; each retry reads the
 * claims again, the one that won included.
 */
const ALLOCATION_ATTEMPTS = 5;

/** A chosen seat was taken by an explicit hold that committed after the claims were read: try again. */
class SeatTakenMeanwhile extends Error {}

const RETRYABLE = new Set(['40P01', '40001']); // deadlock, serialization failure

/**
 * Holds the best available seats of one showtime for an order's party and adds a ticket product per
 * seat, all or nothing. The order, rights and expiry rules are those of `holdTickets`; the seats are
 * those `allocateSeats` chooses for the order's viewer (its Premiere membership) under every rule of the
 * seat map. No fit: SEAT_UNAVAILABLE saying whether splitting the party would succeed, nothing held.
 * Choosing and claiming are one step: allocations of a showtime are serialized on its hold lock, and a
 * seat taken meanwhile by an explicit hold makes the call try again (ALLOCATION_ATTEMPTS). Three
 * statements once the layout is cached, one more with `readOrder` (REST: the whole order in `read`).
 */
export async function holdBestAvailable(db: Db, principal: Principal, input: AddBestAvailableInput, settings: OrderSettings, readOrder?: false): Promise<HoldResult & { seats: AllocatedSeat[] }>;
export async function holdBestAvailable(
  db: Db,
  principal: Principal,
  input: AddBestAvailableInput,
  settings: OrderSettings,
  readOrder: true,
): Promise<Required<HoldResult> & { seats: AllocatedSeat[] }>;
export async function holdBestAvailable(
  db: Db,
  principal: Principal,
  input: AddBestAvailableInput,
  settings: OrderSettings,
  readOrder = false,
): Promise<HoldResult & { seats: AllocatedSeat[] }> {
  requireVendor(principal);
  return withAllocationRetry(async () => {
    const out = await allocate(db, principal, input, settings, readOrder);
    return { ...heldOrder(db, out), seats: out.seats };
  });
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
 * One attempt in one transaction (db/prepared.ts `sendingTransaction`): BEGIN, the order and showtime
 * lock and the showtime's claims in one round trip; the choice here; then the hold's write (which fails
 * by itself when a seat was lost), the order read when asked and the COMMIT in a second one.
 */
async function allocate(db: Db, principal: Principal, input: AddBestAvailableInput, settings: OrderSettings, readOrder: boolean) {
  const ticketType = input.ticketType ?? 'ADULT';
  return sendingTransaction(db, async (tx) => {
    const locked = tx.send<HoldOrderFacts>(lockForAllocationStatement(input.orderId, input.showtimeId, ticketType, SOCIAL_DISTANCE_LOCK));
    const seatRows = tx.send<ShowtimeSeatRows>(showtimeSeatsStatement(input.showtimeId));
    const [facts] = await locked;
    const [current] = await seatRows;
    const plan = await planAllocation(principal, input, settings, holdFactsOf(facts), current, (versionId) =>
      layoutCells(db, (v) => tx.send<LayoutSeatRow>(layoutCellsStatement(v)), versionId),
    );
    const written = await writeHold(tx, plan.line, plan.seats, readOrder, () => new SeatTakenMeanwhile());
    return { ...written, seats: plan.seats };
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
