import { DEMO_WALLET } from '../../db/seed/wallet';
import { useTestApp } from '../helpers/app';
import { VENDOR } from '../helpers/orders';

/**
 * Wallet v4 over REST (docs/accounts.md, "Wallet"): the wallet's shape, summaries and links (every link
 * answers), each card's self link (GET, PUT, DELETE), the on-demand view, the access rule (own token
 * or admin) and bad bodies (400 naming the field, nothing written).
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const path = (href: string) => href.slice(app.url.length);

const { app, sql, bearer } = useTestApp({ accounts: { a1: 1, a2: 2, a3: 3, a4: 4, admin: { id: 20, admin: true } } });

test("the wallet of account 1: summaries, masked cards, links that answer", async () => {
  const res = await app.get<Json>('/v4/site-accounts/1/wallet', bearer('a1'));
  expect(res.status).toBe(200);
  const w = res.body;
  expect(w).toMatchObject({
    creditCardCount: 2,
    maxCreditCardCount: 5,
    giftCardSummary: { preferredTender: true, balance: 57.5, count: 2, maxCount: 10 },
    partnerCardSummary: { preferredTender: false, balance: 0, count: 0, maxCount: 5 },
    // A loyalty card is no payment card: its holder sees the number it earns with.
    loyaltySummary: { autoSpend: true, number: 'PREM000000000001' },
  });
  const credit = w._embedded.creditCards;
  expect(credit.map((c: Json) => [c.lastFour, c.default])).toEqual([[DEMO_WALLET.creditCardLastFour, true], ['5100', false]]);
  expect(credit[0]).toMatchObject({ cardType: 'Visa', verified: true, cardHolderFirstName: null, state: 'NY' });
  const gift = w._embedded.giftCards[0];
  expect(gift).toMatchObject({
    maskedNumber: `************${DEMO_WALLET.giftCardNumber.slice(-4)}`,
    maskedPin: '****',
    encryptedNumber: null,
    encryptedPin: null,
    qrCode: null,
    balance: 42.5,
    status: 'Active',
  });
  expect(gift.balanceInquiryToken).toMatch(/^[0-9a-f-]{36}$/);
  expect(w._embedded.externalCards).toEqual([]);
  expect(Object.keys(w._links).sort()).toEqual(['creditcards', 'giftcards', 'loyalty', 'partnercards', 'self']);
  for (const link of Object.values<Json>(w._links)) {
    expect(link.templated).toBe(false);
    const linked = await app.get<Json>(path(link.href), bearer('a1'));
    expect([link.href, linked.status]).toEqual([link.href, 200]);
  }
  const gifts = await app.get<Json>(path(w._links.giftcards.href), bearer('a1'));
  expect(gifts.body).toMatchObject({ count: 2, _embedded: { giftCards: w._embedded.giftCards } });
  const loyalty = await app.get<Json>(path(w._links.loyalty.href), bearer('a1'));
  expect(loyalty.body).toMatchObject(w.loyaltySummary);
  // Every card's self link reads the same card.
  for (const kind of ['creditCards', 'giftCards']) {
    for (const card of w._embedded[kind]) {
      const one = await app.get<Json>(path(card._links.self.href), bearer('a1'));
      expect(one.status).toBe(200);
      expect(one.body).toEqual(card);
    }
  }
});

test('accounts 1–4 between them hold every kind of card, on-demand external cards included', async () => {
  const kinds = new Set<string>();
  for (const id of [1, 2, 3, 4]) {
    const w = (await app.get<Json>(`/v4/site-accounts/${id}/wallet`, bearer(`a${id}`))).body;
    for (const [kind, list] of Object.entries<Json[]>(w._embedded)) if (list.length) kinds.add(kind);
    const onDemand = await app.get<Json>(`/v4/site-accounts/${id}/wallet/views/on-demand`, bearer(`a${id}`));
    expect(onDemand.status).toBe(200);
    if (onDemand.body.externalWallet.length) kinds.add('onDemand');
  }
  expect([...kinds].sort()).toEqual(['creditCards', 'externalCards', 'giftCards', 'onDemand', 'partnerCards']);
  const three = (await app.get<Json>('/v4/site-accounts/3/wallet/views/on-demand', bearer('a3'))).body;
  expect(three.externalWallet).toEqual([
    {
      id: 2,
      typeID: 2,
      displayName: 'App store billing',
      isPrimary: false,
      BillingAddress: { Name: 'Account Three', LineOne: '410 Lake Shore Drive', LineTwo: null, City: 'Chicago', State: 'IL', PostalCode: '60611', Country: 'US', DefaultBilling: false },
    },
  ]);
  const w3 = (await app.get<Json>('/v4/site-accounts/3/wallet', bearer('a3'))).body;
  expect(w3._embedded.externalCards.map((c: Json) => c.id)).toEqual([1, 2]);
  expect(w3._embedded.externalCards[0].billingAddress).toMatchObject({ name: 'Account Three', country: 'US', defaultBilling: true });
  const w2 = (await app.get<Json>('/v4/site-accounts/2/wallet', bearer('a2'))).body;
  expect(w2._embedded.creditCards[0]).toMatchObject({ cardHolderFirstName: 'Robin', lastFour: '8431' });
  expect(w2.partnerCardSummary).toMatchObject({ preferredTender: true, balance: 25, count: 1 });
});

describe('access: the own token or an admin', () => {
  const paths = [
    '/v4/site-accounts/1/wallet',
    '/v4/site-accounts/1/wallet/loyalty',
    '/v4/site-accounts/1/wallet/credit-cards',
    '/v4/site-accounts/1/wallet/gift-cards',
    '/v4/site-accounts/1/wallet/partner-cards',
    '/v4/site-accounts/1/wallet/views/on-demand',
  ];
  test.each(paths)('%s', async (p) => {
    expect((await app.get(p, bearer('a2'))).status).toBe(403);
    expect((await app.get(p, VENDOR)).status).toBe(401);
    expect((await app.get(p)).status).toBe(401);
    const own = await app.get(p, bearer('a1'));
    const admin = await app.get(p, bearer('admin'));
    expect([own.status, admin.status]).toEqual([200, 200]);
    expect(admin.body).toEqual(own.body);
  });

  test('unknown accounts and ids out of range are 404; a card token of another account is 404', async () => {
    expect((await app.get('/v4/site-accounts/999999/wallet', bearer('admin'))).status).toBe(404);
    expect((await app.get('/v4/site-accounts/0/wallet', bearer('admin'))).status).toBe(404);
    expect((await app.get('/v4/site-accounts/99999999999/wallet', bearer('admin'))).status).toBe(404);
    const theirs = (await app.get<Json>('/v4/site-accounts/2/wallet', bearer('a2'))).body._embedded.creditCards[0].token;
    expect((await app.get(`/v4/site-accounts/1/wallet/credit-cards/${theirs}`, bearer('a1'))).status).toBe(404);
    expect((await app.get('/v4/site-accounts/1/wallet/credit-cards/not-a-uuid', bearer('a1'))).status).toBe(404);
    expect((await app.get('/v4/site-accounts/1/wallet/debit-cards', bearer('a1'))).status).toBe(404);
  });
});

describe('writes on card self links', () => {
  const snapshot = async () => JSON.stringify(await sql`select * from wallet_credit_cards order by id`) + JSON.stringify(await sql`select * from wallet_gift_cards order by id`);

  test('PUT renames a credit card and makes it the default (the other loses the flag)', async () => {
    const w = (await app.get<Json>('/v4/site-accounts/1/wallet', bearer('a1'))).body;
    const second = w._embedded.creditCards[1];
    const res = await app.request<Json>('PUT', path(second._links.self.href), { name: 'Weekend card', default: true, city: 'Brooklyn' }, bearer('a1'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token: second.token, name: 'Weekend card', default: true, city: 'Brooklyn', lastFour: '5100' });
    const after = (await app.get<Json>('/v4/site-accounts/1/wallet/credit-cards', bearer('a1'))).body._embedded.creditCards;
    expect(after.map((c: Json) => c.default)).toEqual([false, true]);
  });

  test.each([
    ['an unknown field', 'credit', { number: '4111111111111111' }, 'number'],
    ['an empty name', 'credit', { name: '' }, 'name'],
    ['a bad ZIP', 'gift', { postalCode: 'ABCDE' }, 'postalCode'],
    ['default on a gift card', 'gift', { default: true }, 'default'],
    ['a bad state', 'credit', { state: 'New York' }, 'state'],
  ])('PUT with %s is 400 naming the field, nothing written', async (_what, kind, body, field) => {
    const w = (await app.get<Json>('/v4/site-accounts/1/wallet', bearer('a1'))).body;
    const card = w._embedded[`${kind}Cards`][0];
    const before = await snapshot();
    const res = await app.request<Json>('PUT', path(card._links.self.href), body, bearer('a1'));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe(4000);
    expect(res.body.errors[0].message).toContain(field);
    expect(JSON.stringify(res.body)).not.toContain('4111111111111111');
    expect(await snapshot()).toBe(before);
  });

  test('DELETE removes a gift card: 200, then 404; other accounts get 403 and change nothing', async () => {
    const w = (await app.get<Json>('/v4/site-accounts/1/wallet', bearer('a1'))).body;
    const card = w._embedded.giftCards[1];
    const before = await snapshot();
    expect((await app.request('DELETE', path(card._links.self.href), undefined, bearer('a2'))).status).toBe(403);
    expect((await app.request('DELETE', path(card._links.self.href))).status).toBe(401);
    expect(await snapshot()).toBe(before);
    expect((await app.request('DELETE', path(card._links.self.href), undefined, bearer('a1'))).status).toBe(200);
    expect((await app.get(path(card._links.self.href), bearer('a1'))).status).toBe(404);
    expect((await app.request('DELETE', path(card._links.self.href), undefined, bearer('a1'))).status).toBe(404);
    const after = (await app.get<Json>('/v4/site-accounts/1/wallet', bearer('a1'))).body;
    expect(after.giftCardSummary).toMatchObject({ count: 1, balance: 42.5 });
  });
});

test('the OpenAPI document lists every wallet, device and personalized route with a unique operationId and a tag', async () => {
  const doc = (await app.get<Json>('/openapi.json')).body;
  const expected: Record<string, string[]> = {
    '/v4/site-accounts/{account-id}/wallet': ['get'],
    '/v4/site-accounts/{account-id}/wallet/loyalty': ['get'],
    '/v4/site-accounts/{account-id}/wallet/views/on-demand': ['get'],
    '/v4/site-accounts/{account-id}/wallet/credit-cards': ['get'],
    '/v4/site-accounts/{account-id}/wallet/credit-cards/{card-token}': ['get', 'put', 'delete'],
    '/v4/site-accounts/{account-id}/wallet/gift-cards/{card-token}': ['get', 'put', 'delete'],
    '/v4/site-accounts/{account-id}/wallet/partner-cards/{card-token}': ['get', 'put', 'delete'],
    '/v1/devices/{deviceApplicationToken}': ['put', 'get', 'delete'],
    '/v2/site-accounts/{accountId}/personalized-movies/views/{view}': ['get'],
  };
  const ids: string[] = [];
  for (const [p, methods] of Object.entries(expected)) {
    for (const m of methods) {
      const op = doc.paths[p]?.[m];
      expect([p, m, typeof op?.operationId, op?.tags?.length]).toEqual([p, m, 'string', 1]);
      ids.push(op.operationId);
    }
  }
  const all = Object.values<Json>(doc.paths).flatMap((item) => Object.values<Json>(item).map((op) => op.operationId).filter(Boolean));
  for (const id of ids) expect(all.filter((x) => x === id)).toHaveLength(1);
  expect(doc.paths['/v1/devices/{deviceApplicationToken}'].put.requestBody).toBeDefined();
});
