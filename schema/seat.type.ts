import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { SEAT_STATUSES, SEAT_TYPES, type SeatStatus as SpecSeatStatus, type SeatType as SpecSeatType } from '../src/services/seating/seat-status';

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
registerEnumType(SeatType, { name: 'SeatType', description: 'Kind of a layout cell; NOT_A_SEAT designates aisles.' });

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
  @Field(() => Int)
  row!: number;

  @Field(() => Int)
  column!: number;

  @Field(() => String, { description: 'Displayable seat name, e.g. C7.' })
  seatName!: string;

  @Field(() => SeatType)
  type!: SeatType;

  @Field(() => String, { description: 'Regular, Premiere, or empty for a non-seat.' })
  seatTier!: string;

  @Field(() => Int, { nullable: true })
  zoneNumber!: number | null;

  @Field(() => Boolean, { description: 'Whether the viewer can buy the seat now.' })
  available!: boolean;

  @Field(() => SeatStatus)
  seatStatus!: SeatStatus;
}

@ObjectType({ description: 'A cell of a theatre seating layout (no per-showtime status).' })
export class LayoutSeat {
  @Field(() => Int)
  row!: number;

  @Field(() => Int)
  column!: number;

  @Field(() => String)
  seatName!: string;

  @Field(() => SeatType)
  type!: SeatType;

  @Field(() => String)
  seatTier!: string;

  @Field(() => Int, { nullable: true })
  zoneNumber!: number | null;
}
