import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { SEAT_STATUSES, SEAT_TYPES, type SeatStatus as SpecSeatStatus, type SeatType as SpecSeatType } from '../src/services/seating';

/** The spec's seat types in SCREAMING_CASE (REST prints the spec's spelling via `SEAT_TYPE_SPEC`). */
export enum SeatType {
  CAN_RESERVE = 'CAN_RESERVE',
  BLOCKED = 'BLOCKED',
  WHEELCHAIR = 'WHEELCHAIR',
  COMPANION = 'COMPANION',
  GENERAL_ADMISSION = 'GENERAL_ADMISSION',
  NA = 'NA',
  LOVE_SEAT_LEFT = 'LOVE_SEAT_LEFT',
  LOVE_SEAT_RIGHT = 'LOVE_SEAT_RIGHT',
  NOT_A_SEAT = 'NOT_A_SEAT',
  RECLINER = 'RECLINER',
}
registerEnumType(SeatType, {
  name: 'SeatType',
  description: 'Kind of a layout cell; NOT_A_SEAT designates aisles.',
  valuesConfig: {
    CAN_RESERVE: { description: 'An ordinary reservable seat.' },
    BLOCKED: { description: 'A seat that is never sold.' },
    WHEELCHAIR: { description: 'A wheelchair space.' },
    COMPANION: { description: 'A companion seat next to a wheelchair space.' },
    GENERAL_ADMISSION: { description: 'General admission: no assigned seat.' },
    NA: { description: "Not applicable (the spec's NA)." },
    LOVE_SEAT_LEFT: { description: 'The left half of a love seat.' },
    LOVE_SEAT_RIGHT: { description: 'The right half of a love seat.' },
    NOT_A_SEAT: { description: 'No seat here (an aisle or gap in the grid).' },
    RECLINER: { description: 'A recliner.' },
  },
});

/** The spec's seat statuses in SCREAMING_CASE (REST prints the spec's spelling via `SEAT_STATUS_SPEC`). */
export enum SeatStatus {
  AVAILABLE = 'AVAILABLE',
  SOLD = 'SOLD',
  LOCKED = 'LOCKED',
  BLOCKED = 'BLOCKED',
  UNBLOCKED = 'UNBLOCKED',
  GA_OVERRIDE = 'GA_OVERRIDE',
  PREMIERE_AVAILABLE = 'PREMIERE_AVAILABLE',
  PREMIERE_UNAVAILABLE = 'PREMIERE_UNAVAILABLE',
  BLOCKED_FOR_SOCIAL_DISTANCE = 'BLOCKED_FOR_SOCIAL_DISTANCE',
}
registerEnumType(SeatStatus, {
  name: 'SeatStatus',
  description: 'Status of a seat of one showtime for the viewer, derived from layout, claims, blocks and membership.',
  valuesConfig: {
    AVAILABLE: { description: 'Can be held.' },
    SOLD: { description: 'Sold.' },
    LOCKED: { description: 'Held by an order.' },
    BLOCKED: { description: 'Not for sale (blocked manually, or not a seat).' },
    UNBLOCKED: { description: 'A seat of a blocked type made sellable for this showtime; can be held.' },
    GA_OVERRIDE: { description: 'Sold as general admission.' },
    PREMIERE_AVAILABLE: { description: 'A Premiere seat this viewer (a member) can hold.' },
    PREMIERE_UNAVAILABLE: { description: 'A Premiere seat this viewer (not a member) cannot hold.' },
    BLOCKED_FOR_SOCIAL_DISTANCE: { description: 'Kept empty next to a claimed seat by the social-distancing rule.' },
  },
});

/** `CanReserve` → `CAN_RESERVE`, `GAOverride` → `GA_OVERRIDE`, `NA` → `NA`. */
export function screamingCase(specName: string): string {
  return specName
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase();
}

/** Spec spelling → enum, and back (for REST). */
export const SEAT_TYPE_ENUM = Object.fromEntries(SEAT_TYPES.map((t) => [t, screamingCase(t) as SeatType])) as Record<
  SpecSeatType,
  SeatType
>;
export const SEAT_TYPE_SPEC = Object.fromEntries(SEAT_TYPES.map((t) => [screamingCase(t), t])) as Record<
  SeatType,
  SpecSeatType
>;
export const SEAT_STATUS_ENUM = Object.fromEntries(
  SEAT_STATUSES.map((s) => [s, screamingCase(s) as SeatStatus]),
) as Record<SpecSeatStatus, SeatStatus>;
export const SEAT_STATUS_SPEC = Object.fromEntries(SEAT_STATUSES.map((s) => [screamingCase(s), s])) as Record<
  SeatStatus,
  SpecSeatStatus
>;

/** A layout type the database holds that is not one of the spec's falls back to NA. */
export const toSeatType = (specType: string): SeatType => SEAT_TYPE_ENUM[specType as SpecSeatType] ?? SeatType.NA;

@ObjectType({ description: 'A seat (or aisle cell) of a showtime, with its status for the viewer.' })
export class Seat {
  /** The showtime the seat belongs to: part of its id. */
  showtimeId!: number;

  @Field(() => ID, {
    description:
      'Unique among seats: `<showtimeId>:<row>:<column>`, so a client cache keeps one object per seat of a showtime and a `seatStatusChanged` message updates the cached map.',
  })
  get id(): string {
    return `${this.showtimeId}:${this.row}:${this.column}`;
  }

  @Field(() => Int, { description: 'Row in the grid, from 1.' })
  row!: number;

  @Field(() => Int, { description: 'Column in the grid, from 1.' })
  column!: number;

  @Field(() => String, { description: 'Displayable seat name, e.g. C7.' })
  seatName!: string;

  @Field(() => SeatType, { description: 'The kind of seat.' })
  type!: SeatType;

  @Field(() => String, { description: 'Regular, Premiere, or empty for a non-seat.' })
  seatTier!: string;

  @Field(() => Int, { description: 'The price zone of the seat.', nullable: true })
  zoneNumber!: number | null;

  @Field(() => Boolean, { description: 'Whether the viewer can buy the seat now.' })
  available!: boolean;

  @Field(() => SeatStatus, { description: 'The status of the seat for this viewer, now.' })
  seatStatus!: SeatStatus;
}

@ObjectType({ description: 'A cell of a theatre seating layout (no per-showtime status).' })
export class LayoutSeat {
  /** The layout version's `[id, versionNumber]`: part of its id. */
  layoutId!: number;
  versionNumber!: number;

  @Field(() => ID, {
    description: 'Unique among layout cells: `<layoutId>:<versionNumber>:<row>:<column>` (a version\'s cells never change).',
  })
  get id(): string {
    return `${this.layoutId}:${this.versionNumber}:${this.row}:${this.column}`;
  }

  @Field(() => Int, { description: 'Row in the grid, from 1.' })
  row!: number;

  @Field(() => Int, { description: 'Column in the grid, from 1.' })
  column!: number;

  @Field(() => String, { description: "The seat's name as printed (e.g. C7)." })
  seatName!: string;

  @Field(() => SeatType, { description: 'The kind of seat.' })
  type!: SeatType;

  @Field(() => String, { description: 'Seat tier, e.g. Standard or Premiere.' })
  seatTier!: string;

  @Field(() => Int, { description: 'The price zone of the seat.', nullable: true })
  zoneNumber!: number | null;
}
