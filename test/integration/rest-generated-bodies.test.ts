import { signAccountToken } from '../../src/auth/principal';
import { useTestApp } from '../helpers/app';
import { leavesOf, neededQuery, operationsOf, plausibleSamples, sampleOf, urlOf, withValue, type Json, type Operation, type Samples } from '../helpers/openapi-inputs';
import { pickShowtimes, VENDOR } from '../helpers/orders';
import { WEBHOOK_TEST_ENV } from '../helpers/webhooks';

/**
 * Request bodies are typed as /openapi.json declares them, generated from the document: for every
 * operation with a JSON body and every property it declares (nested ones and array items too), a
 * valid body with that property replaced by a value of another JSON type — chosen, where there is one,
 * as the form a coercing validator would turn into the declared type ("12345" for an integer, "true"
 * for a boolean, [x] for a scalar, a scalar for a list, null) — is a 400 whose message names the
 * property, and nothing is written: no row of any table changes. A property declared in several forms
 * (`anyOf`) is accepted in each. No input answers a 5xx.
 */

type Path = (string | number)[];
interface Case {
  op: Operation;
  at: Path;
  value: unknown;
  body: Json;
}

let doc: Json;
let samples: Samples;
let headers: Record<string, string>;

const { app, sql } = useTestApp({ env: WEBHOOK_TEST_ENV });
beforeAll(async () => {
  const account = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1)}` };
  const admin = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1, { admin: true })}` };
  // Every declared credential at once (a vendor key and an admin token), so each request reaches its body's validation.
  headers = { ...VENDOR, ...admin };
  const [st] = await pickShowtimes(sql, 1, 9);
  samples = await plausibleSamples(app, sql as never, { vendor: VENDOR, account, admin }, { showtimeId: st.showtimeId, seat: st.regular[0] });
  doc = (await app.get<Json>('/openapi.json')).body;
}, 120_000);

/** The JSON types a schema admits (`integer` admits no other number here), from `type`, `anyOf`/`oneOf` or `enum`. */
function typesOf(schema: Json): Set<string> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return new Set(branches.flatMap((b: Json) => [...typesOf(b)]));
  if (schema.type) return new Set(([] as string[]).concat(schema.type));
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map((v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v)));
  return new Set();
}

/** Values of JSON types the schema does not admit; the coercible form first where there is one. */
function wrongValues(schema: Json): unknown[] {
  const types = typesOf(schema);
  if (types.size === 0) return [];
  const has = (t: string) => types.has(t) || (t === 'integer' && types.has('number'));
  const scalar = types.has('string') ? 'x' : has('integer') ? 1 : types.has('boolean') ? true : null;
  const out: unknown[] = [];
  if (!types.has('string')) out.push(has('integer') || has('number') ? '12345' : types.has('boolean') ? 'true' : 'x');
  if (!has('integer') && !types.has('number')) out.push(12345);
  if (!types.has('boolean')) out.push(true);
  if (!types.has('object')) out.push({});
  if (!types.has('array')) out.push(scalar === null ? [] : [scalar]);
  if (types.has('array') && !types.has('object')) {
    const item = schema.items ? sampleOf(schema.items) : 'x';
    if (item === null || typeof item !== 'object') out.push(item);
  }
  if (!types.has('null')) out.push(null);
  return out;
}

/** A body with the required properties only (recursively), each valid as declared. */
function requiredOnly(schema: Json): unknown {
  const sample = sampleOf(schema);
  if (!sample || typeof sample !== 'object' || Array.isArray(sample) || !schema.properties) return sample;
  const required = new Set<string>(schema.required ?? []);
  return Object.fromEntries(
    Object.entries<Json>(schema.properties)
      .filter(([k]) => required.has(k))
      .map(([k, s]) => [k, requiredOnly(s)]),
  );
}

/** The values of one declared form: its enum, else the valid value `current` written in that form. */
function formsIn(branch: Json, current: unknown): unknown[] {
  if (Array.isArray(branch.enum)) return branch.enum;
  const types = typesOf(branch);
  const numeric = types.has('integer') || types.has('number');
  if (typeof current === 'number' && types.has('string')) return [String(current)];
  if (typeof current === 'string' && /^\d+$/.test(current) && numeric) return [Number(current)];
  if (typeof current === 'number' && numeric) return [current];
  if (current !== undefined && current !== null && types.has(typeof current)) return [current];
  return [sampleOf(branch)];
}

/** The schema at a path of property names and array indexes. */
function schemaAt(schema: Json, at: Path): Json {
  return at.reduce<Json>((s, key) => (typeof key === 'number' ? s.items : s.properties[key]), schema);
}

