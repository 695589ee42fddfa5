import { useTestApp } from '../helpers/app';
import {
  holdSeats,
  M,
  must,
  pickShowtimes,
  seatsOf,
  showsAll,
  statusIn,
  VENDOR,
  watchSeats,
  type OrderShape,
  type ShowtimeFixture,
} from '../helpers/orders';

let shows: ShowtimeFixture[];

const { app, sql } = useTestApp({ env: { ORDER_HOLD_SECONDS: '2' } });
beforeAll(async () => {
  shows = await pickShowtimes(sql, 4, 10);
});

const codesOf = (err: unknown) => (Array.isArray(err) ? err.map((e: { extensions?: { code?: string } }) => e.extensions?.code) : err);

describe('seatStatusChanged over graphql-ws', () => {
  it('starts with the whole current map, then only its own showtime\'s changes', async () => {
    const [one, two] = shows;
    const seat = seatsOf(one.regular.slice(0, 1));
    const preheld = await holdSeats(app.gql, one.showtimeId, seatsOf(one.regular.slice(5, 6)));
    const w1 = watchSeats(app.url, one.showtimeId);
    const w2 = watchSeats(app.url, two.showtimeId);
    try {
      const snap = await w1.ready;
      await w2.ready;
      const [{ n }] = await sql<{ n: number }[]>`
        select count(*)::int as n from layout_seats l join showtimes s on s.layout_version_id = l.layout_version_id
        where s.id = ${one.showtimeId}`;
      expect(snap.seats).toHaveLength(n);
      expect(statusIn(snap, one.regular[5])).toBe('LOCKED');
      const held = await holdSeats(app.gql, one.showtimeId, seat);
      const e = await w1.next(showsAll(seat, 'LOCKED'));
      expect(e.seats).toHaveLength(1);
      expect(e.showtimeId).toBe(one.showtimeId);
      await must(app.gql, M.cancel, { id: held.id });
      await must(app.gql, M.cancel, { id: preheld.id });
      await w1.next(showsAll(seat, 'AVAILABLE'));
      expect(w2.events).toHaveLength(1);
    } finally {
      await w1.close();
      await w2.close();
    }
  });

  it('expiry releases the seats and subscribers see it, with no request made', async () => {
    const st = shows[1];
    const seats = seatsOf(st.regular.slice(3, 5));
    const w = watchSeats(app.url, st.showtimeId);
    try {
      await w.ready;
      const held = await holdSeats(app.gql, st.showtimeId, seats);
      await w.next(showsAll(seats, 'LOCKED'));
      const started = Date.now();
      await w.next(showsAll(seats, 'AVAILABLE'), 6000);
      // Released within a sweep interval or so of the 2 s hold.
      expect(Date.now() - Date.parse(held.expirationDateUtc!)).toBeLessThan(2500);
      expect(Date.now() - started).toBeGreaterThan(500);
      const [o] = await sql<{ status: string }[]>`select status from orders where id = ${held.id}`;
      expect(o.status).toBe('Abandonded');
    } finally {
      await w.close();
    }
  });

  it('social distancing: a hold blocks its neighbours, live and for new holds', async () => {
    const st = shows[2];
    await sql`update showtimes set social_distancing = true where id = ${st.showtimeId}`;
    // Three seats side by side in one row.
    const trio = st.regular.find(
      (s, i) =>
        st.regular[i + 2] &&
        st.regular[i + 1].row === s.row &&
        st.regular[i + 2].row === s.row &&
        st.regular[i + 1].column === s.column + 1 &&
        st.regular[i + 2].column === s.column + 2,
    )!;
    const [left, mid, right] = [0, 1, 2].map((d) => ({ row: trio.row, column: trio.column + d }));
    const w = watchSeats(app.url, st.showtimeId);
    try {
      await w.ready;
      const held = await holdSeats(app.gql, st.showtimeId, [mid]);
      const e = await w.next(showsAll([mid], 'LOCKED'));
      expect([statusIn(e, left), statusIn(e, right)]).toEqual(['BLOCKED_FOR_SOCIAL_DISTANCE', 'BLOCKED_FOR_SOCIAL_DISTANCE']);
      const order = await must<OrderShape>(app.gql, M.create, { input: {} });
      const res = await app.gql(M.addTickets, { input: { orderId: order.id, showtimeId: st.showtimeId, seats: [right] } }, VENDOR);
      expect(res.errors?.[0].extensions?.code).toBe('SEAT_UNAVAILABLE');
      expect(res.errors?.[0].extensions?.seats).toEqual([expect.objectContaining({ seatStatus: 'BlockedForSocialDistance' })]);
      await must(app.gql, M.cancel, { id: held.id });
      await w.next(showsAll([left, mid, right], 'AVAILABLE'));
    } finally {
      await w.close();
      await sql`update showtimes set social_distancing = false where id = ${st.showtimeId}`;
    }
  });

  it('validates like HTTP: unknown showtime NOT_FOUND, bad id BAD_USER_INPUT, bad query rejected', async () => {
    const unknown = watchSeats(app.url, 99999999);
    await expect(unknown.ready.catch(codesOf)).resolves.toEqual(['NOT_FOUND']);
    await unknown.close();
    const zero = watchSeats(app.url, 0);
    await expect(zero.ready.catch(codesOf)).resolves.toEqual(['BAD_USER_INPUT']);
    await zero.close();

    const w = watchSeats(app.url, shows[3].showtimeId);
    await w.ready;
    const errors = await new Promise<unknown>((resolve) => {
      w.client.subscribe(
        { query: 'subscription { seatStatusChanged(showtimeId: 1) { nope } }' },
        { next: () => resolve('next'), error: resolve, complete: () => resolve('complete') },
      );
    });
    expect(codesOf(errors)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    await w.close();
  });

  it('is not served over HTTP', async () => {
    const res = await app.gql(`subscription { seatStatusChanged(showtimeId: ${shows[3].showtimeId}) { showtimeId } }`);
    expect(res.data ?? null).toBeNull();
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses a connection with a bad credential', async () => {
    const w = watchSeats(app.url, shows[3].showtimeId, { vendorKey: 'not-a-key' });
    const err = await w.ready.catch((e: { code?: number }) => e);
    expect((err as { code?: number }).code).toBe(4403);
    await w.close();
  });
});
