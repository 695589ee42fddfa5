import { appendFileSync } from 'node:fs';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../db/client';
import { resolvePrincipal, signAccountToken } from '../../src/auth/principal';
import { databaseTimeouts } from '../../src/config';
import { createContext } from '../../src/context';
import { createTestDatabase, PRODUCTION_ENV, startTestApp, type TestApp } from '../helpers/app';
import {
  CALLERS,
  generator,
  rootFieldsOf,
  type Caller,
  type GenCase,
  type OperationType,
  type RootField,
} from '../helpers/graphql-gen';
import { differences, limited, referenceOutcome, type Outcome } from '../helpers/graphql-gen-compare';
import { readFixtures, WEBHOOK_TOKEN } from '../helpers/graphql-gen-fixtures';
import { hostileCases } from '../helpers/graphql-gen-hostile';
import { introspectionCases, validCases } from '../helpers/graphql-gen-valid';
import { get, overWs, post, type Served } from '../helpers/graphql-gen-transport';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver';

/**
 * Generated operations, differential against graphql-js (issue 24, item 3; docs/errors.md,
 * "Generated differential tests"). From the served schema: every root field of Query, Mutation and
 * Subscription, valid (two levels of selections, literals, variables, fragments, aliases, several
 * operations with one chosen) and hostile (helpers/graphql-gen-hostile.ts). Each runs through the
 * served endpoint — POST /graphql, GET for queries, graphql-ws — and through graphql-js' `validate`
 * and `execute` on the same schema object with a context built as the server builds it, for the
 * same caller. Expected: the same data and the same errors up to wording, never a 5xx or an
 * INTERNAL_SERVER_ERROR. Mutations change state: the served app and the reference each have their
 * own copy of the seeded database, and every case runs on both in the same order.
 */

const SEED = process.env.GRAPHQL_GEN_SEED ?? 'graphql-generated';
/** Every difference goes to this file when set (the assertion message shows the first 25). */
const REPORT_FILE = process.env.GRAPHQL_GEN_REPORT;

let app: TestApp;
/** A production-mode app (no introspection, suggestions hidden) on the same database, for the queries. */
let production: TestApp;
let reference: Database;
let receiver: Receiver;
const served = new Map<TestApp, Served>();
/** Each side's database, for what differs between them: the newest webhook's token (WEBHOOK_TOKEN). */
const sides = { served: { sql: null as postgres.Sql | null }, reference: { sql: null as postgres.Sql | null } };
type Credentials = Record<Caller, Record<string, string>>;
/** Each app's headers per caller: the same accounts, tokens signed with that app's secret. */
const credentials = new Map<TestApp, Credentials>();
let cases: Record<OperationType, GenCase[]>;

interface Count {
  cases: number;
  requests: number;
  compared: number;
  limited: number;
  /** Served answers: executed without an error, executed with errors, refused before execution. */
  ok: number;
  errors: number;
  refused: number;
}
const counts = { byRoot: new Map<string, Count>(), byVariant: new Map<string, Count>() };
const count = (map: Map<string, Count>, key: string) => {
  let c = map.get(key);
  if (!c) map.set(key, (c = { cases: 0, requests: 0, compared: 0, limited: 0, ok: 0, errors: 0, refused: 0 }));
  return c;
};

