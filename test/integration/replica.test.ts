import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase } from '../../db/client';
import { theatres } from '../../db/schema';
import { seedDemo } from '../../db/seed';
import { startTestApp, type TestApp } from '../helpers/app';
import { holdSeats, pickShowtimes, seatsOf, VENDOR } from '../helpers/orders';
import { createReplicaPair, waitForReplay, type ReplicaPair } from '../helpers/replica-cluster';

/**
 * Read replicas (docs/scale-out.md, "Read replicas") against a real streaming replica: a primary and a
 * replica of this file's own (test/helpers/replica-cluster.ts), the replica logging every statement it
 * is asked (log_statement=all), so that what ran where is counted on the server side. The app's pool
 * is `rtest` in the log's `app=` field; its health check is `rtest-health`.
 */
jest.setTimeout(240_000);

const APP = 'rtest';
let pair: ReplicaPair;
let primary: postgres.Sql;
let replica: postgres.Sql;
let app: TestApp;

const dropOnExit = () => pair?.dropSync();

beforeAll(async () => {
  process.on('exit', dropOnExit);
  const started = Date.now();
  pair = await createReplicaPair('marquee', { log_statement: 'all', log_line_prefix: '%m [%p] app=%a ' });
  const database = await openDatabase({ databaseUrl: pair.primary.url('marquee'), dataDir: '' });
  try {
    await database.migrate();
    await seedDemo(database.db, { scale: 1, demoCredentials: true });
  } finally {
    await database.close();
  }
  primary = postgres(pair.primary.url('marquee'), { max: 2, onnotice: () => undefined });
  replica = postgres(pair.replica.url('marquee'), { max: 1, onnotice: () => undefined, connection: { application_name: 'test-admin' } });
  await waitForReplay(primary, replica);
  app = await startTestApp({
    databaseUrl: pair.primary.url('marquee'),
    env: { DATABASE_REPLICA_URLS: pair.replica.url('marquee'), REPLICA_MAX_LAG: '1s', DB_APPLICATION_NAME: APP },
  });
  process.stdout.write(`[replica] primary ${pair.primary.port}, replica ${pair.replica.port}, ready in ${Date.now() - started} ms\n`);
});

afterAll(async () => {
  await app?.close().catch(() => undefined);
  await primary?.end();
  await replica?.end().catch(() => undefined);
  pair?.dropSync();
  process.off('exit', dropOnExit);
});

/** The statements the app's pool sent to the replica since `offset` of its log (each with its text). */
function replicaStatements(offset: number): string[] {
  const text = fs.readFileSync(pair.replica.logFile, 'utf8').slice(offset);
  const entries: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\d{4}-\d\d-\d\d /.test(line)) entries.push(line);
    else if (entries.length) entries[entries.length - 1] += `\n${line}`;
  }
  return entries
    .filter((e) => new RegExp(`\\bapp=${APP} LOG:\\s+(statement|execute [^:]*):`).test(e))
    .map((e) => e.slice(e.indexOf(':', e.indexOf(' LOG:') + 5) + 1).trim());
}
const logOffset = () => fs.statSync(pair.replica.logFile).size;

/** Tables that are never read on a replica: orders, accounts, loyalty, wallet, idempotency, webhooks. */
const PRIMARY_ONLY = /\b(?:from|join|into|update)\s+"?(orders|order_\w+|site_accounts|loyalty_\w+|wallet_\w+|idempotency_keys|webhook_\w+|subscriptions|subscribers|subscription_\w+|outbox_events)"?/i;
const WRITE = /^\s*(?:\/\*[^*]*\*\/\s*)?(insert|update|delete|begin|lock)\b/i;

