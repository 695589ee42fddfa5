import { index, integer, numeric, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { theatres } from './theatre';

export const auditoriums = pgTable(
  'auditoriums',
  {
    id: serial('id').primaryKey(),
    theatreId: integer('theatre_id')
      .notNull()
      .references(() => theatres.id, { onDelete: 'cascade' }),
    /** The auditorium number shown to guests, unique within a theatre. */
    number: integer('number').notNull(),
  },
  (t) => [unique('auditoriums_theatre_number_uq').on(t.theatreId, t.number)],
);

/** A seating layout of an auditorium; an auditorium may have several (for different showtimes). */
export const seatingLayouts = pgTable(
  'seating_layouts',
  {
    id: serial('id').primaryKey(),
    auditoriumId: integer('auditorium_id')
      .notNull()
      .references(() => auditoriums.id, { onDelete: 'cascade' }),
    theatreId: integer('theatre_id')
      .notNull()
      .references(() => theatres.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    currentVersionNumber: integer('current_version_number').notNull().default(1),
  },
  (t) => [index('seating_layouts_theatre_idx').on(t.theatreId)],
);

/** One version of a layout; a change makes a new version, and showtimes keep the version they were sold on. */
export const layoutVersions = pgTable(
  'layout_versions',
  {
    id: serial('id').primaryKey(),
    layoutId: integer('layout_id')
      .notNull()
      .references(() => seatingLayouts.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    rows: integer('rows').notNull(),
    columns: integer('columns').notNull(),
  },
  (t) => [unique('layout_versions_layout_version_uq').on(t.layoutId, t.versionNumber)],
);

/**
 * A cell of a layout version. `type` is the spec's seat type (CanReserve, NotASeat, Wheelchair, …),
 * `tier` is Regular, Premiere or '' for a non-seat. Per-showtime status is derived, never stored here.
 */
export const layoutSeats = pgTable(
  'layout_seats',
  {
    layoutVersionId: integer('layout_version_id')
      .notNull()
      .references(() => layoutVersions.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    column: integer('column').notNull(),
    seatName: text('seat_name').notNull(),
    type: text('type').notNull(),
    tier: text('tier').notNull(),
    zoneNumber: integer('zone_number'),
  },
  (t) => [primaryKey({ columns: [t.layoutVersionId, t.row, t.column] })],
);

export const layoutZones = pgTable(
  'layout_zones',
  {
    layoutVersionId: integer('layout_version_id')
      .notNull()
      .references(() => layoutVersions.id, { onDelete: 'cascade' }),
    zoneNumber: integer('zone_number').notNull(),
    surchargeAmount: numeric('surcharge_amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    discountAmount: numeric('discount_amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.layoutVersionId, t.zoneNumber] })],
);
