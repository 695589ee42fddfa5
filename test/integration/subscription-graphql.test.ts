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

describe('contact reads: the same services and answers as REST', () => {
  type Profile = { subscriberGuid: string | null; emailAddress: string | null; phoneNumber: string | null; siteAccountId: number | null; createdDateUtc: string | null; count: number; subscriptions: { name: string; channels: Channel[] }[] };
  const PROFILE = `query($c: SubscriptionContactInput!) { subscriberProfile(contact: $c) {
    subscriberGuid emailAddress phoneNumber siteAccountId createdDateUtc count subscriptions { name channels { ${CHANNEL} } } } }`;
  const LIST = `query($c: SubscriptionContactInput!) { contactSubscriptions(contact: $c) { name channels { ${CHANNEL} } } }`;
  const STATUS = `query($c: SubscriptionContactInput!, $n: String!, $t: SubscriptionChannelType!) {
    subscriptionChannelStatus(subscriptionName: $n, channelType: $t, contact: $c) { ${CHANNEL} } }`;
  /** REST's subscription as GraphQL shows it (REST spells channel types as the spec: email, smsConfirm). */
  const fromRest = (s: { name: string; channels: Record<string, unknown>[] }) => ({ name: s.name, channels: s.channels.map((c) => channelFromRest(s.name, c)) });
  /** REST links to the subscription instead of naming it, and spells the time `enrolledDateUtc`. */
  const channelFromRest = (name: string, c: Record<string, unknown>) => ({
    subscriptionName: name,
    type: ({ email: 'EMAIL', sms: 'SMS', smsConfirm: 'SMS_CONFIRM' } as Record<string, string>)[c.type as string],
    audience: (c.audience as string).toUpperCase(),
    contactIdentifier: c.contactIdentifier ?? null,
    isContactEnrolled: c.isContactEnrolled ?? null,
    confirmed: c.confirmed ?? null,
    enrolledAt: c.enrolledDateUtc ?? null,
  });

  test.each([
    ['a vendor key', () => VENDOR],
    ["the account's own token", () => bearer('own')],
    ['an admin', () => bearer('admin')],
  ])('by e-mail, phone and guid, with %s: profile, list and channel status equal REST', async (_who, headers) => {
    const rest = await app.get<Record<string, unknown>>(`/v2/subscriber-profiles?email-address=${A1}`, VENDOR);
    const guid = rest.body.subscriberGuid as string;
    const contacts: [Record<string, string>, string][] = [
      [{ emailAddress: A1 }, `email-address=${A1}`],
      [{ phoneNumber: '2125550001' }, 'phone-number=2125550001'],
      [{ subscriberGuid: guid }, `subscriber-guid=${guid}`],
    ];
    for (const [c, q] of contacts) {
      const profile = await app.gql<{ subscriberProfile: Profile }>(PROFILE, { c }, headers());
      expect(profile.errors).toBeUndefined();
      const restProfile = await app.get<Record<string, unknown> & { _embedded: { subscriptions: { name: string; channels: Record<string, unknown>[] }[] } }>(`/v2/subscriber-profiles?${q}`, headers());
      expect(restProfile.status).toBe(200);
      const { _embedded, _links, ...fields } = restProfile.body;
      expect(_links).toBeDefined();
      const { subscriptions, ...gqlFields } = profile.data!.subscriberProfile;
      expect(gqlFields).toEqual(fields);
      expect(subscriptions).toEqual(_embedded.subscriptions.map(fromRest));
      expect(subscriptions.length).toBeGreaterThan(0);

      const list = await app.gql<{ contactSubscriptions: { name: string; channels: Channel[] }[] }>(LIST, { c }, headers());
      const restList = await app.get<{ _embedded: { subscriptions: { name: string; channels: Record<string, unknown>[] }[] } }>(`/v2/subscriptions?${q}&page-size=100`, headers());
      expect(list.data!.contactSubscriptions).toEqual(restList.body._embedded.subscriptions.map(fromRest));

      const first = list.data!.contactSubscriptions[0];
      const channel = first.channels[0];
      const status = await app.gql<{ subscriptionChannelStatus: Channel }>(STATUS, { c, n: first.name, t: channel.type }, headers());
      // REST's membership path: the channel's own link in the list.
      const self = (restList.body._embedded.subscriptions[0].channels[0]._links as { self: { href: string } }).self.href;
      const restStatus = await app.get<Record<string, unknown>>(self.slice(app.url.length), headers());
      expect(restStatus.status).toBe(200);
      expect(status.data!.subscriptionChannelStatus).toEqual(channelFromRest(first.name, restStatus.body));
    }
  });

  test.each([
    ['another account', () => bearer('other'), { emailAddress: A1 }, 404, 'NOT_FOUND', 'NOT_FOUND'],
    ['nobody', () => ({}), { emailAddress: A1 }, 401, 'UNAUTHENTICATED', 'UNAUTHENTICATED'],
    // REST lists an unknown address's subscriptions (none enrolled) and has no profile for it.
    ['an unknown address', () => VENDOR, { emailAddress: 'nobody@example.com' }, 404, 'NOT_FOUND', undefined],
    ['a bad number', () => VENDOR, { phoneNumber: '12345' }, 400, 'BAD_USER_INPUT', 'BAD_USER_INPUT'],
    ['two identifiers', () => VENDOR, { emailAddress: A1, phoneNumber: '2125550001' }, null, 'BAD_USER_INPUT', 'BAD_USER_INPUT'],
  ])('%s: the error REST answers, by its GraphQL code, and no data', async (_case, headers, c, status, code, listCode) => {
    const profile = await app.gql(PROFILE, { c }, headers());
    expect(profile.errors?.[0]?.extensions?.code).toBe(code);
    expect(profile.data).toBeNull();
    const list = await app.gql(LIST, { c }, headers());
    expect(list.errors?.[0]?.extensions?.code).toBe(listCode);
    if (status !== null) {
      const q = 'emailAddress' in c ? `email-address=${c.emailAddress}` : `phone-number=${c.phoneNumber}`;
      expect((await app.get(`/v2/subscriber-profiles?${q}`, headers())).status).toBe(status);
    }
  });
});
