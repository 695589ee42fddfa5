import { SignJWT, type JWTPayload } from 'jose';
import { signAccountToken } from '../../src/auth/principal';
import { PRODUCTION_ENV, useTestApp } from '../helpers/app';
import {
  holdSeats,
  M,
  must,
  OTHER_VENDOR,
  payAndFulfil,
  pickShowtimes,
  PREMIERE_CARD,
  seatsOf,
  statusIn,
  VENDOR,
  watchSeats,
  type OrderShape,
  type ShowtimeFixture,
} from '../helpers/orders';

/**
 * Rights, against a production-mode instance: who may read and change an order (src/services/order/
 * access.ts), who may learn a Premiere membership from a seat map (src/services/seating/membership.ts),
 * and which account tokens are accepted (src/auth/principal.ts). Refusals are checked for their status
 * and code and, for writes, against the database: the order's rows must be exactly as before.
 */

type Headers = Record<string, string>;
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

let shows: ShowtimeFixture[];
/** Account tokens: the order's owner (a non-member), another account, an admin, a Premiere member (account 1). */
let owner: number;
let intruder: number;
const tokens: Record<'owner' | 'intruder' | 'admin' | 'member', string> = { owner: '', intruder: '', admin: '', member: '' };

const { app, sql } = useTestApp({ env: PRODUCTION_ENV });
beforeAll(async () => {
  shows = await pickShowtimes(sql, 3);
  const plain = await sql<{ id: number }[]>`
    select a.id from site_accounts a where a.id <> 1 and not exists (
      select 1 from loyalty_cards c where c.site_account_id = a.id and c.account_type in ('Premiere', 'PremiereGo'))
    order by a.id limit 2`;
  [owner, intruder] = plain.map((r) => r.id);
  tokens.owner = await signAccountToken(app.config.JWT_SECRET, owner);
  tokens.intruder = await signAccountToken(app.config.JWT_SECRET, intruder);
  tokens.admin = await signAccountToken(app.config.JWT_SECRET, intruder + 1, { admin: true });
  tokens.member = await signAccountToken(app.config.JWT_SECRET, 1);
});

/** Everything an order write can touch, for one order, as one string (timestamps included). */
async function footprint(orderId: number): Promise<string> {
  const [row] = await sql`select
    (select row_to_json(o) from orders o where o.id = ${orderId}) as "order",
    (select json_agg(p order by p.id) from order_products p where p.order_id = ${orderId}) as products,
    (select json_agg(m order by m.id) from order_product_modifiers m join order_products p on p.id = m.order_product_id where p.order_id = ${orderId}) as modifiers,
    (select json_agg(t order by t.id) from order_payments t where t.order_id = ${orderId}) as payments,
    (select json_agg(c order by c.id) from seat_claims c where c.order_id = ${orderId}) as claims,
    (select count(*)::int from order_refunds r where r.order_id = ${orderId}) as refunds,
    (select count(*)::int from sms_confirmations s join order_products p on p.id = s.order_product_id where p.order_id = ${orderId}) as sms,
    (select count(*)::int from outbox_events) as outbox`;
  return JSON.stringify(row);
}

const ownerWithVendor = (): Headers => ({ ...VENDOR, ...bearer(tokens.owner) });
/** The hole this file closes: the order's own vendor key, with someone else's account token. */
const intruderWithVendor = (): Headers => ({ ...VENDOR, ...bearer(tokens.intruder) });

