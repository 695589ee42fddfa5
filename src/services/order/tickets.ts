import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { layoutSeats, movies, orderProducts, seatBlocks, seatClaims, showtimeTicketPrices, showtimes } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { badInput, DomainError, notFound } from '../../errors';
import { recordSeatChange } from '../../realtime/seat-log';
import { baseSeatStatus, collectSeatFacts, SELLABLE, seatKey, type SeatStatus } from '../seating/seat-status';
import { PREMIERE_WAIVER } from './loyalty';
import { isPremiereMemberTx } from './membership';
import { TICKET_TYPES, type OrderView, type TicketType } from './model';
import { mutateOrder, nextLineNumber, requireVendor, type OrderSettings } from './store';
import { ticketFees } from './totals';
import { withSeatRaceRetry } from './pg-errors';

/** Body of addTickets (GraphQL `AddTicketsInput`, REST `POST /v2/orders/{orderId}/products` with tickets). */
export interface AddTicketsInput {
  orderId: number;
  showtimeId: number;
  seats: { row: number; column: number }[];
  ticketType?: TicketType;
}

/** Advisory-lock namespace of per-showtime hold serialization under social distancing. */
const SOCIAL_DISTANCE_LOCK = 7301;

/** At most this many seats per call; a larger party makes several calls. */
export const MAX_SEATS_PER_CALL = 20;

type Seat = { row: number; column: number };

/** The shape checks of addTickets, before any SQL. */
export function validateTicketRequest(input: AddTicketsInput): void {
  if (!Number.isInteger(input.showtimeId) || input.showtimeId < 1) throw badInput('showtimeId must be a positive integer', 'showtimeId');
  if (input.ticketType !== undefined && !TICKET_TYPES.includes(input.ticketType)) {
    throw badInput(`ticketType must be one of ${TICKET_TYPES.join(', ')}`, 'ticketType');
  }
  if (!Array.isArray(input.seats) || input.seats.length === 0) throw badInput('seats must name at least one seat', 'seats');
  if (input.seats.length > MAX_SEATS_PER_CALL) throw badInput(`seats: at most ${MAX_SEATS_PER_CALL} per call`, 'seats');
  const seen = new Set<string>();
  for (const s of input.seats) {
    if (!Number.isInteger(s.row) || !Number.isInteger(s.column) || s.row < 1 || s.column < 1) {
      throw badInput('seats: row and column are positive integers', 'seats');
    }
    const k = seatKey(s.row, s.column);
    if (seen.has(k)) throw badInput(`seats: seat (${s.row}, ${s.column}) is given twice`, 'seats');
    seen.add(k);
  }
}

const seatTuples = (seats: readonly Seat[]) =>
  sql.join(
    seats.map((s) => sql`(${s.row}::int, ${s.column}::int)`),
    sql`, `,
  );

function unavailable(seats: { row: number; column: number; seatName: string; status: SeatStatus | 'Taken' }[]): DomainError {
  return new DomainError('SEAT_UNAVAILABLE', `Seats unavailable: ${seats.map((s) => s.seatName).join(', ')}`, {
    seats: seats.map((s) => ({ row: s.row, column: s.column, seatName: s.seatName, seatStatus: s.status })),
  });
}

/**
 * Holds seats of one showtime for an order and adds one ticket product per seat: all or nothing, in
 * one transaction. Seats must exist in the showtime's layout version and be sellable to this order's
 * viewer (not NotASeat/Blocked/BlockedForSocialDistance, not Premiere for a non-member). Exclusivity is
 * the database's: the claims' partial unique index lets one of two racing orders win; the loser gets
 * SEAT_UNAVAILABLE naming the seats and keeps nothing of the call. The change is announced on commit.
 */
