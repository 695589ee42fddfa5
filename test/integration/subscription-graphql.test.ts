import { useTestApp } from '../helpers/app';
import { VENDOR } from '../helpers/orders';

/**
 * Marketing subscriptions on GraphQL: the public catalog, `Account.subscriptions` (batched), and the
 * mutations with the rights of docs/accounts.md — own account, another account, vendor, admin, nobody.
 */

const A1 = 'account1@demo.marquee.example';

const { app, bearer } = useTestApp({ accounts: { own: 1, other: 3, admin: { id: 5, admin: true } } });

type Channel = { subscriptionName: string; type: string; audience: string; contactIdentifier: string | null; isContactEnrolled: boolean | null; confirmed: boolean | null; enrolledAt: string | null };
const CHANNEL = 'subscriptionName type audience contactIdentifier isContactEnrolled confirmed enrolledAt';
const ACCOUNT_SUBS = `query($id: Int!) { account(id: $id) { id subscriptions { name description channels { ${CHANNEL} } } } }`;

test('the catalog is public, by audience too', async () => {
  const all = await app.gql<{ marketingSubscriptions: { name: string; channels: Channel[] }[] }>(`{ marketingSubscriptions { name channels { ${CHANNEL} } } }`);
  expect(all.errors).toBeUndefined();
  expect(all.data!.marketingSubscriptions.map((s) => s.name)).toEqual(['weekly-showtimes', 'special-offers', 'advance-tickets', 'stubs-rewards', 'stubs-premiere-news']);
  expect(all.data!.marketingSubscriptions[0].channels[0]).toMatchObject({ type: 'EMAIL', audience: 'GUEST', contactIdentifier: null, isContactEnrolled: null });
  const stubs = await app.gql<{ marketingSubscriptions: { name: string; channels: Channel[] }[] }>('{ marketingSubscriptions(audience: STUBS) { name channels { audience } } }');
  expect(stubs.data!.marketingSubscriptions.map((s) => s.name)).toEqual(['stubs-rewards', 'stubs-premiere-news']);
  const one = await app.gql<{ a: { name: string } | null; b: null }>('{ a: marketingSubscription(name: "special-offers") { name } b: marketingSubscription(name: "nope") { name } }');
  expect(one.data).toEqual({ a: { name: 'special-offers' }, b: null });
});

test("the account's subscriptions: own token and admin alike; every channel with its contact", async () => {
  const own = await app.gql<{ account: { subscriptions: { name: string; channels: Channel[] }[] } }>(ACCOUNT_SUBS, { id: 1 }, bearer('own'));
  expect(own.errors).toBeUndefined();
  const channels = own.data!.account.subscriptions.flatMap((s) => s.channels);
  expect(channels.filter((c) => c.type === 'EMAIL').every((c) => c.contactIdentifier === A1 && c.isContactEnrolled)).toBe(true);
  expect(channels.filter((c) => c.type !== 'EMAIL').every((c) => c.contactIdentifier === '2125550001' && c.confirmed === true)).toBe(true);
  expect(channels.every((c) => typeof c.enrolledAt === 'string')).toBe(true);
  const admin = await app.gql(ACCOUNT_SUBS, { id: 1 }, bearer('admin'));
  expect(admin.data).toEqual(own.data);
  // Account 20 opted out of everything: listed, not enrolled.
  const twenty = await app.gql<{ account: { subscriptions: { channels: Channel[] }[] } }>(ACCOUNT_SUBS, { id: 20 }, bearer('admin'));
  expect(twenty.data!.account.subscriptions.flatMap((s) => s.channels).some((c) => c.isContactEnrolled)).toBe(false);
});

test.each([
  ['another account', () => bearer('other'), 'FORBIDDEN'],
  ['a vendor key alone', () => VENDOR, 'UNAUTHENTICATED'],
  ['nobody', () => ({}), 'UNAUTHENTICATED'],
])("the account's subscriptions refuse %s", async (_who, headers, code) => {
  const res = await app.gql(ACCOUNT_SUBS, { id: 1 }, headers());
  expect(res.errors?.[0]?.extensions?.code).toBe(code);
});

