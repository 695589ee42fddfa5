import { useTestApp } from '../helpers/app';
import { holdSeats, M, must, payAndFulfil, pickShowtimes, seatsOf, showsAll, watchSeats } from '../helpers/orders';

/** Two instances of the service on one database, as behind a load balancer. */

const { app: a, sql } = useTestApp({ env: { ORDER_HOLD_SECONDS: '2' } });
const { app: b } = useTestApp({ sharing: a, env: { ORDER_HOLD_SECONDS: '2' } });

describe('seat events across instances', () => {
  it('a subscriber on B sees a hold, a sale and a cancel made through A', async () => {
    const [st] = await pickShowtimes(sql, 1, 20);
    const sold = seatsOf(st.regular.slice(0, 2));
    const cancelled = seatsOf(st.regular.slice(2, 3));
    const onB = watchSeats(b.url, st.showtimeId);
    const onA = watchSeats(a.url, st.showtimeId);
    try {
      await Promise.all([onB.ready, onA.ready]);
      const order = await holdSeats(a.gql, st.showtimeId, sold);
      await onB.next(showsAll(sold, 'LOCKED'));
      await payAndFulfil(a.gql, order);
      await onB.next(showsAll(sold, 'SOLD'));
      const other = await holdSeats(a.gql, st.showtimeId, cancelled);
      await onB.next(showsAll(cancelled, 'LOCKED'));
      await must(a.gql, M.cancel, { id: other.id });
      await onB.next(showsAll(cancelled, 'AVAILABLE'));
      // A's own subscriber saw the same, in the same order.
      const seen = (w: typeof onA) => w.events.slice(1).map((e) => JSON.stringify(e));
      await onA.next(showsAll(cancelled, 'AVAILABLE'));
      expect(seen(onA)).toEqual(seen(onB));
    } finally {
      await onB.close();
      await onA.close();
    }
  });

  it('an expiry swept by either instance is announced once, on both', async () => {
    const [st] = await pickShowtimes(sql, 1, 21);
    const seats = seatsOf(st.regular.slice(0, 2));
    const onA = watchSeats(a.url, st.showtimeId);
    const onB = watchSeats(b.url, st.showtimeId);
    try {
      await Promise.all([onA.ready, onB.ready]);
      await holdSeats(b.gql, st.showtimeId, seats);
      await Promise.all([onA.next(showsAll(seats, 'LOCKED')), onB.next(showsAll(seats, 'LOCKED'))]);
      await Promise.all([onA.next(showsAll(seats, 'AVAILABLE'), 6000), onB.next(showsAll(seats, 'AVAILABLE'), 6000)]);
      await new Promise((r) => setTimeout(r, 1500)); // two more sweeps on each instance
      for (const w of [onA, onB]) {
        const released = w.events.slice(1).filter(showsAll(seats, 'AVAILABLE'));
        expect(released).toHaveLength(1);
      }
      const claims = await sql<{ status: string; n: number }[]>`
        select status, count(*)::int as n from seat_claims where showtime_id = ${st.showtimeId} group by status`;
      expect(claims).toEqual([{ status: 'expired', n: 2 }]);
    } finally {
      await onA.close();
      await onB.close();
    }
  });
});
