import { bearerOf, useTestApp } from '../helpers/app';
import { OTHER_VENDOR, VENDOR } from '../helpers/orders';

/** The account graph's loyalty side and the loyalty mutations, with the rights rules of each. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const bearer = (account: number, admin = false) => bearerOf(app, account, admin);
const code = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;

const { app } = useTestApp();

const ACCOUNT_LOYALTY = `loyaltyAccount { loyaltyAccountId cardNumber email ssnLastFour status statusInfo birthDate enrollDate
  address { city state } portfolioType isEarn isRedeem }
  loyaltyCards { id profileId cardNumber lastFour balance pointsEarned accountType status statusInfo activationDate hasAListSubscription }`;

describe('Account.loyaltyAccount / loyaltyCards', () => {
  it("the own account sees its loyalty account and cards (the card's number in full, SSN last four)", async () => {
    const res = await app.gql<Json>(`{ me { id ${ACCOUNT_LOYALTY} } }`, undefined, await bearer(1));
    expect(res.errors).toBeUndefined();
    expect(res.data!.me.loyaltyAccount).toMatchObject({ loyaltyAccountId: 1, cardNumber: 'PREM000000000001', ssnLastFour: '0001', status: 'ACTIVE', statusInfo: 'ACTIVE' });
    expect(res.data!.me.loyaltyCards).toEqual([
      expect.objectContaining({ id: 1, cardNumber: 'PREM000000000001', lastFour: '0001', accountType: 'PREMIERE', hasAListSubscription: true }),
    ]);
    // Another account's token sees none of it.
    expect(JSON.stringify((await app.gql<Json>(`{ me { id ${ACCOUNT_LOYALTY} } }`, undefined, await bearer(2))).data)).not.toContain('PREM000000000001');
  });

  it('rights: other account FORBIDDEN, anonymous and vendor-only UNAUTHENTICATED, admin any', async () => {
    const q = `query($id: Int!) { account(id: $id) { id ${ACCOUNT_LOYALTY} } }`;
    expect(code(await app.gql(q, { id: 1 }, await bearer(2)))).toBe('FORBIDDEN');
    expect(code(await app.gql(q, { id: 1 }))).toBe('UNAUTHENTICATED');
    expect(code(await app.gql(q, { id: 1 }, VENDOR))).toBe('UNAUTHENTICATED');
    const admin = await app.gql<Json>(q, { id: 17 }, await bearer(1, true));
    expect(admin.data!.account.loyaltyCards[0]).toMatchObject({ status: 'INACTIVE', statusInfo: 'FRAUD' });
  });

  // Each `account(id)` root resolves on its own (its own read), so its fields batch per account: a fixed
  // number of statements per account, never one per card.
  it('loads through loaders: one statement for an account\'s cards, two for its loyalty account', async () => {
    const admin = await bearer(1, true);
    const accounts = (fields: string) => `{ ${[1, 2, 3, 4].map((i) => `a${i}: account(id: ${i}) { id ${fields} }`).join(' ')} }`;
    const base = await app.gql(accounts(''), undefined, admin);
    const cards = await app.gql(accounts('loyaltyCards { id }'), undefined, admin);
    const both = await app.gql(accounts('loyaltyCards { id } loyaltyAccount { loyaltyAccountId }'), undefined, admin);
    expect(cards.statements - base.statements).toBe(4);
    expect(both.statements - base.statements).toBe(12);
  });
});

describe('loyaltyCard / loyaltyAccount roots', () => {
  it('null alike for unknown and not yours', async () => {
    const card = 'query($n: String!) { loyaltyCard(cardNumber: $n) { cardNumber balance } }';
    expect((await app.gql<Json>(card, { n: 'PREM000000000001' }, VENDOR)).data!.loyaltyCard.cardNumber).toBe('PREM000000000001');
    expect((await app.gql<Json>(card, { n: 'PREM000000000001' }, { ...VENDOR, ...(await bearer(2)) })).data!.loyaltyCard).toBeNull();
    expect((await app.gql<Json>(card, { n: 'NOPE000000000001' }, VENDOR)).data!.loyaltyCard).toBeNull();
    expect(code(await app.gql(card, { n: 'PREM000000000001' }))).toBe('UNAUTHENTICATED');
    const acct = 'query($e: String) { loyaltyAccount(email: $e) { loyaltyAccountId } }';
    expect((await app.gql<Json>(acct, { e: 'account1@demo.marquee.example' }, VENDOR)).data!.loyaltyAccount.loyaltyAccountId).toBe(1);
    expect((await app.gql<Json>(acct, { e: 'account1@demo.marquee.example' }, OTHER_VENDOR)).data!.loyaltyAccount).toBeNull();
    expect(code(await app.gql('{ loyaltyAccount { loyaltyAccountId } }', undefined, VENDOR))).toBe('BAD_USER_INPUT');
  });
});

describe('mutations', () => {
  const EARN = `mutation($n: String!, $input: EarnForItemsInput!, $key: String) {
    earnLoyaltyPoints(cardNumber: $n, input: $input, idempotencyKey: $key) { transactionId kind amount balance pointsEarned replayed items { productId earned } } }`;
  const input = (productId: string) => ({ total: 15, earnItems: [{ productId, price: 10 }] });

  it('earnLoyaltyPoints: vendor earns, a retry replays; anonymous, other account, closed card refused', async () => {
    const first = await app.gql<Json>(EARN, { n: 'INSD000000000008', input: input('GQL-1'), key: 'gql-earn-1' }, VENDOR);
    expect(first.errors).toBeUndefined();
    expect(first.data!.earnLoyaltyPoints).toMatchObject({ kind: 'EARN', amount: 1, replayed: false, items: [{ productId: 'GQL-1', earned: 1 }] });
    const retry = await app.gql<Json>(EARN, { n: 'INSD000000000008', input: input('GQL-1'), key: 'gql-earn-1' }, VENDOR);
    expect(retry.data!.earnLoyaltyPoints).toEqual({ ...first.data!.earnLoyaltyPoints, replayed: true });
    expect(code(await app.gql(EARN, { n: 'INSD000000000008', input: input('GQL-2') }))).toBe('UNAUTHENTICATED');
    expect(code(await app.gql(EARN, { n: 'INSD000000000008', input: input('GQL-2') }, await bearer(1, true)))).toBe('UNAUTHENTICATED');
    expect(code(await app.gql(EARN, { n: 'INSD000000000008', input: input('GQL-2') }, { ...VENDOR, ...(await bearer(2)) }))).toBe('NOT_FOUND');
    expect(code(await app.gql(EARN, { n: 'INSD000000000008', input: input('GQL-2') }, { ...VENDOR, ...(await bearer(8)) }))).toBeUndefined();
    expect(code(await app.gql(EARN, { n: 'PRGO000000000020', input: input('GQL-3') }, VENDOR))).toBe('LOYALTY_CARD_CLOSED');
    expect(code(await app.gql(EARN, { n: 'INSD000000000017', input: input('GQL-3') }, VENDOR))).toBe('LOYALTY_CARD_FRAUD');
    const bad = await app.gql(EARN, { n: 'INSD000000000008', input: { total: 15, earnItems: [{ productId: 'GQL-4', price: 1.001 }] } }, VENDOR);
    expect([code(bad), bad.errors?.[0]?.extensions?.argument]).toEqual(['BAD_USER_INPUT', 'earnItems[0].price']);
  });

  it('waiveLoyaltyFees: never overdraws, validates the amount', async () => {
    const WAIVE = 'mutation($n: String!, $a: Float!, $key: String) { waiveLoyaltyFees(cardNumber: $n, amount: $a, idempotencyKey: $key) { kind amount balance replayed } }';
    const ok = await app.gql<Json>(WAIVE, { n: 'INSD000000000010', a: 0.25, key: 'gql-waive' }, VENDOR);
    expect(ok.data!.waiveLoyaltyFees).toMatchObject({ kind: 'WAIVE_FEES', amount: 0.25, replayed: false });
    expect(code(await app.gql(WAIVE, { n: 'INSD000000000010', a: 100000 }, VENDOR))).toBe('INSUFFICIENT_BALANCE');
    expect(code(await app.gql(WAIVE, { n: 'INSD000000000010', a: -1 }, VENDOR))).toBe('BAD_USER_INPUT');
    expect(code(await app.gql(WAIVE, { n: 'INSD000000000010', a: 1 }))).toBe('UNAUTHENTICATED');
  });

  it('validateLoyalty: vendor or admin; associates by SSN hash', async () => {
    const V = 'mutation($n: String, $a: AssociateInput) { validateLoyalty(cardNumber: $n, associate: $a) { valid reason associate { associateId ssnLastFour } loyaltyCard { cardNumber status } } }';
    expect((await app.gql<Json>(V, { a: { ssn: '900000016', associateId: 5016 } }, VENDOR)).data!.validateLoyalty).toEqual({
      valid: true, reason: null, associate: { associateId: 5016, ssnLastFour: '0016' }, loyaltyCard: null,
    });
    expect((await app.gql<Json>(V, { n: 'PREM000000000001' }, await bearer(3, true))).data!.validateLoyalty.valid).toBe(true);
    expect(code(await app.gql(V, { n: 'PREM000000000001' }))).toBe('UNAUTHENTICATED');
    expect(code(await app.gql(V, { n: 'PREM000000000001' }, await bearer(1)))).toBe('UNAUTHENTICATED');
    expect(code(await app.gql(V, {}, VENDOR))).toBe('BAD_USER_INPUT');
  });

  it('registerLoyaltyCampaign: the related vendor, the holder with a vendor key, an admin; NOT_FOUND for others', async () => {
    const R = 'mutation($c: String!, $e: String, $n: String) { registerLoyaltyCampaign(campaign: $c, email: $e, cardNumber: $n) { loyaltyAccountId created campaign { code } } }';
    const first = await app.gql<Json>(R, { c: 'summer-blockbusters', e: 'account4@demo.marquee.example' }, VENDOR);
    expect(first.data!.registerLoyaltyCampaign).toEqual({ loyaltyAccountId: 4, created: true, campaign: { code: 'summer-blockbusters' } });
    expect((await app.gql<Json>(R, { c: 'summer-blockbusters', n: 'LEGC000000000004' }, { ...VENDOR, ...(await bearer(4)) })).data!.registerLoyaltyCampaign.created).toBe(false);
    expect(code(await app.gql(R, { c: 'summer-blockbusters', e: 'account4@demo.marquee.example' }, OTHER_VENDOR))).toBe('NOT_FOUND');
    expect(code(await app.gql(R, { c: 'summer-blockbusters', e: 'account4@demo.marquee.example' }, { ...VENDOR, ...(await bearer(5)) }))).toBe('NOT_FOUND');
    expect(code(await app.gql(R, { c: 'summer-blockbusters', e: 'account4@demo.marquee.example' }, await bearer(4)))).toBe('UNAUTHENTICATED');
    expect(code(await app.gql(R, { c: 'summer-blockbusters', e: 'account4@demo.marquee.example' }))).toBe('UNAUTHENTICATED');
    expect(code(await app.gql(R, { c: 'winter-2019', e: 'account4@demo.marquee.example' }, await bearer(1, true)))).toBe('CAMPAIGN_NOT_OPEN');
  });

  it('closeLoyalty: own token or admin; the account graph then has no loyalty account', async () => {
    const C = 'mutation($id: Int!) { closeLoyalty(siteAccountId: $id) { siteAccountId loyaltyAccountId status statusInfo closedCards } }';
    expect(code(await app.gql(C, { id: 12 }))).toBe('UNAUTHENTICATED');
    expect(code(await app.gql(C, { id: 12 }, VENDOR))).toBe('UNAUTHENTICATED');
    expect(code(await app.gql(C, { id: 12 }, await bearer(13)))).toBe('FORBIDDEN');
    const own = await app.gql<Json>(`${C}`, { id: 12 }, await bearer(12));
    expect(own.data!.closeLoyalty).toEqual({ siteAccountId: 12, loyaltyAccountId: 12, status: 'CLOSED', statusInfo: 'CLOSED', closedCards: 1 });
    const after = await app.gql<Json>('{ me { loyaltyAccount { loyaltyAccountId } loyaltyCards { id } } }', undefined, await bearer(12));
    expect(after.data!.me).toEqual({ loyaltyAccount: null, loyaltyCards: [] });
    expect(code(await app.gql(C, { id: 12 }, await bearer(12)))).toBe('NOT_FOUND');
    expect((await app.gql<Json>(C, { id: 13 }, await bearer(1, true))).data!.closeLoyalty.closedCards).toBe(1);
  });
});