describe('orders: a vendor key with another account token', () => {
  let pending: OrderShape;
  let fulfilled: OrderShape;

  beforeAll(async () => {
    const st = shows[0];
    pending = await holdSeats(app.gql, st.showtimeId, seatsOf(st.regular.slice(0, 2)), ownerWithVendor());
    const sold = await holdSeats(app.gql, st.showtimeId, seatsOf(st.regular.slice(2, 3)), ownerWithVendor());
    fulfilled = await payAndFulfil(app.gql, sold, ownerWithVendor());
    expect(fulfilled.status).toBe('FULFILLED');
  });

  it('cannot read or change it over GraphQL: FORBIDDEN, nothing written', async () => {
    const st = shows[0];
    const id = pending.id;
    const attempts: [string, string, Record<string, unknown>][] = [
      ['order', `query($id: Int!) { order(id: $id) { id } }`, { id }],
      ['updateOrder', `mutation($id: Int!) { updateOrder(orderId: $id, input: { email: "x@example.com" }) { id } }`, { id }],
      ['addTickets', M.addTickets, { input: { orderId: id, showtimeId: st.showtimeId, seats: seatsOf(st.regular.slice(5, 6)) } }],
      ['addConcession', `mutation($id: Int!) { addConcession(input: { orderId: $id, theatreConcessionId: 1 }) { id } }`, { id }],
      ['updateOrderProduct', `mutation($id: Int!) { updateOrderProduct(input: { orderId: $id, lineNumber: 1, ticketType: CHILD }) { id } }`, { id }],
      ['removeOrderProduct', M.remove, { id, line: 1 }],
      ['addPayment', M.addPayment, { input: { orderId: id, type: 'CREDIT_CARD', amount: 1, cardNumber: '4111111111111111' } }],
      ['removePayment', `mutation($id: Int!) { removePayment(orderId: $id, lineNumber: 1) { id } }`, { id }],
      ['applyLoyaltyDiscounts', `mutation($id: Int!) { applyLoyaltyDiscounts(orderId: $id, loyaltyCardNumber: "${PREMIERE_CARD}") { id } }`, { id }],
      ['refreshOrderExpiration', M.refresh, { id }],
      ['fulfillOrder', M.fulfil, { id }],
      ['cancelOrder', M.cancel, { id }],
      ['refundOrder', M.refund, { input: { orderId: fulfilled.id, reason: 'ShowCancelled' } }],
      ['sendTicketConfirmationSms', `mutation($id: Int!) { sendTicketConfirmationSms(orderId: $id, lineNumber: 1, phoneNumber: "5555550100") { id } }`, { id: fulfilled.id }],
    ];
    const before = [await footprint(pending.id), await footprint(fulfilled.id)];
    for (const [name, query, variables] of attempts) {
      const res = await app.gql(query, variables, intruderWithVendor());
      expect([name, res.errors?.[0].extensions?.code, res.data?.[name] ?? null]).toEqual([name, 'FORBIDDEN', null]);
    }
    expect([await footprint(pending.id), await footprint(fulfilled.id)]).toEqual(before);
    const list = await app.gql(`query($a: Int!) { accountOrders(accountId: $a) { totalCount } }`, { a: owner }, intruderWithVendor());
    expect(list.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('cannot read or change it over REST: 403 with code 4030, nothing written', async () => {
    const st = shows[0];
    const o = `/v2/orders/${pending.id}`;
    const f = `/v2/orders/${fulfilled.id}`;
    const attempts: [string, string, unknown?][] = [
      ['GET', o],
      ['GET', `${o}/products/1`],
      ['GET', `${f}/payments/1`],
      ['PUT', o, { email: 'x@example.com' }],
      ['POST', `${o}/products`, { showtimeId: st.showtimeId, seats: seatsOf(st.regular.slice(5, 6)) }],
      ['PUT', `${o}/products/1`, { ticketType: 'CHILD' }],
      ['DELETE', `${o}/products/1`],
      ['POST', `${o}/payments`, { type: 'creditCard', amount: 1, cardNumber: '4111111111111111' }],
      ['DELETE', `${f}/payments/1`],
      ['POST', `${o}/loyalty-discounts`, { loyaltyCardNumber: PREMIERE_CARD }],
      ['POST', `${o}/refresh-expiration`],
      ['POST', `${o}/fulfillment`],
      ['POST', `${f}/refunds`, { reason: 'ShowCancelled' }],
      ['POST', `${f}/products/1/sms-ticket-confirmation/5555550100`],
      ['DELETE', o],
      ['GET', `/v2/site-accounts/${owner}/orders/`],
    ];
    const before = [await footprint(pending.id), await footprint(fulfilled.id)];
    for (const [method, path, body] of attempts) {
      const res = await app.request<{ errors?: { code: number }[] }>(method, path, body, intruderWithVendor());
      expect([method, path, res.status, res.body.errors?.[0].code]).toEqual([method, path, 403, 4030]);
    }
    expect([await footprint(pending.id), await footprint(fulfilled.id)]).toEqual(before);
  });

  it('the owner (with any vendor key, or alone for reads), the creating vendor alone, an admin and the token holder still can', async () => {
    const read = `query($id: Int!) { order(id: $id) { id } }`;
    const readers: [string, Headers][] = [
      ['owner + vendor', ownerWithVendor()],
      ['owner alone', bearer(tokens.owner)],
      ['owner + another vendor', { ...OTHER_VENDOR, ...bearer(tokens.owner) }],
      ['creating vendor alone', VENDOR],
      ['admin alone', bearer(tokens.admin)],
      ['admin + another vendor', { ...OTHER_VENDOR, ...bearer(tokens.admin) }],
    ];
    for (const [who, headers] of readers) {
      const res = await app.gql(read, { id: pending.id }, headers);
      expect([who, res.data]).toEqual([who, { order: { id: pending.id } }]);
      const rest = await app.get(`/v2/orders/${pending.id}`, headers);
      expect([who, rest.status]).toEqual([who, 200]);
    }
    const byToken = await app.gql(`query($t: String!) { orderByToken(token: $t) { id } }`, { t: pending.token }, bearer(tokens.intruder));
    expect(byToken.data).toEqual({ orderByToken: { id: pending.id } });
    expect((await app.get(`/v2/orders/token-${pending.token}`)).status).toBe(200);
    const mine = await app.get<{ _embedded: { orders: { id: number }[] } }>(`/v2/site-accounts/${owner}/orders/`, bearer(tokens.owner));
    expect(mine.body._embedded.orders.map((x) => x.id)).toEqual(expect.arrayContaining([pending.id, fulfilled.id]));

    // Writes: each of them changes the order (so the footprint checks above could see a change).
    for (const headers of [ownerWithVendor(), { ...OTHER_VENDOR, ...bearer(tokens.owner) }, VENDOR, { ...OTHER_VENDOR, ...bearer(tokens.admin) }]) {
      const before = await footprint(pending.id);
      await must(app.gql, M.refresh, { id: pending.id }, headers);
      expect(await footprint(pending.id)).not.toEqual(before);
    }
    const cancelled = await app.request<{ status: string }>('DELETE', `/v2/orders/${pending.id}`, undefined, VENDOR);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'Cancelled']);
  });

  it('a vendor acting for an account cannot reach its own guest orders either', async () => {
    const guest = await must<OrderShape>(app.gql, M.create, { input: {} }, VENDOR);
    const before = await footprint(guest.id);
    expect((await app.gql(M.cancel, { id: guest.id }, intruderWithVendor())).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await app.request('DELETE', `/v2/orders/${guest.id}`, undefined, intruderWithVendor())).status).toBe(403);
    expect(await footprint(guest.id)).toBe(before);
  });
});

