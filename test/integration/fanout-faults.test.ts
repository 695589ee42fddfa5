import { openDatabase, type Database } from '../../db/client';
import type { SeatStatusChange } from '../../schema/seat-event.type';
import { parseCursor } from '../../src/realtime/cursor';
import { SeatFanout } from '../../src/realtime/fanout';
import { readShowtimeEventsAfter } from '../../src/realtime/seat-events';
import { useTestApp } from '../helpers/app';
import { ADMIN_URL } from '../helpers/db';
import { holdSeats, pickShowtimes, seatsOf, type ShowtimeFixture } from '../helpers/orders';
import { TcpProxy } from '../helpers/tcp-proxy';

/**
 * The fan-out's failure rule (src/realtime/retry.ts, docs/realtime.md) with its database cut off
 * between reading the log and sending: the fan-out reads through a TCP proxy the test cuts, while the
 * events are in the log (written through the app, which stays connected).
 */

const admin = new URL(ADMIN_URL);
let proxy: TcpProxy;
let database: Database;
let shows: ShowtimeFixture[];
const logged: string[] = [];

/** Quick retries for the test: 20, 40 ms, then a resync retried every ≤ 100 ms. */
const fanoutOf = (firstMessageTimeoutMs = 10_000) =>
  new SeatFanout(database.db, (_obj, msg) => logged.push(msg), {
    bufferLimit: 100,
    firstMessageTimeoutMs,
    retry: { baseMs: 20, attempts: 3, capMs: 100 },
  });

const seqOf = (m: SeatStatusChange) => parseCursor(m.cursor)!.seq;
const statusOf = (m: SeatStatusChange, seat: { row: number; column: number }) =>
  m.seats.find((s) => s.row === seat.row && s.column === seat.column)?.seatStatus;

const { app, sql } = useTestApp();
beforeAll(async () => {
  shows = await pickShowtimes(sql, 2, 60);
  proxy = await TcpProxy.start({ host: admin.hostname, port: Number(admin.port || 5432) });
  database = await openDatabase({ databaseUrl: proxy.urlThrough(app.databaseUrl), dataDir: '', maxConnections: 2, connectTimeoutMs: 1000 });
});
afterAll(async () => {
  await database?.close();
  await proxy?.close();
});

describe("the fan-out's database failing between the log and the subscriber", () => {
  it('a delivery that keeps failing becomes a resync, sent once the database is back; then live events go on gap-free', async () => {
    const st = shows[0];
    const fanout = fanoutOf();
    const stream = await fanout.subscribe(st.showtimeId, { isPremiereMember: false }, null, () => undefined);
    const it = stream[Symbol.asyncIterator]();
    const snapshot = (await it.next()).value!;
    const head = seqOf(snapshot);

    const [x, y] = seatsOf(st.regular.slice(0, 2));
    await holdSeats(app.gql, st.showtimeId, [x]);
    const events = await readShowtimeEventsAfter(app.database.db, st.showtimeId, head, 10);
    expect(events.map((e) => e.seq)).toEqual([head + 1]);

    await proxy.cut('refuse');
    // What the relay does: hand over the events it read. The map read that delivery needs fails.
    fanout.events(st.showtimeId, events);
    const until = Date.now() + 5000;
    while (fanout.stats.escalations === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(fanout.stats.escalations).toBe(1);
    // The resync keeps trying while the database is away.
    const triedBefore = fanout.stats.retries;
    await new Promise((r) => setTimeout(r, 300));
    expect(fanout.stats.retries).toBeGreaterThan(triedBefore);
    await proxy.restore();

    const resync = (await it.next()).value!;
    expect(resync.resync).toBe(true);
    expect(seqOf(resync)).toBe(head + 1);
    expect(statusOf(resync, x)).toBe('LOCKED');
    expect(resync.seats.length).toBe(snapshot.seats.length);

    // Live again, from the resync's position on.
    await holdSeats(app.gql, st.showtimeId, [y]);
    fanout.events(st.showtimeId, await readShowtimeEventsAfter(app.database.db, st.showtimeId, head + 1, 10));
    const next = (await it.next()).value!;
    expect([next.resync, seqOf(next), statusOf(next, y)]).toEqual([false, head + 2, 'LOCKED']);
    expect(logged).toContain('seat event deliver failed 3 times: resyncing its subscribers');
    await it.return?.();
    await fanout.stop();
  });

  it('a subscriber waiting for its first message gets it once the database is back, or SERVICE_UNAVAILABLE past its deadline', async () => {
    const st = shows[1];
    const fanout = fanoutOf(1500);
    const patient = await fanout.subscribe(st.showtimeId, { isPremiereMember: false }, null, () => undefined);
    const dropped: string[] = [];
    const waiting = await fanout.subscribe(st.showtimeId, { isPremiereMember: true }, null, (e) => dropped.push(e.code));

    // Both are subscribed (the showtime was read); their first messages are read when they start.
    await proxy.cut('refuse');
    const patientIt = patient[Symbol.asyncIterator]();
    const patientFirst = patientIt.next();
    await new Promise((r) => setTimeout(r, 300));
    await proxy.restore();
    const first = (await patientFirst).value!;
    expect(first.seats.length).toBeGreaterThan(0);

    await proxy.cut('refuse');
    const waitingIt = waiting[Symbol.asyncIterator]();
    const started = Date.now();
    await expect(waitingIt.next()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(1400);
    expect(waited).toBeLessThan(4000);
    expect(dropped).toEqual(['SERVICE_UNAVAILABLE']);
    await proxy.restore();
    await patientIt.return?.();
    await fanout.stop();
    expect(fanout.size).toBe(0);
  });
});
