import { and, eq } from 'drizzle-orm';
import { subscribers, subscriptionEnrolments } from '../../db/schema';
import { piiKeys } from '../../src/pii';
import { confirmationCode } from '../../src/services/subscription';
import { bearerOf, useTestApp } from '../helpers/app';
import { VENDOR } from '../helpers/orders';
import type { Json } from '../helpers/rest-conformance';
import { PAGED } from '../helpers/rest-shapes';
import { shapeProblems, type ShapeSpec } from '../helpers/shape';

/**
 * Conformance of Subscriptions (v2) to the spec's rows: list by audience / e-mail / phone / guid (first
 * parameter wins, one required, paged, opt-out-all links), one subscription, subscriber profiles,
 * opt in / status / opt out per channel, opt out of all; the spec's 404 rules for route values; and the
 * rights of docs/accounts.md (vendor or admin: any contact; an account token: its own; nobody: 401).
 */

const A1 = { email: 'account1@demo.marquee.example', phone: '2125550001', guid: '5eb5c41b-0000-4000-8000-000000000001' };

const { app, bearer } = useTestApp({ accounts: { own: 1, other: 3, admin: { id: 5, admin: true } } });

const get = (path: string, headers: Record<string, string> = {}) => app.get<Json>(path, headers);
const send = (method: string, path: string, headers: Record<string, string> = VENDOR, body?: unknown) => app.request<Json>(method, path, body, headers);
const rel = (name: string) => `${app.url}/rels/v2/${name}`;

/** `p.k`, or `k` for the top level. */
const at = (p: string, k: string) => (p ? `${p}.${k}` : k);
const CHANNEL = (p: string, withContact: boolean): ShapeSpec => ({
  [at(p, 'audience')]: 'string',
  [at(p, 'type')]: 'string',
  [at(p, '_links.self')]: 'link',
  [at(p, '_links.subscription')]: 'link',
  ...(withContact ? { [at(p, 'isContactEnrolled')]: 'boolean', [at(p, 'enrolledDateUtc')]: 'string?' } : {}),
});
const SUBSCRIPTION = (p: string, withContact: boolean): ShapeSpec => ({
  [at(p, 'name')]: 'string',
  [at(p, 'description')]: 'string',
  [at(p, '_links.self')]: 'link',
  ...CHANNEL(at(p, 'channels[]'), withContact),
  ...CHANNEL(at(p, '_embedded.channels[]'), withContact),
});

