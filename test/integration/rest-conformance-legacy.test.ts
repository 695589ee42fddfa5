import { demoPhone } from '../../db/seed/loyalty';
import { bearerOf, useTestApp } from '../helpers/app';
import { holdSeats, OTHER_VENDOR, payAndFulfil, pickShowtimes, seatsOf, VENDOR } from '../helpers/orders';
import type { Json } from '../helpers/rest-conformance';
import { shapeProblems } from '../helpers/shape';

/**
 * Conformance found by calling the API as a legacy client would (issue 26, item 7): a client learns a
 * loyalty card's number from the records it is entitled to and earns with it; every form of a card that
 * links write is taken wherever a card number is (writes through `id-{cardId}` only for the holder or an
 * admin); phone numbers in the forms such clients send; the spec's card (not a list) for an account;
 * no dead link among the media content types; the spec's 404 for the media of a resource that does
 * not exist.
 */

const bearer = (id: number, admin = false) => bearerOf(app, id, admin);
const as = async (id: number) => ({ ...VENDOR, ...(await bearer(id)) });
const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => app.request<Json>(method, path, body, headers);
/** The card number of demo card `id` (= its site account), read from the database, not from a response. */
const numberOf = async (id: number) => (await sql<{ n: string }[]>`select card_number as n from loyalty_cards where id = ${id}`)[0].n;
const earn = (ref: string, productId: string, headers: Record<string, string>) =>
  call('POST', `/v4/loyalty-cards/${ref}/earn-for-items`, { total: 10, earnItems: [{ productId, price: 10 }] }, headers);

const { app, sql } = useTestApp();

