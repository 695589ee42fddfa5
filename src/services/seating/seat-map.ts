import type { Principal } from '../../auth/principal';
import { membershipLookup, type MembershipArgs } from './membership';
import type { SeatMap } from './model';
import { collectSeatFacts, deriveSeatMap, type Viewer } from './seat-status';
import type { LayoutSeatRow, LayoutVersionRecord } from './model';
import type { MembershipKey } from './membership';

/** A batched read by key, as a request's DataLoader gives it. */
interface Reader<K, V> {
  load(key: K): Promise<V>;
}

/**
 * What a seat map reads, one batch per kind: the request's loaders (src/loaders) are these; services
 * take them as a parameter and name only what they use.
 */
interface SeatMapReads {
  showtimeById: Reader<number, ShowtimeOfMap | null>;
  layoutVersionById: Reader<number, LayoutVersionRecord | null>;
  layoutSeatsByVersionId: Reader<number, LayoutSeatRow[]>;
  claimsByShowtimeId: Reader<number, Parameters<typeof collectSeatFacts>[0]>;
  blocksByShowtimeId: Reader<number, Parameters<typeof collectSeatFacts>[1]>;
  viewerByMembership: Reader<MembershipKey, Viewer>;
}

/**
 * What the seat map reads of a showtime's record (the showtime domain's `ShowtimeRecord` has it): the
 * seating domain does not import the showtime domain, which imports orders, which import seating.
 */
interface ShowtimeOfMap {
  showtime: { id: number; theatreId: number; performanceNumber: number; layoutVersionId: number; socialDistancing: boolean };
}

/**
 * The derived seat map of a showtime, or null for an unknown showtime. Reads only through `loaders`
 * (showtime, layout version, layout seats, claims, blocks), so mapping many showtimes in one request
 * costs one statement per kind, and a fresh `createLoaders(db)` serves a seat event.
 */
export async function seatMapForShowtime(loaders: SeatMapReads, showtimeId: number, viewer: Viewer): Promise<SeatMap | null> {
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
export function seatMapViewer(loaders: Pick<SeatMapReads, 'viewerByMembership'>, principal: Principal | null, args: MembershipArgs): Promise<Viewer> {
  const lookup = membershipLookup(principal, args);
  return lookup ? loaders.viewerByMembership.load(lookup) : Promise.resolve({ isPremiereMember: false });
}