describe('GET /v2/subscriptions', () => {
  test('by audience: public, paged, channels of that audience without contact fields', async () => {
    for (const audience of ['guest', 'stubs']) {
      const res = await get(`/v2/subscriptions?audience=${audience}`);
      expect(res.status).toBe(200);
      expect(shapeProblems(res.body, { ...PAGED, ...SUBSCRIPTION('_embedded.subscriptions[]', false) })).toEqual([]);
      const channels = res.body._embedded.subscriptions.flatMap((s: Json) => s.channels);
      expect(channels.every((c: Json) => c.audience === audience && !('contactIdentifier' in c) && !('isContactEnrolled' in c))).toBe(true);
      expect(channels.every((c: Json) => c._links.self.templated === true)).toBe(true);
    }
    expect((await get('/v2/subscriptions?audience=guest')).body.count).toBe(3);
    expect((await get('/v2/subscriptions?audience=stubs')).body.count).toBe(2);
  });

  test('paging: page-size and page-number with previous / next links', async () => {
    const first = await get('/v2/subscriptions?audience=guest&page-size=2');
    expect(first.body).toMatchObject({ pageSize: 2, pageNumber: 1, count: 3 });
    expect(first.body._embedded.subscriptions).toHaveLength(2);
    expect(first.body._links.next.href).toBe(`${app.url}/v2/subscriptions?audience=guest&page-size=2&page-number=2`);
    expect(first.body._links.previous).toBeUndefined();
    const second = await get('/v2/subscriptions?audience=guest&page-size=2&page-number=2');
    expect(second.body._embedded.subscriptions).toHaveLength(1);
    expect(second.body._links.previous).toBeDefined();
    expect(second.body._links.next).toBeUndefined();
    expect((await get('/v2/subscriptions?audience=guest&page-size=0')).status).toBe(400);
  });

  test('at least one parameter is required (400), and only the first is recognized', async () => {
    for (const q of ['', '?page-size=5']) expect((await get(`/v2/subscriptions${q}`)).status).toBe(400);
    expect((await get('/v2/subscriptions?audience=everyone')).status).toBe(400);
    // The audience comes first: the ill-formatted e-mail after it is ignored.
    expect((await get('/v2/subscriptions?audience=guest&email-address=nope', VENDOR)).status).toBe(200);
    // The e-mail comes first: it is the one read, and it is ill-formatted.
    const bad = await get('/v2/subscriptions?email-address=nope&audience=guest', VENDOR);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toContain('email-address');
    // The phone comes first: its SMS channels, not the e-mail's.
    const phoneFirst = await get(`/v2/subscriptions?page-size=20&phone-number=${A1.phone}&email-address=${A1.email}`, VENDOR);
    expect(phoneFirst.body._embedded.subscriptions.flatMap((s: Json) => s.channels).every((c: Json) => c.type !== 'email')).toBe(true);
  });

  test('by e-mail: the contact in every e-mail channel, the e-mail opt-out-all link, self links by guid', async () => {
    const res = await get(`/v2/subscriptions?email-address=${A1.email}`, VENDOR);
    expect(res.status).toBe(200);
    expect(shapeProblems(res.body, { ...PAGED, ...SUBSCRIPTION('_embedded.subscriptions[]', true) })).toEqual([]);
    expect(res.body.count).toBe(5);
    const channels = res.body._embedded.subscriptions.flatMap((s: Json) => s.channels);
    expect(channels.every((c: Json) => c.type === 'email' && c.contactIdentifier === A1.email && c.isContactEnrolled === true)).toBe(true);
    expect(channels[0]._links.self).toEqual({ href: `${app.url}/v2/subscriptions/weekly-showtimes/email/${A1.guid}`, templated: false });
    expect(res.body._links[rel('subscriptions-optout-all-email')]).toEqual({ href: `${app.url}/v2/subscriptions/email-address-${encodeURIComponent(A1.email)}`, templated: false });
    // The number on file is not linked: the request did not send it (docs/security.md, "Personal data in links").
    expect(res.body._links[rel('subscriptions-optout-all-sms')]).toBeUndefined();
  });

  test('by phone and by guid: SMS channels carry `confirmed`; the guid reaches every channel', async () => {
    const phone = await get(`/v2/subscriptions?phone-number=${A1.phone}`, VENDOR);
    expect(phone.status).toBe(200);
    const sms = phone.body._embedded.subscriptions.flatMap((s: Json) => s.channels);
    expect(sms.length).toBeGreaterThan(0);
    expect(sms.every((c: Json) => c.type !== 'email' && c.contactIdentifier === A1.phone && c.confirmed === true)).toBe(true);
    const guid = await get(`/v2/subscriptions?subscriber-guid=${A1.guid}`, VENDOR);
    expect(guid.body.count).toBe(5);
    const types = new Set(guid.body._embedded.subscriptions.flatMap((s: Json) => s.channels.map((c: Json) => c.type)));
    expect([...types].sort()).toEqual(['email', 'sms', 'smsConfirm']);
    // Account 2's SMS opt-ins are still pending.
    const pending = await get('/v2/subscriptions?phone-number=2125550002', VENDOR);
    expect(pending.body._embedded.subscriptions.flatMap((s: Json) => s.channels).every((c: Json) => c.isContactEnrolled && c.confirmed === false)).toBe(true);
  });

  test('rights: nobody 401; another account 404 like an unknown contact; own token and admin 200; a vendor sees an unknown contact as not enrolled', async () => {
    const path = `/v2/subscriptions?email-address=${A1.email}`;
    expect((await get(path)).status).toBe(401);
    expect((await get(path, bearer('other'))).status).toBe(404);
    expect((await get('/v2/subscriptions?email-address=nobody@example.com', bearer('other'))).status).toBe(404);
    // An account without a number cannot tell a number nobody has from another account's: both 404.
    expect((await get('/v2/subscriptions?phone-number=9995550000', bearer('other'))).status).toBe(404);
    expect((await get('/v2/subscriptions?phone-number=2125550002', bearer('other'))).status).toBe(404);
    expect((await get(path, bearer('own'))).status).toBe(200);
    expect((await get(path, bearer('admin'))).status).toBe(200);
    expect((await get(`/v2/subscriptions?subscriber-guid=${A1.guid}`, bearer('other'))).status).toBe(404);
    const unknown = await get('/v2/subscriptions?email-address=nobody@example.com', VENDOR);
    expect(unknown.status).toBe(200);
    expect(unknown.body._embedded.subscriptions.flatMap((s: Json) => s.channels).every((c: Json) => c.isContactEnrolled === false)).toBe(true);
    expect(unknown.body._links[rel('subscriptions-optout-all-email')]).toBeUndefined();
    expect((await get('/v2/subscriptions?subscriber-guid=5eb5c41b-0000-4000-8000-999999999999', VENDOR)).status).toBe(404);
  });
});