describe('loyalty card numbers are returned to those entitled to the record', () => {
  it('the account, its card and the account-card resource carry the full number for the holder, an admin and a related vendor', async () => {
    const card1 = await numberOf(1);
    for (const headers of [await bearer(1), await bearer(5, true), VENDOR, await as(1)]) {
      const account = await app.get<Json>('/v4/loyalty-accounts/1', headers);
      expect([account.status, account.body.cardNumber]).toEqual([200, card1]);
      const byId = await app.get<Json>('/v4/loyalty-cards/id-1', headers);
      expect([byId.status, byId.body.cardNumber]).toEqual([200, card1]);
      const ofAccount = await app.get<Json>('/v4/loyalty-cards?loyalty-account-id=1', headers);
      expect([ofAccount.status, ofAccount.body.cardNumber]).toEqual([200, card1]);
    }
    // A vendor by e-mail, phone and card (vendor 1 enrolled accounts 1–10).
    for (const path of ['/v4/loyalty-accounts/email-account1@demo.marquee.example', `/v4/loyalty-accounts/phone-${demoPhone(1)}`, `/v4/loyalty-accounts/card-${card1}`]) {
      expect((await app.get<Json>(path, VENDOR)).body.cardNumber).toBe(card1);
    }
    // The same-404 rule holds: an unrelated vendor, another account's token.
    const unknown = await app.get<Json>('/v4/loyalty-accounts/99999', OTHER_VENDOR);
    for (const [path, headers] of [['/v4/loyalty-accounts/1', OTHER_VENDOR], ['/v4/loyalty-accounts/1', await bearer(2)]] as const) {
      const res = await app.get<Json>(path, headers);
      expect([res.status, res.body]).toEqual([404, unknown.body]);
    }
  });

  it('a client earns with the number it read from the account (the point of returning it)', async () => {
    const account = await app.get<Json>('/v4/loyalty-accounts/email-account3@demo.marquee.example', VENDOR);
    const res = await earn(account.body.cardNumber, 'LEGACY-EARN-1', VENDOR);
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('Earn');
  });

  it("an order's loyaltyCardNumber is full for its creator, owner and an admin, masked for a read by its token alone", async () => {
    const card1 = await numberOf(1);
    const masked = `${'*'.repeat(card1.length - 4)}${card1.slice(-4)}`;
    const created = await call('POST', '/v2/orders', { loyaltyCardNumber: card1 }, await as(1));
    expect([created.status, created.body.loyaltyCardNumber]).toEqual([201, card1]);
    const path = `/v2/orders/${created.body.id}`;
    expect((await app.get<Json>(path, await bearer(1))).body.loyaltyCardNumber).toBe(card1);
    expect((await app.get<Json>(path, await bearer(5, true))).body.loyaltyCardNumber).toBe(card1);
    const byToken = await app.get<Json>(`/v2/orders/token-${created.body.token}`);
    expect([byToken.status, byToken.body.loyaltyCardNumber]).toEqual([200, masked]);
    // The creating vendor acting for no account: its own order.
    const vendors = await call('POST', '/v2/orders', { loyaltyCardNumber: card1 }, VENDOR);
    expect((await app.get<Json>(`/v2/orders/${vendors.body.id}`, VENDOR)).body.loyaltyCardNumber).toBe(card1);
    // GraphQL: the same rule.
    const q = 'query($id: Int!, $t: String!) { order(id: $id) { loyaltyCardNumber } orderByToken(token: $t) { loyaltyCardNumber } }';
    const own = await app.gql<Json>(q, { id: created.body.id, t: created.body.token }, await bearer(1));
    expect(own.data).toEqual({ order: { loyaltyCardNumber: card1 }, orderByToken: { loyaltyCardNumber: card1 } });
    const anonymous = await app.gql<Json>('query($t: String!) { orderByToken(token: $t) { loyaltyCardNumber } }', { t: created.body.token });
    expect(anonymous.data).toEqual({ orderByToken: { loyaltyCardNumber: masked } });
  });

  it("the wallet's loyalty summary shows the number; credit cards stay last four, gift cards masked and PINs sealed", async () => {
    const card1 = await numberOf(1);
    const h = await bearer(1);
    const wallet = await app.get<Json>('/v4/site-accounts/1/wallet', h);
    expect(wallet.body.loyaltySummary.number).toBe(card1);
    expect((await app.get<Json>('/v4/site-accounts/1/wallet/loyalty', h)).body.number).toBe(card1);
    for (const c of wallet.body._embedded.creditCards) expect(Object.keys(c)).not.toContain('cardNumber');
    for (const g of wallet.body._embedded.giftCards) {
      expect(g.maskedNumber).toMatch(/^\*+\d{4}$/);
      expect([g.encryptedNumber, g.encryptedPin]).toEqual([null, null]);
    }
    const gql = await app.gql<Json>(
      '{ me { wallet { loyaltySummary { number } } loyaltyAccount { cardNumber } loyaltyCards { cardNumber } } }',
      {},
      h,
    );
    expect(gql.data!.me.wallet.loyaltySummary.number).toBe(card1);
    expect(gql.data!.me.loyaltyAccount.cardNumber).toBe(card1);
    expect(gql.data!.me.loyaltyCards.map((c: Json) => c.cardNumber)).toEqual([card1]);
  });
});

