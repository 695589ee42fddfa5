import { bearerOf, useTestApp } from '../helpers/app';
import { OTHER_VENDOR, pickShowtimes, VENDOR } from '../helpers/orders';

/**
 * REST conformance of loyalty accounts (spec: "Loyalty account (v4)", Endpoints "Loyalty accounts"):
 * the four lookups and their one 404, campaign registration, closing loyalty (orders kept, membership
 * gone).
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const bearer = (account: number, admin = false) => bearerOf(app, account, admin);

const { app, sql } = useTestApp();

const ACCOUNT_FIELDS = [
  'address', 'loyaltyAccountId', 'cardNumber', 'email', 'firstName', 'middleInitial', 'lastName', 'gender', 'birthDate', 'ssn',
  'status', 'statusInfo', 'mobilePhoneNumber', 'favoriteTheatreId', 'areTermsAndConditionsAccepted', 'termsAndConditionsAcceptedVersion',
  'acceptedTermsAndConditionsDate', 'numberOfCardsIssued', 'activationType', 'activationDate', 'enrollDate', 'isEarn', 'isRedeem',
  'receivesNotificationsViaEmail', 'receivesNotificationsViaMobile', 'receivesOffersViaEmail', 'receivesOffersViaMobile',
  'receivesWeeklyEmails', 'websiteLastUpdateCstDateTime', 'PortfolioId', 'PortfolioType', '_links',
];

describe('GET /v4/loyalty-accounts/{…}', () => {
  it("answers the spec account by id, e-mail, card and phone: SSN masked, the card's number in full, links by id only", async () => {
    const byId = await app.get<Json>('/v4/loyalty-accounts/1', VENDOR);
    expect(byId.status).toBe(200);
    expect(Object.keys(byId.body).sort()).toEqual([...ACCOUNT_FIELDS].sort());
    expect(byId.body).toMatchObject({
      loyaltyAccountId: 1,
      cardNumber: 'PREM000000000001',
      email: 'account1@demo.marquee.example',
      ssn: '*****0001',
      mobilePhoneNumber: '2125550101',
      address: { city: 'New York', state: 'NY' },
      PortfolioType: 'Brand Stubs A-List',
      activationType: 'WELC',
    });
    expect(byId.body.websiteLastUpdateCstDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(byId.body._links).toEqual({
      self: { href: `${app.url}/v4/loyalty-accounts/1`, templated: false },
      'loyalty-cards': { href: `${app.url}/v4/loyalty-cards?loyalty-account-id=1`, templated: false },
    });
    for (const path of [
      '/v4/loyalty-accounts/email-account1@demo.marquee.example',
      '/v4/loyalty-accounts/email-ACCOUNT1%40demo.marquee.example',
      '/v4/loyalty-accounts/card-PREM000000000001',
      '/v4/loyalty-accounts/phone-2125550101',
      '/v4/loyalty-accounts/phone-%2B1%20(212)%20555-0101',
    ]) {
      const res = await app.get<Json>(path, VENDOR);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.body).toEqual(byId.body);
    }
    for (const path of ['/v4/loyalty-cards?loyalty-account-id=1', byId.body._links['loyalty-cards'].href.slice(app.url.length)]) {
      expect((await app.get(path, VENDOR)).status).toBe(200);
    }
  });

  it('shows ValidationErrors only where the loyalty system reported some', async () => {
    expect((await app.get<Json>('/v4/loyalty-accounts/12', OTHER_VENDOR)).body.ValidationErrors).toBe('postalCode: does not match state');
    expect((await app.get<Json>('/v4/loyalty-accounts/1', VENDOR)).body).not.toHaveProperty('ValidationErrors');
  });

  it('answers one identical 404 for unknown, ill-formed and not-yours; identifiers need a vendor key', async () => {
    const reference = await app.get<Json>('/v4/loyalty-accounts/email-nobody@demo.marquee.example', VENDOR);
    expect(reference.status).toBe(404);
    const cases: [string, Record<string, string>][] = [
      ['/v4/loyalty-accounts/email-account1@demo.marquee.example', OTHER_VENDOR], // exists, vendor 2 unrelated
      ['/v4/loyalty-accounts/email-not-an-email', VENDOR],
      ['/v4/loyalty-accounts/phone-2125550101', OTHER_VENDOR],
      ['/v4/loyalty-accounts/phone-123', VENDOR],
      ['/v4/loyalty-accounts/card-PREM000000000001', OTHER_VENDOR],
      ['/v4/loyalty-accounts/card-NOPE000000000001', VENDOR],
      ['/v4/loyalty-accounts/1', OTHER_VENDOR],
      ['/v4/loyalty-accounts/999999', VENDOR],
      ['/v4/loyalty-accounts/1', await bearer(2)],
      ['/v4/loyalty-accounts/email-account1@demo.marquee.example', { ...VENDOR, ...(await bearer(2)) }],
    ];
    for (const [path, headers] of cases) {
      const res = await app.get<Json>(path, headers);
      expect([path, res.status, res.body]).toEqual([path, 404, reference.body]);
    }
    expect((await app.get('/v4/loyalty-accounts/email-account1@demo.marquee.example', await bearer(1))).status).toBe(401);
    expect((await app.get('/v4/loyalty-accounts/1')).status).toBe(401);
    expect((await app.get('/v4/loyalty-accounts/1', await bearer(1))).status).toBe(200);
    expect((await app.get('/v4/loyalty-accounts/email-account1@demo.marquee.example', { ...VENDOR, ...(await bearer(1)) })).status).toBe(200);
    expect((await app.get('/v4/loyalty-accounts/email-account1@demo.marquee.example', await bearer(9, true))).status).toBe(200);
    expect((await app.get('/v4/loyalty-accounts/0', VENDOR)).status).toBe(404);
    expect((await app.get('/v4/loyalty-accounts/abc', VENDOR)).status).toBe(400);
  });

  it('a vendor relates to a guest through an order with the guest\'s card: then the lookup answers', async () => {
    const path = '/v4/loyalty-accounts/card-INSD000000000002';
    expect((await app.get(path, OTHER_VENDOR)).status).toBe(404);
    const order = await app.request<Json>('POST', '/v2/orders', { loyaltyCardNumber: 'INSD000000000002' }, OTHER_VENDOR);
    expect(order.status).toBe(201);
    expect((await app.get(path, OTHER_VENDOR)).status).toBe(200);
    // The order's loyalty-card link answers for its creator.
    const link = order.body._links['loyalty-card'].href.slice(app.url.length);
    expect(link).toMatch(/^\/v4\/loyalty-cards\/id-[0-9]+$/);
    expect((await app.get(link, OTHER_VENDOR)).status).toBe(200);
  });
});

describe('POST /v4/loyalty-accounts/{email|card}-…/{campaign}/registration', () => {
  it('registers once (URL-encoded campaign), by e-mail or card; a second call answers the same registration', async () => {
    const first = await app.request<Json>('POST', '/v4/loyalty-accounts/email-account3@demo.marquee.example/summer-blockbusters/registration', undefined, VENDOR);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ loyaltyAccountId: 3, campaign: { code: 'summer-blockbusters', name: 'Summer Blockbusters' } });
    expect(first.body._links.self.href).toBe(`${app.url}/v4/loyalty-accounts/3`);
    const again = await app.request<Json>('POST', '/v4/loyalty-accounts/card-INSD000000000003/summer-blockbusters/registration', undefined, VENDOR);
    expect(again.body.registeredDateUtc).toBe(first.body.registeredDateUtc);
    const spaced = await app.request<Json>('POST', '/v4/loyalty-accounts/card-INSD000000000003/Double%20Points%20Tuesday/registration', undefined, VENDOR);
    expect([spaced.status, spaced.body.campaign.code]).toEqual([200, 'Double Points Tuesday']);
    const [{ n }] = await sql`select count(*)::int as n from loyalty_campaign_registrations where loyalty_account_id = 3`;
    expect(n).toBe(2);
  });

  it('unknown campaign 404, ended campaign 409, not yours the one 404, closed account 409', async () => {
    const reg = (who: string, campaign: string, headers: Record<string, string> = VENDOR) =>
      app.request<Json>('POST', `/v4/loyalty-accounts/${who}/${campaign}/registration`, undefined, headers);
    expect((await reg('email-account3@demo.marquee.example', 'no-such-campaign')).status).toBe(404);
    const ended = await reg('email-account3@demo.marquee.example', 'winter-2019');
    expect([ended.status, ended.body.errors[0].code]).toEqual([409, 4098]);
    const notYours = await reg('email-account3@demo.marquee.example', 'summer-blockbusters', OTHER_VENDOR);
    const unknown = await reg('email-nobody@demo.marquee.example', 'summer-blockbusters');
    expect([notYours.status, notYours.body]).toEqual([404, unknown.body]);
    expect((await reg('email-account3@demo.marquee.example', 'summer-blockbusters', {})).status).toBe(401);
    const closed = await reg('card-PRGO000000000020', 'summer-blockbusters', await bearer(1, true));
    expect([closed.status, closed.body.errors[0].code]).toEqual([409, 4093]);
  });
});

describe('DELETE /v4/site-accounts/{id}/loyalty', () => {
  it('own token or admin only', async () => {
    expect((await app.request('DELETE', '/v4/site-accounts/8/loyalty')).status).toBe(401);
    expect((await app.request('DELETE', '/v4/site-accounts/8/loyalty', undefined, await bearer(9))).status).toBe(403);
    expect((await app.request('DELETE', '/v4/site-accounts/8/loyalty', undefined, VENDOR)).status).toBe(401);
    expect((await app.get('/v4/site-accounts/8/loyalty', await bearer(8))).status).toBe(200);
  });

  it('unlinks and closes the account and its cards, keeps the orders, and ends Premiere membership', async () => {
    const me = await bearer(6);
    const [st] = await pickShowtimes(sql, 1);
    const premiereSeats = async () => {
      const res = await app.gql<{ showtime: { seatingLayout: { seats: { seatTier: string; seatStatus: string }[] } } }>(
        'query($id: Int!) { showtime(id: $id) { seatingLayout { seats { seatTier seatStatus } } } }',
        { id: st.showtimeId },
        me,
      );
      return res.data!.showtime.seatingLayout.seats.filter((s) => s.seatTier === 'Premiere').map((s) => s.seatStatus);
    };
    expect(new Set(await premiereSeats())).toEqual(new Set(['PREMIERE_AVAILABLE']));
    const order = await app.request<Json>('POST', '/v2/orders', { loyaltyCardNumber: 'PREM000000000006' }, { ...VENDOR, ...me });
    expect(order.status).toBe(201);

    const closed = await app.request<Json>('DELETE', '/v4/site-accounts/6/loyalty', undefined, me);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ siteAccountId: 6, loyaltyAccountId: 6, status: 'Closed', statusInfo: 'Closed', closedCards: 1 });
    const [account] = await sql`select site_account_id, status from loyalty_accounts where id = 6`;
    expect(account).toEqual({ site_account_id: null, status: 'Closed' });
    const [card] = await sql`select site_account_id, status, status_info from loyalty_cards where card_number = 'PREM000000000006'`;
    expect(card).toEqual({ site_account_id: null, status: 'Closed', status_info: 'Closed' });

    const kept = await app.get<Json>(`/v2/orders/${order.body.id}`, { ...VENDOR, ...me });
    // The owning account reads its order's card number in full (a read by the order's token alone: masked).
    expect([kept.status, kept.body.loyaltyCardNumber]).toEqual([200, 'PREM000000000006']);
    expect((await app.get<Json>(`/v2/orders/token-${order.body.token}`)).body.loyaltyCardNumber).toBe('************0006');
    expect(kept.body._links['loyalty-card'].href).toMatch(/\/v4\/loyalty-cards\/id-[0-9]+$/);
    expect((await app.get(kept.body._links['loyalty-card'].href.slice(app.url.length), { ...VENDOR, ...me })).status).toBe(200);
    expect(new Set(await premiereSeats())).toEqual(new Set(['PREMIERE_UNAVAILABLE']));
    const earn = await app.request<Json>('POST', '/v4/loyalty-cards/PREM000000000006/earn-for-items', { total: 5, earnItems: [{ productId: 'AFTER-CLOSE', price: 5 }] }, VENDOR);
    expect(earn.body.errors[0].code).toBe(4093);

    expect((await app.get('/v4/site-accounts/6/loyalty', me)).status).toBe(404);
    expect((await app.request('DELETE', '/v4/site-accounts/6/loyalty', undefined, me)).status).toBe(404);
    expect((await app.request('DELETE', '/v4/site-accounts/7/loyalty', undefined, await bearer(1, true))).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('publishes every loyalty route with a unique operationId, tags and the Idempotency-Key header', async () => {
    const doc = (await app.get<Json>('/openapi.json')).body;
    const expected: [string, string, string][] = [
      ['get', '/v4/loyalty-cards', 'getLoyaltyCardOfAccount'],
      ['get', '/v4/loyalty-cards/{card-number}', 'getLoyaltyCard'],
      ['post', '/v4/loyalty-cards/{card-number}/earn-for-items', 'earnLoyaltyForItems'],
      ['post', '/v4/loyalty-cards/{card-number}/waive-fees', 'waiveLoyaltyFees'],
      ['post', '/v4/loyalty-cards/validations', 'validateLoyalty'],
      ['get', '/v3/loyalty-cards/{number}', 'getLoyaltyCardV3'],
      ['get', '/v2/loyalty-cards/{card-number}/product-subscriptions/alist', 'getLoyaltyCardAListSubscription'],
      ['get', '/v4/loyalty-accounts/{loyalty-account-id}', 'getLoyaltyAccount'],
      ['get', '/v4/loyalty-accounts/email-{email-address}', 'getLoyaltyAccountByEmail'],
      ['get', '/v4/loyalty-accounts/card-{card-number}', 'getLoyaltyAccountByCard'],
      ['get', '/v4/loyalty-accounts/phone-{phone}', 'getLoyaltyAccountByPhone'],
      ['post', '/v4/loyalty-accounts/email-{email-address}/{campaign}/registration', 'registerLoyaltyCampaignByEmail'],
      ['post', '/v4/loyalty-accounts/card-{card-number}/{campaign}/registration', 'registerLoyaltyCampaignByCard'],
      ['get', '/v4/site-accounts/{site-account-id}/loyalty', 'getSiteAccountLoyalty'],
      ['delete', '/v4/site-accounts/{site-account-id}/loyalty', 'closeLoyalty'],
    ];
    for (const [method, path, operationId] of expected) {
      const op = doc.paths[path]?.[method];
      expect([path, op?.operationId, op?.tags?.length > 0]).toEqual([path, operationId, true]);
    }
    const ids = Object.values<Json>(doc.paths).flatMap((p) => Object.values<Json>(p).map((op) => op.operationId)).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/v3/loyalty-cards/{number}'].get.deprecated).toBe(true);
    const earn = doc.paths['/v4/loyalty-cards/{card-number}/earn-for-items'].post;
    expect(earn.parameters.some((p: Json) => p.in === 'header' && p.name === 'idempotency-key')).toBe(true);
  });
});
