import type { SeatStatusChange } from '../../schema/seat-event.type';
import type { Seat } from '../../schema/seat.type';
import { SeatFanout } from '../../src/realtime/fanout';
import { parseCursor } from '../../src/realtime/cursor';
import { useTestApp } from '../helpers/app';
import { holdSeats, pickShowtimes } from '../helpers/orders';

const { app, sql } = useTestApp();

describe('the fan-out', () => {
  it('drops a subscriber that stops taking messages once its unsent messages pass the buffer', async () => {
    const [st] = await pickShowtimes(sql, 1, 50);
    const fanout = new SeatFanout(app.database.db, () => undefined, { bufferLimit: 3 });
    const dropped: string[] = [];
    const stream = await fanout.subscribe(st.showtimeId, { isPremiereMember: false }, null, (e) => dropped.push(e.code));
    const it = stream[Symbol.asyncIterator]();
    const first = await it.next();
    const head = parseCursor(first.value!.cursor)!.seq;
    // Events the relay would hand on; the subscriber takes none of them.
    const seat = st.regular[0];
    for (let i = 1; i <= 5; i += 1) {
      fanout.events(st.showtimeId, [{ showtimeId: st.showtimeId, seq: head + i, seats: [[seat.row, seat.column, 'held']], cause: 'hold' }]);
    }
    await fanout.drain();
    expect(dropped).toEqual(['SUBSCRIBER_TOO_SLOW']);
    expect(fanout.stats.dropped).toBe(1);
    // What it had buffered it still gets, in order; then the stream ends with the error.
    const got: number[] = [];
    await expect(
      (async () => {
        for (let r = await it.next(); !r.done; r = await it.next()) got.push(parseCursor(r.value.cursor)!.seq);
      })(),
    ).rejects.toMatchObject({ code: 'SUBSCRIBER_TOO_SLOW' });
    expect(got).toEqual(got.slice().sort((a, b) => a - b));
    expect(fanout.size).toBe(0);
  });

  it('a subscriber that keeps up is never dropped', async () => {
    const [st] = await pickShowtimes(sql, 1, 51);
    const fanout = new SeatFanout(app.database.db, () => undefined, { bufferLimit: 3 });
    const dropped: string[] = [];
    const stream = await fanout.subscribe(st.showtimeId, { isPremiereMember: false }, null, (e) => dropped.push(e.code));
    const it = stream[Symbol.asyncIterator]();
    const head = parseCursor((await it.next()).value!.cursor)!.seq;
    const seat = st.regular[0];
    for (let i = 1; i <= 10; i += 1) {
      fanout.events(st.showtimeId, [{ showtimeId: st.showtimeId, seq: head + i, seats: [[seat.row, seat.column, 'held']], cause: 'hold' }]);
      const r = await it.next();
      expect(parseCursor(r.value!.cursor)!.seq).toBe(head + i);
    }
    expect(dropped).toEqual([]);
    await it.return?.();
  });
});

describe("the fan-out's whole-map messages", () => {
  const firstOf = async (fanout: SeatFanout, showtimeId: number, member: boolean) => {
    const stream = await fanout.subscribe(showtimeId, { isPremiereMember: member }, null, () => undefined);
    const it = stream[Symbol.asyncIterator]();
    const first = (await it.next()).value!;
    return { first, close: () => it.return?.() };
  };

  it('are shared by new subscribers at the same log position, and read again once a seat changed', async () => {
    const [st] = await pickShowtimes(sql, 1, 52);
    const fanout = new SeatFanout(app.database.db, () => undefined, { bufferLimit: 100 });
    const a = await firstOf(fanout, st.showtimeId, false);
    const b = await firstOf(fanout, st.showtimeId, false);
    // The same message object: one map read, one serialisation for both.
    expect(b.first).toBe(a.first);
    // Another membership class has its own.
    const m = await firstOf(fanout, st.showtimeId, true);
    expect(m.first).not.toBe(a.first);
    expect(m.first.cursor).toBe(a.first.cursor);

    // A hold moves the log; this fan-out has no relay, so only a new map read can show the seat held.
    const seat = st.regular[0];
    const statusOf = (message: SeatStatusChange) =>
      message.seats.find((s: Seat) => s.row === seat.row && s.column === seat.column)?.seatStatus;
    expect(statusOf(a.first)).toBe('AVAILABLE');
    await holdSeats(app.gql, st.showtimeId, [{ row: seat.row, column: seat.column }]);
    const c = await firstOf(fanout, st.showtimeId, false);
    expect(c.first).not.toBe(a.first);
    expect(parseCursor(c.first.cursor)!.seq).toBe(parseCursor(a.first.cursor)!.seq + 1);
    expect(statusOf(c.first)).not.toBe('AVAILABLE');
    for (const s of [a, b, m, c]) await s.close();
    expect(fanout.size).toBe(0);
  });
});