async function metric(name: string, labels: string): Promise<number> {
  const res = await app.get<string>('/metrics');
  const line = String(res.body)
    .split('\n')
    .find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

const CATALOG_QUERY = `query($code: String!) {
  theatres(pageSize: 3) { items { id name } }
  movies(pageSize: 3) { items { id name } }
  attribute(code: $code) { name }
}`;

/** Catalog reads of both APIs; every one must answer without an error. */
async function catalogReads(code = 'IMAX'): Promise<{ attribute: string | null }> {
  const res = await app.gql<{ attribute: { name: string } | null }>(CATALOG_QUERY, { code });
  expect(res.status).toBe(200);
  expect(res.errors).toBeUndefined();
  for (const path of ['/v2/theatres?page-size=3', '/v1/markets']) {
    const rest = await app.get(path);
    expect(rest.status).toBe(200);
  }
  return { attribute: res.data!.attribute?.name ?? null };
}

const ORDER_QUERY = `query($id: Int!) { order(id: $id) { id status products { seatName } } }`;

async function readOrder(id: number) {
  const res = await app.gql<{ order: { id: number; status: string; products: { seatName: string | null }[] } | null }>(ORDER_QUERY, { id }, VENDOR);
  expect(res.errors).toBeUndefined();
  const rest = await app.get<{ id: number }>(`/v2/orders/${id}`, VENDOR);
  return { graphql: res.data!.order, rest };
}

it('catalog reads run on the replica; order reads and every write never do', async () => {
  const offset = logOffset();
  const before = await metric('marquee_db_reads_total', 'target="replica0"');
  await catalogReads();
  const [showtime] = await pickShowtimes(primary, 1);
  const order = await holdSeats(app.gql, showtime.showtimeId, seatsOf([showtime.regular[0]]));
  const read = await readOrder(order.id);
  expect(read.graphql?.id).toBe(order.id);
  expect(read.rest.status).toBe(200);

  const statements = replicaStatements(offset);
  expect(statements.some((s) => /from "theatres"/.test(s))).toBe(true);
  expect(statements.some((s) => /from "movies"/.test(s))).toBe(true);
  expect(statements.filter((s) => PRIMARY_ONLY.test(s))).toEqual([]);
  expect(statements.filter((s) => WRITE.test(s))).toEqual([]);
  expect(await metric('marquee_db_reads_total', 'target="replica0"')).toBeGreaterThan(before);
});

it('an order is read where it was written: found at once while the replica replays nothing', async () => {
  await replica`select pg_wal_replay_pause()`;
  try {
    const offset = logOffset();
    const [, showtime] = await pickShowtimes(primary, 2);
    const held = await holdSeats(app.gql, showtime.showtimeId, seatsOf([showtime.regular[1]]));
    // Read back at once, through GraphQL and REST (the replica does not have the order).
    const read = await readOrder(held.id);
    expect(read.graphql).toMatchObject({ id: held.id, status: held.status });
    expect(read.graphql?.products.map((p) => p.seatName)).toEqual(held.products.map((p) => p.seatName));
    expect(read.rest.status).toBe(200);
    const [onReplica] = await replica<{ n: number }[]>`select count(*)::int as n from orders where id = ${held.id}`;
    expect(onReplica.n).toBe(0);
    expect(replicaStatements(offset).filter((s) => PRIMARY_ONLY.test(s))).toEqual([]);
  } finally {
    await replica`select pg_wal_replay_resume()`;
  }
  await waitForReplay(primary, replica);
});

it('a replica behind more than REPLICA_MAX_LAG is left, then taken back; the reference cache follows its own server', async () => {
  const [attribute] = await primary<{ id: number; code: string; name: string }[]>`
    select id, code, name from attributes where is_active order by id limit 1`;
  await until('replica healthy', async () => (await metric('marquee_db_replica_healthy', 'replica="replica0"')) === 1);
  expect((await catalogReads(attribute.code)).attribute).toBe(attribute.name);

  await replica`select pg_wal_replay_pause()`;
  const renamed = `${attribute.name} (renamed)`;
  try {
    // An admin write to reference data: it moves reference_version on the primary (a trigger).
    await primary`update attributes set name = ${renamed} where id = ${attribute.id}`;
    const lagging = await metric('marquee_db_replica_fallbacks_total', 'reason="lagging"');
    const tookMs = await until('replica skipped', async () => (await metric('marquee_db_replica_healthy', 'replica="replica0"')) === 0);
    process.stdout.write(`[replica] skipped ${tookMs} ms after the write (REPLICA_MAX_LAG 1s)\n`);
    expect(await metric('marquee_db_replica_lag_seconds', 'replica="replica0"')).toBeGreaterThan(1);

    const offset = logOffset();
    const onPrimary = await metric('marquee_db_reads_total', 'target="primary"');
    // Now on the primary: its own cache, its own version, the new name.
    expect((await catalogReads(attribute.code)).attribute).toBe(renamed);
    expect(replicaStatements(offset)).toEqual([]);
    expect(await metric('marquee_db_reads_total', 'target="primary"')).toBeGreaterThan(onPrimary);
    expect(await metric('marquee_db_replica_fallbacks_total', 'reason="lagging"')).toBeGreaterThan(lagging);
  } finally {
    await replica`select pg_wal_replay_resume()`;
  }

  await until('replica healthy again', async () => (await metric('marquee_db_replica_healthy', 'replica="replica0"')) === 1);
  const offset = logOffset();
  // Back on the replica, which reads the new version and reloads from itself.
  expect((await catalogReads(attribute.code)).attribute).toBe(renamed);
  const statements = replicaStatements(offset);
  const version = statements.findIndex((s) => /from "reference_version"/.test(s));
  expect(version).toBeGreaterThanOrEqual(0);
  expect(statements.slice(version + 1).some((s) => /from "attributes"/.test(s))).toBe(true);
  expect(await metric('marquee_db_replica_lag_seconds', 'replica="replica0"')).toBeLessThanOrEqual(1);
});

it('a stopped replica: catalog reads fall back to the primary, no 5xx, and the metric says so', async () => {
  const fallbacks = async () =>
    (await metric('marquee_db_replica_fallbacks_total', 'reason="unreachable"')) +
    (await metric('marquee_db_replica_fallbacks_total', 'reason="read_failed"'));
  const before = await fallbacks();
  await replica.end();
  await pair.replica.stop();
  // At once (before the health check has seen it: statements on lost connections go to the primary), and after.
  const answers = await Promise.all(Array.from({ length: 8 }, () => catalogReads()));
  expect(answers.every((a) => a.attribute !== undefined)).toBe(true);
  await until('replica skipped', async () => (await metric('marquee_db_replica_healthy', 'replica="replica0"')) === 0);
  await catalogReads();
  const res = await app.get<{ items: unknown[] }>('/v1/markets?page-size=2');
  expect(res.status).toBe(200);
  expect(await fallbacks()).toBeGreaterThan(before);
  expect(await metric('marquee_http_errors_total', 'route="/graphql"')).toBe(0);

  // A statement sent to the replica's pool itself (as a request does before the check has seen it go):
  // refused there, answered by the primary, counted as read_failed. Both of drizzle's result shapes.
  const { db, strictDb } = app.database.replicas[0];
  const failed = await metric('marquee_db_replica_fallbacks_total', 'reason="read_failed"');
  const rows = (await db.execute(sql`select pg_is_in_recovery() as recovery`)) as unknown as { recovery: boolean }[];
  expect(rows[0].recovery).toBe(false);
  const [theatre] = await db.select({ id: theatres.id }).from(theatres).limit(1);
  expect(theatre.id).toBeGreaterThan(0);
  expect(await metric('marquee_db_replica_fallbacks_total', 'reason="read_failed"')).toBe(failed + 2);
  // Without the fallback (what the reference cache reads its version on), the loss is the caller's to see.
  await expect(strictDb.execute(sql`select 1`)).rejects.toThrow();
});