test('Account.subscriptions reads the catalog once per request and two statements per account', async () => {
  const roots = (n: number, sub: boolean) =>
    `{ ${Array.from({ length: n }, (_, i) => `a${i + 1}: account(id: ${i + 1}) { id ${sub ? 'subscriptions { name channels { isContactEnrolled } }' : ''} }`).join(' ')} }`;
  const cost = async (n: number) => (await app.gql(roots(n, true), {}, bearer('admin'))).statements - (await app.gql(roots(n, false), {}, bearer('admin'))).statements;
  // One account: the catalog (subscriptions, channels), its subscribers, their enrolments.
  expect(await cost(1)).toBe(4);
  // Ten: the catalog once; each account(id:) root resolves on its own tick, so two loader batches each.
  expect(await cost(10)).toBeLessThanOrEqual(2 + 2 * 10);
});

const SUBSCRIBE = `mutation($input: SubscribeContactInput!) { subscribeContact(input: $input) { ${CHANNEL} } }`;
const UNSUBSCRIBE = `mutation($input: UnsubscribeContactInput!) { unsubscribeContact(input: $input) { ${CHANNEL} } }`;
const UNSUBSCRIBE_ALL = 'mutation($contact: SubscriptionContactInput!) { unsubscribeContactFromAll(contact: $contact) }';
const input = (email: string, name = 'advance-tickets') => ({ subscriptionName: name, channelType: 'EMAIL', contact: { emailAddress: email } });

describe.each([
  ['own account', () => bearer('other'), 'account3@demo.marquee.example', null],
  ['another account', () => bearer('other'), A1, 'NOT_FOUND'],
  ['a vendor', () => VENDOR, 'vendor.signup@example.com', null],
  ['an admin', () => bearer('admin'), 'admin.signup@example.com', null],
  ['nobody', () => ({}), A1, 'UNAUTHENTICATED'],
])('mutations by %s', (_who, headers, email, code) => {
  test('subscribeContact', async () => {
    const res = await app.gql<{ subscribeContact: Channel }>(SUBSCRIBE, { input: input(email) }, headers());
    if (code) return expect(res.errors?.[0]?.extensions?.code).toBe(code);
    expect(res.errors).toBeUndefined();
    expect(res.data!.subscribeContact).toMatchObject({ subscriptionName: 'advance-tickets', type: 'EMAIL', contactIdentifier: email, isContactEnrolled: true });
  });
  test('unsubscribeContact', async () => {
    const res = await app.gql<{ unsubscribeContact: Channel }>(UNSUBSCRIBE, { input: input(email) }, headers());
    if (code) return expect(res.errors?.[0]?.extensions?.code).toBe(code);
    expect(res.data!.unsubscribeContact).toMatchObject({ isContactEnrolled: false });
  });
  test('unsubscribeContactFromAll', async () => {
    await app.gql(SUBSCRIBE, { input: input(email, 'weekly-showtimes') }, headers());
    const res = await app.gql<{ unsubscribeContactFromAll: number }>(UNSUBSCRIBE_ALL, { contact: { emailAddress: email } }, headers());
    if (code) return expect(res.errors?.[0]?.extensions?.code).toBe(code);
    expect(res.errors).toBeUndefined();
    expect(res.data!.unsubscribeContactFromAll).toBeGreaterThanOrEqual(1);
  });
});

test("another account's contact is left as it was", async () => {
  const status = await app.get<{ isContactEnrolled: boolean }>(`/v2/subscriptions/advance-tickets/email/${A1}`, VENDOR);
  expect(status.body.isContactEnrolled).toBe(true);
});

test('bad contacts are BAD_USER_INPUT naming the field; an unknown subscription is NOT_FOUND', async () => {
  const two = await app.gql(SUBSCRIBE, { input: { ...input(A1), contact: { emailAddress: A1, phoneNumber: '2125550001' } } }, VENDOR);
  expect(two.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'contact' });
  const bad = await app.gql(SUBSCRIBE, { input: input('not-an-email') }, VENDOR);
  expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'contact.emailAddress' });
  const code = await app.gql(SUBSCRIBE, { input: { ...input(A1), confirmationCode: 'abc' } }, VENDOR);
  expect(code.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  const missing = await app.gql(SUBSCRIBE, { input: input(A1, 'no-such-list') }, VENDOR);
  expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  const sms = await app.gql<{ subscribeContact: Channel }>(
    SUBSCRIBE,
    { input: { subscriptionName: 'weekly-showtimes', channelType: 'SMS', contact: { phoneNumber: '2125557777' } } },
    VENDOR,
  );
  expect(sms.data!.subscribeContact).toMatchObject({ type: 'SMS', isContactEnrolled: true, confirmed: false });
});
