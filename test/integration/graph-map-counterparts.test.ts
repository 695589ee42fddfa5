import fs from 'node:fs';
import { buildSchema, getNamedType, isLeafType, isObjectType } from 'graphql';
import { DEMO_DEVICE_TOKEN } from '../../db/seed/devices';
import { SCHEMA_FILE } from '../../schema/emit';
import { OTHER_VENDOR, useTestApp, VENDOR } from '../helpers/app';

/**
 * The GraphQL fields added where src/rest/graph-map.ts found REST operations without a counterpart: each
 * answers what its REST operation answers for the same data (through the same service or loader), with the
 * same rights, and REST's errors by their GraphQL codes (a nullable root's NOT_FOUND is null, docs/errors.md).
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const schema = buildSchema(fs.readFileSync(SCHEMA_FILE, 'utf8'));
/** Every leaf field of an object type of the emitted schema, as a selection: the comparisons take whole types. */
function leaves(typeName: string): string {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
  return Object.values(type.getFields())
    .filter((f) => isLeafType(getNamedType(f.type)) && f.args.length === 0)
    .map((f) => f.name)
    .join(' ');
}
const withoutLinks = ({ _links, ...rest }: Json) => {
  expect(_links).toBeDefined();
  return rest;
};
const codeOf = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;

const { app, sql, bearer } = useTestApp({ accounts: { a1: 1, a2: 2, a3: 3, admin: { id: 20, admin: true } } });

describe('Query.market: GET /v1/markets/{market-id}', () => {
  const MARKET = `query($id: Int!) { market(id: $id) { ${leaves('Market')} theatres { id } } }`;

  test('every market equals REST’s, and its theatres are REST’s theatres of the market', async () => {
    const list = await app.get<Json>('/v1/markets?page-size=100');
    expect(list.body._embedded.markets.length).toBeGreaterThan(1);
    for (const m of list.body._embedded.markets) {
      const rest = await app.get<Json>(`/v1/markets/${m.id}`);
      expect(rest.status).toBe(200);
      const gql = await app.gql<{ market: Json }>(MARKET, { id: m.id });
      expect(gql.errors).toBeUndefined();
      // The planner reads the market and its theatres in one statement (REST's route: the marketById loader).
      expect(gql.statements).toBe(1);
      const { theatres, ...fields } = gql.data!.market;
      expect(fields).toEqual(withoutLinks(rest.body));
      const restTheatres = await app.get<Json>(`/v2/theatres?market=${m.slug}&page-size=100`);
      expect(theatres.map((t: Json) => t.id)).toEqual(restTheatres.body._embedded.theatres.map((t: Json) => t.id));
    }
  });

  test.each([[999999], [0], [-1]])('an unknown id %s: REST 404, GraphQL null', async (id) => {
    expect((await app.get(`/v1/markets/${id}`)).status).toBe(404);
    const gql = await app.gql<{ market: Json | null }>(MARKET, { id });
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.market).toBeNull();
  });
});

describe('Query.market with the read planner off: the loader REST reads', () => {
  const off = useTestApp({ env: { READ_PLANNER: 'off' } });
  test('answers what the planner answers', async () => {
    const query = `query($id: Int!) { market(id: $id) { ${leaves('Market')} theatres { id name } } }`;
    const [planned, unplanned] = await Promise.all([app.gql(query, { id: 1 }), off.app.gql(query, { id: 1 })]);
    expect(planned.errors).toBeUndefined();
    expect(unplanned.data).toEqual(planned.data);
    expect((await off.app.gql(query, { id: 999999 })).data).toEqual({ market: null });
  });
});

describe('Query.attributeGroup: GET /v1/attribute-groups/{group-id}', () => {
  const GROUP = `query($id: Int!) { attributeGroup(id: $id) { ${leaves('AttributeGroup')} } }`;

  test('every group an attribute names equals REST’s', async () => {
    const attributes = await app.get<Json>('/v1/attributes');
    const ids = [...new Set<number>(attributes.body._embedded.attributes.flatMap((a: Json) => (a._embedded?.group ? [a._embedded.group.id] : [])))];
    expect(ids.length).toBeGreaterThan(1);
    for (const id of ids) {
      const rest = await app.get<Json>(`/v1/attribute-groups/${id}`);
      expect(rest.status).toBe(200);
      const gql = await app.gql<{ attributeGroup: Json }>(GROUP, { id });
      expect(gql.errors).toBeUndefined();
      expect(gql.data!.attributeGroup).toEqual(withoutLinks(rest.body));
    }
  });

  test('an unknown id: REST 404, GraphQL null', async () => {
    expect((await app.get('/v1/attribute-groups/999999')).status).toBe(404);
    expect((await app.gql(GROUP, { id: 999999 })).data).toEqual({ attributeGroup: null });
  });
});

