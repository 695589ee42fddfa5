import type postgres from 'postgres';
import { SeatFanout } from '../../src/realtime/fanout';
import { parseCursor } from '../../src/realtime/cursor';
import { startTestApp, type TestApp } from '../helpers/app';
import { pickShowtimes, sqlOf } from '../helpers/orders';

let app: TestApp;
let sql: postgres.Sql;
beforeAll(async () => {
  app = await startTestApp();
  sql = sqlOf(app);
});
afterAll(async () => {
  await sql?.end();
  await app?.close();
});

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