/** Per table: row count and the newest row version (xmin), so an insert, update or delete shows. */
async function fingerprint(): Promise<Map<string, string>> {
  const tables = await sql<{ tablename: string }[]>`select tablename from pg_tables where schemaname = 'public' order by tablename`;
  const union = tables
    .map(({ tablename }) => `select '${tablename}' as t, count(*)::text || '/' || coalesce(max(xmin::text::bigint), 0)::text as f from "${tablename}"`)
    .join(' union all ');
  const rows = await sql.unsafe<{ t: string; f: string }[]>(union);
  return new Map(rows.map((r) => [r.t, r.f]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([t, f]) => before.get(t) !== f).map(([t]) => t);
}

const label = (c: { op: Operation; at: Path; value: unknown }) => `${c.op.method} ${c.op.path} body.${c.at.join('.')}=${JSON.stringify(c.value)}`;
const lastName = (at: Path) => [...at].reverse().find((k) => typeof k === 'string') as string;

test('every declared body property: a value of another JSON type is a 400 naming it, and writes nothing', async () => {
  const withBody = operationsOf(doc).filter((op) => op.body);
  expect(withBody.length).toBeGreaterThanOrEqual(15);
  const problems: string[] = [];
  let leaves = 0;
  let cases = 0;
  for (const op of withBody) {
    const schema = op.body as Json;
    const base = requiredOnly(schema) as Json;
    const opCases: Case[] = leavesOf(schema).flatMap(({ at, schema: leaf }) => {
      if (at.length === 0) return [];
      leaves += 1;
      return wrongValues(leaf).map((value) => ({ op, at, value, body: withValue(base, schema, at, value) }));
    });
    const url = urlOf(samples, op, neededQuery(samples, op.path));
    const before = await fingerprint();
    for (const c of opCases) {
      cases += 1;
      const res = await app.request<Json>(op.method, url, c.body, headers);
      const message: string = res.body?.errors?.[0]?.message ?? '';
      if (res.status !== 400) problems.push(`${label(c)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      else if (!message.includes(lastName(c.at))) problems.push(`${label(c)} → 400 not naming ${lastName(c.at)}: ${message}`);
    }
    const changed = changedTables(before, await fingerprint());
    if (changed.length > 0) problems.push(`${op.method} ${op.path}: wrongly typed bodies changed ${changed.join(', ')}`);
  }
  console.log(`body types: ${withBody.length} operations with a JSON body, ${leaves} declared properties, ${cases} wrongly typed bodies`);
  expect(problems).toEqual([]);
}, 300_000);

test('a property declared in several forms is accepted in each (a device\'s isPushEnabled as true or "true")', async () => {
  const problems: string[] = [];
  let alternatives = 0;
  for (const op of operationsOf(doc).filter((o) => o.body)) {
    const schema = op.body as Json;
    const base = (samples.bodies[`${op.method} ${op.path}`] ?? requiredOnly(schema)) as Json;
    for (const { at } of leavesOf(schema)) {
      const leaf = schemaAt(schema, at);
      const branches: Json[] | undefined = leaf.anyOf ?? leaf.oneOf;
      if (!Array.isArray(branches)) continue;
      const current = at.reduce<unknown>((v, k) => (v as Json | undefined)?.[k], base);
      for (const value of branches.flatMap((b) => formsIn(b, current))) {
        alternatives += 1;
        const res = await app.request<Json>(op.method, urlOf(samples, op, neededQuery(samples, op.path)), withValue(base, schema, at, value), headers);
        if (res.status >= 300) problems.push(`${label({ op, at, value })} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
  }
  console.log(`body alternatives: ${alternatives} declared forms sent`);
  expect(alternatives).toBeGreaterThanOrEqual(3);
  expect(problems).toEqual([]);

  // The text form means what it says.
  const device = `/v1/devices/${samples.values.deviceApplicationToken}`;
  for (const [sent, stored] of [['false', false], ['true', true], [false, false]] as const) {
    const put = await app.request<Json>('PUT', device, { accountId: 1, isPushEnabled: sent }, headers);
    expect({ sent, status: put.status, isPushEnabled: put.body.isPushEnabled }).toEqual({ sent, status: 200, isPushEnabled: stored });
    expect((await app.get<Json>(device, headers)).body.isPushEnabled).toBe(stored);
  }
}, 120_000);

test('the reported case: an order body with a boolean and a number for its text fields is refused, nothing stored', async () => {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from orders`;
  const res = await app.request<Json>('POST', '/v2/orders', { vendorTransactionId: true, shoppingCartId: 12345 }, VENDOR);
  expect(res.status).toBe(400);
  expect(res.body.errors[0].message).toMatch(/vendorTransactionId/);
  const [{ n: after }] = await sql<{ n: number }[]>`select count(*)::int as n from orders`;
  expect(after).toBe(n);
  // Path and query values still arrive as text and are read as their declared types.
  const byId = await app.get<Json>(`/v2/orders/${samples.values.orderId}`, VENDOR);
  expect(byId.status).toBe(200);
  expect((await app.get<Json>('/v2/theatres?page-size=2')).body.pageSize).toBe(2);
});
