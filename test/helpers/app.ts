import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../db/client';
import { databaseTimeouts, loadConfig, type Config } from '../../src/config';
import { signAccountToken } from '../../src/auth/principal';
import { buildServer, type MarqueeApp } from '../../src/server';
import { databaseUrl, RUN_ENV, TEMPLATE_ENV, throughRunPgBouncer, withAdmin } from './db';

export interface GraphQLResponse<T = Record<string, unknown>> {
  data?: T | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: { code?: string; [k: string]: unknown } }[];
}

export interface TestApp {
  /** Base URL of the listening server, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The database URL of this file's own copy of the seeded template. */
  databaseUrl: string;
  config: Config;
  database: Database;
  server: MarqueeApp;
  /** POSTs a GraphQL operation over real HTTP; returns body, status and the statement count. */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphQLResponse<T> & { status: number; statements: number }>;
  /** GETs a path over real HTTP; returns status, parsed JSON body and headers. */
  get<T = unknown>(path: string, headers?: Record<string, string>): Promise<{ status: number; body: T; headers: Headers }>;
  request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

/**
 * Configuration of a production-mode instance (`NODE_ENV=production`: no introspection, limits on,
 * a real secret). Rate limiting stays off unless a test sets it, so suites can send many requests.
 */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  JWT_SECRET: 'test-production-secret-4f1c9a7e2b',
  PII_KEY: 'test-production-pii-key-3b9d0c6e1a7f42d8',
  RATE_LIMIT_PER_MINUTE: '0',
};

/** Creates a fresh copy of the run's seeded template database and returns its URL. */
export async function createTestDatabase(): Promise<string> {
  const template = process.env[TEMPLATE_ENV];
  const runId = process.env[RUN_ENV];
  if (!template || !runId) throw new Error('test/helpers/global-setup.ts did not run');
  const name = `marquee_t_${runId}_${randomBytes(4).toString('hex')}`;
  await withAdmin((sql) => sql.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return databaseUrl(name);
}

/**
 * Starts the real app on a free port over its own copy of the seeded database.
 * `env` overrides configuration (e.g. ORDER_HOLD_SECONDS); pass `databaseUrl` to share one database
 * between two instances.
 */
export async function startTestApp(
  options: { env?: Record<string, string>; databaseUrl?: string; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const url = options.databaseUrl ?? (await createTestDatabase());
  // `npm run test:pooler`: the query pool through the run's PgBouncer, sessions straight to Postgres.
  const pooled = throughRunPgBouncer(url);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    EXPOSE_SQL_COUNT: 'true',
    DATABASE_URL: url,
    ...(pooled ? { DATABASE_URL: pooled, DATABASE_DIRECT_URL: url, DB_PREPARE: 'false' } : {}),
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL ?? url, dataDir: '', ...databaseTimeouts(config) });
  const server = await buildServer({ config, database, logStream: options.logStream });
  const address = await server.listen(0, '127.0.0.1');

  const request: TestApp['request'] = async (method, path, body, headers = {}) => {
    const res = await fetch(`${address}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as never, headers: res.headers };
  };

  return {
    url: address,
    databaseUrl: url,
    config,
    database,
    server,
    async gql(query, variables, headers = {}) {
      const res = await fetch(`${address}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as GraphQLResponse<never>;
      return { ...body, status: res.status, statements: Number(res.headers.get('x-sql-statements') ?? NaN) };
    },
    get: (path, headers) => request('GET', path, undefined, headers),
    request,
    async close() {
      await server.close();
      await database.close();
    },
  };
}

/** Keys of the seeded vendors (db/seed/accounts.ts): a vendor, and another one. */
export const VENDOR = { 'x-vendor-key': 'demo-vendor-key' };
export const OTHER_VENDOR = { 'x-vendor-key': 'demo-vendor-key-2' };