beforeAll(async () => {
  const [servedUrl, referenceUrl] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  receiver = await startReceiver();
  // Webhooks go to the loopback receiver: allowed here, so that creating one needs no DNS on either side.
  const hooks = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };
  app = await startTestApp({ databaseUrl: servedUrl, env: hooks });
  production = await startTestApp({ databaseUrl: servedUrl, env: { ...PRODUCTION_ENV, ...hooks } });
  for (const a of [app, production]) served.set(a, { url: a.url, sockets: new Map() });
  reference = await openDatabase({ databaseUrl: referenceUrl, dataDir: '', ...databaseTimeouts(app.config) });
  sides.served.sql = postgres(servedUrl, { max: 1, onnotice: () => undefined });
  sides.reference.sql = postgres(referenceUrl, { max: 1, onnotice: () => undefined });
  const { fixtures, accounts } = await readFixtures(sides.served.sql, receiver.url('/generated'));
  for (const a of [app, production]) {
    const vendor = { 'x-vendor-key': 'demo-vendor-key' };
    const account = { authorization: `Bearer ${await signAccountToken(a.config.JWT_SECRET, accounts.owner)}` };
    const admin = { authorization: `Bearer ${await signAccountToken(a.config.JWT_SECRET, accounts.admin, { admin: true })}` };
    credentials.set(a, { anonymous: {}, vendor, account, 'vendor-account': { ...vendor, ...account }, admin });
  }

  const gen = generator(SEED, fixtures);
  cases = { query: [], mutation: [], subscription: [] };
  // Writes that remove what others act on run last (a webhook deleted before it is tested or rotated).
  const removes = (r: RootField) => r.operation === 'mutation' && /^(delete|cancel|remove|unregister|unsubscribe|close|clear)/.test(r.field.name);
  const roots = rootFieldsOf(app.server.schema);
  for (const [index, root] of [...roots.filter((r) => !removes(r)), ...roots.filter(removes)].entries()) {
    // Each root field meets every caller: the i-th case of the field goes to caller (index + i) mod 5.
    const callerAt = (i: number) => CALLERS[(index + i) % CALLERS.length];
    cases[root.operation].push(...validCases(gen, root, callerAt));
    // Most writes need a vendor key: the valid forms once more with one, so that they also succeed.
    if (root.operation === 'mutation') cases.mutation.push(...validCases(gen, root, (i) => (i % 2 ? 'vendor' : 'vendor-account')));
    cases[root.operation].push(...hostileCases(gen, root, (i) => callerAt(i + 1)));
  }
  cases.query.push(...introspectionCases(gen, app.server.schema, (i) => CALLERS[i % CALLERS.length]));
}, 60_000);

afterAll(async () => {
  for (const s of served.values()) for (const socket of s.sockets.values()) socket.close();
  // The production app shares the served database: its handle closes before the app that owns the copy.
  await production?.close();
  await app?.close();
  await reference?.close();
  await sides.served.sql?.end();
  await sides.reference.sql?.end();
  await receiver?.close();
  const columns = ['cases', 'requests', 'compared', 'limited', 'ok', 'errors', 'refused'] as const;
  const row = (label: string, cells: readonly (string | number)[]) => `  ${label.padEnd(40)}${cells.map((n) => String(n).padStart(9)).join('')}`;
  const table = (map: Map<string, Count>) => [row('', columns), ...[...map].map(([k, c]) => row(k, columns.map((col) => c[col])))].join('\n');
  const total = [...counts.byRoot.values()].reduce((t, c) => ({ cases: t.cases + c.cases, requests: t.requests + c.requests }), { cases: 0, requests: 0 });
  process.stdout.write(
    `\n[graphql-generated] seed ${SEED}: ${total.cases} cases, ${total.requests} requests\n` +
      `(limited: over a Marquee limit, not compared; ok: executed without errors; errors: executed with errors; refused: before execution)\n` +
      `per variant:\n${table(counts.byVariant)}\nper root field:\n${table(counts.byRoot)}\n`,
  );
});

/** `c` with WEBHOOK_TOKEN replaced by the newest webhook token of `side`'s database, if it has one. */
async function onSide(c: GenCase, side: keyof typeof sides): Promise<GenCase> {
  if (!c.query.includes(WEBHOOK_TOKEN) && !c.variablesJson?.includes(WEBHOOK_TOKEN)) return c;
  const [row] = await sides[side].sql!<{ token: string }[]>`select token::text from webhook_subscriptions order by id desc limit 1`;
  if (!row) return c;
  const put = (text: string) => text.replaceAll(WEBHOOK_TOKEN, row.token);
  return { ...c, query: put(c.query), ...(c.variablesJson !== undefined ? { variablesJson: put(c.variablesJson) } : {}) };
}

