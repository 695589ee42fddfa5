import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { badInput, DomainError, notFound } from '../../errors';
import { sendingTransaction } from '../../../db/prepared';
import { baseSeatStatus, collectSeatFacts, seatKey, SELLABLE, type LayoutSeatRow, type SeatStatus } from '../seating';
import { assertOrderAccess } from './access';
import {
  claimsOfRowsStatement,
  heldOrder,
  holdFactsOf,
  layoutCells,
  layoutCellsStatement,
  lockForHoldStatement,
  socialDistanceLockStatement,
  writeHold,
  type HoldFacts,
  type HoldLine,
  type HoldOrderFacts,
} from './store-hold';
import { PREMIERE_WAIVER } from './loyalty-discounts';
import type { OrderView, TicketType } from './model';
import { closedOrderError, expiryFrom, requireVendor, type OrderSettings } from './store';
import { ticketFees } from './totals';
import { withSeatRaceRetry } from './pg-errors';
import { isOpen, type LineFacts } from './view';

/** Body of addTickets (GraphQL `AddTicketsInput`, REST `POST /v2/orders/{orderId}/products` with tickets). */
export interface AddTicketsInput {
  orderId: number;
  showtimeId: number;
  seats: { row: number; column: number }[];
  ticketType?: TicketType;
}

/** At most this many seats per call; a larger party makes several calls. */
export const MAX_SEATS_PER_CALL = 20;


function unavailable(seats: { row: number; column: number; seatName: string; status: SeatStatus | 'Taken' }[]): DomainError {
  return new DomainError('SEAT_UNAVAILABLE', `Seats unavailable: ${seats.map((s) => s.seatName).join(', ')}`, {
    seats: seats.map((s) => ({ row: s.row, column: s.column, seatName: s.seatName, seatStatus: s.status })),
  });
}

/** What a hold answers: the order's id, and the whole order when the caller asked for it (REST). */
export interface HoldResult {
  id: number;
  /** The order read back in the hold's own transaction, with the REST body's line facts. */
  read?: { view: OrderView; lineFacts: Map<number, LineFacts> };
}

/**
 * Holds seats of one showtime for an order and adds one ticket product per seat: all or nothing, in
 * one transaction. Seats must exist in the showtime's layout version and be sellable to this order's
 * viewer (not NotASeat/Blocked/BlockedForSocialDistance, not Premiere for a non-member). Exclusivity is
 * the database's: the claims' partial unique index lets one of two racing orders win; the loser gets
 * SEAT_UNAVAILABLE naming the seats and keeps nothing of the call. Both surfaces call it: GraphQL
 * without `readOrder` (it loads only what it shows), REST with it (the whole order in `read`).
 *
 * Two statements (the lock with every fact the checks need; claims, products, expiry bump and seat
 * event) when the layout is cached, two more with social distancing, one more to read the order. On
 * postgres.js in two round trips: BEGIN with the lock, then the write with the read and the COMMIT
 * (db/prepared.ts `sendingTransaction`); the seat-log head the write bumps is released as the write ends.
 */
export async function holdTickets(db: Db, principal: Principal, input: AddTicketsInput, settings: OrderSettings, readOrder?: false): Promise<HoldResult>;
export async function holdTickets(db: Db, principal: Principal, input: AddTicketsInput, settings: OrderSettings, readOrder: true): Promise<Required<HoldResult>>;
export async function holdTickets(
  db: Db,
  principal: Principal,
  input: AddTicketsInput,
  settings: OrderSettings,
  readOrder = false,
): Promise<HoldResult> {
  const { ticketType, requested, rows } = prepareHold(principal, input);
  return withSeatRaceRetry(async () => {
    const out = await sendingTransaction(db, async (tx) => {
      const [facts] = await tx.send<HoldFacts>(lockForHoldStatement(input.orderId, input.showtimeId, ticketType, rows));
      const plan = await planHold(principal, input, settings, holdFactsOf(facts), ticketType, requested, {
        layout: (versionId) => layoutCells(db, (v) => tx.send<LayoutSeatRow>(layoutCellsStatement(v)), versionId),
        serialize: async (showtimeId) => {
          void tx.send(socialDistanceLockStatement(showtimeId));
          const [row] = await tx.send<{ claims: [number, number, string][] }>(claimsOfRowsStatement(showtimeId, rows));
          return row.claims;
        },
      });
      return writeHold(tx, plan.line, plan.seats, readOrder, (won) => lostSeats(plan.seats, won));
    });
    return heldOrder(db, out);
  });
}

/** The shape checks and the seats in (row, column) order, before any SQL. */
function prepareHold(principal: Principal, input: AddTicketsInput) {
  requireVendor(principal);
  const ticketType: TicketType = input.ticketType ?? 'ADULT';
  const requested = [...input.seats].sort((a, b) => a.row - b.row || a.column - b.column);
  const rows = [...new Set(requested.map((s) => s.row))];
  return { ticketType, requested, rows };
}

/** SEAT_UNAVAILABLE for the requested seats the write did not win. */
function lostSeats(seats: readonly { row: number; column: number; seatName: string }[], won: readonly { row: number; column: number }[]): DomainError {
  const got = new Set(won.map((w) => seatKey(w.row, w.column)));
  return unavailable(seats.filter((s) => !got.has(seatKey(s.row, s.column))).map((s) => ({ ...s, status: 'Taken' as const })));
}

