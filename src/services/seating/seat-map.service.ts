import type { Loaders } from '../../loaders';
import type { Principal } from '../../auth/principal';
import type { LayoutSeatRow } from './layout.service';
import { collectSeatFacts, deriveSeatMap, type DerivedSeat, type Viewer } from './seat-status';

/** The seat map of one showtime for one viewer (the spec's "seating layout for a performance"). */
export interface SeatMap {
  showtimeId: number;
  /** The theatre's id: the spec's theatre number. */
  theatreNumber: number;
  performanceNumber: number;
  rows: number;
  columns: number;
  /** Every cell of the layout version, row by row, with its derived status. */
  seats: DerivedSeat<LayoutSeatRow>[];
}

/**
 * The derived seat map of a showtime, or null for an unknown showtime. Reads only through `loaders`
 * (showtime, layout version, layout seats, claims, blocks), so mapping many showtimes in one request
 * costs one statement per kind, and a fresh `createLoaders(db)` serves a seat event.
 */
export async function seatMapForShowtime(loaders: Loaders, showtimeId: number, viewer: Viewer): Promise<SeatMap | null> {
  const record = await loaders.showtimeById.load(showtimeId);
  if (!record) return null;
  const st = record.showtime;
  const [version, seats, claims, blocks] = await Promise.all([
    loaders.layoutVersionById.load(st.layoutVersionId),
    loaders.layoutSeatsByVersionId.load(st.layoutVersionId),
    loaders.claimsByShowtimeId.load(st.id),
    loaders.blocksByShowtimeId.load(st.id),
  ]);
  return {
    showtimeId: st.id,
    theatreNumber: st.theatreId,
    performanceNumber: st.performanceNumber,
    rows: version?.rows ?? 0,
    columns: version?.columns ?? 0,
    seats: deriveSeatMap(seats, collectSeatFacts(claims, blocks), viewer, { socialDistancing: st.socialDistancing }),
  };
}

/**
 * Who views a seat map: the membership given by `accountId` / `loyaltyCardNumber` when either is given,
 * else the caller's own account (JWT), else a non-member (the spec's default).
 */
export function seatMapViewer(
  loaders: Loaders,
  principal: Principal | null,
  args: { accountId?: number | null; loyaltyCardNumber?: string | null },
): Promise<Viewer> {
  const given = args.accountId != null || Boolean(args.loyaltyCardNumber);
  if (given) return loaders.viewerByMembership.load({ accountId: args.accountId, loyaltyCardNumber: args.loyaltyCardNumber });
  if (principal?.accountId) return loaders.viewerByMembership.load({ accountId: principal.accountId });
  return Promise.resolve({ isPremiereMember: false });
}
