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

/**
 * The set-up integration files share: an app on a fresh copy of the seeded database (its vendors, `VENDOR`
 * and `OTHER_VENDOR`, and its accounts, `bearerOf`), started before the file's tests with a SQL client on
 * that database, both closed after them. `use` receives them once started; `options` as `startTestApp`.
 */
export function startTestAppWithSql(use: (app: TestApp, sql: postgres.Sql) => void, options?: Parameters<typeof startTestApp>[0]): void {
  let app: TestApp | undefined;
  let sql: postgres.Sql | undefined;
  beforeAll(async () => {
    app = await startTestApp(options);
    // Two connections: a test may read while a LISTEN or a long statement holds one.
    sql = postgres(app.databaseUrl, { max: 2, onnotice: () => undefined });
    use(app, sql);
  });
  afterAll(async () => {
    await sql?.end();
    await app?.close();
  });
}