describe('Premiere membership cannot be probed', () => {
  interface Seat {
    seatTier: string;
    seatStatus: string;
  }
  let members: number[];
  let nonMember: number;

  beforeAll(async () => {
    members = (
      await sql<{ id: number }[]>`select distinct site_account_id as id from loyalty_cards
        where account_type in ('Premiere', 'PremiereGo') and status = 'Active' and site_account_id is not null order by 1 limit 4`
    ).map((r) => r.id);
    expect(members).toContain(1);
    expect(members.length).toBeGreaterThan(2);
    nonMember = owner;
  });

  /** Premiere-tier statuses per alias: `a<id>: seatingLayout(accountId: <id>)` for each account. */
  async function probe(accounts: number[], headers: Headers = {}): Promise<Record<number, string[]>> {
    const fields = accounts.map((a) => `a${a}: seatingLayout(accountId: ${a}) { seats { seatTier seatStatus } }`).join(' ');
    const res = await app.gql<{ showtime: Record<string, { seats: Seat[] }> }>(
      `query($id: Int!) { showtime(id: $id) { ${fields} } }`,
      { id: shows[1].showtimeId },
      headers,
    );
    expect(res.errors).toBeUndefined();
    return Object.fromEntries(
      accounts.map((a) => [a, [...new Set(res.data!.showtime[`a${a}`].seats.filter((s) => s.seatTier === 'Premiere').map((s) => s.seatStatus))]]),
    );
  }
  const nonMemberView = (accounts: number[]) => Object.fromEntries(accounts.map((a) => [a, ['PREMIERE_UNAVAILABLE']]));

  it('aliased seatingLayout(accountId:) shows every other account as a non-member; the owner sees its own membership', async () => {
    const all = [...members, nonMember];
    for (const headers of [{}, VENDOR, bearer(tokens.intruder), { ...VENDOR, ...bearer(tokens.intruder) }]) {
      expect(await probe(all, headers)).toEqual(nonMemberView(all));
    }
    // Account 1 sees itself as a member, and everyone else as a non-member.
    expect(await probe(all, bearer(tokens.member))).toEqual({ ...nonMemberView(all), 1: ['PREMIERE_AVAILABLE'] });
    // An admin sees the truth.
    expect(await probe(all, bearer(tokens.admin))).toEqual({
      ...Object.fromEntries(members.map((a) => [a, ['PREMIERE_AVAILABLE']])),
      [nonMember]: ['PREMIERE_UNAVAILABLE'],
    });
  });

  it('loyaltyCardNumber counts only for a card of the caller’s account (GraphQL, REST, WebSocket)', async () => {
    const q = `query($id: Int!, $card: String) { showtime(id: $id) { seatingLayout(loyaltyCardNumber: $card) { seats { seatTier seatStatus } } } }`;
    const premiereOf = async (headers: Headers) => {
      const res = await app.gql<{ showtime: { seatingLayout: { seats: Seat[] } } }>(q, { id: shows[1].showtimeId, card: PREMIERE_CARD }, headers);
      return [...new Set(res.data!.showtime.seatingLayout.seats.filter((s) => s.seatTier === 'Premiere').map((s) => s.seatStatus))];
    };
    expect(await premiereOf({})).toEqual(['PREMIERE_UNAVAILABLE']);
    expect(await premiereOf(bearer(tokens.intruder))).toEqual(['PREMIERE_UNAVAILABLE']);
    expect(await premiereOf(bearer(tokens.member))).toEqual(['PREMIERE_AVAILABLE']);

    const [perf] = await sql<{ theatre_id: number; performance_number: number }[]>`
      select theatre_id, performance_number from showtimes where id = ${shows[1].showtimeId}`;
    const rest = async (query: string, headers: Headers) => {
      const res = await app.get<{ seats: Seat[] }>(`/v3/seating-layouts/${perf.theatre_id}/${perf.performance_number}?${query}`, headers);
      expect(res.status).toBe(200);
      return [...new Set(res.body.seats.filter((s) => s.seatTier === 'Premiere').map((s) => s.seatStatus))];
    };
    expect(await rest('accountId=1', {})).toEqual(['PremiereUnavailable']);
    expect(await rest(`loyaltyCardNumber=${PREMIERE_CARD}`, bearer(tokens.intruder))).toEqual(['PremiereUnavailable']);
    expect(await rest('accountId=1', bearer(tokens.member))).toEqual(['PremiereAvailable']);
    expect(await rest(`loyaltyCardNumber=${PREMIERE_CARD}`, bearer(tokens.member))).toEqual(['PremiereAvailable']);

    const seat = shows[1].premiere[0];
    const stranger = watchSeats(app.url, shows[1].showtimeId, { loyaltyCardNumber: PREMIERE_CARD });
    const holder = watchSeats(app.url, shows[1].showtimeId, { loyaltyCardNumber: PREMIERE_CARD, authorization: `Bearer ${tokens.member}` });
    try {
      expect(statusIn(await stranger.ready, seat)).toBe('PREMIERE_UNAVAILABLE');
      expect(statusIn(await holder.ready, seat)).toBe('PREMIERE_AVAILABLE');
    } finally {
      await stranger.close();
      await holder.close();
    }
  });
});