/** The Authorization header of a seeded account (`admin`: with the admin scope), signed for `app`. */
export async function bearerOf(app: TestApp, account: number, admin = false): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, account, admin ? { admin: true } : {})}` };
}

/** What `useTestApp` takes: `startTestApp`'s options, and what else the file wants ready before its tests. */
export interface UseTestAppOptions {
  /** As `startTestApp`'s; a function when it needs what an earlier `beforeAll` made (read when the app starts). */
  env?: Record<string, string> | (() => Record<string, string>);
  logStream?: { write(line: string): void };
  /** Serve the database of an app another `useTestApp` (called before this one) starts: a second instance. */
  sharing?: TestApp;
  /** Seeded accounts to sign tokens for, by name: an account id, or `{ id, admin: true }`; see `bearer`. */
  accounts?: Record<string, number | { id: number; admin: true }>;
}

/** What `useTestApp` returns; each member is usable from the file's own hooks and tests on. */
export interface TestAppContext {
  app: TestApp;
  /** A SQL client on the app's database, two connections (a test may read while a LISTEN holds one). */
  sql: postgres.Sql;
  /** The Authorization header of an account named in `accounts`. */
  bearer(account: string): { authorization: string };
}

/**
 * The set-up integration files share: an app on a fresh copy of the seeded database (whose vendors are
 * `VENDOR` and `OTHER_VENDOR`, and whose accounts `accounts` or `bearerOf` sign for) and a SQL client on it,
 * started in a `beforeAll` and closed in an `afterAll` of the file (or of the `describe` it is called in).
 *
 *   const { app, sql, bearer } = useTestApp({ env: PRODUCTION_ENV, accounts: { own: 1, admin: { id: 20, admin: true } } });
 *
 * `app` and `sql` stand for the started ones (they forward to them), so they can be taken apart at the top
 * of the file and used from the hooks and tests that follow; touched before the `beforeAll` has run they throw.
 */
export function useTestApp(options: UseTestAppOptions = {}): TestAppContext {
  let app: TestApp | undefined;
  let sql: postgres.Sql | undefined;
  const tokens = new Map<string, { authorization: string }>();
  beforeAll(async () => {
    const { sharing, accounts, env, logStream } = options;
    app = await startTestApp({ env: typeof env === 'function' ? env() : env, logStream, ...(sharing ? { databaseUrl: sharing.databaseUrl } : {}) });
    sql = postgres(app.databaseUrl, { max: 2, onnotice: () => undefined });
    for (const [name, who] of Object.entries(accounts ?? {})) {
      tokens.set(name, typeof who === 'number' ? await bearerOf(app, who) : await bearerOf(app, who.id, who.admin));
    }
  });
  afterAll(async () => {
    await sql?.end();
    await app?.close();
  });
  return {
    app: standIn('app', {} as TestApp, () => app),
    // A function as the stand-in's target: the client is a tagged template.
    sql: standIn('sql', (() => undefined) as unknown as postgres.Sql, () => sql),
    bearer(account) {
      const headers = tokens.get(account);
      if (!headers) throw new Error(`useTestApp: no account named ${account} (accounts: ${[...tokens.keys()].join(', ')})`);
      return headers;
    },
  };
}

/** An object that forwards every use to what `real` returns, once there is something. */
function standIn<T extends object>(name: string, target: T, real: () => T | undefined): T {
  const it = (): T => {
    const value = real();
    if (!value) throw new Error(`useTestApp: ${name} is there once the beforeAll useTestApp registers has run`);
    return value;
  };
  return new Proxy(target, {
    get: (_, key) => Reflect.get(it(), key),
    has: (_, key) => Reflect.has(it(), key),
    ownKeys: () => Reflect.ownKeys(it()),
    getOwnPropertyDescriptor: (_, key) => {
      const found = Reflect.getOwnPropertyDescriptor(it(), key);
      return found && { ...found, configurable: true };
    },
    apply: (_, self, args) => Reflect.apply(it() as (...a: unknown[]) => unknown, self, args),
  });
}
