import { sql } from 'drizzle-orm';
import { countingDb, sharedDb, StatementCount, statementCountOf } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { theatres } from '../../db/schema';
import { announceSeatEvents, onSeatEventsCommitted } from '../../src/services/seating';
import { getTheatresByIds } from '../../src/services/theatre';
import { onWebhookWork, wakeWebhooks } from '../../src/services/webhook';
import { useTestApp } from '../helpers/app';

/**
 * A request's database handle counts its statements (db/client.ts `countingDb`) — built queries,
 * transactions, statements prepared on the shared handle, statements sent past drizzle — and is the
 * shared handle for everything keyed by the database: commit listeners and webhook wake-ups registered
 * on the shared handle hear writes made through a request's.
 */
const { app } = useTestApp();

it('counts every kind of statement sent through it, and none sent through the shared handle', async () => {
  const shared = app.database.db;
  const count = new StatementCount();
  const db = countingDb(shared, count);
  expect(sharedDb(db)).toBe(shared);
  expect(statementCountOf(shared)).toBeUndefined();

  await db.select({ id: theatres.id }).from(theatres).limit(1);
  expect(count.count).toBe(1);
  await db.transaction(async (tx) => {
    expect(statementCountOf(tx)).toBe(count);
    await tx.select({ id: theatres.id }).from(theatres).limit(1);
    await tx.execute(sql`select 1`);
    await executePrepared(tx, sql`select 2`);
  });
  expect(count.count).toBe(4);
  await getTheatresByIds(db, [1]); // prepared once on the shared handle
  await getTheatresByIds(db, [1]);
  expect(count.count).toBe(6);
  await executePrepared(db, sql`select 3`);
  expect(count.count).toBe(7);

  await shared.select({ id: theatres.id }).from(theatres).limit(1);
  await getTheatresByIds(shared, [1]);
  expect(count.count).toBe(7);
  // Two requests, two counts.
  const other = new StatementCount();
  await getTheatresByIds(countingDb(shared, other), [1]);
  expect([count.count, other.count]).toEqual([7, 1]);
});

it('reaches the listeners registered on the shared handle', () => {
  const shared = app.database.db;
  const db = countingDb(shared, new StatementCount());
  const committed: number[][] = [];
  let woken = 0;
  const stopSeats = onSeatEventsCommitted(shared, (ids) => committed.push(ids));
  const stopWebhooks = onWebhookWork(shared, () => (woken += 1));
  try {
    announceSeatEvents(db, [42]);
    wakeWebhooks(db);
    expect(committed).toEqual([[42]]);
    expect(woken).toBe(1);
  } finally {
    stopSeats();
    stopWebhooks();
  }
});
