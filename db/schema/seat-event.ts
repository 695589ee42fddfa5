import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { showtimes } from './showtime';

/**
 * The durable log of seat changes (holds, releases, expiries, sales, refunds, blocks), written in the
 * transaction of the change: a rolled-back change is never in it. `seq` counts per showtime, gap-free
 * and in commit order (taken from `seat_event_heads` at the end of the writing transaction), so a
 * reader that has seen `seq` n of a showtime misses nothing by asking for `seq > n`.
 */
export const seatEvents = pgTable(
  'seat_events',
  {
    showtimeId: integer('showtime_id')
      .notNull()
      .references(() => showtimes.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** `[[row, column, state], …]`: each seat with its new claim or block state. */
    seats: jsonb('seats').$type<[number, number, string][]>().notNull(),
    /** What made the change: hold, release, cancel, expiry, sale, refund, block, unblock. */
    cause: text('cause').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [primaryKey({ columns: [t.showtimeId, t.seq] }), index('seat_events_created_idx').on(t.createdAt)],
);

/**
 * The last `seq` of each showtime's log. Bumping it is the writing transaction's last statement, so
 * concurrent writers of one showtime take their numbers in commit order (the row lock is held only
 * from there to the commit), and a rolled-back writer leaves no gap.
 */
export const seatEventHeads = pgTable('seat_event_heads', {
  showtimeId: integer('showtime_id')
    .primaryKey()
    .references(() => showtimes.id),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});
