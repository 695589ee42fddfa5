import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getNullableType, isListType, isNonNullType } from 'graphql';
import { buildMarqueeSchema } from '../../src/composition/graphql-schema';
import { isLeaf, keptFields, objectType } from '../../src/rest/derive';
import { derivedComponents, SPEC_PATHS } from '../../src/rest/openapi';
import { startTestApp, type TestApp } from '../helpers/app';
import { SPEC_ENDPOINTS } from '../helpers/spec-endpoints';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/**
 * Warnings of redocly's recommended rules that this document has on purpose: the test instance serves
 * on 127.0.0.1, and `servers` names the origin the document came from.
 */
const ACCEPTED_WARNINGS = new Set(['no-server-example.com']);

/** Runs the pinned Redocly CLI on `doc` with the repository's redocly.yaml, offline. */
function redoclyLint(doc: unknown): Problem[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-openapi-'));
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(doc));
  try {
    const run = spawnSync(
      path.join('node_modules', '.bin', 'redocly'),
      ['lint', file, '--config', 'redocly.yaml', '--format', 'json', '--max-problems', '1000'],
      {
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      },
    );
    if (run.error) throw run.error;
    const start = run.stdout.indexOf('{');
    if (start < 0) throw new Error(`redocly printed no report (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
    return (JSON.parse(run.stdout.slice(start)) as { problems: Problem[] }).problems;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const operationsOf = (doc: Json) =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path: p, method, op })),
  );

describe('the OpenAPI document', () => {
  let app: TestApp;
  let doc: Json;

  beforeAll(async () => {
    app = await startTestApp();
    const res = await app.get<Json>('/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  }, 60_000);
  afterAll(() => app?.close());

  test('passes redocly lint (recommended rules) with 0 errors', () => {
    const problems = redoclyLint(doc);
    const describe = (p: Problem) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`;
    expect(problems.filter((p) => p.severity === 'error').map(describe)).toEqual([]);
    expect(problems.filter((p) => !ACCEPTED_WARNINGS.has(p.ruleId)).map(describe)).toEqual([]);
  }, 90_000);

  test('every operation has a unique operationId and a security requirement', () => {
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(50);
    const ids = ops.map((o) => o.op.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const o of ops) expect(Array.isArray(o.op.security)).toBe(true);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearerAuth', 'vendorKey']);
    expect(doc.components.securitySchemes.vendorKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Vendor-Key' });
    const security = (p: string, m: string) => doc.paths[p][m].security;
    expect(security('/v2/theatres', 'get')).toEqual([]);
    expect(security('/v2/orders', 'post')).toContainEqual({ vendorKey: [] });
    expect(security('/v1/movie-lists', 'post')).toEqual([{ bearerAuth: ['admin'] }]);
    expect(security('/v1/devices/{deviceApplicationToken}', 'put')).toEqual([{ bearerAuth: [] }]);
    // Public by audience, a credential by contact: both alternatives, and which parameter needs which.
    const list = doc.paths['/v2/subscriptions'].get;
    expect(list.security).toEqual([{}, { vendorKey: [] }, { bearerAuth: [] }]);
    expect(list['x-security-variants']).toEqual([
      { in: 'query', name: 'audience', security: [] },
      ...['email-address', 'phone-number', 'subscriber-guid'].map((name) => ({ in: 'query', name, security: [{ vendorKey: [] }, { bearerAuth: [] }] })),
    ]);
    expect(list.description).toMatch(/query `audience`: none; query `email-address`: an X-Vendor-Key, or an account token/);
  });

  test('HAL resources are named components, and responses refer to them', () => {
    const names = Object.keys(doc.components.schemas);
    for (const name of ['Theatre', 'Movie', 'Showtime', 'Attribute', 'Concession', 'MediaItem', 'SeatingLayout', 'Order', 'OrderProduct', 'Market']) {
      expect(names).toContain(name);
    }
    const ok = (p: string) => doc.paths[p].get.responses['200'].content['application/json'].schema;
    expect(ok('/v2/theatres/{theatre-number}')).toEqual({ $ref: '#/components/schemas/Theatre' });
    expect(JSON.stringify(ok('/v2/theatres'))).toContain('#/components/schemas/Theatre');
  });

  test('every 2xx JSON body is a $ref to a named component', () => {
    const unnamed: string[] = [];
    let bodies = 0;
    for (const { path: p, method, op } of operationsOf(doc)) {
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
        const schema = response.content?.['application/json']?.schema;
        if (!/^2/.test(status) || !schema) continue;
        bodies += 1;
        const ref = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref ?? '');
        if (!ref || Object.keys(schema).length !== 1 || !doc.components.schemas[ref[1]]) unnamed.push(`${method.toUpperCase()} ${p} ${status}`);
      }
    }
    expect(bodies).toBeGreaterThan(100);
    expect(unnamed).toEqual([]);
  });

  test('derived resources have every leaf field of their GraphQL type not omitted, with its nullability', async () => {
    const graphql = await buildMarqueeSchema();
    const derived = derivedComponents();
    for (const name of ['Movie', 'Theatre', 'Showtime', 'Attribute', 'Concession', 'MediaItem', 'LoyaltyCard', 'Wallet', 'CreditCard', 'Market', 'Device', 'LoyaltyAccount', 'Subscription', 'SubscriptionChannel', 'WebhookSubscription', 'WebhookDelivery', 'CreatedWebhook', 'RotatedWebhookSecret', 'SeatingLayoutSeat', 'LayoutSeat', 'Layout', 'AuditoriumLayouts', 'TheatreSeatingLayouts', 'Order', 'OrderProduct', 'OrderPayment', 'OrderProductFee', 'OrderDiscount', 'OrderProductModifier']) {
      expect([...derived.keys()]).toContain(name);
    }
    const mismatches: string[] = [];
    for (const [name, { typeName, options }] of derived) {
      const served = doc.components.schemas[name] as Json;
      const type = objectType(graphql, typeName);
      const kept = new Set(keptFields(type, options).map((f) => f.name));
      for (const field of Object.values(type.getFields())) {
        if (!kept.has(field.name)) continue;
        const property = served.properties?.[field.name] as Json | undefined;
        if (!property) {
          mismatches.push(`${name}.${field.name}: missing`);
          continue;
        }
        // A list of references (attributes) is checked by its array; a reference alone carries no type.
        if (property.$ref) continue;
        const types = ([] as string[]).concat(property.type);
        if (types.includes('null') === isNonNullType(field.type)) mismatches.push(`${name}.${field.name}: nullability ${JSON.stringify(property.type)}`);
        const overridden = field.name in (options.override ?? {});
        if (!overridden && isListType(getNullableType(field.type)) !== types.includes('array')) mismatches.push(`${name}.${field.name}: list ${JSON.stringify(property.type)}`);
        if (isLeaf(field.type) && !isListType(getNullableType(field.type)) && (types.includes('object') || types.includes('array'))) {
          // Overrides of a leaf must stay a leaf.
          mismatches.push(`${name}.${field.name}: ${JSON.stringify(property.type)}`);
        }
      }
      // Every property is the type's field or declared REST-only; none is required unless listed.
      const allowed = new Set([...kept, ...Object.keys(options.extra ?? {}), ...(options.links ? ['_links'] : [])]);
      for (const key of Object.keys(served.properties ?? {})) if (!allowed.has(key)) mismatches.push(`${name}.${key}: not in ${typeName}`);
    }
    expect(mismatches).toEqual([]);
  });

  test('path parameters are named as in the spec', () => {
    const paths = Object.keys(doc.paths);
    // Only the REST layer: no /graphql, /healthz, /openapi.json or pages.
    expect(paths.filter((p) => !/^\/v\d+\//.test(p))).toEqual([]);
    for (const p of [
      '/v2/theatres/{theatre-number}/showtimes/{date}',
      '/v3/seating-layouts/{theatre-number}/{performance-number}',
      '/v2/seating-layouts/{theatreNumber}/{performanceNumber}',
      '/v1/movie-lists/{movie-list-id}',
      '/v1/theatres/{theatre-id}/concessions/{concession-id}',
      '/v1/concessions/{theatre-product-assignment-id}',
      '/v2/showtimes/{id}',
      '/v2/media/{resource-type}/{resourceId}/{media-type}',
    ]) {
      expect(paths).toContain(p);
    }
    // Any documented path with the shape of a spec path is that spec path, parameter names included.
    const shape = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
    const specByShape = new Map(SPEC_PATHS.map((p) => [shape(p), p]));
    const mismatched = paths.filter((p) => specByShape.has(shape(p)) && specByShape.get(shape(p)) !== p);
    expect(mismatched).toEqual([]);
    // The parameters listed are the ones in the path.
    for (const { path: p, op } of operationsOf(doc)) {
      const inPath = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const listed = ((op.parameters ?? []) as Json[]).filter((x) => x.in === 'path').map((x) => x.name).sort();
      expect({ p, listed }).toEqual({ p, listed: inPath });
    }
  });

  test("every row of the spec's Endpoints tables is served (docs/rest.md, Coverage)", () => {
    const shape = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
    const served = new Set(operationsOf(doc).map(({ path: p, method }) => `${method.toUpperCase()} ${shape(p)}`));
    const missing = SPEC_ENDPOINTS.filter(([method, p]) => !served.has(`${method} ${shape(p)}`)).map(([m, p]) => `${m} ${p}`);
    expect(missing).toEqual([]);
  });

  test('servers: the origin the document was fetched from, else PUBLIC_BASE_URL', async () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: app.url })]);
    const other = await startTestApp({ env: { PUBLIC_BASE_URL: 'https://api.marquee.test/' }, databaseUrl: app.databaseUrl });
    try {
      const res = await other.get<Json>('/openapi.json');
      expect(res.body.servers).toEqual([expect.objectContaining({ url: 'https://api.marquee.test' })]);
    } finally {
      await other.close();
    }
  });
});
