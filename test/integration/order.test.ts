import { useTestApp } from '../helpers/app';
import {
  activeClaims,
  holdSeats,
  M,
  must,
  OTHER_VENDOR,
  payAndFulfil,
  pickShowtimes,
  PREMIERE_CARD,
  seatsOf,
  showsAll,
  statusIn,
  VENDOR,
  watchSeats,
  type OrderShape,
  type ShowtimeFixture,
} from '../helpers/orders';
import { signAccountToken } from '../../src/auth/principal';

let shows: ShowtimeFixture[];

const { app, sql } = useTestApp();
beforeAll(async () => {
  shows = await pickShowtimes(sql, 4);
});

const centsOf = (n: number) => Math.round(n * 100);

describe('order lifecycle over HTTP, seen live over graphql-ws', () => {
  it('hold → LOCKED, pay + fulfil → SOLD, refund → AVAILABLE; each seen by a subscriber', async () => {
    const st = shows[0];
    const seats = seatsOf(st.regular.slice(0, 3));
    const watcher = watchSeats(app.url, st.showtimeId);
    try {
      const snapshot = await watcher.ready;
      expect(snapshot.seats.length).toBeGreaterThan(50);
      expect(seats.map((s) => statusIn(snapshot, s))).toEqual(['AVAILABLE', 'AVAILABLE', 'AVAILABLE']);

      const held = await holdSeats(app.gql, st.showtimeId, seats, VENDOR, { email: 'guest@example.com' });
      expect(held.status).toBe('PENDING');
      expect(held.products.map((p) => [p.row, p.column, p.status])).toEqual(seats.map((s) => [s.row, s.column, 'HELD']));
      await watcher.next(showsAll(seats, 'LOCKED'));
      const claims = await activeClaims(sql, st.showtimeId);
      for (const s of seats) expect(claims.get(`${s.row}:${s.column}`)).toEqual({ orderId: held.id, status: 'held' });

      // Totals: integer cents, total = items + taxes + fees; fulfilment only once paid.
      const [price] = await sql<{ price: string; tax: string }[]>`
        select price, tax from showtime_ticket_prices where showtime_id = ${st.showtimeId} and type = 'ADULT'`;
      const [fee] = await sql<{ fees: { cost: number; tax: number; quantity: number }[] }[]>`
        select estimated_fees as fees from showtimes where id = ${st.showtimeId}`;
      const feeCents = fee.fees.reduce((s, f) => s + centsOf(f.cost) * f.quantity + centsOf(f.tax) * f.quantity, 0);
      expect(centsOf(held.subtotal)).toBe(3 * centsOf(Number(price.price)));
      expect(centsOf(held.taxTotal)).toBe(3 * centsOf(Number(price.tax)));
      expect(centsOf(held.feeTotal)).toBe(3 * feeCents);
      expect(centsOf(held.total)).toBe(centsOf(held.subtotal) + centsOf(held.taxTotal) + centsOf(held.feeTotal));
      expect(held.links.canFulfill).toBe(false);
      const early = await app.gql(M.fulfil, { id: held.id }, VENDOR);
      expect(early.errors?.[0].extensions?.code).toBe('PAYMENT_REQUIRED');

      const sold = await payAndFulfil(app.gql, held);
      expect(sold.status).toBe('FULFILLED');
      expect(sold.paid).toBe(held.total);
      expect(sold.payments[0]).toMatchObject({ type: 'CREDIT_CARD', status: 'FULFILLED', cardNumber: '************1111' });
      expect(sold.products.every((p) => p.status === 'FULFILLED' && /^[0-9A-F]{10}$/.test(p.confirmationCode ?? ''))).toBe(true);
      expect(sold.products.every((p) => p.links.smsTicketConfirmation)).toBe(true);
      expect(sold.expirationDateUtc).toBeNull();
      await watcher.next(showsAll(seats, 'SOLD'));

      // Partial refund of one line, then the rest.
      const partial = await must<OrderShape>(app.gql, M.refund, {
        input: { orderId: sold.id, reason: 'WrongSeats', lineNumbers: [sold.products[0].lineNumber] },
      });
      expect(partial.status).toBe('PARTIALY_REFUNDED');
      await watcher.next(showsAll([seats[0]], 'AVAILABLE'));
      const whole = await must<OrderShape>(app.gql, M.refund, { input: { orderId: sold.id, reason: 'ShowCancelled' } });
      expect(whole.status).toBe('REFUNDED');
      expect(whole.products.map((p) => p.status)).toEqual(['REFUNDED', 'REFUNDED', 'REFUNDED']);
      await watcher.next(showsAll(seats.slice(1), 'AVAILABLE'));
      expect((await activeClaims(sql, st.showtimeId)).size).toBe(0);

      const refunds = await sql<{ amount: string; product_line_numbers: number[] }[]>`
        select amount, product_line_numbers from order_refunds where order_id = ${sold.id} order by id`;
      expect(refunds.map((r) => r.product_line_numbers)).toEqual([[1], [2, 3]]);
      expect(refunds.reduce((s, r) => s + centsOf(Number(r.amount)), 0)).toBe(centsOf(held.total));
      const events = await sql<{ type: string; payload: Record<string, unknown> }[]>`
        select type, payload from outbox_events where (payload->>'OrderId')::int = ${sold.id} order by id`;
      expect(events.map((e) => e.type)).toEqual(['Orders.Refund', 'Orders.Refund']);
      expect(events[1].payload).toMatchObject({ OrderId: sold.id, OrderToken: sold.token, RefundReason: 'ShowCancelled', OrderTotal: held.total });

      // The seats can be held again.
      const again = await holdSeats(app.gql, st.showtimeId, seats);
      expect(again.products).toHaveLength(3);
      await must(app.gql, M.cancel, { id: again.id });
    } finally {
      await watcher.close();
    }
  });

  it('cancel and removing a ticket release seats, seen live', async () => {
    const st = shows[1];
    const seats = seatsOf(st.regular.slice(10, 13));
    const watcher = watchSeats(app.url, st.showtimeId);
    try {
      await watcher.ready;
      const held = await holdSeats(app.gql, st.showtimeId, seats);
      await watcher.next(showsAll(seats, 'LOCKED'));
      const removed = await must<OrderShape>(app.gql, M.remove, { id: held.id, line: held.products[2].lineNumber });
      expect(removed.products.map((p) => p.status)).toEqual(['HELD', 'HELD', 'CANCELLED']);
      expect(centsOf(removed.total)).toBe(centsOf(held.total) - centsOf(held.products[2].total));
      await watcher.next(showsAll([seats[2]], 'AVAILABLE'));
      const cancelled = await must<OrderShape>(app.gql, M.cancel, { id: held.id });
      expect(cancelled.status).toBe('CANCELLED');
      await watcher.next(showsAll(seats.slice(0, 2), 'AVAILABLE'));
      expect((await activeClaims(sql, st.showtimeId)).size).toBe(0);
      const again = await app.gql(M.addTickets, { input: { orderId: held.id, showtimeId: st.showtimeId, seats } }, VENDOR);
      expect(again.errors?.[0].extensions?.code).toBe('ORDER_STATE');
    } finally {
      await watcher.close();
    }
  });

  it('a hold that loses a seat is rolled back whole and never announced', async () => {
    const st = shows[2];
    const [a, b, c] = seatsOf(st.regular.slice(0, 3));
    const watcher = watchSeats(app.url, st.showtimeId);
    try {
      await watcher.ready;
      const first = await holdSeats(app.gql, st.showtimeId, [b]);
      await watcher.next(showsAll([b], 'LOCKED'));
      const order = await must<OrderShape>(app.gql, M.create, { input: {} });
      const res = await app.gql(M.addTickets, { input: { orderId: order.id, showtimeId: st.showtimeId, seats: [a, b, c] } }, VENDOR);
      expect(res.errors?.[0].extensions?.code).toBe('SEAT_UNAVAILABLE');
      expect(res.errors?.[0].message).toBe(`Seats unavailable: ${st.regular[1].seatName}`);
      expect(res.errors?.[0].extensions?.seats).toEqual([expect.objectContaining({ row: b.row, column: b.column })]);
      const claims = await activeClaims(sql, st.showtimeId);
      expect([...claims.keys()]).toEqual([`${b.row}:${b.column}`]);
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from order_products where order_id = ${order.id}`;
      expect(n).toBe(0);
      // A later, committed change arrives; nothing about a or c came before it.
      await must(app.gql, M.cancel, { id: first.id });
      await watcher.next(showsAll([b], 'AVAILABLE'));
      const mentioned = watcher.events.slice(1).flatMap((e) => e.seats.map((s) => `${s.row}:${s.column}`));
      expect(mentioned).not.toContain(`${a.row}:${a.column}`);
      expect(mentioned).not.toContain(`${c.row}:${c.column}`);
    } finally {
      await watcher.close();
    }
  });

  it('premiere seats: members only; a released premiere lock shows UNBLOCKED', async () => {
    const st = shows[3];
    const seat = seatsOf(st.premiere.slice(0, 1));
    // The card counts for its own account's token only (rights.test.ts); account 1 holds PREMIERE_CARD.
    const owner = `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1)}`;
    const member = watchSeats(app.url, st.showtimeId, { loyaltyCardNumber: PREMIERE_CARD, authorization: owner });
    const guest = watchSeats(app.url, st.showtimeId);
    try {
      expect(statusIn(await member.ready, seat[0])).toBe('PREMIERE_AVAILABLE');
      expect(statusIn(await guest.ready, seat[0])).toBe('PREMIERE_UNAVAILABLE');
      const plain = await must<OrderShape>(app.gql, M.create, { input: {} });
      const refused = await app.gql(M.addTickets, { input: { orderId: plain.id, showtimeId: st.showtimeId, seats: seat } }, VENDOR);
      expect(refused.errors?.[0].extensions?.code).toBe('SEAT_UNAVAILABLE');
      const held = await holdSeats(app.gql, st.showtimeId, seat, VENDOR, { loyaltyCardNumber: PREMIERE_CARD });
      expect(held.products[0].fees.every((f) => f.waived && f.waivedReason === 'PremiereMember')).toBe(true);
      expect(held.feeTotal).toBe(0);
      await member.next(showsAll(seat, 'LOCKED'));
      await must(app.gql, M.cancel, { id: held.id });
      await member.next(showsAll(seat, 'UNBLOCKED'));
      await guest.next(showsAll(seat, 'UNBLOCKED'));
    } finally {
      await member.close();
      await guest.close();
    }
  });
});

describe('reads and auth', () => {
  it('an order is readable by its vendor, its owner, an admin and by token; not by others', async () => {
    const token = await signAccountToken(app.config.JWT_SECRET, 5);
    const other = await signAccountToken(app.config.JWT_SECRET, 6);
    const admin = await signAccountToken(app.config.JWT_SECRET, 7, { admin: true });
    const order = await must<OrderShape>(app.gql, M.create, { input: {} }, { ...VENDOR, authorization: `Bearer ${token}` });
    const q = `query($id: Int!) { order(id: $id) { id } }`;
    expect((await app.gql(q, { id: order.id }, VENDOR)).data).toEqual({ order: { id: order.id } });
    expect((await app.gql(q, { id: order.id }, { authorization: `Bearer ${token}` })).data).toEqual({ order: { id: order.id } });
    expect((await app.gql(q, { id: order.id }, { authorization: `Bearer ${admin}` })).data).toEqual({ order: { id: order.id } });
    expect((await app.gql(q, { id: order.id }, OTHER_VENDOR)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await app.gql(q, { id: order.id }, { authorization: `Bearer ${other}` })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await app.gql(q, { id: order.id })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await app.gql(q, { id: 99999999 }, VENDOR)).data).toEqual({ order: null });
    const byToken = await app.gql(`query($t: String!) { orderByToken(token: $t) { id } }`, { t: order.token });
    expect(byToken.data).toEqual({ orderByToken: { id: order.id } });
    const list = `query($a: Int!) { accountOrders(accountId: $a, pageSize: 5) { totalCount items { id } } }`;
    const mine = await app.gql<{ accountOrders: { totalCount: number; items: { id: number }[] } }>(list, { a: 5 }, { authorization: `Bearer ${token}` });
    expect(mine.data?.accountOrders.items.map((o) => o.id)).toContain(order.id);
    expect((await app.gql(list, { a: 5 }, { authorization: `Bearer ${other}` })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await app.gql(list, { a: 5 }, VENDOR)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    // Another vendor cannot change it.
    const cancel = await app.gql(M.cancel, { id: order.id }, OTHER_VENDOR);
    expect(cancel.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('bad input answers with a code and writes nothing', async () => {
    const st = shows[0];
    const count = async () =>
      (await sql<{ n: number }[]>`select ((select count(*) from orders) + (select count(*) from seat_claims) + (select count(*) from order_products))::int as n`)[0].n;
    const before = await count();
    const noKey = await app.gql(M.create, { input: {} });
    expect(noKey.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const unknown = await app.gql(M.addTickets, { input: { orderId: 99999999, showtimeId: st.showtimeId, seats: [{ row: 1, column: 1 }] } }, VENDOR);
    expect(unknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const order = await must<OrderShape>(app.gql, M.create, { input: {} });
    const after = await count();
    expect(after).toBe(before + 1);
    const tries: [Record<string, unknown>, string][] = [
      [{ seats: [st.notASeat!] }, 'BAD_USER_INPUT'],
      [{ seats: [{ row: 999, column: 1 }] }, 'BAD_USER_INPUT'],
      [{ seats: [] }, 'BAD_USER_INPUT'],
      [{ seats: [st.regular[0], st.regular[0]].map(({ row, column }) => ({ row, column })) }, 'BAD_USER_INPUT'],
      [{ seats: [{ row: 0, column: 1 }] }, 'BAD_USER_INPUT'],
      [{ showtimeId: 99999999, seats: seatsOf(st.regular.slice(0, 1)) }, 'NOT_FOUND'],
      [{ seats: seatsOf(st.regular.slice(0, 1)).concat(st.notASeat!) }, 'BAD_USER_INPUT'],
    ];
    for (const [patch, code] of tries) {
      const res = await app.gql(M.addTickets, { input: { orderId: order.id, showtimeId: st.showtimeId, ...patch } }, VENDOR);
      expect([JSON.stringify(patch), res.errors?.[0].extensions?.code]).toEqual([JSON.stringify(patch), code]);
    }
    const badPay = await app.gql(M.addPayment, { input: { orderId: order.id, type: 'CREDIT_CARD', amount: 5 } }, VENDOR);
    expect(badPay.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const badReason = await app.gql(M.refund, { input: { orderId: order.id, reason: 'Bored' } }, VENDOR);
    expect(badReason.errors?.[0].extensions?.code).toBe('ORDER_STATE');
    expect(await count()).toBe(after);
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from order_payments where order_id = ${order.id}`;
    expect(n).toBe(0);
  });

  it('a fulfilled ticket can request an SMS confirmation (recorded, not sent)', async () => {
    const st = shows[1];
    const order = await payAndFulfil(app.gql, await holdSeats(app.gql, st.showtimeId, seatsOf(st.regular.slice(20, 21))));
    const q = `mutation($id: Int!, $l: Int!, $p: String!) { sendTicketConfirmationSms(orderId: $id, lineNumber: $l, phoneNumber: $p) { id } }`;
    expect((await app.gql(q, { id: order.id, l: 1, p: '555' }, VENDOR)).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    await must(app.gql, q, { id: order.id, l: 1, p: '5551234567' });
    const rows = await sql`select phone_number from sms_confirmations s join order_products p on p.id = s.order_product_id where p.order_id = ${order.id}`;
    expect(rows.map((r) => r.phone_number)).toEqual(['5551234567']);
    const withShowtime = await app.gql<{ order: { products: { showtime: { id: number } }[] } }>(
      `query($id: Int!) { order(id: $id) { products { showtime { id } } } }`,
      { id: order.id },
      VENDOR,
    );
    expect(withShowtime.data?.order.products[0].showtime.id).toBe(st.showtimeId);
  });
});

test('an unknown loyalty card is a BAD_USER_INPUT naming the field, without the number in full', async () => {
  const number = 'NOPE123456789012';
  const res = await app.gql<{ createOrder: { id: number } | null }>(
    'mutation($input: CreateOrderInput!) { createOrder(input: $input) { id } }',
    { input: { loyaltyCardNumber: number } },
    VENDOR,
  );
  const error = res.errors?.[0];
  expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
  expect(error?.message).toContain('9012');
  expect(JSON.stringify(res)).not.toContain(number);
});
