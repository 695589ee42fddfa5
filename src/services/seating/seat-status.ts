/**
 * Seat status is derived, never stored per showtime (design.md): status of a seat for a viewer =
 * f(layout seat, active claim, manual block, social-distance rule, viewer's membership).
 * Everything here is pure so that GraphQL, REST and seat events compute it the same way.
 */

/** The spec's seat statuses, with the spec's spelling (REST prints these; GraphQL upper-cases them). */
export const SEAT_STATUSES = [
  'Available',
  'Sold',
  'Locked',
  'Blocked',
  'Unblocked',
  'GAOverride',
  'PremiereAvailable',
  'PremiereUnavailable',
  'BlockedForSocialDistance',
] as const;
export type SeatStatus = (typeof SEAT_STATUSES)[number];

/** The spec's seat types (layout cells). */
export const SEAT_TYPES = [
  'CanReserve',
  'Blocked',
  'Wheelchair',
  'Companion',
  'GeneralAdmission',
  'NA',
  'LoveSeatLeft',
  'LoveSeatRight',
  'NotASeat',
  'Recliner',
] as const;
export type SeatType = (typeof SEAT_TYPES)[number];

/** Manual per-showtime exceptions (table seat_blocks). */
export type BlockKind = 'Blocked' | 'Unblocked' | 'GAOverride';

export interface LayoutSeat {
  row: number;
  column: number;
  type: string;
  tier: string;
}

/** What is known of one seat of one showtime besides its layout cell. */
export interface SeatFacts {
  /** The active claim, if any. */
  claim: 'held' | 'sold' | null;
  /** True when the seat had a hold that was released or expired (and none is active now). */
  lockReleased: boolean;
  block: BlockKind | null;
}

export interface Viewer {
  /** A Premiere-type loyalty member (account or card): may buy Premiere-tier seats. */
  isPremiereMember: boolean;
}

interface ShowtimeRules {
  /** BlockedForSocialDistance beside sold or locked seats. */
  socialDistancing: boolean;
}

/** Statuses a guest can buy. */
export const SELLABLE: ReadonlySet<SeatStatus> = new Set(['Available', 'Unblocked', 'GAOverride', 'PremiereAvailable']);

export const seatKey = (row: number, column: number): string => `${row}:${column}`;

/**
 * The status of one seat, before the social-distance rule (which needs the neighbours).
 * Order of precedence: not a seat → claim (Sold/Locked) → manual block → seat-type block →
 * premiere tier → Available.
 */
export function baseSeatStatus(seat: LayoutSeat, facts: SeatFacts, viewer: Viewer): SeatStatus {
  if (seat.type === 'NotASeat') return 'Blocked';
  if (facts.claim === 'sold') return 'Sold';
  if (facts.claim === 'held') return 'Locked';
  if (facts.block === 'Blocked') return 'Blocked';
  if (facts.block === 'GAOverride') return 'GAOverride';
  if (facts.block === 'Unblocked') return 'Unblocked';
  if (seat.type === 'Blocked') return 'Blocked';
  if (seat.tier === 'Premiere') {
    // The spec's one transition: a premiere seat whose lock is released becomes Unblocked.
    if (facts.lockReleased) return 'Unblocked';
    return viewer.isPremiereMember ? 'PremiereAvailable' : 'PremiereUnavailable';
  }
  return 'Available';
}

export interface DerivedSeat<S extends LayoutSeat = LayoutSeat> {
  seat: S;
  status: SeatStatus;
  available: boolean;
}

const NO_FACTS: SeatFacts = { claim: null, lockReleased: false, block: null };

/**
 * Statuses of every seat of a showtime for one viewer. `facts` holds only the seats that have a claim,
 * a released lock or a block (keyed by `seatKey`); the rest are plain layout seats.
 * Social distancing blocks a sellable seat whose left or right neighbour in the row is Sold or Locked.
 */
export function deriveSeatMap<S extends LayoutSeat>(
  seats: readonly S[],
  facts: ReadonlyMap<string, SeatFacts>,
  viewer: Viewer,
  rules: ShowtimeRules,
): DerivedSeat<S>[] {
  const base = seats.map((seat) => baseSeatStatus(seat, facts.get(seatKey(seat.row, seat.column)) ?? NO_FACTS, viewer));
  let statuses = base;
  if (rules.socialDistancing) {
    const occupied = new Set<string>();
    seats.forEach((seat, i) => {
      if (base[i] === 'Sold' || base[i] === 'Locked') occupied.add(seatKey(seat.row, seat.column));
    });
    statuses = seats.map((seat, i) => {
      const s = base[i];
      if (!SELLABLE.has(s) && s !== 'PremiereUnavailable') return s;
      const beside =
        occupied.has(seatKey(seat.row, seat.column - 1)) || occupied.has(seatKey(seat.row, seat.column + 1));
      return beside ? 'BlockedForSocialDistance' : s;
    });
  }
  return seats.map((seat, i) => ({ seat, status: statuses[i], available: SELLABLE.has(statuses[i]) }));
}

/** Builds the facts map from claim rows (any status) and block rows of one showtime. */
export function collectSeatFacts(
  claims: readonly { row: number; column: number; status: string }[],
  blocks: readonly { row: number; column: number; kind: string }[],
): Map<string, SeatFacts> {
  const facts = new Map<string, SeatFacts>();
  const get = (row: number, column: number) => {
    const key = seatKey(row, column);
    let f = facts.get(key);
    if (!f) {
      f = { claim: null, lockReleased: false, block: null };
      facts.set(key, f);
    }
    return f;
  };
  for (const c of claims) {
    const f = get(c.row, c.column);
    if (c.status === 'held' || c.status === 'sold') f.claim = c.status;
    else if (c.status === 'released' || c.status === 'expired') f.lockReleased = true;
  }
  for (const b of blocks) get(b.row, b.column).block = b.kind as BlockKind;
  for (const f of facts.values()) if (f.claim) f.lockReleased = false;
  return facts;
}