describe('account tokens', () => {
  const secret = () => new TextEncoder().encode(PRODUCTION_ENV.JWT_SECRET);
  const now = () => Math.floor(Date.now() / 1000);
  /** Signs exactly the claims given (no defaults), HS256 with the app's secret. */
  const sign = (claims: JWTPayload) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(secret());
  const valid = (): JWTPayload => ({ sub: String(owner), scope: '', iat: now(), exp: now() + 3600 });

  it('accepts a well-formed token', async () => {
    const res = await app.gql(`query($id: Int!) { order(id: $id) { id } }`, { id: 1 }, bearer(await sign(valid())));
    expect(res.status).toBe(200);
    expect(res.errors?.[0].extensions?.code).not.toBe('UNAUTHENTICATED');
  });

  it.each<[string, (c: JWTPayload) => JWTPayload, RegExp]>([
    ['no exp', ({ exp: _exp, ...c }) => c, /exp/],
    ['a lifetime over JWT_MAX_LIFETIME (24h)', (c) => ({ ...c, exp: c.iat! + 25 * 3600 }), /lifetime/],
    ['a lifetime over the maximum, without iat', ({ iat: _iat, ...c }) => ({ ...c, exp: now() + 25 * 3600 }), /lifetime/],
    ['an array scope', (c) => ({ ...c, scope: ['admin'] }), /scope/],
    ['an unknown scope', (c) => ({ ...c, scope: 'admin root' }), /scope/],
    ["sub '01'", (c) => ({ ...c, sub: '01' }), /sub/],
    ["sub '-1'", (c) => ({ ...c, sub: '-1' }), /sub/],
    ["sub 'abc'", (c) => ({ ...c, sub: 'abc' }), /sub/],
    ['sub above int4', (c) => ({ ...c, sub: '2147483648' }), /sub/],
  ])('refuses a token with %s: 401 UNAUTHENTICATED, GraphQL and REST', async (_name, patch, message) => {
    const headers = bearer(await sign(patch(valid())));
    const gql = await app.gql('{ refundReasons { name } }', undefined, headers);
    expect([gql.status, gql.errors?.[0].extensions?.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(gql.errors?.[0].message).toMatch(message);
    const rest = await app.get<{ errors: { code: number }[] }>('/v2/orders/1', headers);
    expect([rest.status, rest.body.errors[0].code]).toEqual([401, 4010]);
  });
});