/** graphql-js' answer to `c` on the reference database, with a context built as the server builds it. */
async function expected(generated: GenCase, execute = true): Promise<Outcome | null> {
  const c = await onSide(generated, 'reference');
  const h = credentials.get(app)![c.caller];
  const principal = await resolvePrincipal(reference.db, { secret: app.config.JWT_SECRET, maxLifetimeMs: app.config.JWT_MAX_LIFETIME }, {
    vendorKey: h['x-vendor-key'],
    authorization: h.authorization,
  });
  const contextValue = createContext({ requestId: 'reference', config: app.config, db: reference.db, principal });
  return referenceOutcome(app.server.schema, c, contextValue, { execute });
}

/**
 * Runs the cases of `operation` (those `only` keeps) on `target` and graphql-js; returns what differed.
 * HTTP: POST always, GET for queries. graphql-ws: queries and subscriptions always, mutations when
 * graphql-js refuses them (nothing runs, so both databases stay alike).
 */
async function runAll(operation: OperationType, target = app, only: (c: GenCase) => boolean = () => true): Promise<string[]> {
  const failures: string[] = [];
  const mode = target === production ? 'production ' : '';
  const to = served.get(target)!;
  for (const c of cases[operation].filter(only)) {
    const byRoot = count(counts.byRoot, `${mode}${c.root}`);
    const byVariant = count(counts.byVariant, `${mode}${operation} ${c.variant}`);
    byRoot.cases += 1;
    byVariant.cases += 1;
    const tally = (key: keyof Count) => {
      byRoot[key] += 1;
      byVariant[key] += 1;
    };
    const check = (transport: string, answer: Outcome | 'frame limit', want: Outcome | null, fresh: boolean) => {
      tally('requests');
      if (answer === 'frame limit' || limited(answer)) return tally('limited');
      tally(answer.refused ? 'refused' : answer.errors.length ? 'errors' : 'ok');
      if (want) tally('compared');
      const diff = differences(answer, want, { fresh });
      if (diff.length === 0) return;
      failures.push(
        `${mode}${c.root} ${c.variant} (${transport}, ${c.caller}): ${diff.join('; ')}\n    ${c.query.slice(0, 600)}` +
          `\n    variables ${(c.variablesJson ?? '-').slice(0, 200)} operationName ${JSON.stringify(c.operationName)}`,
      );
    };
    const h = credentials.get(target)![c.caller];
    try {
      const sent = await onSide(c, 'served');
      if (operation === 'subscription') {
        // The reference stops before the stream (it needs the server's fan-out): compared when refused.
        check('graphql-ws', await overWs(to, sent, h), await expected(c, false), false);
        check('POST', await post(to, sent, h), await expected(c), false);
        continue;
      }
      const answer = await post(to, sent, h);
      const want = await expected(c);
      check('POST', answer, want, operation === 'mutation');
      if (operation === 'query') {
        const viaGet = await get(to, sent, h);
        if (viaGet) check('GET', viaGet, want, false);
      }
      if (operation === 'query' || want?.refused) check('graphql-ws', await overWs(to, sent, h), want, false);
    } catch (err) {
      failures.push(`${mode}${c.root} ${c.variant} (${c.caller}): ${String(err)}\n    ${c.query.slice(0, 600)}`);
    }
  }
  return failures;
}

const report = (failures: string[]) => {
  if (REPORT_FILE && failures.length) appendFileSync(REPORT_FILE, `${failures.join('\n')}\n`);
  return failures.length ? `${failures.length} differences; the first 25:\n${failures.slice(0, 25).join('\n')}` : '';
};

describe('generated operations answer as graphql-js does', () => {
  it('every Query field, valid and hostile, over POST, GET and graphql-ws', async () => {
    expect(report(await runAll('query'))).toBe('');
  }, 120_000);

  it('in production mode too: the hostile queries, over POST, GET and graphql-ws', async () => {
    expect(report(await runAll('query', production, (c) => c.hostile))).toBe('');
  }, 120_000);

  it('every Mutation field, valid and hostile, over POST (and graphql-ws when refused)', async () => {
    expect(report(await runAll('mutation'))).toBe('');
  }, 120_000);

  it('the Subscription field, valid and hostile, over graphql-ws and POST', async () => {
    expect(report(await runAll('subscription'))).toBe('');
  }, 60_000);
});
