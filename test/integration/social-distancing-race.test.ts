import { useTestApp } from '../helpers/app';
import { activeClaims, M, pickShowtimes, VENDOR } from '../helpers/orders';

/**
 * Under social distancing two orders must never hold neighbouring seats, even when they ask at the
 * same moment: the unique index guards seats, not gaps, so holds of such a showtime are serialized.
 */
describe('social distancing under contention', () => {
  const { app, sql } = useTestApp();

  it('never lets racing orders take neighbouring seats', async () => {
    const [st] = await pickShowtimes(sql, 1, 7);
    await sql`update showtimes set social_distancing = true where id = ${st.showtimeId}`;
    // The longest run of adjacent regular seats in one row.
    const byRow = new Map<number, number[]>();
    for (const s of st.regular) byRow.set(s.row, [...(byRow.get(s.row) ?? []), s.column]);
    const [row, columns] = [...byRow].sort((a, b) => b[1].length - a[1].length)[0];
    expect(columns.length).toBeGreaterThanOrEqual(6);

    const orders = await Promise.all(
      columns.map(() => app.gql<{ createOrder: { id: number } }>(M.create, { input: {} }, VENDOR)),
    );
    const results = await Promise.all(
      columns.map((column, i) =>
        app.gql(
          `mutation($input: AddTicketsInput!) { addTickets(input: $input) { id } }`,
          { input: { orderId: orders[i].data!.createOrder.id, showtimeId: st.showtimeId, seats: [{ row, column }] } },
          VENDOR,
        ),
      ),
    );
    const won = results.filter((r) => !r.errors).length;
    for (const r of results.filter((x) => x.errors)) expect(r.errors![0].extensions?.code).toBe('SEAT_UNAVAILABLE');
    expect(won).toBeGreaterThanOrEqual(1);

    const held = [...(await activeClaims(sql, st.showtimeId)).keys()]
      .map((k) => k.split(':').map(Number))
      .filter(([r]) => r === row)
      .map(([, c]) => c)
      .sort((a, b) => a - b);
    expect(held).toHaveLength(won);
    for (let i = 1; i < held.length; i += 1) expect(held[i] - held[i - 1]).toBeGreaterThan(1);
  });
});
