import type { Loaders } from '../../loaders';
import type { Principal } from '../../auth/principal';
import { membershipLookup, type MembershipArgs } from './membership';
import type { SeatMap } from './model';
import { collectSeatFacts, deriveSeatMap, type Viewer } from './seat-status';

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
    layoutVersionId: st.layoutVersionId,
    socialDistancing: st.socialDistancing,
    seats: deriveSeatMap(seats, collectSeatFacts(claims, blocks), viewer, { socialDistancing: st.socialDistancing }),
  };
}

/**
 * Who views a seat map: the membership given by `accountId` / `loyaltyCardNumber` when the caller may
 * know it (its own account or card, or an admin; `membershipLookup`), else the caller's own account
 * when neither is given, else a non-member (the spec's default). GraphQL, REST and the WebSocket
 * subscription all ask here, so none of them can be used to probe someone else's membership.
 */
export function seatMapViewer(loaders: Loaders, principal: Principal | null, args: MembershipArgs): Promise<Viewer> {
  const lookup = membershipLookup(principal, args);
  return lookup ? loaders.viewerByMembership.load(lookup) : Promise.resolve({ isPremiereMember: false });
}
