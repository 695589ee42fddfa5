import { signAccountToken } from '../../src/auth/principal';
import { useTestApp } from '../helpers/app';
import { neededQuery, operationsOf, plausibleSamples, urlOf, type Json, type Operation, type Samples } from '../helpers/openapi-inputs';
import { pickShowtimes, VENDOR } from '../helpers/orders';
import { WEBHOOK_TEST_ENV } from '../helpers/webhooks';

/**
 * No link carries an e-mail address or a phone number the request did not send (docs/security.md,
 * "Personal data in links"). Generated from /openapi.json:
 *
 * - every Subscriptions operation, in every variant: each contact parameter (e-mail, phone, guid) and
 *   the audience, each form of a `{contact}` path value, for several seeded contacts (with and without
 *   a site account, with and without a phone), with a vendor key and with the contact's own token;
 * - every read of the document with the shared plausible samples.
 *
 * Every `_links` href anywhere in the body and the Location header are scanned for e-mail addresses and
 * 10-digit numbers (by pattern, and every address and number of the seeded subscribers and accounts);
 * each must appear in the request's own URL.
 */

interface Contact {
  email: string;
  phone: string | null;
  guid: string;
  account: number | null;
}
const guid = (n: number) => `5eb5c41b-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
/** docs/seed.md: accounts 1 and 2 have numbers, 3 none; 21 is a box-office guest without an account. */
const CONTACTS: Contact[] = [
  { email: 'account1@demo.marquee.example', phone: '2125550001', guid: guid(1), account: 1 },
  { email: 'account2@demo.marquee.example', phone: '2125550002', guid: guid(2), account: 2 },
  { email: 'account3@demo.marquee.example', phone: null, guid: guid(3), account: 3 },
  { email: 'guest21@demo.marquee.example', phone: '2125550021', guid: guid(21), account: null },
];

let doc: Json;
let samples: Samples;
let admin: Record<string, string>;
/** Every e-mail address and number the database holds for a person. */
let known: string[];

const { app, sql } = useTestApp({ env: WEBHOOK_TEST_ENV });
beforeAll(async () => {
  const account = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1)}` };
  admin = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1, { admin: true })}` };
  const [st] = await pickShowtimes(sql, 1, 11);
  samples = await plausibleSamples(app, sql as never, { vendor: VENDOR, account, admin }, { showtimeId: st.showtimeId, seat: st.regular[0] });
  doc = (await app.get<Json>('/openapi.json')).body;
  const rows = await sql<{ v: string }[]>`
    select email as v from subscribers where email is not null union select phone from subscribers where phone is not null
    union select email from site_accounts union select email from loyalty_accounts
    union select mobile_phone_number from loyalty_accounts where mobile_phone_number is not null`;
  known = rows.map((r) => r.v.toLowerCase());
  expect(known.length).toBeGreaterThan(40);
}, 120_000);

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const PHONE = /(?<![0-9A-Za-z])(?:\+?1[-. ]?)?\(?\d{3}\)?[-. ]?\d{3}[-. ]?\d{4}(?![0-9A-Za-z])/g;
const digits = (s: string) => s.replace(/\D/g, '').slice(-10);

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Every e-mail address and phone number in `text`: by pattern, and the seeded ones however written. */
function personalData(text: string): string[] {
  const plain = decoded(text).toLowerCase();
  const found = [...(plain.match(EMAIL) ?? []), ...(plain.match(PHONE) ?? []).map(digits)];
  for (const value of known) if (plain.includes(value)) found.push(value);
  return [...new Set(found)];
}

/** Every href of every `_links` object in a body. */
function hrefsOf(body: unknown, out: string[] = []): string[] {
  if (Array.isArray(body)) body.forEach((b) => hrefsOf(b, out));
  else if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as Json)) {
      if (key === '_links' && value && typeof value === 'object') {
        for (const link of Object.values<Json>(value)) if (typeof link?.href === 'string') out.push(link.href);
      }
      hrefsOf(value, out);
    }
  }
  return out;
}

interface Sent {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
}

let responses = 0;
let links = 0;

/** Sends the request and returns a problem per link that names personal data the URL does not. */
async function leaks(sent: Sent): Promise<string[]> {
  const res = await app.request<Json>(sent.method, sent.url, sent.method === 'POST' ? {} : undefined, sent.headers);
  if (res.status >= 500) return [`${sent.label} → ${res.status}`];
  responses += 1;
  const inRequest = personalData(sent.url).map((v) => (/@/.test(v) ? v : digits(v)));
  // A path segment `email-address-{email}` matches the pattern as one address: it is the sent one when it ends with it.
  const sentAlready = (v: string) => inRequest.some((r) => (/@/.test(v) ? v === r || v.endsWith(`-${r}`) : digits(v) === r));
  const hrefs = [...hrefsOf(res.body), ...(res.headers.get('location') ? [res.headers.get('location') as string] : [])];
  links += hrefs.length;
  return hrefs.flatMap((href) =>
    personalData(href)
      .filter((v) => !sentAlready(v))
      .map((v) => `${sent.label} (${res.status}): link ${decoded(href)} carries ${v}, which the request did not send`),
  );
}

const tokenOf = async (account: number) => ({ authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, account)}` });

/** The contact's forms as a `{contact}` path value with the channel types each reaches. */
function routeContacts(c: Contact): { value: string; channelTypes: string[] }[] {
  return [
    { value: c.email, channelTypes: ['email'] },
    ...(c.phone ? [{ value: c.phone, channelTypes: ['sms', 'smsConfirm'] }] : []),
    { value: c.guid, channelTypes: ['email', 'sms', 'smsConfirm'] },
  ];
}