export async function addTickets(db: Db, principal: Principal, input: AddTicketsInput, settings: OrderSettings): Promise<OrderView> {
  requireVendor(principal);
  validateTicketRequest(input);
  const ticketType: TicketType = input.ticketType ?? 'ADULT';
  const requested = [...input.seats].sort((a, b) => a.row - b.row || a.column - b.column);
  return withSeatRaceRetry(() =>
    mutateOrder(db, principal, input.orderId, settings, async ({ tx, order, now }) => {
      const st = await loadSellableShowtime(tx, input.showtimeId, ticketType, now);
      const member = await isPremiereMemberTx(tx, order.siteAccountId, order.loyaltyCardNumber);
      const layout = await tx
        .select()
        .from(layoutSeats)
        .where(
          and(
            eq(layoutSeats.layoutVersionId, st.layoutVersionId),
            sql`(${layoutSeats.row}, ${layoutSeats.column}) in (${seatTuples(requested)})`,
          ),
        );
      const layoutOf = new Map(layout.map((s) => [seatKey(s.row, s.column), s]));
      const missing = requested.filter((s) => {
        const l = layoutOf.get(seatKey(s.row, s.column));
        return !l || l.type === 'NotASeat';
      });
      if (missing.length > 0) {
        throw badInput(`seats: ${missing.map((s) => `(${s.row}, ${s.column})`).join(', ')} ${missing.length > 1 ? 'are not seats' : 'is not a seat'} of showtime ${st.id}`, 'seats');
      }
      if (st.socialDistancing) {
        // The unique index guards seats, not the gaps between them: serialize this showtime's holds so
        // two orders cannot take neighbouring seats at the same moment.
        await tx.execute(sql`select pg_advisory_xact_lock(${SOCIAL_DISTANCE_LOCK}, ${st.id})`);
      }
      const rows = [...new Set(requested.map((s) => s.row))];
      const [claims, blocks] = await Promise.all([
        tx
          .select({ row: seatClaims.row, column: seatClaims.column, status: seatClaims.status })
          .from(seatClaims)
          .where(and(eq(seatClaims.showtimeId, st.id), inArray(seatClaims.row, rows))),
        tx
          .select({ row: seatBlocks.row, column: seatBlocks.column, kind: seatBlocks.kind })
          .from(seatBlocks)
          .where(and(eq(seatBlocks.showtimeId, st.id), inArray(seatBlocks.row, rows))),
      ]);
      const facts = collectSeatFacts(claims, blocks);
      const refused: { row: number; column: number; seatName: string; status: SeatStatus }[] = [];
      for (const s of requested) {
        const l = layoutOf.get(seatKey(s.row, s.column))!;
        const f = facts.get(seatKey(s.row, s.column)) ?? { claim: null, lockReleased: false, block: null };
        let status = baseSeatStatus(l, f, { isPremiereMember: member });
        const occupied = (c: number) => facts.get(seatKey(s.row, c))?.claim != null;
        if (st.socialDistancing && SELLABLE.has(status) && (occupied(s.column - 1) || occupied(s.column + 1))) {
          status = 'BlockedForSocialDistance';
        }
        if (!SELLABLE.has(status)) refused.push({ row: s.row, column: s.column, seatName: l.seatName, status });
      }
      if (refused.length > 0) throw unavailable(refused);

      // The index decides: ON CONFLICT DO NOTHING waits for a racing transaction and skips the seats
      // it won, so we learn every lost seat at once and roll the whole call back.
      const expiresAt = order.expiresAt;
      const won = await tx
        .insert(seatClaims)
        .values(requested.map((s) => ({ showtimeId: st.id, row: s.row, column: s.column, orderId: order.id, status: 'held', expiresAt })))
        .onConflictDoNothing({
          target: [seatClaims.showtimeId, seatClaims.row, seatClaims.column],
          where: sql`status in ('held', 'sold')`,
        })
        .returning({ row: seatClaims.row, column: seatClaims.column });
      if (won.length < requested.length) {
        const got = new Set(won.map((w) => seatKey(w.row, w.column)));
        throw unavailable(
          requested
            .filter((s) => !got.has(seatKey(s.row, s.column)))
            .map((s) => ({ ...s, seatName: layoutOf.get(seatKey(s.row, s.column))!.seatName, status: 'Taken' as const })),
        );
      }

      const first = await nextLineNumber(tx, order.id);
      const fees = ticketFees(st.estimatedFees, member ? PREMIERE_WAIVER : null);
      await tx.insert(orderProducts).values(
        requested.map((s, i) => ({
          orderId: order.id,
          lineNumber: first + i,
          kind: 'Ticket',
          status: 'Held',
          sku: st.sku,
          name: st.movieName,
          quantity: 1,
          cost: st.price,
          tax: st.tax,
          fees,
          showtimeId: st.id,
          ticketType,
          row: s.row,
          column: s.column,
          seatName: layoutOf.get(seatKey(s.row, s.column))!.seatName,
          theatreId: st.theatreId,
          movieId: st.movieId,
          expiresAt,
        })),
      );
      recordSeatChange(tx, st.id, requested, 'held', 'hold');
    }),
  );
}

/** The showtime with its ticket price for `ticketType`, if it can be sold now. */
async function loadSellableShowtime(tx: Tx, showtimeId: number, ticketType: TicketType, now: Date) {
  const [st] = await tx
    .select({
      id: showtimes.id,
      theatreId: showtimes.theatreId,
      movieId: showtimes.movieId,
      movieName: movies.name,
      layoutVersionId: showtimes.layoutVersionId,
      isCanceled: showtimes.isCanceled,
      inTheatreTicketingOnly: showtimes.inTheatreTicketingOnly,
      sellUntil: showtimes.sellUntilDateTimeUtc,
      socialDistancing: showtimes.socialDistancing,
      estimatedFees: showtimes.estimatedFees,
      price: showtimeTicketPrices.price,
      tax: showtimeTicketPrices.tax,
      sku: showtimeTicketPrices.sku,
    })
    .from(showtimes)
    .innerJoin(movies, eq(movies.id, showtimes.movieId))
    .leftJoin(
      showtimeTicketPrices,
      and(eq(showtimeTicketPrices.showtimeId, showtimes.id), eq(showtimeTicketPrices.type, ticketType)),
    )
    .where(eq(showtimes.id, showtimeId));
  if (!st) throw notFound('Showtime', showtimeId);
  if (st.isCanceled) throw badInput(`Showtime ${showtimeId} is canceled`, 'showtimeId');
  if (st.inTheatreTicketingOnly) throw badInput(`Showtime ${showtimeId} is sold in the theatre only`, 'showtimeId');
  if (st.sellUntil.getTime() <= now.getTime()) throw badInput(`Showtime ${showtimeId} is no longer on sale`, 'showtimeId');
  if (st.price === null || st.tax === null || st.sku === null) {
    throw badInput(`Showtime ${showtimeId} has no ${ticketType} price`, 'ticketType');
  }
  return { ...st, price: st.price, tax: st.tax, sku: st.sku };
}