test('GET /v2/subscriptions/{subscription-name}: one subscription; unknown name 404', async () => {
  const res = await get('/v2/subscriptions/stubs-rewards');
  expect(res.status).toBe(200);
  expect(shapeProblems(res.body, SUBSCRIPTION('', false))).toEqual([]);
  expect(res.body).toMatchObject({ name: 'stubs-rewards', _links: { self: { href: `${app.url}/v2/subscriptions/stubs-rewards`, templated: false } } });
  expect(res.body.channels.map((c: Json) => c.type)).toEqual(['email', 'smsConfirm']);
  const missing = await get('/v2/subscriptions/no-such-list');
  expect(missing.status).toBe(404);
  expect(missing.body.errors[0].code).toBe(4002);
});

test('GET /v2/subscriber-profiles: by e-mail, phone or guid (first wins); 404 for unknown and not yours', async () => {
  const PROFILE: ShapeSpec = {
    subscriberGuid: 'string', emailAddress: 'string', phoneNumber: 'string', siteAccountId: 'int', createdDateUtc: 'string', count: 'int',
    '_links.self': 'link', '_links.subscriptions': 'link', ...SUBSCRIPTION('_embedded.subscriptions[]', true),
  };
  for (const q of [`email-address=${A1.email}`, `phone-number=${A1.phone}`, `subscriber-guid=${A1.guid}&email-address=x`]) {
    const res = await get(`/v2/subscriber-profiles?${q}`, VENDOR);
    expect(res.status).toBe(200);
    expect(shapeProblems(res.body, PROFILE)).toEqual([]);
    expect(res.body).toMatchObject({ subscriberGuid: A1.guid, emailAddress: A1.email, phoneNumber: A1.phone, siteAccountId: 1, count: 5 });
  }
  expect((await get(`/v2/subscriber-profiles?email-address=${A1.email}`, bearer('own'))).status).toBe(200);
  expect((await get(`/v2/subscriber-profiles?email-address=${A1.email}`, bearer('other'))).status).toBe(404);
  expect((await get('/v2/subscriber-profiles?email-address=nobody@example.com', VENDOR)).status).toBe(404);
  expect((await get(`/v2/subscriber-profiles?email-address=${A1.email}`)).status).toBe(401);
  expect((await get('/v2/subscriber-profiles', VENDOR)).status).toBe(400);
  expect((await get('/v2/subscriber-profiles?phone-number=12345', VENDOR)).status).toBe(400);
});

