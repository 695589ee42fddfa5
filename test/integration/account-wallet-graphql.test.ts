import { DEMO_WALLET } from '../../db/seed/wallet';
import { useTestApp } from '../helpers/app';
import { VENDOR } from '../helpers/orders';

/**
 * The account graph's wallet, devices and personalized movies, and the device mutations, with the one
 * access rule: own token or admin; another account FORBIDDEN; a vendor key alone or nobody
 * UNAUTHENTICATED. The answers agree with REST (same services).
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const { app, sql, bearer } = useTestApp({ accounts: { own: 1, other: 2, a3: 3, admin: { id: 20, admin: true } } });

const ACCOUNT_SIDE = `query($id: Int!) { account(id: $id) {
  id
  wallet { creditCardCount maxCreditCardCount giftCardSummary { preferredTender balance count maxCount }
    partnerCardSummary { count } loyaltySummary { autoSpend balance number }
    creditCards { token lastFour default cardType } giftCards { token maskedNumber maskedPin encryptedNumber encryptedPin balance status }
    partnerCards { lastFour } externalCards { id typeId onDemand billingAddress { city } } }
  onDemandCards { id displayName }
  devices { token osType category application isPushEnabled registrations { registrationType maskedPushRegistrationToken } updatedAt }
  personalizedMovies(view: NOW_PLAYING, pageSize: 5) { totalCount pageSize hasNextPage items { id name genre } }
} }`;

test('own token and admin read the same wallet, devices and personalized movies, as REST does', async () => {
  const own = await app.gql<{ account: Json }>(ACCOUNT_SIDE, { id: 1 }, bearer('own'));
  const admin = await app.gql<{ account: Json }>(ACCOUNT_SIDE, { id: 1 }, bearer('admin'));
  expect(own.errors).toBeUndefined();
  expect(admin.data).toEqual(own.data);
  const a = own.data!.account;
  expect(a.wallet).toMatchObject({ creditCardCount: 2, giftCardSummary: { preferredTender: true, balance: 57.5, count: 2 }, loyaltySummary: { autoSpend: true } });
  expect(a.wallet.creditCards[0]).toMatchObject({ lastFour: DEMO_WALLET.creditCardLastFour, default: true });
  expect(a.wallet.giftCards[0]).toMatchObject({ maskedNumber: `************${DEMO_WALLET.giftCardNumber.slice(-4)}`, maskedPin: '****', encryptedNumber: null, encryptedPin: null });
  expect(a.devices.length).toBe(2);
  expect(a.personalizedMovies.items.length).toBe(5);
  const rest = await app.get<Json>('/v4/site-accounts/1/wallet', bearer('own'));
  expect(a.wallet.giftCards.map((c: Json) => c.token)).toEqual(rest.body._embedded.giftCards.map((c: Json) => c.token));
  const restMovies = await app.get<Json>('/v2/site-accounts/1/personalized-movies/views/now-playing?page-size=5', bearer('own'));
  expect(a.personalizedMovies.items.map((m: Json) => m.id)).toEqual(restMovies.body._embedded.movies.map((m: Json) => m.id));
  expect(a.personalizedMovies.totalCount).toBe(restMovies.body.count);
  const three = await app.gql<{ account: Json }>(ACCOUNT_SIDE, { id: 3 }, bearer('a3'));
  expect(three.data!.account.onDemandCards).toEqual([{ id: 2, displayName: 'App store billing' }]);
});

test.each([
  ['another account', () => bearer('other'), 'FORBIDDEN'],
  ['a vendor key alone', () => VENDOR, 'UNAUTHENTICATED'],
  ['nobody', () => ({}), 'UNAUTHENTICATED'],
])('%s cannot read the account side', async (_who, headers, code) => {
  const res = await app.gql(ACCOUNT_SIDE, { id: 1 }, headers());
  expect(res.data).toBeNull();
  expect(res.errors?.[0]?.extensions?.code).toBe(code);
});

test('the wallet is read once per request through its loader, however many fields read it', async () => {
  const one = await app.gql('{ me { wallet { creditCardCount } } }', {}, bearer('own'));
  const many = await app.gql(
    '{ me { wallet { creditCardCount giftCards { token } } w2: wallet { partnerCards { token } } onDemandCards { id } } }',
    {},
    bearer('own'),
  );
  expect(one.errors).toBeUndefined();
  expect(many.errors).toBeUndefined();
  expect(many.statements).toBe(one.statements);
});

const REGISTER = `mutation($input: RegisterDeviceInput!) { registerDevice(input: $input) { token accountId osType category application isPushEnabled registrations { registrationType maskedPushRegistrationToken } } }`;
const PUSH = 'fcm-registration-token-0123456789abcdef';

describe('registerDevice / unregisterDevice', () => {
  const input = { token: 'gql-device-0001', accountId: 1, osType: 'Android', category: 'Mobile Phone', application: 'Google Wallet', registrations: { add: [{ pushRegistrationToken: PUSH, registrationType: 'FCM' }] } };
  const count = async () => (await sql<{ n: number }[]>`select count(*)::int n from devices where token = 'gql-device-0001'`)[0].n;

  test.each([
    ['another account', () => bearer('other'), 'FORBIDDEN'],
    ['a vendor key alone', () => VENDOR, 'UNAUTHENTICATED'],
    ['nobody', () => ({}), 'UNAUTHENTICATED'],
  ])('%s cannot register a device for account 1', async (_who, headers, code) => {
    const res = await app.gql(REGISTER, { input }, headers());
    expect(res.errors?.[0]?.extensions?.code).toBe(code);
    expect(await count()).toBe(0);
  });

  test('bad input is BAD_USER_INPUT naming the field, nothing written', async () => {
    const res = await app.gql(REGISTER, { input: { ...input, osType: 'PalmOS' } }, bearer('own'));
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'osType' });
    const reg = await app.gql(REGISTER, { input: { ...input, registrations: { add: [{ pushRegistrationToken: PUSH }] } } }, bearer('own'));
    expect(reg.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'registrations.add.0.registrationType' });
    expect(await count()).toBe(0);
  });

  test('the own token registers, updates and unregisters; the device shows on the account and on REST', async () => {
    const res = await app.gql<{ registerDevice: Json }>(REGISTER, { input }, bearer('own'));
    expect(res.errors).toBeUndefined();
    expect(res.data!.registerDevice).toMatchObject({ token: 'gql-device-0001', accountId: 1, osType: 'Android', isPushEnabled: true });
    expect(res.data!.registerDevice.registrations).toEqual([{ registrationType: 'FCM', maskedPushRegistrationToken: `${'*'.repeat(PUSH.length - 4)}cdef` }]);
    const upd = await app.gql<{ registerDevice: Json }>(REGISTER, { input: { token: 'gql-device-0001', accountId: 1, isPushEnabled: false, registrations: { remove: [{ pushRegistrationToken: PUSH }] } } }, bearer('own'));
    expect(upd.data!.registerDevice).toMatchObject({ isPushEnabled: false, registrations: [], application: 'Google Wallet' });
    const rest = await app.get<Json>('/v1/devices/gql-device-0001', bearer('own'));
    expect(rest.body).toMatchObject({ isPushEnabled: false, application: 'Google Wallet', registrations: [] });
    const mine = await app.gql<{ me: { devices: { token: string }[] } }>('{ me { devices { token } } }', {}, bearer('own'));
    expect(mine.data!.me.devices.map((d) => d.token)).toContain('gql-device-0001');

    const UNREGISTER = 'mutation($t: String!) { unregisterDevice(token: $t) }';
    const theirs = await app.gql(UNREGISTER, { t: 'gql-device-0001' }, bearer('other'));
    expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const anon = await app.gql(UNREGISTER, { t: 'gql-device-0001' });
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await count()).toBe(1);
    const done = await app.gql<{ unregisterDevice: boolean }>(UNREGISTER, { t: 'gql-device-0001' }, bearer('own'));
    expect(done.data?.unregisterDevice).toBe(true);
    expect(await count()).toBe(0);
  });

  test('an admin may register a device for any account', async () => {
    const res = await app.gql<{ registerDevice: Json }>(REGISTER, { input: { ...input, token: 'gql-device-admin-01', accountId: 3 } }, bearer('admin'));
    expect(res.data?.registerDevice).toMatchObject({ accountId: 3 });
  });
});

test('personalizedMovies: view is required, page bounds are checked, every view answers', async () => {
  for (const view of ['NOW_PLAYING', 'ADVANCE', 'COMING_SOON', 'ACTIVE']) {
    const res = await app.gql<{ me: { personalizedMovies: { totalCount: number } } }>(`{ me { personalizedMovies(view: ${view}) { totalCount } } }`, {}, bearer('own'));
    expect(res.errors).toBeUndefined();
    expect(res.data!.me.personalizedMovies.totalCount).toBeGreaterThan(0);
  }
  const big = await app.gql('{ me { personalizedMovies(view: ACTIVE, pageSize: 1000) { totalCount } } }', {}, bearer('own'));
  expect(big.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  const missing = await app.gql('{ me { personalizedMovies { totalCount } } }', {}, bearer('own'));
  expect(missing.errors?.length).toBeGreaterThan(0);
});
