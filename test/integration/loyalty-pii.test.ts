import { signAccountToken } from '../../src/auth/principal';
import { keyedHash, piiKeys } from '../../src/pii';
import { demoPhone, demoSsn, DEMO_ASSOCIATES } from '../../db/seed/loyalty';
import { PRODUCTION_ENV, useTestApp } from '../helpers/app';
import { OTHER_VENDOR, VENDOR } from '../helpers/orders';

/**
 * Personal data of loyalty leaves only to whom it belongs: every loyalty endpoint, REST and GraphQL, is
 * called by a production-mode instance (successes and failures alike) as five kinds of caller, and its
 * responses and log lines are scanned for the seeded SSNs (never, in any form), card numbers (only to a
 * caller that sent that number, or one entitled to the card's loyalty account — an admin, the holder's
 * token, a vendor related to the account: docs/accounts.md), phone numbers and e-mail addresses (never
 * in a log line).
 */

const lines: string[] = [];
const exchanges: { caller: string; request: string; response: string }[] = [];
let cards: string[] = [];

const { app, sql } = useTestApp({ env: { ...PRODUCTION_ENV, LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
beforeAll(async () => {
  // The template was seeded under the development PII key; this instance has its own.
  const keys = piiKeys(PRODUCTION_ENV.PII_KEY);
  for (const a of DEMO_ASSOCIATES) await sql`update loyalty_accounts set ssn_hash = ${keyedHash(keys, a.ssn)} where id = ${a.loyaltyAccountId}`;
  cards = (await sql<{ card_number: string }[]>`select card_number from loyalty_cards`).map((r) => r.card_number);
});

/** Every header as `name:value` (Headers.forEach: the DOM typings pulled in by the browser tests lack its iterator). */
function headerText(headers: Headers): string {
  const out: string[] = [];
  headers.forEach((value, name) => out.push(`${name}:${value}`));
  return out.join(' ');
}

/** The caller of the calls being made (one of `callers` below). */
let caller = '';
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.request(method, path, body, headers);
  exchanges.push({ caller, request: `${method} ${path} ${JSON.stringify(body ?? null)}`, response: `${JSON.stringify(res.body)} ${headerText(res.headers)}` });
  return res;
}
async function gql(query: string, variables: Record<string, unknown>, headers: Record<string, string>) {
  const res = await app.gql(query, variables, headers);
  exchanges.push({ caller, request: `graphql ${JSON.stringify(variables)}`, response: JSON.stringify(res) });
  return res;
}

/**
 * The card numbers each caller is entitled to, from the database (an oracle apart from the service's
 * rules): an admin all; the token of site account 1 the cards of its loyalty account; a vendor the
 * cards of the loyalty accounts it is related to (enrolled through it, or one of its orders carries the
 * guest's site account or card); nobody none.
 */
async function entitledCards(): Promise<Record<string, Set<string>>> {
  const numbers = (rows: { n: string }[]) => new Set(rows.map((r) => r.n));
  const ofVendor = async (vendorId: number) =>
    numbers(await sql<{ n: string }[]>`
      select c.card_number as n from loyalty_cards c join loyalty_accounts a on a.id = c.loyalty_account_id
      where exists (select 1 from loyalty_account_vendors v where v.loyalty_account_id = a.id and v.vendor_id = ${vendorId})
         or exists (select 1 from orders o where o.vendor_id = ${vendorId} and (o.site_account_id = a.site_account_id
              or o.loyalty_card_number in (select c2.card_number from loyalty_cards c2 where c2.loyalty_account_id = a.id)))`);
  const out = {
    vendor: await ofVendor(1),
    'other vendor': await ofVendor(2),
    admin: numbers(await sql<{ n: string }[]>`select card_number as n from loyalty_cards`),
    'own token': numbers(await sql<{ n: string }[]>`
      select c.card_number as n from loyalty_cards c left join loyalty_accounts a on a.id = c.loyalty_account_id
      where c.site_account_id = 1 or a.site_account_id = 1`),
    nobody: new Set<string>(),
  };
  return out;
}

test('no response or log line holds a full SSN; card numbers reach only who sent them or is entitled; logs hold no phone or e-mail', async () => {
  const admin = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1, { admin: true })}` };
  const own = { ...VENDOR, authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1)}` };
  const callers: [string, Record<string, string>][] = [['vendor', VENDOR], ['other vendor', OTHER_VENDOR], ['admin', admin], ['own token', own], ['nobody', {}]];
  const email = 'account1@demo.marquee.example';
  for (const [name, h] of callers) {
    caller = name;
    for (const card of ['PREM000000000001', 'INSD000000000017', 'PRGO000000000020', 'NOPE000000000001']) {
      await call('GET', `/v4/loyalty-cards/${card}`, undefined, h);
      await call('GET', `/v3/loyalty-cards/${card}`, undefined, h);
      await call('GET', `/v2/loyalty-cards/${card}/product-subscriptions/alist`, undefined, h);
      await call('GET', `/v4/loyalty-accounts/card-${card}`, undefined, h);
      await call('POST', `/v4/loyalty-cards/${card}/earn-for-items`, { total: 9, earnItems: [{ productId: `PII-${card}`, price: 9 }] }, { ...h, 'idempotency-key': `pii-${card}` });
      await call('POST', `/v4/loyalty-cards/${card}/waive-fees`, { amount: 0.01 }, h);
      await call('POST', `/v4/loyalty-cards/${card}/earn-for-items`, { total: 'x', earnItems: [{ productId: card, price: -1 }] }, h);
      await call('POST', '/v4/loyalty-cards/validations', { loyaltyCard: { number: card } }, h);
      await call('POST', `/v4/loyalty-accounts/card-${card}/summer-blockbusters/registration`, undefined, h);
    }
    for (const a of DEMO_ASSOCIATES) {
      await call('POST', '/v4/loyalty-cards/validations', { associate: { ssn: Number(a.ssn), associateId: a.associateId } }, h);
      await call('POST', '/v4/loyalty-cards/validations', { associate: { ssn: `${a.ssn.slice(0, 3)}-${a.ssn.slice(3, 5)}-${a.ssn.slice(5)}`, associateId: a.associateId } }, h);
      await call('POST', '/v4/loyalty-cards/validations', { associate: { ssn: a.ssn, associateId: 1 } }, h);
      await gql('mutation($a: AssociateInput) { validateLoyalty(associate: $a) { valid associate { ssnLastFour } } }', { a: { ssn: a.ssn, associateId: a.associateId } }, h);
    }
    for (const id of [1, 7, 16, 999]) {
      await call('GET', `/v4/loyalty-accounts/${id}`, undefined, h);
      await call('GET', `/v4/loyalty-cards?loyalty-account-id=${id}`, undefined, h);
    }
    await call('GET', `/v4/loyalty-accounts/email-${email}`, undefined, h);
    await call('GET', `/v4/loyalty-accounts/email-${encodeURIComponent(email)}`, undefined, h);
    await call('GET', `/v4/loyalty-cards?email=${encodeURIComponent(email)}`, undefined, h);
    await call('GET', `/v4/loyalty-accounts/phone-${demoPhone(1)}`, undefined, h);
    await call('POST', `/v4/loyalty-accounts/email-${email}/summer-blockbusters/registration`, undefined, h);
    await call('GET', '/v4/site-accounts/1/loyalty', undefined, h);
    await gql('{ me { loyaltyAccount { email ssnLastFour cardNumber } loyaltyCards { cardNumber lastFour } } }', {}, h);
    await gql('query($n: String!) { loyaltyCard(cardNumber: $n) { cardNumber } loyaltyAccount(cardNumber: $n) { cardNumber ssnLastFour } }', { n: 'PREM000000000001' }, h);
    await gql('mutation($n: String!) { earnLoyaltyPoints(cardNumber: $n, input: {total: 1, earnItems: [{productId: "G", price: 1}]}) { cardNumber } }', { n: 'PREM000000000001' }, h);
  }
  caller = 'admin';
  await call('DELETE', '/v4/site-accounts/16/loyalty', undefined, admin);
  expect(exchanges.length).toBeGreaterThan(200);
  const entitled = await entitledCards();
  // The rule is not vacuous: each kind of caller is entitled to some cards and not to others.
  expect(entitled['own token']).toEqual(new Set(['PREM000000000001']));
  expect(entitled.vendor.has('PREM000000000001') && !entitled.vendor.has(cards.find((c) => entitled['other vendor'].has(c))!)).toBe(true);

  const ssns = Array.from({ length: 21 }, (_, i) => demoSsn(i + 1));
  const forms = (ssn: string) => [ssn, `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`];
  // A secret found as a whole, not as digits inside a longer number (a response time, a timestamp): one
  // run failed on a demo SSN's nine digits, 900000020, somewhere in the log, most likely inside one.
  const holds = (text: string, secret: string) =>
    new RegExp(`(?<![0-9])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9])`).test(text);
  const leaks: string[] = [];
  for (const { caller: who, request, response } of exchanges) {
    for (const ssn of ssns) for (const f of forms(ssn)) if (holds(response, f)) leaks.push(`SSN in response to ${who}: ${request}`);
    for (const card of cards) {
      // A full number comes back only to a request that carried it, or to a caller entitled to the card.
      if (holds(response, card) && !request.includes(card) && !entitled[who].has(card)) leaks.push(`card ${card} in response to ${who}: ${request}`);
    }
  }
  expect(leaks).toEqual([]);
  // And those entitled get the number, where they did not send it (the account, the card by id, GraphQL).
  const got = (who: string, request: string) => exchanges.find((e) => e.caller === who && e.request.startsWith(request))!.response;
  for (const who of ['vendor', 'admin', 'own token']) {
    expect([who, holds(got(who, 'GET /v4/loyalty-accounts/1 '), 'PREM000000000001')]).toEqual([who, true]);
    expect([who, holds(got(who, 'GET /v4/loyalty-cards?loyalty-account-id=1 '), 'PREM000000000001')]).toEqual([who, true]);
  }
  expect(holds(got('own token', 'graphql {}'), 'PREM000000000001')).toBe(true);
  for (const who of ['other vendor', 'nobody']) {
    expect([who, holds(got(who, 'GET /v4/loyalty-accounts/1 '), 'PREM000000000001')]).toEqual([who, false]);
  }

  const log = lines.join('');
  expect(log).toContain('/v4/loyalty-cards/…0001');
  expect(log).toContain('/v4/loyalty-accounts/email-[email]');
  const secrets = [...ssns.flatMap(forms), ...cards, demoPhone(1), email, encodeURIComponent(email), 'demo-vendor-key'];
  expect(secrets.filter((s) => holds(log, s))).toEqual([]);
});
