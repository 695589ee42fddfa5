import { signAccountToken } from '../../src/auth/principal';
import { useTestApp } from '../helpers/app';
import { neededQuery, operationsOf, plausibleSamples, sampleOf, sampleValue, urlOf, type Json, type Operation, type Samples } from '../helpers/openapi-inputs';
import { pickShowtimes, VENDOR } from '../helpers/orders';
import { WEBHOOK_TEST_ENV } from '../helpers/webhooks';

/**
 * The declared security of every operation of /openapi.json against what the served route does,
 * generated from the document (an operation added tomorrow is checked too):
 *
 * - without credentials, plausible parameters (rows that exist) answer 401/403 exactly where the
 *   operation declares security (non-empty, no `{}` alternative), and never where it is public;
 * - where the credential depends on a parameter (`x-security-variants`), each variant is sent and held
 *   to its own declaration;
 * - every read, with each demo credential (a vendor key, account 1's token, an admin token): a
 *   credential that meets the declaration is never refused with 401, one that does not is 401/403.
 */

type Security = Record<string, string[]>[];
interface Variant {
  in: 'query' | 'path';
  name: string;
  pattern?: string;
  security: Security;
}
interface Case {
  label: string;
  op: Operation;
  url: string;
  security: Security;
}
/** What a set of headers holds, in the document's terms. */
interface Holder {
  name: string;
  headers: Record<string, string>;
  schemes: Record<string, string[]>;
}

let doc: Json;
let samples: Samples;
let holders: Holder[];
let plausibleHeaders: Record<string, string>;

const { app, sql } = useTestApp({ env: WEBHOOK_TEST_ENV });
beforeAll(async () => {
  const account = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1)}` };
  const admin = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1, { admin: true })}` };
  holders = [
    { name: 'vendor key', headers: VENDOR, schemes: { vendorKey: [] } },
    { name: 'account token', headers: account, schemes: { bearerAuth: [] } },
    { name: 'admin token', headers: admin, schemes: { bearerAuth: ['admin'] } },
  ];
  plausibleHeaders = { ...VENDOR, ...admin };
  const [st] = await pickShowtimes(sql, 1, 7);
  samples = await plausibleSamples(app, sql as never, { vendor: VENDOR, account, admin }, { showtimeId: st.showtimeId, seat: st.regular[0] });
  const res = await app.get<Json>('/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
}, 120_000);

const isPublic = (security: Security) => security.length === 0 || security.some((r) => Object.keys(r).length === 0);
const meets = (holder: Holder, security: Security) =>
  isPublic(security) ||
  security.some((r) => Object.entries(r).every(([scheme, roles]) => holder.schemes[scheme] !== undefined && roles.every((role) => holder.schemes[scheme].includes(role))));

function docOp(op: Operation): Json {
  return doc.paths[op.path][op.method.toLowerCase()];
}

/** A value of `name` whose applicable variant (the first of `variants` on that name that matches) is `target`. */
function valueFor(op: Operation, variants: Variant[], target: Variant): string | undefined {
  const sameName = variants.filter((v) => v.in === 'path' && v.name === target.name);
  const base = sampleValue(samples, op.path, target.name);
  const candidates = [...(base !== undefined ? [base] : []), ...(samples.alternatives[target.name] ?? [])];
  return candidates.find((value) => sameName.find((v) => !v.pattern || new RegExp(v.pattern).test(value)) === target);
}

/** The requests of one operation: one per variant where the credential depends on a parameter. */
function casesOf(op: Operation): Case[] {
  const declared = docOp(op);
  const variants = declared['x-security-variants'] as Variant[] | undefined;
  if (!variants) return [{ label: `${op.method} ${op.path}`, op, url: urlOf(samples, op, neededQuery(samples, op.path)), security: declared.security }];
  return variants.map((v) => {
    const label = `${op.method} ${op.path} [${v.in} ${v.name}${v.pattern ? ` ~ ${v.pattern}` : ''}]`;
    if (v.in === 'query') {
      const value = samples.values[v.name];
      if (value === undefined) throw new Error(`no sample for ${label}`);
      return { label, op, url: urlOf(samples, op, { [v.name]: value }), security: v.security };
    }
    const value = valueFor(op, variants, v);
    if (value === undefined) throw new Error(`no sample value that selects ${label}`);
    const special = { ...samples, byPath: [{ path: /./, values: { [v.name]: value } }, ...samples.byPath] };
    return { label, op, url: urlOf(special, op), security: v.security };
  });
}

