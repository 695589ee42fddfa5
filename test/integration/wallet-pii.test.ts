import { signAccountToken } from '../../src/auth/principal';
import { DEMO_DEVICE_TOKEN } from '../../db/seed/devices';
import { DEMO_WALLET } from '../../db/seed/wallet';
import { PRODUCTION_ENV, useTestApp } from '../helpers/app';
import {} from '../helpers/orders';

/**
 * Personal data of the wallet and devices (docs/accounts.md): a production-mode instance is driven
 * through every wallet, device and personalized-movie endpoint and the GraphQL account side, and no
 * response and no log line may carry a gift-card number, a PIN, a full card number (any run of 13–19
 * digits), a full push registration token, or a device token in a log line; the loyalty summary shows its
 * holder the loyalty card's number. The database holds the gift-card numbers and PINs only sealed.
 */

const SEEDED_GIFT = [
  { number: DEMO_WALLET.giftCardNumber, pin: DEMO_WALLET.giftCardPin },
  { number: '6006491048265531', pin: '31907264' },
  { number: '6006498822746120', pin: '77410352' },
];
const PAN = '4111111111111111';
const PUSH = 'apns-secret-push-token-7f3e9a1c5b2d4e6f8a0b';
const DEVICE = 'pii-scan-device-9d8c7b6a';
/** A device token nobody registered (a 404 path must not be logged in full either). */
const UNKNOWN_DEVICE = 'pii-scan-unknown-device-5555';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const lines: string[] = [];
const bodies: string[] = [];

const { app, sql } = useTestApp({ env: { ...PRODUCTION_ENV, LOG_LEVEL: 'debug' }, logStream: { write: (line) => lines.push(line) } });