describe('/v2/subscriptions/{subscription-name}/{channel-type}/{contact}', () => {
  test('GET: membership status by e-mail, phone or guid', async () => {
    const email = await get(`/v2/subscriptions/weekly-showtimes/email/${A1.email}`, VENDOR);
    expect(email.status).toBe(200);
    expect(shapeProblems(email.body, CHANNEL('', true))).toEqual([]);
    expect(email.body).toMatchObject({ type: 'email', audience: 'guest', contactIdentifier: A1.email, isContactEnrolled: true });
    const sms = await get(`/v2/subscriptions/stubs-rewards/smsConfirm/${A1.phone}`, VENDOR);
    expect(sms.body).toMatchObject({ type: 'smsConfirm', contactIdentifier: A1.phone, isContactEnrolled: true, confirmed: true });
    const byGuid = await get(`/v2/subscriptions/weekly-showtimes/sms/${A1.guid}`, bearer('own'));
    expect(byGuid.body).toMatchObject({ type: 'sms', contactIdentifier: A1.phone, isContactEnrolled: true });
  });

  test.each([
    ['an unknown subscription name', `/v2/subscriptions/no-such-list/email/${A1.email}`],
    ['an unknown channel type', `/v2/subscriptions/weekly-showtimes/fax/${A1.email}`],
    ['a channel type in another case', `/v2/subscriptions/special-offers/SMSCONFIRM/${A1.phone}`],
    ['a channel the subscription does not offer', `/v2/subscriptions/stubs-premiere-news/sms/${A1.phone}`],
    ['an ill-formatted e-mail address', '/v2/subscriptions/weekly-showtimes/email/not-an-email'],
    ['an ill-formatted phone number', '/v2/subscriptions/weekly-showtimes/sms/212-555'],
    ['an e-mail address on an SMS channel', `/v2/subscriptions/weekly-showtimes/sms/${A1.email}`],
    ['a phone number on an e-mail channel', `/v2/subscriptions/weekly-showtimes/email/${A1.phone}`],
    ['an unknown e-mail address', '/v2/subscriptions/weekly-showtimes/email/nobody@example.com'],
    ['an unknown phone number', '/v2/subscriptions/weekly-showtimes/sms/9995550000'],
    ['an unknown subscriber guid', '/v2/subscriptions/weekly-showtimes/email/5eb5c41b-0000-4000-8000-999999999999'],
  ])('404 for %s (GET and DELETE; POST for all but an unknown contact)', async (what, path) => {
    expect((await get(path, VENDOR)).status).toBe(404);
    expect((await send('DELETE', path)).status).toBe(404);
    if (!/unknown (e-mail|phone)/.test(what)) expect((await send('POST', path)).status).toBe(404);
  });

  test('POST opts an e-mail in (201 + Location, then 200), GET shows it, DELETE opts out (twice is fine)', async () => {
    const path = '/v2/subscriptions/advance-tickets/email/New.Guest@Example.com';
    const first = await send('POST', path);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ contactIdentifier: 'new.guest@example.com', isContactEnrolled: true, type: 'email' });
    expect(first.headers.get('location')).toBe(first.body._links.self.href);
    expect((await get(first.body._links.self.href.slice(app.url.length), VENDOR)).body.isContactEnrolled).toBe(true);
    expect((await send('POST', path)).status).toBe(200);
    const out = await send('DELETE', path);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ isContactEnrolled: false, enrolledDateUtc: null });
    expect((await send('DELETE', path)).status).toBe(200);
    expect((await get(path, VENDOR)).body.isContactEnrolled).toBe(false);
    expect((await send('POST', path)).status).toBe(201);
  });

  test('SMS opt-in starts pending; the texted code confirms it; wrong codes count; an account cannot self-confirm', async () => {
    const path = '/v2/subscriptions/special-offers/smsConfirm/2125559876';
    const opted = await send('POST', path);
    expect(opted.status).toBe(201);
    expect(opted.body).toMatchObject({ isContactEnrolled: true, confirmed: false });
    expect((await send('POST', path, VENDOR, { confirmationCode: '12345' })).status).toBe(400);
    const [row] = await app.database.db
      .select({ id: subscriptionEnrolments.id, requestedAt: subscriptionEnrolments.confirmationRequestedAt })
      .from(subscriptionEnrolments)
      .innerJoin(subscribers, eq(subscribers.id, subscriptionEnrolments.subscriberId))
      .where(and(eq(subscribers.phone, '2125559876')));
    const code = confirmationCode(piiKeys(app.config.PII_KEY), row.id, row.requestedAt!);
    const wrong = code === '000000' ? '000001' : '000000';
    const bad = await send('POST', path, VENDOR, { confirmationCode: wrong });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toContain('confirmationCode');
    // The failed attempt committed although the call failed (5 wrong codes void the code).
    const [after] = await app.database.db.select({ n: subscriptionEnrolments.confirmationAttempts }).from(subscriptionEnrolments).where(eq(subscriptionEnrolments.id, row.id));
    expect(after.n).toBe(1);
    const ok = await send('POST', path, VENDOR, { confirmationCode: code });
    expect(ok.status).toBe(200);
    expect(ok.body.confirmed).toBe(true);
    // A vendor that received the guest's reply confirms directly; an account token may not.
    const other = '/v2/subscriptions/weekly-showtimes/sms/2125550002';
    expect((await send('POST', other, await bearerOf(app, 2), { confirmed: true })).status).toBe(403);
    expect((await send('POST', other, VENDOR, { confirmed: true })).body.confirmed).toBe(true);
    expect((await send('POST', '/v2/subscriptions/weekly-showtimes/email/a@example.com', VENDOR, { confirmed: true })).status).toBe(400);
    const typo = await send('POST', path, VENDOR, { confirmationcode: code });
    expect(typo.status).toBe(400);
    expect(typo.body.errors[0].message).toContain('confirmationcode');
  });

  test('five wrong codes void the code (409) until a new one is requested', async () => {
    const path = '/v2/subscriptions/stubs-rewards/smsConfirm/2125550044';
    expect((await send('POST', path)).status).toBe(201);
    const [row] = await app.database.db
      .select({ id: subscriptionEnrolments.id, requestedAt: subscriptionEnrolments.confirmationRequestedAt })
      .from(subscriptionEnrolments)
      .innerJoin(subscribers, eq(subscribers.id, subscriptionEnrolments.subscriberId))
      .where(eq(subscribers.phone, '2125550044'));
    const code = confirmationCode(piiKeys(app.config.PII_KEY), row.id, row.requestedAt!);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) expect((await send('POST', path, VENDOR, { confirmationCode: wrong })).status).toBe(400);
    expect((await send('POST', path, VENDOR, { confirmationCode: code })).status).toBe(409);
    // A new code: the old one is gone, the new one confirms.
    expect((await send('POST', path)).status).toBe(200);
    const [fresh] = await app.database.db
      .select({ requestedAt: subscriptionEnrolments.confirmationRequestedAt })
      .from(subscriptionEnrolments)
      .where(eq(subscriptionEnrolments.id, row.id));
    const next = confirmationCode(piiKeys(app.config.PII_KEY), row.id, fresh.requestedAt!);
    const done = await send('POST', path, VENDOR, { confirmationCode: next });
    expect(done.status).toBe(200);
    expect(done.body.confirmed).toBe(true);
  });

  test('rights: own token writes its contacts; another account is 404 and nothing changes; nobody is 401', async () => {
    const mine = '/v2/subscriptions/stubs-premiere-news/email/account3@demo.marquee.example';
    expect((await send('POST', mine, bearer('other'))).status).toBeLessThan(300);
    const theirs = `/v2/subscriptions/weekly-showtimes/email/${A1.email}`;
    expect((await send('DELETE', theirs, bearer('other'))).status).toBe(404);
    expect((await send('POST', theirs, bearer('other'))).status).toBe(404);
    expect((await send('DELETE', theirs, {})).status).toBe(401);
    expect((await get(theirs, {})).status).toBe(401);
    expect((await get(theirs, VENDOR)).body.isContactEnrolled).toBe(true);
    // An account's new number becomes its own; a second one is not the account's.
    expect((await send('POST', '/v2/subscriptions/weekly-showtimes/sms/3125550003', bearer('other'))).status).toBe(201);
    expect((await get('/v2/subscriptions?phone-number=3125550003', bearer('other'))).status).toBe(200);
    expect((await send('POST', '/v2/subscriptions/weekly-showtimes/sms/3125550004', bearer('other'))).status).toBe(404);
  });
});