/** Every variant of one Subscriptions operation for one contact (path and query filled). */
function variantsOf(op: Operation, c: Contact): { label: string; url: string }[] {
  const names = op.params.map((p) => p.name);
  const contactQuery = ['email-address', 'phone-number', 'subscriber-guid'].filter((n) => names.includes(n));
  const byKind: Record<string, string | null> = { 'email-address': c.email, 'phone-number': c.phone, 'subscriber-guid': c.guid, subscriberGuid: c.guid };
  const out: { label: string; url: string }[] = [];
  if (names.includes('contact')) {
    for (const rc of routeContacts(c)) {
      for (const type of rc.channelTypes) {
        const name = type === 'email' ? 'weekly-showtimes' : type === 'sms' ? 'weekly-showtimes' : 'special-offers';
        const url = op.path
          .replace('{subscription-name}', name)
          .replace('{channel-type}', type)
          .replace('{contact}', encodeURIComponent(rc.value));
        out.push({ label: `${op.method} ${url}`, url });
      }
    }
    return out;
  }
  const pathParam = op.path.match(/\{([^}]+)\}/)?.[1];
  if (pathParam && pathParam in byKind) {
    const value = byKind[pathParam];
    if (value) out.push({ label: `${op.method} ${op.path} ${pathParam}`, url: op.path.replace(`{${pathParam}}`, encodeURIComponent(value)) });
    return out;
  }
  for (const name of contactQuery) {
    const value = byKind[name];
    if (value) out.push({ label: `${op.method} ${op.path}?${name}`, url: `${op.path}?${name}=${encodeURIComponent(value)}&page-size=100` });
  }
  if (names.includes('audience')) for (const a of ['guest', 'stubs']) out.push({ label: `${op.method} ${op.path}?audience=${a}`, url: `${op.path}?audience=${a}` });
  if (out.length === 0 && !pathParam) out.push({ label: `${op.method} ${op.path}`, url: op.path });
  if (out.length === 0 && pathParam === 'subscription-name') out.push({ label: `${op.method} ${op.path}`, url: op.path.replace('{subscription-name}', 'weekly-showtimes') });
  return out;
}

const ORDER = ['GET', 'POST', 'PUT', 'DELETE'];

test('Subscriptions, every variant: no link names an e-mail address or number the request did not send', async () => {
  const ops = operationsOf(doc)
    .filter((op) => /^\/v2\/(subscriptions|subscriber-profiles)/.test(op.path))
    .sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
  expect(ops.length).toBeGreaterThanOrEqual(9);
  const problems: string[] = [];
  let requests = 0;
  for (const op of ops) {
    for (const contact of CONTACTS) {
      const credentials = [VENDOR, ...(contact.account ? [await tokenOf(contact.account)] : [])];
      for (const v of variantsOf(op, contact)) {
        for (const headers of credentials) {
          requests += 1;
          problems.push(...(await leaks({ label: `${v.label} as ${headers === VENDOR ? 'vendor' : 'owner'}`, method: op.method, url: v.url, headers })));
        }
      }
    }
  }
  console.log(`links of subscriptions: ${ops.length} operations, ${requests} requests, ${links} links scanned`);
  expect(problems).toEqual([]);
  expect(links).toBeGreaterThan(500);
}, 180_000);

test('every read of the document: no link names an e-mail address or number the request did not send', async () => {
  const reads = operationsOf(doc).filter((op) => op.method === 'GET');
  const problems: string[] = [];
  const before = links;
  for (const op of reads) {
    const url = urlOf(samples, op, neededQuery(samples, op.path));
    problems.push(...(await leaks({ label: `GET ${op.path}`, method: 'GET', url, headers: { ...VENDOR, ...admin } })));
  }
  console.log(`links of reads: ${reads.length} operations, ${links - before} links scanned (${responses} responses in all)`);
  expect(problems).toEqual([]);
}, 120_000);

test('by phone number: its opt-out link is by that number, and no e-mail opt-out link', async () => {
  const rel = (name: string) => `${app.url}/rels/v2/${name}`;
  const [a1] = CONTACTS;
  const byPhone = await app.get<Json>(`/v2/subscriptions?phone-number=${a1.phone}`, VENDOR);
  expect(byPhone.body._links[rel('subscriptions-optout-all-sms')]).toEqual({ href: `${app.url}/v2/subscriptions/phone-number-${a1.phone}`, templated: false });
  expect(byPhone.body._links[rel('subscriptions-optout-all-email')]).toBeUndefined();
  expect(byPhone.body._links[rel('subscriptions-optout-all')]).toBeUndefined();
  const byEmail = await app.get<Json>(`/v2/subscriptions?email-address=${a1.email}`, VENDOR);
  expect(Object.keys(byEmail.body._links).filter((k) => k.includes('optout'))).toEqual([rel('subscriptions-optout-all-email')]);
  const byGuid = await app.get<Json>(`/v2/subscriptions?subscriber-guid=${a1.guid}`, VENDOR);
  expect(byGuid.body._links[rel('subscriptions-optout-all')]).toEqual({ href: `${app.url}/v2/subscriptions/subscriber-guid-${a1.guid}`, templated: false });
  expect(Object.keys(byGuid.body._links).filter((k) => k.includes('optout'))).toHaveLength(1);
});
