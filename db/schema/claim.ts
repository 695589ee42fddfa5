import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './order';
import { showtimes } from './showtime';

/**
 * Holds and sales of seats: the only per-showtime seat rows there are.
 * `status`: held → sold → refunded, or held → released / expired. A seat of a showtime has at most
 * one *active* claim (held or sold), enforced by the partial unique index below, not by code.
 */
export const seatClaims = pgTable(
  'seat_claims',
  {
    id: serial('id').primaryKey(),
    showtimeId: integer('showtime_id')
      .notNull()
      .references(() => showtimes.id),
    row: integer('row').notNull(),
    column: integer('column').notNull(),
    /** The order that claims the seat (null for holds made outside an order, e.g. by staff). */
    orderId: integer('order_id').references(() => orders.id),
    status: text('status').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seat_claims_active_seat_uq')
      .on(t.showtimeId, t.row, t.column)
      .where(sql`status in ('held', 'sold')`),
    index('seat_claims_showtime_idx').on(t.showtimeId),
    // Cancel, fulfil, refund and the order view find an order's claims by it; without it each of them
    // scanned every claim ever written.
    index('seat_claims_order_idx').on(t.orderId),
    index('seat_claims_expiry_idx').on(t.expiresAt).where(sql`status = 'held'`),
  ],
);

/** Manual per-showtime exceptions to a layout: `kind` is Blocked, Unblocked or GAOverride. */
export const seatBlocks = pgTable(
  'seat_blocks',
  {
    id: serial('id').primaryKey(),
    showtimeId: integer('showtime_id')
      .notNull()
      .references(() => showtimes.id),
    row: integer('row').notNull(),
    column: integer('column').notNull(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('seat_blocks_seat_uq').on(t.showtimeId, t.row, t.column)],
);