test('no response and no log line carries a gift-card number, PIN, full card number or push token', async () => {
  const token = (id: number, admin = false) => signAccountToken(app.config.JWT_SECRET, id, admin ? { admin: true } : undefined);
  const auth = async (id: number, admin = false) => ({ authorization: `Bearer ${await token(id, admin)}` });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(method, path, body, headers);
    bodies.push(`${method} ${path} ${res.status} ${typeof res.body === 'string' ? res.body : JSON.stringify(res.body)}`);
    return res as { status: number; body: Json };
  };
  for (const id of [1, 2, 3, 4]) {
    const h = await auth(id);
    const wallet = await call('GET', `/v4/site-accounts/${id}/wallet`, undefined, h);
    expect(wallet.status).toBe(200);
    for (const link of Object.values<Json>(wallet.body._links)) await call('GET', link.href.slice(app.url.length), undefined, h);
    for (const list of Object.values<Json[]>(wallet.body._embedded)) {
      for (const card of list) if (card._links) await call('GET', card._links.self.href.slice(app.url.length), undefined, h);
    }
    await call('GET', `/v4/site-accounts/${id}/wallet/views/on-demand`, undefined, h);
    for (const view of ['now-playing', 'advance', 'coming-soon', 'active']) await call('GET', `/v2/site-accounts/${id}/personalized-movies/views/${view}?page-size=3`, undefined, h);
    // Another account's wallet: an error answer must not leak either.
    await call('GET', `/v4/site-accounts/${(id % 4) + 1}/wallet`, undefined, h);
  }
  const a1 = await auth(1);
  const gift = (await call('GET', '/v4/site-accounts/1/wallet/gift-cards', undefined, a1)).body._embedded.giftCards[0];
  const giftPath = gift._links.self.href.slice(app.url.length);
  // Writes that try to smuggle card data in: refused without echoing it.
  await call('PUT', giftPath, { number: SEEDED_GIFT[0].number, pin: SEEDED_GIFT[0].pin }, a1);
  await call('PUT', giftPath, { name: SEEDED_GIFT[0].number.repeat(100) }, a1);
  const credit = (await call('GET', '/v4/site-accounts/1/wallet/credit-cards', undefined, a1)).body._embedded.creditCards[0];
  await call('PUT', credit._links.self.href.slice(app.url.length), { cardNumber: PAN, name: 'Renamed' }, a1);
  await call('PUT', credit._links.self.href.slice(app.url.length), { name: 'Renamed' }, a1);
  // Devices: register with a push token, read, break a body, delete.
  const dev = { accountId: 1, osType: 'iOS', category: 'Tablet', application: 'Wallet', registrations: { add: [{ pushRegistrationToken: PUSH, registrationType: 'APNS' }] } };
  expect((await call('PUT', `/v1/devices/${DEVICE}`, dev, a1)).status).toBe(200);
  await call('PUT', `/v1/devices/${DEVICE}`, { ...dev, registrations: { add: [{ pushRegistrationToken: PUSH, registrationType: 'SMS' }] } }, a1);
  await call('GET', `/v1/devices/${DEVICE}`, undefined, a1);
  await call('GET', `/v1/devices/${UNKNOWN_DEVICE}`, undefined, a1);
  await call('GET', `/v1/devices/${DEMO_DEVICE_TOKEN}`, undefined, a1);
  // GraphQL: the whole account side, and a mutation with a bad registration.
  const gql = async (query: string, variables: Record<string, unknown>, headers: Record<string, string>) => {
    const res = await app.gql(query, variables, headers);
    bodies.push(`graphql ${JSON.stringify(res)}`);
    return res;
  };
  const side = await gql(
    `{ me { wallet { loyaltySummary { number } creditCards { lastFour merchantToken } giftCards { maskedNumber maskedPin encryptedNumber encryptedPin qrCode balanceInquiryToken } partnerCards { lastFour } externalCards { id } }
       devices { token registrations { maskedPushRegistrationToken } } personalizedMovies(view: ACTIVE) { totalCount } } }`,
    {},
    a1,
  );
  expect(side.errors).toBeUndefined();
  await gql('mutation($i: RegisterDeviceInput!) { registerDevice(input: $i) { token } }', { i: { token: DEVICE, accountId: 1, registrations: { add: [{ pushRegistrationToken: PUSH, registrationType: 'BAD' }] } } }, a1);
  await gql('{ account(id: 2) { wallet { giftCards { maskedNumber } } } }', {}, a1);
  expect((await call('DELETE', `/v1/devices/${DEVICE}`, undefined, a1)).status).toBe(200);
  expect((await call('DELETE', giftPath, undefined, a1)).status).toBe(200);

  const responses = bodies.join('\n');
  // Log lines carry epoch-millisecond times and fractional response times: digits, but not card numbers.
  const logs = lines.join('').replace(/"time":\d+/g, '"time":0').replace(/\d+\.\d+/g, '0.0');
  expect(lines.length).toBeGreaterThan(20);
  for (const [where, text] of [['responses', responses], ['logs', logs]] as const) {
    for (const g of SEEDED_GIFT) {
      expect([where, text.includes(g.number)]).toEqual([where, false]);
      expect([where, text.includes(g.pin)]).toEqual([where, false]);
    }
    expect([where, text.includes(PAN)]).toEqual([where, false]);
    expect([where, text.includes(PUSH)]).toEqual([where, false]);
    expect([where, text.match(/\d{13,19}/g)]).toEqual([where, null]);
  }
  // The last four do show (masked), so the scan looked at real answers.
  expect(responses).toContain(`************${DEMO_WALLET.giftCardNumber.slice(-4)}`);
  // A loyalty card is no payment card: the wallet's holder reads its number in full (docs/accounts.md).
  expect(responses).toContain('"number":"PREM000000000001"');
  expect(responses).toContain(`"lastFour":"${DEMO_WALLET.creditCardLastFour}"`);
  // Device tokens and card tokens identify a device or a card: logs keep their last four only.
  expect(logs).not.toContain(DEVICE);
  expect(logs).not.toContain(UNKNOWN_DEVICE);
  expect(logs).not.toContain(gift.token);
  expect(logs).toContain('/v1/devices/…');
});

test('the database keeps gift-card numbers and PINs only sealed, and no full card number anywhere in the wallet', async () => {
  const rows = JSON.stringify(await sql`select * from wallet_gift_cards`) + JSON.stringify(await sql`select * from wallet_credit_cards`) + JSON.stringify(await sql`select * from wallet_partner_cards`);
  for (const g of SEEDED_GIFT.slice(1)) {
    expect(rows).not.toContain(g.number);
    expect(rows).not.toContain(g.pin);
  }
  expect(rows.match(/\d{13,19}/g)).toBeNull();
  const [sealed] = await sql<{ number_sealed: string; pin_sealed: string }[]>`select number_sealed, pin_sealed from wallet_gift_cards where id = 2`;
  expect(sealed.number_sealed).toMatch(/^v1\./);
  expect(sealed.pin_sealed).toMatch(/^v1\./);
});