describe('Query.device: GET /v1/devices/{deviceApplicationToken}', () => {
  const DEVICE = `query($t: String!) { device(token: $t) { ${leaves('Device')} registrations { registrationType maskedPushRegistrationToken } } }`;

  test.each([['its owner', 'a1'], ['an admin', 'admin']])('%s reads what REST answers', async (_who, who) => {
    const rest = await app.get<Json>(`/v1/devices/${DEMO_DEVICE_TOKEN}`, bearer(who));
    expect(rest.status).toBe(200);
    const gql = await app.gql<{ device: Json }>(DEVICE, { t: DEMO_DEVICE_TOKEN }, bearer(who));
    expect(gql.errors).toBeUndefined();
    // REST spells the OS type `ostype` (the spec) and has no updatedAt (GraphQL's own).
    const { ostype, ...restFields } = withoutLinks(rest.body);
    const { osType, updatedAt, ...gqlFields } = gql.data!.device;
    expect(gqlFields).toEqual(restFields);
    expect(osType).toBe(ostype);
    expect(new Date(updatedAt).getTime()).not.toBeNaN();
    expect(gqlFields.registrations.length).toBeGreaterThan(0);
  });

  test.each([
    ['another account', () => bearer('a2'), 404, null],
    ['an unknown token', () => bearer('a1'), 404, null, 'never-registered-0000'],
    ['an ill-formed token', () => bearer('a1'), 404, null, 'x'],
    ['a vendor key alone', () => VENDOR, 401, 'UNAUTHENTICATED'],
    ['nobody', () => ({}), 401, 'UNAUTHENTICATED'],
  ])('%s: REST’s status, and its code or null in GraphQL', async (_who, headers, status, code, token = DEMO_DEVICE_TOKEN) => {
    expect((await app.get(`/v1/devices/${token}`, headers())).status).toBe(status);
    const gql = await app.gql<{ device: Json | null }>(DEVICE, { t: token }, headers());
    expect(codeOf(gql)).toBe(code ?? undefined);
    expect(gql.data?.device ?? null).toBeNull();
  });
});