describe('every form of a card that links write is taken', () => {
  it('earn and waive through id-{cardId}: the holder or an admin with a vendor key; a vendor alone 403; another account 404', async () => {
    const ok = await earn('id-4', 'LEGACY-ID-EARN-1', await as(4));
    expect([ok.status, ok.body.kind]).toEqual([200, 'Earn']);
    expect((await earn('id-4', 'LEGACY-ID-EARN-2', { ...VENDOR, ...(await bearer(5, true)) })).status).toBe(200);
    const waived = await call('POST', '/v4/loyalty-cards/id-4/waive-fees', { amount: 0.5 }, await as(4));
    expect([waived.status, waived.body.kind]).toEqual([200, 'WaiveFees']);

    const vendorAlone = await earn('id-4', 'LEGACY-ID-EARN-3', VENDOR);
    expect(vendorAlone.status).toBe(403);
    expect(vendorAlone.body.errors[0].message).toMatch(/holder's account token or an admin token/);
    expect((await call('POST', '/v4/loyalty-cards/id-4/waive-fees', { amount: 0.5 }, VENDOR)).status).toBe(403);
    // Refused before the body is read: a 403 even for a broken body.
    expect((await call('POST', '/v4/loyalty-cards/id-4/waive-fees', { amount: 'x' }, VENDOR)).status).toBe(403);
    const notHolder = await earn('id-4', 'LEGACY-ID-EARN-4', await as(2));
    const unknown = await earn('id-999999', 'LEGACY-ID-EARN-5', await as(2));
    expect([notHolder.status, notHolder.body]).toEqual([404, unknown.body]);
    expect((await earn('id-4', 'LEGACY-ID-EARN-6', await bearer(4))).status).toBe(401);
    // Nothing earned by the refused calls.
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from loyalty_earn_items where product_id like 'LEGACY-ID-EARN-%'`;
    expect(n).toBe(2);
  });

  it('GraphQL takes id-{cardId} in earnLoyaltyPoints, waiveLoyaltyFees, loyaltyCard and loyaltyAccount, with the same rights', async () => {
    const card6 = await numberOf(6);
    const m = 'mutation($n: String!, $p: String!) { earnLoyaltyPoints(cardNumber: $n, input: {total: 5, earnItems: [{productId: $p, price: 5}]}) { kind } }';
    expect((await app.gql<Json>(m, { n: 'id-6', p: 'LEGACY-GQL-1' }, await as(6))).data).toEqual({ earnLoyaltyPoints: { kind: 'EARN' } });
    const refused = await app.gql<Json>(m, { n: 'id-6', p: 'LEGACY-GQL-2' }, VENDOR);
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const w = 'mutation { waiveLoyaltyFees(cardNumber: "id-6", amount: 0.25) { kind } }';
    expect((await app.gql<Json>(w, {}, await as(6))).data).toEqual({ waiveLoyaltyFees: { kind: 'WAIVE_FEES' } });
    const read = await app.gql<Json>('{ loyaltyCard(cardNumber: "id-6") { cardNumber } loyaltyAccount(cardNumber: "id-6") { cardNumber } }', {}, await bearer(6));
    expect(read.data).toEqual({ loyaltyCard: { cardNumber: card6 }, loyaltyAccount: { cardNumber: card6 } });
    const other = await app.gql<Json>('{ loyaltyCard(cardNumber: "id-6") { cardNumber } }', {}, await bearer(7));
    expect(other.data).toEqual({ loyaltyCard: null });
  });

  it('account lookups, campaign registrations and validations by card take id-{cardId}', async () => {
    const account = await app.get<Json>('/v4/loyalty-accounts/card-id-8', await bearer(8));
    expect([account.status, account.body.loyaltyAccountId]).toEqual([200, 8]);
    const byVendor = await app.get<Json>('/v4/loyalty-accounts/card-id-8', VENDOR);
    expect([byVendor.status, byVendor.body.loyaltyAccountId]).toEqual([200, 8]);
    expect((await app.get('/v4/loyalty-accounts/card-id-8', OTHER_VENDOR)).status).toBe(404);

    const register = (headers: Record<string, string>) => call('POST', '/v4/loyalty-accounts/card-id-8/summer-blockbusters/registration', undefined, headers);
    expect((await register(VENDOR)).status).toBe(403);
    const registered = await register(await as(8));
    expect([registered.status, registered.body.loyaltyAccountId]).toEqual([200, 8]);

    const validate = (headers: Record<string, string>) => call('POST', '/v4/loyalty-cards/validations', { loyaltyCard: { number: 'id-8' } }, headers);
    expect((await validate(VENDOR)).body).toMatchObject({ valid: true, loyaltyCard: { accountType: expect.any(String) } });
    expect((await validate(OTHER_VENDOR)).body).toEqual({ valid: false, reason: 'NotFound', loyaltyCard: null, associate: null });
  });

  it("an order takes its card as id-{cardId} from the holder (stored as the number); a vendor alone 403", async () => {
    const card9 = await numberOf(9);
    const created = await call('POST', '/v2/orders', { loyaltyCardNumber: 'id-9' }, await as(9));
    expect([created.status, created.body.loyaltyCardNumber]).toEqual([201, card9]);
    expect(created.body._links['loyalty-card'].href).toBe(`${app.url}/v4/loyalty-cards/id-9`);
    const [row] = await sql<{ n: string }[]>`select loyalty_card_number as n from orders where id = ${created.body.id}`;
    expect(row.n).toBe(card9);
    expect((await call('POST', '/v2/orders', { loyaltyCardNumber: 'id-9' }, VENDOR)).status).toBe(403);
    const notYours = await call('POST', '/v2/orders', { loyaltyCardNumber: 'id-9' }, await as(2));
    expect([notYours.status, notYours.body.errors[0].message]).toEqual([400, 'loyaltyCardNumber: Loyalty card id-9 does not exist']);
    const discounted = await call('POST', `/v2/orders/${created.body.id}/loyalty-discounts`, { loyaltyCardNumber: 'id-9' }, await as(9));
    expect([discounted.status, discounted.body.loyaltyCardNumber]).toEqual([200, card9]);
  });

  it('a seat map takes its membership card as id-{cardId} (an admin asking about card 1)', async () => {
    const [show] = await pickShowtimes(sql, 1, 7);
    const [perf] = await sql<{ theatre_id: number; performance_number: number }[]>`
      select theatre_id, performance_number from showtimes where id = ${show.showtimeId}`;
    const premiere = async (card: string) => {
      const res = await app.get<Json>(`/v3/seating-layouts/${perf.theatre_id}/${perf.performance_number}?loyaltyCardNumber=${card}`, await bearer(2, true));
      return [...new Set(res.body.seats.filter((s: Json) => s.seatTier === 'Premiere').map((s: Json) => s.seatStatus))];
    };
    expect(await premiere(await numberOf(1))).toEqual(['PremiereAvailable']);
    expect(await premiere('id-1')).toEqual(['PremiereAvailable']);
    expect(await premiere('id-2')).toEqual(['PremiereUnavailable']);
  });

  it('/openapi.json declares the id-{cardId} write variant of earn and waive', async () => {
    const doc = (await app.get<Json>('/openapi.json')).body;
    for (const path of ['/v4/loyalty-cards/{card-number}/earn-for-items', '/v4/loyalty-cards/{card-number}/waive-fees']) {
      const variants = doc.paths[path].post['x-security-variants'];
      expect(variants).toEqual([
        { in: 'path', name: 'card-number', pattern: '^id-([1-9][0-9]{0,9})$', security: [{ vendorKey: [], bearerAuth: [] }] },
        { in: 'path', name: 'card-number', security: [{ vendorKey: [] }] },
      ]);
    }
    const registration = doc.paths['/v4/loyalty-accounts/card-{card-number}/{campaign}/registration'].post['x-security-variants'];
    expect(registration[0].security).toEqual([{ vendorKey: [], bearerAuth: [] }, { bearerAuth: ['admin'] }]);
  });
});

describe('phone numbers in the forms a legacy client sends', () => {
  const FORMS = ['2125550001', '12125550001', '+12125550001', '(212) 555-0001', '212-555-0001', '+1 212 555 0001', '212.555.0001'];

  it('opt out of all by phone-number-{phone} in every form (each answers 200, not 404); an ill-formed one stays 404', async () => {
    for (const form of FORMS) {
      const res = await call('DELETE', `/v2/subscriptions/phone-number-${encodeURIComponent(form)}`, undefined, VENDOR);
      expect([form, res.status]).toEqual([form, 200]);
    }
    for (const bad of ['212-5550-001', '+2125550001', '21255500011']) {
      expect((await call('DELETE', `/v2/subscriptions/phone-number-${encodeURIComponent(bad)}`, undefined, VENDOR)).status).toBe(404);
    }
  });

  it('query parameters, per-contact routes, loyalty lookups and GraphQL arguments read the same number', async () => {
    for (const form of FORMS) {
      const list = await app.get<Json>(`/v2/subscriptions?phone-number=${encodeURIComponent(form)}`, VENDOR);
      expect([form, list.status]).toEqual([form, 200]);
      // The opt-out link names the number in its one canonical form.
      expect(list.body._links[`${app.url}/rels/v2/subscriptions-optout-all-sms`].href).toBe(`${app.url}/v2/subscriptions/phone-number-2125550001`);
      const status = await app.get<Json>(`/v2/subscriptions/weekly-showtimes/sms/${encodeURIComponent(form)}`, VENDOR);
      expect([form, status.status]).toEqual([form, 200]);
      const loyalty = await app.get<Json>(`/v4/loyalty-accounts/phone-${encodeURIComponent(form.replace('0001', '0101'))}`, VENDOR);
      expect([form, loyalty.status, loyalty.body.loyaltyAccountId]).toEqual([form, 200, 1]);
    }
    const gql = await app.gql<Json>(
      'query($p: String!) { loyaltyAccount(phone: $p) { loyaltyAccountId } }',
      { p: '+1 (212) 555-0101' },
      VENDOR,
    );
    expect(gql.data).toEqual({ loyaltyAccount: { loyaltyAccountId: 1 } });
    const sub = await app.gql<Json>(
      'mutation($c: SubscriptionContactInput!) { unsubscribeContactFromAll(contact: $c) }',
      { c: { phoneNumber: '(212) 555-0001' } },
      VENDOR,
    );
    expect(sub.errors).toBeUndefined();
    expect((await app.get('/v2/subscriptions?phone-number=212-5550-001', VENDOR)).status).toBe(400);
  });

  it('SMS ticket confirmations take a formatted number and store its ten digits', async () => {
    const [show] = await pickShowtimes(sql, 1, 8);
    const sold = await payAndFulfil(app.gql, await holdSeats(app.gql, show.showtimeId, seatsOf(show.regular.slice(0, 1))));
    const line = sold.products[0].lineNumber;
    const res = await call('POST', `/v2/orders/${sold.id}/products/${line}/sms-ticket-confirmation/${encodeURIComponent('(212) 555-0077')}`, undefined, VENDOR);
    expect(res.status).toBe(200);
    const gql = await app.gql<Json>(
      'mutation($id: Int!, $l: Int!) { sendTicketConfirmationSms(orderId: $id, lineNumber: $l, phoneNumber: "+1 212-555-0078") { id } }',
      { id: sold.id, l: line },
      VENDOR,
    );
    expect(gql.errors).toBeUndefined();
    const rows = await sql<{ phone_number: string }[]>`
      select c.phone_number from sms_confirmations c join order_products p on p.id = c.order_product_id where p.order_id = ${sold.id} order by c.id`;
    expect(rows.map((r) => r.phone_number)).toEqual(['2125550077', '2125550078']);
  });
});

describe('GET /v4/loyalty-cards?loyalty-account-id=|email= answers the card resource', () => {
  it("is the account's active card (the card resource, not a page), by id or e-mail alike", async () => {
    const byId = await app.get<Json>('/v4/loyalty-cards?loyalty-account-id=1', VENDOR);
    expect(byId.status).toBe(200);
    expect(shapeProblems(byId.body, {
      profileId: 'int?', cardNumber: 'string', balance: 'number', pointsEarned: 'int', accountType: 'string',
      status: 'string', statusInfo: 'string', ActivationDate: 'string?', expirationDate: 'string?', '_links.self': 'link',
    })).toEqual([]);
    expect(byId.body).not.toHaveProperty('_embedded');
    expect(byId.body).not.toHaveProperty('pageSize');
    expect(byId.body).toMatchObject({ profileId: 1, cardNumber: await numberOf(1), status: 'Active' });
    expect(byId.body._links.self.href).toBe(`${app.url}/v4/loyalty-cards/id-1`);
    const byEmail = await app.get<Json>(`/v4/loyalty-cards?email=${encodeURIComponent('account1@demo.marquee.example')}`, VENDOR);
    expect(byEmail.body).toEqual(byId.body);
    // The account's link to it answers the same card.
    const account = await app.get<Json>('/v4/loyalty-accounts/1', VENDOR);
    expect((await app.get<Json>(account.body._links['loyalty-cards'].href.slice(app.url.length), VENDOR)).body).toEqual(byId.body);
  });

  it("prefers the account's Active card to a newer closed one; an unknown account is the one 404", async () => {
    const [{ id }] = await sql<{ id: number }[]>`
      insert into loyalty_cards (site_account_id, loyalty_account_id, card_number, account_type, status, status_info)
      values (11, 11, 'LEGC000000000111', 'Legacy', 'Closed', 'Closed') returning id`;
    expect(id).toBeGreaterThan(11);
    const card = await app.get<Json>('/v4/loyalty-cards?loyalty-account-id=11', await bearer(11));
    expect([card.status, card.body.cardNumber]).toEqual([200, await numberOf(11)]);
    const unknown = await app.get<Json>('/v4/loyalty-cards?loyalty-account-id=99999', VENDOR);
    expect([unknown.status, unknown.body.errors[0].code]).toEqual([404, 4002]);
    expect((await app.get('/v4/loyalty-cards', VENDOR)).status).toBe(400);
  });

  it('/openapi.json answers the card schema for it', async () => {
    const doc = (await app.get<Json>('/openapi.json')).body;
    const op = doc.paths['/v4/loyalty-cards'].get;
    // The card resource itself, named: the same component as GET /v4/loyalty-cards/{card-number}.
    expect(op.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/LoyaltyCard' });
    expect(doc.paths['/v4/loyalty-cards/{card-number}'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/LoyaltyCard' });
    const schema = doc.components.schemas.LoyaltyCard;
    expect(schema.properties.cardNumber).toBeDefined();
    expect(schema.properties._embedded).toBeUndefined();
    expect(op.parameters.map((p: Json) => p.name).sort()).toEqual(['email', 'loyalty-account-id']);
  });
});

describe('media', () => {
  it('every content type of images and videos links to a resource that answers 200', async () => {
    for (const word of ['images', 'videos']) {
      const list = await app.get<Json>(`/v2/media/${word}/content-types`);
      expect(list.body.count).toBeGreaterThan(0);
      for (const type of list.body.contentTypes) {
        const self = await app.get<Json>(type._links.self.href.slice(app.url.length));
        expect([type.name, self.status]).toEqual([type.name, 200]);
      }
    }
    const trailer = (await app.get<Json>('/v2/media/videos/content-types')).body.contentTypes.find((t: Json) => t.name === 'Trailer');
    expect(trailer._links.self.href).toBe(`${app.url}/v2/media/videos/content-types/Trailer`);
    expect((await app.get<Json>('/v2/media/videos/content-types/Trailer')).body).toEqual(trailer);
    expect((await app.get('/v2/media/videos/content-types/Poster')).status).toBe(404);
  });

  it('the media of a promotion, product or product category that does not exist is 404; of existing ones 200', async () => {
    const [product] = await sql<{ key: string }[]>`select resource_key as key from media_items where resource_type = 'product' limit 1`;
    const [category] = await sql<{ key: string }[]>`select resource_key as key from media_items where resource_type = 'product-category' limit 1`;
    const [bare] = await sql<{ id: number }[]>`select id from concessions where id::text not in (select resource_key from media_items where resource_type = 'product') limit 1`;
    for (const path of [`/v2/media/promotion/premiere-membership/images`, `/v2/media/products/${product.key}/images`, `/v2/media/product-categories/${category.key}/images`, `/v2/media/products/${bare.id}/videos`]) {
      expect([path, (await app.get(path)).status]).toEqual([path, 200]);
    }
    for (const path of ['/v2/media/promotion/no-such-promotion/images', '/v2/media/products/987654/images', '/v2/media/product-categories/987654/videos', '/v2/media/products/not-a-number/images']) {
      const res = await app.get<Json>(path);
      expect([path, res.status, res.body.errors?.[0].code]).toEqual([path, 404, 4002]);
    }
    const gql = await app.gql<Json>('{ media(resourceType: PROMOTION, resourceId: "no-such-promotion") { totalCount } }');
    expect(gql.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
