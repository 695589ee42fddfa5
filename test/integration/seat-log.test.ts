import postgres from 'postgres';
import { parseCursor } from '../../src/realtime/cursor';
import { startTestApp, useTestApp, type TestApp } from '../helpers/app';
import { holdSeats, M, must, pickShowtimes, seatsOf, sqlOf, VENDOR, type ShowtimeFixture } from '../helpers/orders';
import { openSocket, type RawSocket } from '../helpers/ws';

/** Two instances on one database, as behind a load balancer. */
let sql: postgres.Sql;
let shows: ShowtimeFixture[];

const { app: a } = useTestApp();
const { app: b } = useTestApp({ sharing: a });
beforeAll(async () => {
  // Named, so that the test can terminate every other connection to the database and keep its own.
  sql = postgres(a.databaseUrl, { max: 2, onnotice: () => undefined, connection: { application_name: 'seat-log-test' } });
  shows = await pickShowtimes(sql, 5, 30);
});
afterAll(async () => {
  await sql?.end();
});

interface Change {
  cursor: string;
  resync: boolean;
  seats: { row: number; column: number; seatStatus: string }[];
}

const QUERY = `subscription($id: Int!, $after: String) {
  seatStatusChanged(showtimeId: $id, after: $after) { cursor resync seats { row column seatStatus } } }`;

/** A raw graphql-ws subscription of one showtime's seat map, keeping every message. */
async function subscribe(app: TestApp, showtimeId: number, after?: string) {
  const socket = await openSocket(app.url);
  await socket.waitFor((m) => m.type === 'connection_ack');
  socket.send({ id: '1', type: 'subscribe', payload: { query: QUERY, variables: { id: showtimeId, after: after ?? null } } });
  const changes = () =>
    socket.messages
      .filter((m) => m.id === '1' && m.type === 'next')
      .map((m) => (m.payload as { data: { seatStatusChanged: Change } }).data.seatStatusChanged);
  const until = async (pred: (all: Change[]) => boolean, timeoutMs = 8000) => {
    await socket.waitFor(() => pred(changes()), timeoutMs);
    return changes();
  };
  return { socket, changes, until };
}

const seqOf = (c: Change) => parseCursor(c.cursor)!.seq;
const statusOf = (c: Change, seat: { row: number; column: number }) =>
  c.seats.find((s) => s.row === seat.row && s.column === seat.column)?.seatStatus;
/** The errors a subscription was refused with (graphql-ws sends them as `error`, or as a `next` with errors). */
async function errorOf(socket: RawSocket): Promise<unknown> {
  const m = await socket.waitFor(
    (x) => x.id === '1' && (x.type === 'error' || (x.type === 'next' && 'errors' in (x.payload as object))),
  );
  return m.type === 'error' ? m.payload : (m.payload as { errors: unknown }).errors;
}

