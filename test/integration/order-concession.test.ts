import { useTestApp } from '../helpers/app';
import { holdSeats, M, must, pickShowtimes, PREMIERE_CARD, seatsOf, VENDOR, type OrderShape } from '../helpers/orders';
import { signAccountToken } from '../../src/auth/principal';

const { app, sql } = useTestApp();

const ADD = `mutation($input: AddConcessionInput!) { addConcession(input: $input) {
  id total subtotal products { lineNumber kind status cost total modifiers { modifierId price quantity } } } }`;
const cents = (n: number) => Math.round(n * 100);

describe('concessions, loyalty, seat maps and query cost', () => {
  it('adds a concession with modifiers that satisfy its groups; refuses foreign or too many modifiers', async () => {
    // A product with modifier groups, available at its theatre.
    const [tc] = await sql<{ id: number; concession_id: number; price: string }[]>`
      select tc.id, tc.concession_id, tc.price from theatre_concessions tc
      where tc.is_available and exists (select 1 from modifier_groups g where g.concession_id = tc.concession_id)
      order by tc.id limit 1`;
    expect(tc).toBeDefined();
    const groups = await sql<{ id: number; required: boolean; minimum_quantity: number; maximum_quantity: number }[]>`
      select id, required, minimum_quantity, maximum_quantity from modifier_groups where concession_id = ${tc.concession_id} order by id`;
    const choices: { modifierId: number; quantity: number; price: number }[] = [];
    for (const g of groups) {
      const need = Math.max(g.minimum_quantity, g.required ? 1 : 0, 1);
      const [m] = await sql<{ id: number; price: string }[]>`select id, price from modifiers where modifier_group_id = ${g.id} order by id limit 1`;
      if (m && need <= g.maximum_quantity) choices.push({ modifierId: m.id, quantity: need, price: Number(m.price) });
    }
    const order = await must<OrderShape>(app.gql, M.create, { input: {} });
    const input = { orderId: order.id, theatreConcessionId: tc.id, quantity: 2, modifiers: choices.map(({ modifierId, quantity }) => ({ modifierId, quantity })) };
    const added = await must<{ total: number; products: { kind: string; status: string; total: number; modifiers: unknown[] }[] }>(app.gql, ADD, { input });
    const unit = cents(Number(tc.price)) + choices.reduce((s, c) => s + cents(c.price) * c.quantity, 0);
    expect(added.products).toHaveLength(1);
    expect(added.products[0]).toMatchObject({ kind: 'CONCESSION', status: 'PENDING' });
    expect(added.products[0].modifiers).toHaveLength(choices.length);
    expect(cents(added.total)).toBe(2 * unit);

    const [foreign] = await sql<{ id: number }[]>`
      select m.id from modifiers m join modifier_groups g on g.id = m.modifier_group_id
      where g.concession_id <> ${tc.concession_id} limit 1`;
    const bad = await app.gql(ADD, { input: { ...input, modifiers: [{ modifierId: foreign.id, quantity: 1 }] } }, VENDOR);
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'modifiers' });
    const tooMany = await app.gql(ADD, { input: { ...input, quantity: 21 } }, VENDOR);
    expect(tooMany.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const unknown = await app.gql(ADD, { input: { ...input, theatreConcessionId: 99999999 } }, VENDOR);
    expect(unknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from order_products where order_id = ${order.id}`;
    expect(n).toBe(1);
  });

  it('applyLoyaltyDiscounts with a Premiere card waives the convenience fees of held tickets', async () => {
    const [st] = await pickShowtimes(sql, 1, 50);
    const held = await holdSeats(app.gql, st.showtimeId, seatsOf(st.regular.slice(0, 2)));
    expect(held.feeTotal).toBeGreaterThan(0);
    const q = `mutation($id: Int!, $card: String!) { applyLoyaltyDiscounts(orderId: $id, loyaltyCardNumber: $card) {
      feeTotal total loyaltyCardNumber paymentOptions products { fees { waived waivedReason } } } }`;
    const bad = await app.gql(q, { id: held.id, card: 'NOPE' }, VENDOR);
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const res = await must<{ feeTotal: number; total: number; loyaltyCardNumber: string; paymentOptions: string[] }>(app.gql, q, { id: held.id, card: PREMIERE_CARD });
    // The creating vendor reads the number it gave in full (docs/accounts.md).
    expect(res).toMatchObject({ feeTotal: 0, loyaltyCardNumber: PREMIERE_CARD, paymentOptions: ['CREDIT_CARD', 'GIFT_CARD', 'LOYALTY'] });
    expect(cents(res.total)).toBe(cents(held.total) - cents(held.feeTotal));
  });

  it('Showtime.seatingLayout shows a hold as LOCKED for everyone', async () => {
    const [st] = await pickShowtimes(sql, 1, 51);
    const seat = seatsOf(st.regular.slice(0, 1))[0];
    await holdSeats(app.gql, st.showtimeId, [seat]);
    const res = await app.gql<{ showtime: { seatingLayout: { seats: { row: number; column: number; seatStatus: string; available: boolean }[] } } }>(
      `query($id: Int!) { showtime(id: $id) { seatingLayout { seats { row column seatStatus available } } } }`,
      { id: st.showtimeId },
    );
    const s = res.data!.showtime.seatingLayout.seats.find((x) => x.row === seat.row && x.column === seat.column);
    expect(s).toEqual({ ...seat, seatStatus: 'LOCKED', available: false });
  });

  it('account orders with their products and showtimes cost a bounded number of statements', async () => {
    const token = await signAccountToken(app.config.JWT_SECRET, 9);
    const headers = { ...VENDOR, authorization: `Bearer ${token}` };
    const shows = await pickShowtimes(sql, 3, 52);
    const q = `query { accountOrders(accountId: 9, pageSize: 20) { totalCount items { id products { seatName showtime { id } } payments { amount } } } }`;
    await holdSeats(app.gql, shows[0].showtimeId, seatsOf(shows[0].regular.slice(0, 1)), headers);
    const one = await app.gql(q, {}, headers);
    for (const st of shows) await holdSeats(app.gql, st.showtimeId, seatsOf(st.regular.slice(1, 4)), headers);
    const many = await app.gql<{ accountOrders: { totalCount: number } }>(q, {}, headers);
    expect(many.data?.accountOrders.totalCount).toBe(4);
    expect(many.statements).toBe(one.statements);
    expect(many.statements).toBeLessThanOrEqual(10);
  });
});
