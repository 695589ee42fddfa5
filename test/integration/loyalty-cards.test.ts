import { bearerOf, useTestApp } from '../helpers/app';
import { OTHER_VENDOR, VENDOR } from '../helpers/orders';

/**
 * REST conformance of loyalty cards (spec: "Loyalty card (v4)", Endpoints "Loyalty cards"): shapes,
 * links, the account's card, the one 404, the v3 deprecation headers, earn / waive rules, validations.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const bearer = (account: number, admin = false) => bearerOf(app, account, admin);
const balanceOf = async (card: string) => Number((await sql`select balance from loyalty_cards where card_number = ${card}`)[0].balance);
const ledgerCount = async (card: string) =>
  Number((await sql`select count(*)::int as n from loyalty_transactions t join loyalty_cards c on c.id = t.card_id where c.card_number = ${card}`)[0].n);
const post = (path: string, body: unknown, headers: Record<string, string> = VENDOR) => app.request<Json>('POST', path, body, headers);

const { app, sql } = useTestApp();

const CARD_FIELDS = ['profileId', 'cardNumber', 'balance', 'pointsEarned', 'accountType', 'status', 'statusInfo', 'ActivationDate', 'expirationDate', '_links'];

describe('GET /v4/loyalty-cards/{card-number}', () => {
  it('answers the spec card, number in full, links echoing the path number, A-List links when subscribed', async () => {
    const res = await app.get<Json>('/v4/loyalty-cards/PREM000000000001', VENDOR);
    expect(res.status).toBe(200);
    const card = res.body;
    expect(Object.keys(card).sort()).toEqual([...CARD_FIELDS].sort());
    expect(card).toMatchObject({ profileId: 1, cardNumber: 'PREM000000000001', accountType: 'Premiere', status: 'Active', statusInfo: 'Active' });
    expect(card.pointsEarned).toBe(Math.round(card.balance * 100));
    expect(card._links.self).toEqual({ href: `${app.url}/v4/loyalty-cards/PREM000000000001`, templated: false });
    const alist = `${app.url}/v2/loyalty-cards/PREM000000000001/product-subscriptions/alist`;
    expect(card._links.subscription.href).toBe(alist);
    expect(card._links[`${app.url}/rels/v2/loyalty-cards/product-subscriptions/alist`].href).toBe(alist);
    const sub = await app.get<Json>(alist.slice(app.url.length), VENDOR);
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ name: 'A-List', cardNumber: 'PREM000000000001', status: 'Active' });

    const plain = await app.get<Json>('/v4/loyalty-cards/INSD000000000002', VENDOR);
    expect(plain.body._links.subscription).toBeUndefined();
    expect((await app.get('/v2/loyalty-cards/INSD000000000002/product-subscriptions/alist', VENDOR)).status).toBe(404);
  });

  it('needs a vendor key (or admin); another account gets the same 404 as an unknown card', async () => {
    expect((await app.get('/v4/loyalty-cards/PREM000000000001')).status).toBe(401);
    expect((await app.get('/v4/loyalty-cards/PREM000000000001', await bearer(1))).status).toBe(401);
    expect((await app.get('/v4/loyalty-cards/PREM000000000001', { ...VENDOR, ...(await bearer(1)) })).status).toBe(200);
    expect((await app.get('/v4/loyalty-cards/PREM000000000001', await bearer(5, true))).status).toBe(200);
    const notYours = await app.get<Json>('/v4/loyalty-cards/PREM000000000001', { ...VENDOR, ...(await bearer(2)) });
    const unknown = await app.get<Json>('/v4/loyalty-cards/NOPE000000000001', VENDOR);
    const malformed = await app.get<Json>('/v4/loyalty-cards/%20x!', VENDOR);
    expect(notYours.status).toBe(404);
    expect(notYours.body).toEqual(unknown.body);
    expect(malformed.body).toEqual(unknown.body);
    expect(unknown.body.errors[0].code).toBe(4002);
  });

  it('names cards `id-{id}` in links that may not carry the number; that form takes holder rights', async () => {
    expect((await app.get('/v4/loyalty-cards/id-1', VENDOR)).status).toBe(200); // vendor 1 is linked to account 1
    const other = await app.get<Json>('/v4/loyalty-cards/id-1', OTHER_VENDOR);
    expect(other.status).toBe(404);
    expect(other.body).toEqual((await app.get('/v4/loyalty-cards/id-999999', VENDOR)).body);
    expect((await app.get('/v4/loyalty-cards/id-1', await bearer(1))).status).toBe(200);
  });
});

describe('GET /v4/loyalty-cards?loyalty-account-id=|email=', () => {
  it("answers the account's card (the spec's card resource, not a list): number in full, linked by id", async () => {
    const res = await app.get<Json>('/v4/loyalty-cards?loyalty-account-id=1', VENDOR);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...CARD_FIELDS].sort());
    expect(res.body).toMatchObject({ profileId: 1, cardNumber: 'PREM000000000001', status: 'Active' });
    // The link names the card by id: the request carried no number.
    expect(res.body._links.self.href).toBe(`${app.url}/v4/loyalty-cards/id-1`);
    const byEmail = await app.get<Json>('/v4/loyalty-cards?email=account1%40demo.marquee.example', VENDOR);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toEqual(res.body);
  });

  it('wants exactly one filter; not yours and unknown are the same 404', async () => {
    expect((await app.get('/v4/loyalty-cards', VENDOR)).status).toBe(400);
    expect((await app.get('/v4/loyalty-cards?loyalty-account-id=1&email=a%40b.example', VENDOR)).status).toBe(400);
    const notYours = await app.get<Json>('/v4/loyalty-cards?loyalty-account-id=1', OTHER_VENDOR);
    const unknown = await app.get<Json>('/v4/loyalty-cards?loyalty-account-id=99999', VENDOR);
    const unknownEmail = await app.get<Json>('/v4/loyalty-cards?email=nobody%40demo.marquee.example', VENDOR);
    expect([notYours.status, unknown.status, unknownEmail.status]).toEqual([404, 404, 404]);
    expect(notYours.body).toEqual(unknown.body);
    expect(unknownEmail.body).toEqual(unknown.body);
    expect((await app.get('/v4/loyalty-cards?loyalty-account-id=1')).status).toBe(401);
  });
});

describe('GET /v3/loyalty-cards/{number} (deprecated)', () => {
  it('answers the v3 shape with Deprecation, Sunset and successor Link headers; PremiereGo reads Premiere', async () => {
    const res = await app.get<Json>('/v3/loyalty-cards/PRGO000000000011', VENDOR);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['_links', 'accountType', 'balance', 'expirationDate', 'status', 'statusInfo']);
    expect(res.body.accountType).toBe('Premiere');
    expect(res.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(new Date(res.headers.get('sunset')!).getTime()).toBeGreaterThan(Date.now());
    expect(res.headers.get('link')).toBe(`<${app.url}/v4/loyalty-cards/PRGO000000000011>; rel="successor-version"`);
    expect((await app.get('/v3/loyalty-cards/NOPE00000000', VENDOR)).status).toBe(404);
  });
});

describe('POST …/earn-for-items', () => {
  const card = 'INSD000000000002';
  const body = (productId: string, price = 12.5) => ({ total: 20, earnItems: [{ productId, description: 'Adult', ticketType: 'ADULT', price }] });

  it('earns 10% of item prices into the balance, with a ledger row; a retry with the key replays and changes nothing', async () => {
    const before = await balanceOf(card);
    const rows = await ledgerCount(card);
    const first = await post(`/v4/loyalty-cards/${card}/earn-for-items`, body('EARN-1'), { ...VENDOR, 'idempotency-key': 'earn-key-1' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ kind: 'Earn', cardNumber: '************0002', amount: 1.25, pointsChange: 125, items: [{ productId: 'EARN-1', earned: 1.25 }] });
    expect(first.body.balance).toBeCloseTo(before + 1.25, 2);
    expect(first.headers.get('idempotent-replayed')).toBe('false');
    const retry = await post(`/v4/loyalty-cards/${card}/earn-for-items`, body('EARN-1'), { ...VENDOR, 'idempotency-key': 'earn-key-1' });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await balanceOf(card)).toBeCloseTo(before + 1.25, 2);
    expect(await ledgerCount(card)).toBe(rows + 1);

    const reused = await post(`/v4/loyalty-cards/${card}/earn-for-items`, body('EARN-2'), { ...VENDOR, 'idempotency-key': 'earn-key-1' });
    expect(reused.status).toBe(422);
    expect(reused.body.errors[0].code).toBe(4220);
    // Keys are the vendor's: another vendor's same key is a new request.
    const otherVendor = await post(`/v4/loyalty-cards/${card}/earn-for-items`, body('EARN-1'), { ...OTHER_VENDOR, 'idempotency-key': 'earn-key-1' });
    expect(otherVendor.status).toBe(200);
    expect(await balanceOf(card)).toBeCloseTo(before + 2.5, 2);
  });

  it('a key older than 24 hours names a new request', async () => {
    const first = await post(`/v4/loyalty-cards/${card}/earn-for-items`, body('AGED-1'), { ...VENDOR, 'idempotency-key': 'aged-key' });
    expect(first.status).toBe(200);
    await sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'aged-key'`;
    const reused = await post(`/v4/loyalty-cards/${card}/earn-for-items`, body('AGED-2'), { ...VENDOR, 'idempotency-key': 'aged-key' });
    expect([reused.status, reused.headers.get('idempotent-replayed')]).toEqual([200, 'false']);
    expect(reused.body.transactionId).not.toBe(first.body.transactionId);
    const replay = await post(`/v4/loyalty-cards/${card}/earn-for-items`, body('AGED-2'), { ...VENDOR, 'idempotency-key': 'aged-key' });
    expect(replay.body).toEqual(reused.body);
  });

  it('never earns twice for one item (vendor + productId), on any card; nothing is written', async () => {
    const again = await post(`/v4/loyalty-cards/${card}/earn-for-items`, body('EARN-1'));
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe(4097);
    const before = await balanceOf('PREM000000000001');
    const otherCard = await post('/v4/loyalty-cards/PREM000000000001/earn-for-items', { total: 30, earnItems: [{ productId: 'EARN-NEW', price: 5 }, { productId: 'EARN-1', price: 5 }] });
    expect(otherCard.status).toBe(409);
    expect(await balanceOf('PREM000000000001')).toBe(before);
    expect((await sql`select count(*)::int as n from loyalty_earn_items where product_id = 'EARN-NEW'`)[0].n).toBe(0);
  });

  it('refuses closed, fraud-flagged and inactive cards with their own codes', async () => {
    for (const [c, code] of [['PRGO000000000020', 4093], ['INSD000000000017', 4094], ['INSD000000000019', 4095]] as const) {
      const balance = await balanceOf(c);
      const earn = await post(`/v4/loyalty-cards/${c}/earn-for-items`, body(`EARN-${c}`));
      const waive = await post(`/v4/loyalty-cards/${c}/waive-fees`, { amount: 0.01 });
      expect([earn.status, earn.body.errors[0].code]).toEqual([409, code]);
      expect([waive.status, waive.body.errors[0].code]).toEqual([409, code]);
      expect(await balanceOf(c)).toBe(balance);
    }
  });

  it('validates every field (400 naming it, nothing written) and wants a vendor key', async () => {
    const rows = await ledgerCount(card);
    const bad: [unknown, string][] = [
      [{ total: 0, earnItems: [{ productId: 'B1', price: 1 }] }, 'total'],
      [{ total: 10.001, earnItems: [{ productId: 'B1', price: 1 }] }, 'total'],
      [{ total: 10, earnItems: [{ productId: 'B1', price: -1 }] }, 'earnItems[0].price'],
      [{ total: 10, earnItems: [{ productId: 'B1', price: 1.234 }] }, 'earnItems[0].price'],
      [{ total: 10, earnItems: [] }, 'earnItems'],
      [{ total: 10, earnItems: [{ productId: 'B1', price: 1 }, { productId: 'B1', price: 1 }] }, 'earnItems[1].productId'],
      [{ total: 1, earnItems: [{ productId: 'B1', price: 5 }] }, 'total'],
      [{ total: 10, earnItems: [{ productId: 'B1', price: 1, bonus: 5 }] }, 'earnItems[0].bonus'],
      [{ total: 10, earnItems: [{ productId: '', price: 1 }] }, 'earnItems[0].productId'],
      [{ total: 'ten', earnItems: [{ productId: 'B1', price: 1 }] }, 'total'],
      [{ earnItems: [{ productId: 'B1', price: 1 }] }, 'total'],
    ];
    for (const [b, field] of bad) {
      const res = await post(`/v4/loyalty-cards/${card}/earn-for-items`, b);
      expect([res.status, res.body.errors?.[0]?.code]).toEqual([400, 4000]);
      expect(res.body.errors[0].message).toContain(field);
    }
    expect(await ledgerCount(card)).toBe(rows);
    expect((await post(`/v4/loyalty-cards/${card}/earn-for-items`, body('NOKEY'), {})).status).toBe(401);
    const badKey = await post(`/v4/loyalty-cards/${card}/earn-for-items`, body('B2'), { ...VENDOR, 'idempotency-key': 'a b' });
    expect(badKey.status).toBe(400);
    expect((await post('/v4/loyalty-cards/NOPE000000000001/earn-for-items', body('B3'))).status).toBe(404);
  });

  it('20 concurrent retries with one key earn once and all answer the first result', async () => {
    const c = 'LEGC000000000004';
    const before = await balanceOf(c);
    const rows = await ledgerCount(c);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(`/v4/loyalty-cards/${c}/earn-for-items`, body('CONC-1', 20), { ...VENDOR, 'idempotency-key': 'concurrent-key' })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.transactionId)).size).toBe(1);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'false')).toHaveLength(1);
    expect(await ledgerCount(c)).toBe(rows + 1);
    expect(await balanceOf(c)).toBeCloseTo(before + 2, 2);
  });
});

describe('POST …/waive-fees', () => {
  it('pays fees from the balance, never below zero, idempotently', async () => {
    const c = 'WEBO000000000005';
    const before = await balanceOf(c);
    const ok = await post(`/v4/loyalty-cards/${c}/waive-fees`, { amount: 0.5 }, { ...VENDOR, 'idempotency-key': 'waive-1' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ kind: 'WaiveFees', amount: 0.5, pointsChange: -50, items: [] });
    expect((await post(`/v4/loyalty-cards/${c}/waive-fees`, { amount: 0.5 }, { ...VENDOR, 'idempotency-key': 'waive-1' })).body).toEqual(ok.body);
    expect(await balanceOf(c)).toBeCloseTo(before - 0.5, 2);
    const tooMuch = await post(`/v4/loyalty-cards/${c}/waive-fees`, { amount: before + 100 });
    expect([tooMuch.status, tooMuch.body.errors[0].code]).toEqual([409, 4096]);
    expect(await balanceOf(c)).toBeCloseTo(before - 0.5, 2);
    for (const amount of [0, -1, 1.005, '1']) expect((await post(`/v4/loyalty-cards/${c}/waive-fees`, { amount })).status).toBe(400);
    // Account 15 may not redeem.
    expect((await post('/v4/loyalty-cards/PREM000000000015/waive-fees', { amount: 0.01 })).body.errors[0].code).toBe(4095);
  });

  it('concurrent waivers never overdraw', async () => {
    const c = 'INSD000000000003';
    const before = await balanceOf(c);
    const amount = Math.round((before / 3.5) * 100) / 100; // three fit, the fourth does not
    const results = await Promise.all(Array.from({ length: 12 }, () => post(`/v4/loyalty-cards/${c}/waive-fees`, { amount })));
    const ok = results.filter((r) => r.status === 200).length;
    expect(results.every((r) => r.status === 200 || (r.status === 409 && r.body.errors[0].code === 4096))).toBe(true);
    expect(ok).toBe(3);
    const after = await balanceOf(c);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(after).toBeCloseTo(before - 3 * amount, 2);
    const [{ n }] = await sql`select count(*)::int as n from loyalty_transactions where balance_after < 0`;
    expect(n).toBe(0);
  });
});

describe('POST /v4/loyalty-cards/validations', () => {
  it('validates cards and associates (SSN against the keyed hash), never echoing more than the last four', async () => {
    const valid = await post('/v4/loyalty-cards/validations', { loyaltyCard: { number: 'PREM000000000001' } });
    expect(valid.body).toEqual({ valid: true, reason: null, loyaltyCard: { cardNumber: '************0001', accountType: 'Premiere', status: 'Active', statusInfo: 'Active' }, associate: null });
    expect((await post('/v4/loyalty-cards/validations', { loyaltyCard: { number: 'PRGO000000000020' } })).body).toMatchObject({ valid: false, reason: 'Closed' });
    expect((await post('/v4/loyalty-cards/validations', { loyaltyCard: { number: 'INSD000000000017' } })).body).toMatchObject({ valid: false, reason: 'Fraud' });
    expect((await post('/v4/loyalty-cards/validations', { loyaltyCard: { number: 'NOPE0001' } })).body).toEqual({ valid: false, reason: 'NotFound', loyaltyCard: null, associate: null });
    const associate = await post('/v4/loyalty-cards/validations', { associate: { ssn: 900000007, associateId: 5007 } });
    expect(associate.body).toEqual({ valid: true, reason: null, loyaltyCard: null, associate: { associateId: 5007, ssnLastFour: '0007' } });
    expect((await post('/v4/loyalty-cards/validations', { associate: { ssn: '900-00-0016', associateId: 5016 } })).body.valid).toBe(true);
    const wrong = await post('/v4/loyalty-cards/validations', { associate: { ssn: 900000008, associateId: 5007 } });
    expect(wrong.body).toEqual({ valid: false, reason: 'NotFound', loyaltyCard: null, associate: null });
    expect((await post('/v4/loyalty-cards/validations', { associate: { ssn: 900000007, associateId: 1 } })).body.valid).toBe(false);
  });

  it('wants exactly one of loyaltyCard and associate, well formed, and a vendor key', async () => {
    for (const b of [{}, { loyaltyCard: { number: 'PREM000000000001' }, associate: { ssn: 900000007, associateId: 5007 } }, { associate: { ssn: 1234567890, associateId: 5007 } }, { associate: { ssn: 'abc', associateId: 5007 } }, { loyaltyCard: {} }]) {
      const res = await post('/v4/loyalty-cards/validations', b);
      expect([res.status, res.body.errors?.[0]?.code]).toEqual([400, 4000]);
    }
    expect((await post('/v4/loyalty-cards/validations', { loyaltyCard: { number: 'PREM000000000001' } }, {})).status).toBe(401);
  });
});
