import { DEMO_DEVICE_TOKEN } from '../../db/seed/devices';
import { useTestApp } from '../helpers/app';
import { VENDOR } from '../helpers/orders';

/**
 * Devices v1 over REST (docs/accounts.md, "Devices"): PUT creates or updates with registrations added
 * and removed, GET and DELETE on the self link, the rights (the owning account's token or an admin;
 * anyone else: 404 on reads, 403 on PUT) and bad bodies (400 naming the field, nothing written).
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const PUSH_A = 'apns-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1111';
const PUSH_B = 'apns-token-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2222';
const footprint = async () => JSON.stringify(await sql`select d.token, d.site_account_id, d.os_type, d.category, d.is_push_enabled, d.os_version,
  (select string_agg(r.push_registration_token || r.registration_type, ',' order by r.id) from device_push_registrations r where r.device_id = d.id) regs
  from devices d order by d.id`);

const { app, sql, bearer } = useTestApp({ accounts: { own: 5, other: 6, a1: 1, admin: { id: 20, admin: true } } });

test('PUT registers a device, then updates it: registrations added and removed, push flag as text', async () => {
  const token = 'dev-test-phone-0001';
  const created = await app.request<Json>(
    'PUT',
    `/v1/devices/${token}`,
    { accountId: 5, osType: 'iOS', category: 'Mobile Phone', application: 'Brand Theatres', osVersion: '17.5', registrations: { add: [{ pushRegistrationToken: PUSH_A, registrationType: 'APNS' }, { pushRegistrationToken: PUSH_B, registrationType: 'APNS' }] } },
    bearer('own'),
  );
  expect(created.status).toBe(200);
  expect(created.body).toEqual({
    token,
    accountId: 5,
    category: 'Mobile Phone',
    ostype: 'iOS',
    osVersion: '17.5',
    application: 'Brand Theatres',
    isPushEnabled: true,
    registrations: [
      { registrationType: 'APNS', maskedPushRegistrationToken: `${'*'.repeat(PUSH_A.length - 4)}1111` },
      { registrationType: 'APNS', maskedPushRegistrationToken: `${'*'.repeat(PUSH_B.length - 4)}2222` },
    ],
    _links: { self: { href: `${app.url}/v1/devices/${token}`, templated: false } },
  });
  const updated = await app.request<Json>('PUT', `/v1/devices/${token}`, { accountId: 5, isPushEnabled: 'false', registrations: { remove: [{ pushRegistrationToken: PUSH_A }] } }, bearer('own'));
  expect(updated.status).toBe(200);
  expect(updated.body).toMatchObject({ isPushEnabled: false, osVersion: '17.5', ostype: 'iOS' });
  expect(updated.body.registrations.map((r: Json) => r.maskedPushRegistrationToken.slice(-4))).toEqual(['2222']);
  // The same PUT again changes nothing (PUT is idempotent).
  const again = await app.request<Json>('PUT', `/v1/devices/${token}`, { accountId: 5, isPushEnabled: 'false', registrations: { remove: [{ pushRegistrationToken: PUSH_A }] } }, bearer('own'));
  expect(again.body).toEqual(updated.body);
  const read = await app.get<Json>(`/v1/devices/${token}`, bearer('own'));
  expect(read.status).toBe(200);
  expect(read.body).toEqual(updated.body);
  expect(JSON.stringify(read.body)).not.toContain(PUSH_B);
});

test('the seeded device of account 1 reads for its owner and an admin; others get 404 or 401', async () => {
  const own = await app.get<Json>(`/v1/devices/${DEMO_DEVICE_TOKEN}`, bearer('a1'));
  expect(own.status).toBe(200);
  expect(own.body).toMatchObject({ accountId: 1, ostype: 'iOS', category: 'Mobile Phone', isPushEnabled: true });
  expect(own.body.registrations).toHaveLength(1);
  expect((await app.get(`/v1/devices/${DEMO_DEVICE_TOKEN}`, bearer('admin'))).status).toBe(200);
  expect((await app.get(`/v1/devices/${DEMO_DEVICE_TOKEN}`, bearer('other'))).status).toBe(404);
  expect((await app.get(`/v1/devices/${DEMO_DEVICE_TOKEN}`, VENDOR)).status).toBe(401);
  expect((await app.get(`/v1/devices/${DEMO_DEVICE_TOKEN}`)).status).toBe(401);
  expect((await app.get('/v1/devices/never-registered-0000', bearer('a1'))).status).toBe(404);
  expect((await app.get('/v1/devices/x', bearer('a1'))).status).toBe(404);
});

test.each([
  ['another account (its accountId)', 'other', { accountId: 5, osType: 'iOS', category: 'Tablet', application: 'Wallet' }, 403],
  ["another account's device", 'other', { accountId: 6, osType: 'iOS', category: 'Tablet', application: 'Wallet' }, 403],
  ['a vendor key alone', 'vendor', { accountId: 5, osType: 'iOS', category: 'Tablet', application: 'Wallet' }, 401],
  ['nobody', 'none', { accountId: 5, osType: 'iOS', category: 'Tablet', application: 'Wallet' }, 401],
])('PUT by %s is refused and writes nothing', async (_who, who, body, status) => {
  const headers = who === 'vendor' ? VENDOR : who === 'none' ? {} : bearer(who);
  const before = await footprint();
  const res = await app.request('PUT', '/v1/devices/dev-test-phone-0001', body, headers);
  expect(res.status).toBe(status);
  expect(await footprint()).toBe(before);
});

test.each([
  ['no accountId', { osType: 'iOS', category: 'Tablet', application: 'Wallet' }, 'accountId'],
  ['an unknown osType', { accountId: 5, osType: 'Symbian', category: 'Tablet', application: 'Wallet' }, 'osType'],
  ['an unknown category', { accountId: 5, osType: 'iOS', category: 'Watch', application: 'Wallet' }, 'category'],
  ['a new device without application', { accountId: 5, osType: 'iOS', category: 'Tablet' }, 'application'],
  ['isPushEnabled as "yes"', { accountId: 5, osType: 'iOS', category: 'Tablet', application: 'Wallet', isPushEnabled: 'yes' }, 'isPushEnabled'],
  ['a short push token', { accountId: 5, osType: 'iOS', category: 'Tablet', application: 'Wallet', registrations: { add: [{ pushRegistrationToken: 'x', registrationType: 'APNS' }] } }, 'pushRegistrationToken'],
  ['an unknown registration type', { accountId: 5, osType: 'iOS', category: 'Tablet', application: 'Wallet', registrations: { add: [{ pushRegistrationToken: PUSH_A, registrationType: 'SMS' }] } }, 'registrationType'],
  ['an unknown field', { accountId: 5, osType: 'iOS', category: 'Tablet', application: 'Wallet', imei: '490154203237518' }, 'imei'],
  ['too many registrations', { accountId: 5, osType: 'iOS', category: 'Tablet', application: 'Wallet', registrations: { add: Array.from({ length: 11 }, (_, i) => ({ pushRegistrationToken: `${PUSH_A}${i}`, registrationType: 'APNS' })) } }, 'registrations.add'],
])('PUT with %s is 400 naming the field, nothing written', async (_what, body, field) => {
  const before = await footprint();
  const res = await app.request<Json>('PUT', '/v1/devices/dev-test-tablet-0002', body, bearer('own'));
  expect(res.status).toBe(400);
  expect(res.body.errors[0]).toMatchObject({ code: 4000 });
  expect(res.body.errors[0].message).toContain(field);
  expect(await footprint()).toBe(before);
});

test('a bad device token in the path is 400 on PUT; an unknown account is 404 for an admin', async () => {
  expect((await app.request('PUT', '/v1/devices/has%20space', { accountId: 5 }, bearer('own'))).status).toBe(400);
  expect((await app.request('PUT', '/v1/devices/dev-test-admin-0003', { accountId: 999999, osType: 'iOS', category: 'Tablet', application: 'Wallet' }, bearer('admin'))).status).toBe(404);
});

test('DELETE on the self link: others 404 and nothing changes; the owner 200, then 404', async () => {
  const token = 'dev-test-delete-0004';
  await app.request('PUT', `/v1/devices/${token}`, { accountId: 5, osType: 'Android', category: 'Tablet', application: 'Google Wallet', registrations: { add: [{ pushRegistrationToken: PUSH_A, registrationType: 'FCM' }] } }, bearer('own'));
  const before = await footprint();
  expect((await app.request('DELETE', `/v1/devices/${token}`, undefined, bearer('other'))).status).toBe(404);
  expect((await app.request('DELETE', `/v1/devices/${token}`)).status).toBe(401);
  expect(await footprint()).toBe(before);
  expect((await app.request('DELETE', `/v1/devices/${token}`, undefined, bearer('own'))).status).toBe(200);
  expect((await app.get(`/v1/devices/${token}`, bearer('own'))).status).toBe(404);
  expect((await app.request('DELETE', `/v1/devices/${token}`, undefined, bearer('own'))).status).toBe(404);
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int n from device_push_registrations r where not exists (select 1 from devices d where d.id = r.device_id)`;
  expect(n).toBe(0);
});

test('20 concurrent PUTs of one new device token all succeed and leave one device with its registrations', async () => {
  const token = 'dev-test-race-0005';
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      app.request<Json>('PUT', `/v1/devices/${token}`, { accountId: 5, osType: 'Android', category: 'Mobile Phone', application: 'Wallet', registrations: { add: [{ pushRegistrationToken: `${PUSH_A}-${i % 4}`, registrationType: 'FCM' }] } }, bearer('own')),
    ),
  );
  expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
  const [{ devices, regs }] = await sql<{ devices: number; regs: number }[]>`
    select (select count(*)::int from devices where token = ${token}) devices,
           (select count(*)::int from device_push_registrations r join devices d on d.id = r.device_id where d.token = ${token}) regs`;
  expect({ devices, regs }).toEqual({ devices: 1, regs: 4 });
});