describe('DELETE /v2/subscriptions/{email-address-…|phone-number-…|subscriber-guid-…}', () => {
  test('opts the contact out of every subscription of that identifier', async () => {
    const res = await send('DELETE', '/v2/subscriptions/email-address-account4@demo.marquee.example');
    expect(res.status).toBe(200);
    expect(res.body.optedOutCount).toBeGreaterThan(0);
    const after = await get('/v2/subscriptions?email-address=account4@demo.marquee.example', VENDOR);
    expect(after.body._embedded.subscriptions.flatMap((s: Json) => s.channels).some((c: Json) => c.isContactEnrolled)).toBe(false);
    // The SMS channels of account 4 are untouched by the e-mail opt-out, and go with the phone form.
    const sms = await send('DELETE', '/v2/subscriptions/phone-number-2125550004');
    expect(sms.status).toBe(200);
    expect((await send('DELETE', '/v2/subscriptions/phone-number-2125550004')).body.optedOutCount).toBe(0);
    const guid = await send('DELETE', '/v2/subscriptions/subscriber-guid-5eb5c41b-0000-4000-8000-000000000021');
    expect(guid.body.optedOutCount).toBeGreaterThan(0);
  });

  test.each([
    ['an ill-formatted e-mail', '/v2/subscriptions/email-address-nope', VENDOR],
    ['an unknown e-mail', '/v2/subscriptions/email-address-nobody@example.com', VENDOR],
    ['an ill-formatted phone', '/v2/subscriptions/phone-number-12', VENDOR],
    ['an unknown guid', '/v2/subscriptions/subscriber-guid-5eb5c41b-0000-4000-8000-999999999999', VENDOR],
    ['another account', `/v2/subscriptions/email-address-${A1.email}`, {}],
  ])('404 for %s', async (_what, path, headers) => {
    const h = Object.keys(headers).length ? headers : bearer('other');
    expect((await send('DELETE', path, h)).status).toBe(404);
  });

  test('nobody: 401', async () => {
    expect((await send('DELETE', `/v2/subscriptions/email-address-${A1.email}`, {})).status).toBe(401);
  });
});

test('OpenAPI lists every subscription route with an operationId', async () => {
  const doc = (await get('/openapi.json')).body;
  const ops = [
    ['/v2/subscriptions', 'get'],
    ['/v2/subscriptions/{subscription-name}', 'get'],
    ['/v2/subscriber-profiles', 'get'],
    ['/v2/subscriptions/{subscription-name}/{channel-type}/{contact}', 'get'],
    ['/v2/subscriptions/{subscription-name}/{channel-type}/{contact}', 'post'],
    ['/v2/subscriptions/{subscription-name}/{channel-type}/{contact}', 'delete'],
    ['/v2/subscriptions/email-address-{email-address}', 'delete'],
    ['/v2/subscriptions/phone-number-{phone-number}', 'delete'],
    ['/v2/subscriptions/subscriber-guid-{subscriberGuid}', 'delete'],
  ];
  for (const [path, method] of ops) expect(doc.paths[path]?.[method]?.operationId).toEqual(expect.any(String));
});