describe('Query.accountLoyaltyCard: GET /v4/loyalty-cards?loyalty-account-id=|email=', () => {
  const CARD = `query($id: Int, $email: String) { accountLoyaltyCard(loyaltyAccountId: $id, email: $email) { ${leaves('LoyaltyCard')} } }`;
  const BY_NUMBER = `query($n: String!) { loyaltyCard(cardNumber: $n) { ${leaves('LoyaltyCard')} } }`;

  test.each([
    ['a vendor key', () => VENDOR, true],
    ['an admin', () => bearer('admin'), true],
    ["the holder's own token (by id only)", () => bearer('a1'), false],
  ])('with %s: the card REST answers, the same card as loyaltyCard(cardNumber)', async (_who, headers, byEmail) => {
    const rest = await app.get<Json>('/v4/loyalty-cards?loyalty-account-id=1', headers());
    expect(rest.status).toBe(200);
    const gql = await app.gql<{ accountLoyaltyCard: Json }>(CARD, { id: 1 }, headers());
    expect(gql.errors).toBeUndefined();
    const card = gql.data!.accountLoyaltyCard;
    // REST prints the spec's enum spellings and `ActivationDate`; the graph's card is the same row.
    const r = withoutLinks(rest.body);
    expect(card).toMatchObject({ cardNumber: r.cardNumber, profileId: r.profileId, balance: r.balance, pointsEarned: r.pointsEarned, activationDate: r.ActivationDate, expirationDate: r.expirationDate });
    expect(card.status.replace(/_/g, '')).toBe(String(r.status).toUpperCase());
    expect(card.accountType.replace(/_/g, '')).toBe(String(r.accountType).toUpperCase());
    expect(card.statusInfo.replace(/_/g, '')).toBe(String(r.statusInfo).toUpperCase());
    const byNumber = await app.gql<{ loyaltyCard: Json }>(BY_NUMBER, { n: `id-${card.id}` }, headers());
    expect(byNumber.data!.loyaltyCard).toEqual(card);
    if (byEmail) {
      const email = await app.gql<{ accountLoyaltyCard: Json }>(CARD, { email: 'account1@demo.marquee.example' }, headers());
      expect(email.data!.accountLoyaltyCard).toEqual(card);
      expect((await app.get<Json>('/v4/loyalty-cards?email=account1%40demo.marquee.example', headers())).body).toEqual(rest.body);
    }
  });

  test.each([
    ['another vendor', () => OTHER_VENDOR, 'loyalty-account-id=1', { id: 1 }, 404, null],
    ['an unknown account', () => VENDOR, 'loyalty-account-id=99999', { id: 99999 }, 404, null],
    ['an unknown e-mail', () => VENDOR, 'email=nobody%40demo.marquee.example', { email: 'nobody@demo.marquee.example' }, 404, null],
    ["another holder's token", () => bearer('a2'), 'loyalty-account-id=1', { id: 1 }, 404, null],
    ['both filters', () => VENDOR, 'loyalty-account-id=1&email=a%40b.example', { id: 1, email: 'a@b.example' }, 400, 'BAD_USER_INPUT'],
    ['no filter', () => VENDOR, '', {}, 400, 'BAD_USER_INPUT'],
    ['nobody', () => ({}), 'loyalty-account-id=1', { id: 1 }, 401, 'UNAUTHENTICATED'],
  ])('%s: REST’s status, and its code or null in GraphQL', async (_who, headers, q, vars, status, code) => {
    expect((await app.get(`/v4/loyalty-cards?${q}`, headers())).status).toBe(status);
    const gql = await app.gql<{ accountLoyaltyCard: Json | null }>(CARD, vars, headers());
    expect(codeOf(gql)).toBe(code ?? undefined);
    expect(gql.data?.accountLoyaltyCard ?? null).toBeNull();
  });
});

