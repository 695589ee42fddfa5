import { Field, Float, Int, ObjectType } from 'type-graphql';
import type { LayoutSeatRow, LayoutVersionRecord, LayoutZoneRow, SeatMap } from '../src/services/seating';
import { LayoutSeat, Seat, SEAT_STATUS_ENUM, SeatStatus, toSeatType } from './seat.type';

@ObjectType({ description: "The seat map of one performance, with each seat's status for the viewer." })
export class SeatingLayout {
  @Field(() => Int, { description: "The theatre's id." })
  theatreNumber!: number;

  @Field(() => Int, { description: "The showtime's performance number." })
  performanceNumber!: number;

  @Field(() => Int, { description: 'Rows of the seat grid.' })
  rows!: number;

  @Field(() => Int, { description: 'Columns of the seat grid.' })
  columns!: number;

  /** The derived map; `seats` and `seatStatuses` are made from it only when asked for. */
  map!: SeatMap;

  private seatObjects?: Seat[];

  @Field(() => [Seat], { description: 'Every cell of the layout, row by row (aisles as NOT_A_SEAT; REST spells it NotASeat).' })
  get seats(): Seat[] {
    this.seatObjects ??= this.map.seats.map(({ seat, status, available }) =>
      Object.assign(new Seat(), {
        showtimeId: this.map.showtimeId,
        row: seat.row,
        column: seat.column,
        seatName: seat.seatName,
        type: toSeatType(seat.type),
        seatTier: seat.tier,
        zoneNumber: seat.zoneNumber,
        available,
        seatStatus: SEAT_STATUS_ENUM[status],
      }),
    );
    return this.seatObjects;
  }

  @Field(() => [SeatStatus], {
    description:
      "The compact map for viewers: every cell's status, in the order of `layout.seats` (row by row). " +
      'The cells of a layout version never change, so a client caches them by `layout { id versionNumber }` ' +
      'and reads only this array per showtime (no object per seat).',
  })
  get seatStatuses(): SeatStatus[] {
    return this.map.seats.map((s) => SEAT_STATUS_ENUM[s.status]);
  }
}

export function toSeatingLayout(map: SeatMap): SeatingLayout {
  return Object.assign(new SeatingLayout(), {
    theatreNumber: map.theatreNumber,
    performanceNumber: map.performanceNumber,
    rows: map.rows,
    columns: map.columns,
    map,
  });
}

@ObjectType({ description: 'A price zone of a layout; a surcharge of 0 means a discount may apply.' })
export class LayoutZone {
  @Field(() => Int, { description: 'The zone number seats refer to.', nullable: true })
  zoneNumber!: number | null;

  @Field(() => Float, { description: 'Added to the ticket price in this zone.' })
  surchargeAmount!: number;

  @Field(() => Float, { description: 'Taken off the ticket price in this zone.' })
  discountAmount!: number;

  @Field(() => String, { description: 'What the zone is, e.g. Premium.' })
  description!: string;
}

@ObjectType({
  description:
    'One version of one of the layouts an auditorium can have. `id` is the layout (the REST id), the same for all its versions: a client cache keys it by `[id, versionNumber]`.',
})
export class Layout {
  @Field(() => Int, { description: 'The layout id (differentiates the layouts of an auditorium).' })
  id!: number;

  @Field(() => Int, { description: 'Incremented when the layout changes.' })
  versionNumber!: number;

  @Field(() => Int, { description: 'The theatre id.' })
  theatreNumber!: number;

  @Field(() => Int, { description: 'Rows of the seat grid.' })
  rows!: number;

  @Field(() => Int, { description: 'Columns of the seat grid.' })
  columns!: number;

  /** The layout version's own id: what seats and zones load by. */
  versionId!: number;
}

export function toLayout(v: LayoutVersionRecord): Layout {
  return Object.assign(new Layout(), {
    id: v.layoutId,
    versionNumber: v.versionNumber,
    theatreNumber: v.theatreId,
    rows: v.rows,
    columns: v.columns,
    versionId: v.versionId,
  });
}

export const toLayoutSeat = (layout: Pick<Layout, 'id' | 'versionNumber'>, s: LayoutSeatRow): LayoutSeat =>
  Object.assign(new LayoutSeat(), {
    layoutId: layout.id,
    versionNumber: layout.versionNumber,
    row: s.row,
    column: s.column,
    seatName: s.seatName,
    type: toSeatType(s.type),
    seatTier: s.tier,
    zoneNumber: s.zoneNumber,
  });

export const toLayoutZone = (z: LayoutZoneRow): LayoutZone =>
  Object.assign(new LayoutZone(), {
    zoneNumber: z.zoneNumber,
    surchargeAmount: z.surchargeAmount,
    discountAmount: z.discountAmount,
    description: z.description,
  });

@ObjectType({ description: 'An auditorium of a theatre and its layouts.' })
export class AuditoriumLayouts {
  @Field(() => Int, { description: 'The auditorium number.' })
  auditorium!: number;

  @Field(() => [Layout], { description: "The auditorium's layouts at their current version." })
  layouts!: Layout[];
}

@ObjectType({ description: "A theatre's auditoriums and their seating layouts." })
export class TheatreSeatingLayouts {
  @Field(() => Int, { description: 'The theatre id.' })
  theatreNumber!: number;

  @Field(() => [AuditoriumLayouts], { description: "The theatre's auditoriums with their layouts." })
  auditoriums!: AuditoriumLayouts[];
}