async function call(c: Case, headers: Record<string, string>) {
  const body = c.op.body ? sampleOf(c.op.body) : undefined;
  return app.request<Json>(c.op.method, c.url, body, headers);
}

/** Reads first, writes after, deletes last: a write that wrongly succeeds cannot hide a later case's row. */
const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ordered = (ops: Operation[]) => [...ops].sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));

test('no credentials: 401/403 exactly where /openapi.json declares security, each parameter variant too', async () => {
  const operations = ordered(operationsOf(doc));
  expect(operations.length).toBeGreaterThan(90);
  const cases = operations.flatMap(casesOf);
  const problems: string[] = [];
  const counts = { operations: operations.length, cases: cases.length, secured: 0, public: 0, variantOperations: 0, variantCases: 0 };
  for (const op of operations) if (docOp(op)['x-security-variants']) counts.variantOperations += 1;
  for (const c of cases) {
    const secured = !isPublic(c.security);
    counts[secured ? 'secured' : 'public'] += 1;
    if (c.label.includes('[')) counts.variantCases += 1;
    const res = await call(c, {});
    const refused = res.status === 401 || res.status === 403;
    if (res.status >= 500) problems.push(`${c.label} → ${res.status}`);
    else if (secured && !refused) problems.push(`${c.label} declares ${JSON.stringify(c.security)} but answered ${res.status} without credentials`);
    else if (!secured && refused) problems.push(`${c.label} is declared public but answered ${res.status}: ${JSON.stringify(res.body)}`);
    else if (refused && res.body?.errors?.[0]?.message === undefined) problems.push(`${c.label} → ${res.status} without the error body`);
  }
  console.log(`security without credentials: ${JSON.stringify(counts)}`);
  expect(problems).toEqual([]);
  expect(counts.secured).toBeGreaterThan(50);
  expect(counts.variantOperations).toBeGreaterThanOrEqual(5);
}, 120_000);

test('reads with each credential: what meets the declaration is never a 401, what does not is 401/403', async () => {
  const reads = operationsOf(doc).filter((op) => op.method === 'GET');
  const problems: string[] = [];
  let sent = 0;
  for (const c of reads.flatMap(casesOf)) {
    // The samples are plausible: with every credential at once, each read answers 2xx.
    const all = await call(c, plausibleHeaders);
    sent += 1;
    if (all.status >= 300) problems.push(`${c.label} with every credential → ${all.status} ${JSON.stringify(all.body)}`);
    for (const holder of holders) {
      const res = await call(c, holder.headers);
      sent += 1;
      const refused = res.status === 401 || res.status === 403;
      if (res.status >= 500) problems.push(`${c.label} with ${holder.name} → ${res.status}`);
      else if (meets(holder, c.security) && res.status === 401) problems.push(`${c.label}: ${holder.name} meets ${JSON.stringify(c.security)} but got 401`);
      else if (!meets(holder, c.security) && !refused) problems.push(`${c.label}: ${holder.name} does not meet ${JSON.stringify(c.security)} but got ${res.status}`);
    }
  }
  console.log(`security of reads with credentials: ${reads.length} operations, ${sent} requests`);
  expect(problems).toEqual([]);
}, 120_000);

test('an account token without the admin scope, on an admin-only operation: 403', async () => {
  const res = await app.request<Json>('POST', `/v2/showtimes/${samples.values.showtimeId}/cancellation`, {}, holders[1].headers);
  expect(res.status).toBe(403);
  expect(res.body.errors[0].message).toMatch(/admin/);
});