describe('the seat-event log and resumable live maps', () => {
  it('a subscriber that comes back with its last cursor gets exactly what it missed, in order, from either instance', async () => {
    const st = shows[0];
    const seats = seatsOf(st.regular.slice(0, 6));
    const first = await subscribe(a, st.showtimeId);
    const [snapshot] = await first.until((all) => all.length >= 1);
    expect(snapshot.resync).toBe(false);
    const held = await holdSeats(a.gql, st.showtimeId, seats.slice(0, 1));
    const [, live] = await first.until((all) => all.length >= 2);
    expect(statusOf(live, seats[0])).toBe('LOCKED');
    expect(seqOf(live)).toBe(seqOf(snapshot) + 1);
    first.socket.close();
    await first.socket.closed;

    // While away: changes through B and through A.
    const viaB = await holdSeats(b.gql, st.showtimeId, seats.slice(1, 3));
    await must(a.gql, M.cancel, { id: held.id });
    const viaA = await holdSeats(a.gql, st.showtimeId, seats.slice(3, 4));

    const back = await subscribe(a, st.showtimeId, live.cursor);
    const missed = await back.until((all) => all.length >= 3);
    expect(missed.map(seqOf)).toEqual([seqOf(live) + 1, seqOf(live) + 2, seqOf(live) + 3]);
    expect(missed.map((c) => c.seats.map((s) => `${s.row}:${s.column}`).sort())).toEqual([
      [seats[1], seats[2]].map((s) => `${s.row}:${s.column}`).sort(),
      [`${seats[0].row}:${seats[0].column}`],
      [`${seats[3].row}:${seats[3].column}`],
    ]);
    expect(statusOf(missed[1], seats[0])).toBe('AVAILABLE');
    // Then live, with no duplicate: the next change is the next seq.
    await must(b.gql, M.cancel, { id: viaB.id });
    const all = await back.until((c) => c.length >= 4);
    expect(all).toHaveLength(4);
    expect(seqOf(all[3])).toBe(seqOf(live) + 4);
    expect(all.every((c) => !c.resync)).toBe(true);
    back.socket.close();
    await must(a.gql, M.cancel, { id: viaA.id });
  });

  it('a rolled-back hold is never in the log and never announced', async () => {
    const st = shows[1];
    const [x, y] = seatsOf(st.regular.slice(0, 2));
    const w = await subscribe(a, st.showtimeId);
    const [snapshot] = await w.until((all) => all.length >= 1);
    const first = await holdSeats(a.gql, st.showtimeId, [x]);
    await w.until((all) => all.length >= 2);
    const order = await must<{ id: number }>(a.gql, M.create, { input: {} }, VENDOR);
    const lost = await a.gql(M.addTickets, { input: { orderId: order.id, showtimeId: st.showtimeId, seats: [y, x] } }, VENDOR);
    expect(lost.errors?.[0].extensions?.code).toBe('SEAT_UNAVAILABLE');
    await must(a.gql, M.cancel, { id: first.id });
    const all = await w.until((c) => c.length >= 3);
    expect(all.map(seqOf)).toEqual([seqOf(snapshot), seqOf(snapshot) + 1, seqOf(snapshot) + 2]);
    expect(all.flatMap((c) => c.seats.slice(0, 5)).some((s) => s.row === y.row && s.column === y.column && s.seatStatus !== 'AVAILABLE')).toBe(false);
    const logged = await sql<{ n: number }[]>`
      select count(*)::int as n from seat_events, jsonb_array_elements(seats) as s
      where showtime_id = ${st.showtimeId} and (s->>0)::int = ${y.row} and (s->>1)::int = ${y.column}`;
    expect(logged[0].n).toBe(0);
    w.socket.close();
  });

  it('killing the relay\'s database connections during a burst of holds loses no event', async () => {
    const st = shows[2];
    const seats = seatsOf(st.regular.slice(0, 24));
    const w = await subscribe(a, st.showtimeId);
    const [snapshot] = await w.until((all) => all.length >= 1);
    const burst: Promise<unknown>[] = seats.map(async (seat, i) => {
      await new Promise((r) => setTimeout(r, i * 15));
      return holdSeats(i % 2 ? b.gql : a.gql, st.showtimeId, [seat]);
    });
    // Mid-burst, twice: both instances' relay connections (its log reads and its LISTEN) are terminated.
    const kill = async () => {
      const [{ killed }] = await sql<{ killed: number }[]>`
        select count(pg_terminate_backend(pid))::int as killed from pg_stat_activity
        where datname = current_database() and application_name = 'marquee-relay'`;
      return killed;
    };
    await new Promise((r) => setTimeout(r, 100));
    expect(await kill()).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 120));
    await kill();
    const results = await Promise.allSettled(burst);
    const held = results.filter((r) => r.status === 'fulfilled').length;
    expect(held).toBe(seats.length);
    const [{ n }] = await sql<{ n: number }[]>`
      select count(*)::int as n from seat_events where showtime_id = ${st.showtimeId} and seq > ${seqOf(snapshot)}`;
    expect(n).toBeGreaterThanOrEqual(held);
    const all = await w.until((c) => c.length >= 1 + n, 15_000);
    expect(all.map(seqOf)).toEqual(Array.from({ length: 1 + n }, (_, i) => seqOf(snapshot) + i));
    const claimed = await sql<{ row: number; column: number }[]>`
      select row, "column" from seat_claims where showtime_id = ${st.showtimeId} and status = 'held'`;
    const last = new Map<string, string>();
    for (const c of all) for (const s of c.seats) last.set(`${s.row}:${s.column}`, s.seatStatus);
    for (const c of claimed) expect([c, last.get(`${c.row}:${c.column}`)]).toEqual([c, 'LOCKED']);
    w.socket.close();
  });

  it('a malformed cursor, or one of another showtime, is BAD_USER_INPUT', async () => {
    const [st, other] = shows.slice(3, 5);
    const w = await subscribe(a, st.showtimeId);
    const [snapshot] = await w.until((all) => all.length >= 1);
    w.socket.close();
    for (const after of ['garbage', snapshot.cursor.slice(0, -2)]) {
      const bad = await subscribe(a, st.showtimeId, after);
      expect(await errorOf(bad.socket)).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })]);
      bad.socket.close();
    }
    const elsewhere = await subscribe(a, other.showtimeId, snapshot.cursor);
    expect(await errorOf(elsewhere.socket)).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })]);
    elsewhere.socket.close();
  });
});

describe('retention', () => {
  it('a cursor past retention gets CURSOR_EXPIRED; the sweeper prunes safely on two instances', async () => {
    const one = await startTestApp({ env: { SEAT_EVENT_RETENTION: '1s' } });
    const two = await startTestApp({ databaseUrl: one.databaseUrl, env: { SEAT_EVENT_RETENTION: '1s' } });
    const db = sqlOf(one);
    try {
      const [st] = await pickShowtimes(db, 1, 40);
      const w = await subscribe(one, st.showtimeId);
      const [snapshot] = await w.until((all) => all.length >= 1);
      w.socket.close();
      for (const seat of seatsOf(st.regular.slice(0, 4))) await holdSeats(one.gql, st.showtimeId, [seat]);
      const [{ n: before }] = await db<{ n: number }[]>`select count(*)::int as n from seat_events where showtime_id = ${st.showtimeId}`;
      expect(before).toBe(4);
      // Both instances sweep every second; wait until the events are gone.
      for (let i = 0; i < 50; i += 1) {
        const [{ n }] = await db<{ n: number }[]>`select count(*)::int as n from seat_events`;
        if (n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const [{ n: after }] = await db<{ n: number }[]>`select count(*)::int as n from seat_events`;
      expect(after).toBe(0);
      const late = await subscribe(two, st.showtimeId, snapshot.cursor);
      expect(await errorOf(late.socket)).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'CURSOR_EXPIRED' }) }),
      ]);
      late.socket.close();
      // A fresh subscription (no cursor) still works and carries the current head.
      const fresh = await subscribe(two, st.showtimeId);
      const [map] = await fresh.until((all) => all.length >= 1);
      expect(seqOf(map)).toBe(seqOf(snapshot) + 4);
      fresh.socket.close();
    } finally {
      await db.end();
      await two.close();
      await one.close();
    }
  });
});