/**
 * Every check of a hold on the facts its lock statement read: the order (exists, the caller's, open),
 * the showtime (sellable, priced), the seats (in the layout, sellable to this viewer, and under social
 * distancing not next to a claim — after `serialize` took the showtime's lock and re-read the claims).
 * Returns what the write needs; throws the error to answer.
 */
async function planHold(
  principal: Principal,
  input: AddTicketsInput,
  settings: OrderSettings,
  order: HoldFacts | null,
  ticketType: TicketType,
  requested: readonly { row: number; column: number }[],
  io: {
    layout: (versionId: number) => Promise<Map<string, LayoutSeatRow>>;
    serialize: (showtimeId: number) => Promise<[number, number, string][]>;
  },
): Promise<{ line: HoldLine; seats: { row: number; column: number; seatName: string }[] }> {
  const { order: locked, st, line } = checkHoldOrder(principal, input, settings, order, ticketType);
  const layoutOf = await io.layout(st.layoutVersionId);
  const missing = requested.filter((s) => {
    const l = layoutOf.get(seatKey(s.row, s.column));
    return !l || l.type === 'NotASeat';
  });
  if (missing.length > 0) {
    throw badInput(`seats: ${missing.map((s) => `(${s.row}, ${s.column})`).join(', ')} ${missing.length > 1 ? 'are not seats' : 'is not a seat'} of showtime ${st.id}`, 'seats');
  }
  // The unique index guards seats, not the gaps between them: under social distancing this showtime's
  // holds are serialized so two orders cannot take neighbouring seats at the same moment, and the
  // claims committed before the lock was granted are read again (the first statement's snapshot is older).
  const claims = st.socialDistancing ? await io.serialize(st.id) : locked.claims;
  const facts = collectSeatFacts(
    claims.map(([row, column, status]) => ({ row, column, status })),
    locked.blocks.map(([row, column, kind]) => ({ row, column, kind })),
  );
  const refused: { row: number; column: number; seatName: string; status: SeatStatus }[] = [];
  for (const s of requested) {
    const l = layoutOf.get(seatKey(s.row, s.column))!;
    const f = facts.get(seatKey(s.row, s.column)) ?? { claim: null, lockReleased: false, block: null };
    let status = baseSeatStatus(l, f, { isPremiereMember: locked.member });
    const occupied = (c: number) => facts.get(seatKey(s.row, c))?.claim != null;
    if (st.socialDistancing && SELLABLE.has(status) && (occupied(s.column - 1) || occupied(s.column + 1))) {
      status = 'BlockedForSocialDistance';
    }
    if (!SELLABLE.has(status)) refused.push({ row: s.row, column: s.column, seatName: l.seatName, status });
  }
  if (refused.length > 0) throw unavailable(refused);
  return { line, seats: requested.map((s) => ({ ...s, seatName: layoutOf.get(seatKey(s.row, s.column))!.seatName })) };
}

/**
 * The checks of a hold that do not depend on its seats, on the facts its lock statement read: the order
 * (exists, the caller's, open) and the showtime (sellable now, priced for `ticketType`). Returns the
 * showtime and what the write needs besides the seats. Explicit and best-available holds share it.
 */
export function checkHoldOrder<F extends HoldOrderFacts>(
  principal: Principal,
  input: { orderId: number; showtimeId: number },
  settings: OrderSettings,
  order: F | null,
  ticketType: TicketType,
): { order: F; st: ReturnType<typeof sellableShowtime>; line: HoldLine } {
  if (!order) throw notFound('Order', input.orderId);
  assertOrderAccess(order, principal, 'write');
  const now = new Date();
  if (!isOpen(order, now)) throw closedOrderError(order);
  const st = sellableShowtime(order, input.showtimeId, ticketType, now);
  const line: HoldLine = {
    orderId: order.id,
    showtimeId: st.id,
    theatreId: st.theatreId,
    movieId: st.movieId,
    sku: st.sku,
    name: st.movieName,
    cost: st.price,
    tax: st.tax,
    fees: ticketFees(st.estimatedFees, order.member ? PREMIERE_WAIVER : null),
    ticketType,
    now,
    until: expiryFrom(now, settings),
  };
  return { order, st, line };
}

/** The showtime of the hold with its ticket price for `ticketType`, if it can be sold now. */
function sellableShowtime(f: HoldOrderFacts, showtimeId: number, ticketType: TicketType, now: Date) {
  if (f.showtimeId === null) throw notFound('Showtime', showtimeId);
  if (f.isCanceled) throw badInput(`Showtime ${showtimeId} is canceled`, 'showtimeId');
  if (f.inTheatreTicketingOnly) throw badInput(`Showtime ${showtimeId} is sold in the theatre only`, 'showtimeId');
  if (new Date(f.sellUntil).getTime() <= now.getTime()) throw badInput(`Showtime ${showtimeId} is no longer on sale`, 'showtimeId');
  if (f.price === null || f.tax === null || f.sku === null) {
    throw badInput(`Showtime ${showtimeId} has no ${ticketType} price`, 'ticketType');
  }
  return { ...f, id: f.showtimeId, price: f.price, tax: f.tax, sku: f.sku };
}