describe('Mutation.updateWallet…Card, deleteWallet…Card: PUT and DELETE on a wallet card', () => {
  const KINDS = [
    { kind: 'credit', type: 'CreditCard', segment: 'credit-cards', embedded: 'creditCards', name: 'CreditCard', account: 'a1', accountId: 1 },
    { kind: 'gift', type: 'GiftCard', segment: 'gift-cards', embedded: 'giftCards', name: 'GiftCard', account: 'a2', accountId: 2 },
    { kind: 'partner', type: 'PartnerCard', segment: 'partner-cards', embedded: 'partnerCards', name: 'PartnerCard', account: 'a3', accountId: 3 },
  ] as const;
  const snapshot = async () =>
    JSON.stringify([
      await sql`select * from wallet_credit_cards order by id`,
      await sql`select * from wallet_gift_cards order by id`,
      await sql`select * from wallet_partner_cards order by id`,
    ]);
  const update = (k: (typeof KINDS)[number]) =>
    `mutation($a: Int!, $t: String!, $i: ${k.kind === 'credit' ? 'WalletCreditCardUpdateInput' : 'WalletCardUpdateInput'}!) {
      updateWallet${k.name}(accountId: $a, token: $t, input: $i) { ${leaves(k.type)} } }`;
  const remove = (k: (typeof KINDS)[number]) => `mutation($a: Int!, $t: String!) { deleteWallet${k.name}(accountId: $a, token: $t) }`;
  const cardsOf = async (k: (typeof KINDS)[number]) =>
    (await app.get<Json>(`/v4/site-accounts/${k.accountId}/wallet/${k.segment}`, bearer(k.account))).body._embedded[k.embedded] as Json[];

  test.each(KINDS)('$kind: the update answers the card REST then reads; a null clears, an absent field is kept', async (k) => {
    const [card] = await cardsOf(k);
    expect(card).toBeDefined();
    const gql = await app.gql<Json>(update(k), { a: k.accountId, t: card.token, i: { name: `Renamed ${k.kind}`, city: 'Brooklyn', address2: null } }, bearer(k.account));
    expect(gql.errors).toBeUndefined();
    const answer = gql.data![`updateWallet${k.name}`];
    expect(answer).toMatchObject({ token: card.token, name: `Renamed ${k.kind}`, city: 'Brooklyn', address2: null, address1: card.address1, state: card.state });
    const rest = await app.get<Json>(`/v4/site-accounts/${k.accountId}/wallet/${k.segment}/${card.token}`, bearer(k.account));
    expect(answer).toEqual(withoutLinks(rest.body));
  });

  test('credit: default moves the flag from the other card, as PUT does', async () => {
    const k = KINDS[0];
    const cards = await cardsOf(k);
    const other = cards.find((c) => !c.default)!;
    const gql = await app.gql<Json>(update(k), { a: 1, t: other.token, i: { default: true } }, bearer('admin'));
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.updateWalletCreditCard.default).toBe(true);
    expect((await cardsOf(k)).filter((c) => c.default).map((c) => c.token)).toEqual([other.token]);
  });

  test.each([
    ['another account', 'a2', 1, 'own', { name: 'x' }, 403, 'FORBIDDEN'],
    ['a vendor key alone', 'vendor', 1, 'own', { name: 'x' }, 401, 'UNAUTHENTICATED'],
    ['nobody', 'none', 1, 'own', { name: 'x' }, 401, 'UNAUTHENTICATED'],
    ['a token that is not a UUID', 'a1', 1, 'not-a-uuid', { name: 'x' }, 404, 'NOT_FOUND'],
    ['an unknown card', 'a1', 1, '00000000-0000-4000-a000-000000000000', { name: 'x' }, 404, 'NOT_FOUND'],
    ['an empty name', 'a1', 1, 'own', { name: '' }, 400, 'BAD_USER_INPUT'],
    ['a bad state', 'a1', 1, 'own', { state: 'New York' }, 400, 'BAD_USER_INPUT'],
    ['a bad ZIP', 'a1', 1, 'own', { postalCode: 'ABCDE' }, 400, 'BAD_USER_INPUT'],
    ['default false', 'a1', 1, 'own', { default: false }, 400, 'BAD_USER_INPUT'],
  ])('credit update by %s: REST’s status as its GraphQL code, nothing written', async (_what, who, accountId, token, input, status, code) => {
    const headers = who === 'vendor' ? VENDOR : who === 'none' ? {} : bearer(who);
    const t = token === 'own' ? (await cardsOf(KINDS[0]))[0].token : token;
    const before = await snapshot();
    expect((await app.request('PUT', `/v4/site-accounts/${accountId}/wallet/credit-cards/${t}`, input, headers)).status).toBe(status);
    const gql = await app.gql(update(KINDS[0]), { a: accountId, t, i: input }, headers);
    expect(codeOf(gql)).toBe(code);
    expect(gql.data).toBeNull();
    expect(await snapshot()).toBe(before);
  });

  test.each(KINDS)('$kind: delete by another account or nobody is refused; by the owner the card is gone for REST too', async (k) => {
    const [card] = await cardsOf(k);
    const other = k.account === 'a1' ? 'a2' : 'a1';
    const before = await snapshot();
    expect(codeOf(await app.gql(remove(k), { a: k.accountId, t: card.token }, bearer(other)))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(remove(k), { a: k.accountId, t: card.token }))).toBe('UNAUTHENTICATED');
    expect(await snapshot()).toBe(before);
    const gql = await app.gql<Json>(remove(k), { a: k.accountId, t: card.token }, bearer(k.account));
    expect(gql.errors).toBeUndefined();
    expect(gql.data![`deleteWallet${k.name}`]).toBe(true);
    expect((await app.get(`/v4/site-accounts/${k.accountId}/wallet/${k.segment}/${card.token}`, bearer(k.account))).status).toBe(404);
    // Again: gone, as REST's DELETE answers 404.
    expect(codeOf(await app.gql(remove(k), { a: k.accountId, t: card.token }, bearer(k.account)))).toBe('NOT_FOUND');
    expect((await app.request('DELETE', `/v4/site-accounts/${k.accountId}/wallet/${k.segment}/${card.token}`, undefined, bearer(k.account))).status).toBe(404);
  });
});
