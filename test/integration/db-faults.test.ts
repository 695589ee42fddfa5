import { forgetVendorKeys } from '../../src/auth/principal';
import postgres from 'postgres';
import { sql as drizzleSql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { pipelinedTransaction } from '../../db/prepared';
import { databaseErrorToDomain } from '../../src/db-errors';
import { createTestDatabase, PRODUCTION_ENV, startTestApp, type TestApp } from '../helpers/app';
import { ADMIN_URL } from '../helpers/db';
import { holdSeats, M, must, pickShowtimes, seatsOf, showsAll, VENDOR, watchSeats } from '../helpers/orders';
import { TcpProxy, type CutMode } from '../helpers/tcp-proxy';

/**
 * The database going away and coming back, over real HTTP and WebSocket: the app reaches Postgres
 * through a TCP proxy that the test cuts (refusing or black-holing connections, as a stopped server
 * or a partition would) and restores.
 */

/** The promise every request makes while the database is unreachable (docs/operations.md). */
const FAIL_WITHIN_MS = 5000;
/** How long recovery may take once the database is back (the reconnect backoff is capped at 0.5 s). */
const RECOVER_WITHIN_MS = 10_000;

interface Readyz {
  status: string;
  checks: { database: string; realtime: string };
  reason?: string;
}

const admin = new URL(ADMIN_URL);
const timings: string[] = [];

async function timed<T>(label: string, fn: () => Promise<T>, withinMs = FAIL_WITHIN_MS): Promise<T> {
  const started = Date.now();
  const result = await fn();
  const ms = Date.now() - started;
  timings.push(`${label}: ${ms} ms`);
  expect(ms).toBeLessThan(withinMs);
  return result;
}

/** Polls `fn` until it returns true; returns the milliseconds it took, fails past `withinMs`. */
async function until(what: string, fn: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await fn().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const THEATRES = '{ theatres(pageSize: 1) { totalCount } }';

afterAll(() => {
  process.stdout.write(`\n[db-faults]\n  ${timings.join('\n  ')}\n`);
});

describe('the database going away and coming back', () => {
  let proxy: TcpProxy;
  let app: TestApp;
  let direct: string;
  let closed = false;

  beforeAll(async () => {
    proxy = await TcpProxy.start({ host: admin.hostname, port: Number(admin.port || 5432) });
    direct = await createTestDatabase();
    // A blackholed connect waits DB_CONNECT_TIMEOUT (3 s by default) per request; 1 s keeps the file short.
    app = await startTestApp({ databaseUrl: proxy.urlThrough(direct), env: { ...PRODUCTION_ENV, SHUTDOWN_DELAY: '1s', DB_CONNECT_TIMEOUT: '1s' } });
  });
  afterAll(async () => {
    if (!closed) await app?.close();
    await proxy?.close();
  });

  const readyz = () => app.get<Readyz>('/readyz');

  async function expectHealthy(): Promise<void> {
    const health = await app.get<{ status: string }>('/healthz');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
  }

  async function expectServing(): Promise<void> {
    const rest = await app.get<{ count: number }>('/v2/theatres');
    expect(rest.status).toBe(200);
    const gql = await app.gql<{ theatres: { totalCount: number } }>(THEATRES, {}, VENDOR);
    expect(gql.errors).toBeUndefined();
    expect(gql.data?.theatres.totalCount).toBeGreaterThan(0);
  }

  it.each<CutMode>(['refuse', 'blackhole'])(
    'while connections are %sd: /readyz 503, requests 503 / SERVICE_UNAVAILABLE fast; then back by themselves',
    async (mode) => {
      const ready = await readyz();
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ready', checks: { database: 'up', realtime: 'up' } });
      await expectServing();

      await proxy.cut(mode);
      const cutAt = Date.now();

      // Readiness turns within its cache period plus one probe.
      const turned = await until('readyz 503', async () => (await readyz()).status === 503, 3000);
      timings.push(`${mode}: /readyz 503 after ${turned} ms`);
      const down = await readyz();
      expect(down.body).toMatchObject({ status: 'not ready', checks: { database: 'down' } });
      await expectHealthy();

      const rest = await timed(`${mode}: GET /v2/theatres`, () => app.get<{ errors: { code: number }[] }>('/v2/theatres'));
      expect(rest.status).toBe(503);
      expect(rest.body.errors[0].code).toBe(5030);

      // The vendor-key lookup happens while the request's context is built, before any resolver. Keys
      // are cached for 5 s per instance (docs/auth.md): forget them, so the lookup meets the outage.
      forgetVendorKeys(app.database.db);
      const restVendor = await timed(`${mode}: POST /v2/orders (X-Vendor-Key)`, () =>
        app.request<{ errors: { code: number }[] }>('POST', '/v2/orders', {}, VENDOR),
      );
      expect(restVendor.status).toBe(503);

      const gql = await timed(`${mode}: GraphQL theatres`, () => app.gql(THEATRES));
      expect(gql.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');

      const gqlVendor = await timed(`${mode}: GraphQL theatres (X-Vendor-Key)`, () => app.gql(THEATRES, {}, VENDOR));
      expect(gqlVendor.status).toBe(503);
      expect(gqlVendor.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');

      // A WebSocket connection's credentials are checked on the same path: refused, not hung or fatal.
      const watcher = watchSeats(app.url, 1, { vendorKey: 'demo-vendor-key' });
      await timed(`${mode}: graphql-ws connection`, () => expect(watcher.ready).rejects.toBeDefined());
      await watcher.close();

      await expectHealthy();
      timings.push(`${mode}: cut for ${Date.now() - cutAt} ms`);

      await proxy.restore();
      const restoredAt = Date.now();
      const served = await until(
        'requests succeed',
        async () => {
          await expectServing();
          return true;
        },
        RECOVER_WITHIN_MS,
      );
      await until('readyz 200', async () => (await readyz()).status === 200, RECOVER_WITHIN_MS);
      timings.push(`${mode}: after restore, requests served after ${served} ms, /readyz 200 after ${Date.now() - restoredAt} ms`);
      expect((await readyz()).body).toMatchObject({ status: 'ready', checks: { database: 'up', realtime: 'up' } });

      // The live seat map works again: the LISTEN connection was re-established.
      const live = watchSeats(app.url, 1, { vendorKey: 'demo-vendor-key' });
      try {
        expect((await live.ready).seats.length).toBeGreaterThan(0);
      } finally {
        await live.close();
      }
      await expectHealthy();
    },
    60_000,
  );

  it('a live seat map catches up on changes committed while the LISTEN connection was down', async () => {
    // A second instance, straight to Postgres, keeps selling while the first is cut off.
    const other = await startTestApp({ databaseUrl: direct, env: PRODUCTION_ENV });
    const sql = postgres(direct, { max: 1, onnotice: () => undefined });
    const [show] = await pickShowtimes(sql, 1);
    const seats = seatsOf(show.regular.slice(0, 2));
    const watcher = watchSeats(app.url, show.showtimeId);
    try {
      expect((await watcher.ready).seats.length).toBeGreaterThan(0);

      await proxy.cut('refuse');
      await until('readyz 503', async () => (await readyz()).status === 503, 3000);
      // Its NOTIFY goes out while this instance's LISTEN connection is gone: never heard here.
      const held = await holdSeats(other.gql, show.showtimeId, seats);
      await proxy.restore();

      const caughtUp = await watcher.next(showsAll(seats, 'LOCKED'), RECOVER_WITHIN_MS);
      expect(caughtUp.showtimeId).toBe(show.showtimeId);
      await must(other.gql, M.cancel, { id: held.id });
      await watcher.next(showsAll(seats, 'AVAILABLE'));
    } finally {
      await watcher.close();
      await sql.end();
      await other.close();
    }
  });

  it('/readyz answers 503 from the start of shutdown, while /healthz still answers', async () => {
    await until('readyz 200', async () => (await readyz()).status === 200, RECOVER_WITHIN_MS);
    closed = true;
    const closing = app.close();
    try {
      const during = await readyz();
      expect(during.status).toBe(503);
      expect(during.body).toMatchObject({ status: 'not ready', reason: 'shutting down' });
      await expectHealthy();
    } finally {
      await closing;
    }
  });
});

describe('database timeouts', () => {
  let app: TestApp;
  let direct: postgres.Sql;

  beforeAll(async () => {
    app = await startTestApp({ env: { ...PRODUCTION_ENV, DB_STATEMENT_TIMEOUT: '300ms', DB_IDLE_IN_TRANSACTION_TIMEOUT: '2s' } });
    direct = postgres(app.databaseUrl, { max: 1, onnotice: () => undefined });
  });
  afterAll(async () => {
    await direct?.end();
    await app?.close();
  });

  it('every connection of the app has the configured statement and idle-in-transaction timeouts', async () => {
    const settings = (await app.database.db.execute(
      drizzleSql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
    )) as unknown as { statement: string; idle: string }[];
    expect(settings[0]).toEqual({ statement: '300ms', idle: '2s' });
  });

  it('a statement stuck behind a lock ends at statement_timeout with 503 / SERVICE_UNAVAILABLE', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // Without the timeout, the requests below would wait for this lock for as long as it is held.
    const holder = direct.begin(async (tx) => {
      await tx`lock table theatres in access exclusive mode`;
      locked();
      await released;
    });
    try {
      await isLocked;
      const rest = await timed('locked: GET /v2/theatres', () => app.get('/v2/theatres'), 2000);
      expect(rest.status).toBe(503);
      const gql = await timed('locked: GraphQL theatres', () => app.gql(THEATRES), 2000);
      expect(gql.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      release();
      await holder;
    }
    expect((await app.get('/v2/theatres')).status).toBe(200);
  });
});

describe('a connection lost under a transaction (pool of one connection, terminated by the server)', () => {
  let database: Database;
  let url: string;
  let admin: postgres.Sql;
  const NAME = 'marquee-db-faults';

  beforeAll(async () => {
    url = await createTestDatabase();
    // A connect timeout longer than the test waits: a connection left unable to reconnect would show.
    database = await openDatabase({ databaseUrl: url, dataDir: '', maxConnections: 1, connectTimeoutMs: 5000, applicationName: NAME });
    admin = postgres(url, { max: 1, onnotice: () => undefined });
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  const terminate = async () => {
    const [{ n }] = await admin<{ n: number }[]>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = ${NAME}`;
    return n;
  };
  /** How `promise` settles, observed from now on (so that its rejection is handled at once). */
  const outcomeOf = <T>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));
  const settledWithin = <T>(ms: number, outcome: Promise<{ value: T } | { error: unknown }>) =>
    Promise.race([outcome, new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), ms))]);
  /** The pool answers again, on a new connection, at once (not after a connect timeout). */
  const answersAgain = async () => {
    const rows = await settledWithin(2000, outcomeOf(database.db.execute(drizzleSql`select 1 as one`)));
    expect(rows).toEqual({ value: [{ one: 1 }] });
  };

  it('a pipelined transaction waiting for the busy connection is answered when that connection is terminated', async () => {
    await database.db.execute(drizzleSql`select 1`);
    const busy = database.db.execute(drizzleSql`select pg_sleep(5)`).catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 200));
    // Queued behind `busy` for the only connection (postgres.js reserve()).
    const tx = outcomeOf(
      pipelinedTransaction(database.db, async (t) => {
        const rows = await t.send<{ x: number }>(drizzleSql`select 41 + 1 as x`);
        await t.commit();
        return rows[0].x;
      }),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(await terminate()).toBe(1);
    expect(databaseErrorToDomain(await busy)?.code).toBe('SERVICE_UNAVAILABLE');
    // postgres.js dropped the queued reservation when it reopened the connection: it would wait forever.
    expect(await settledWithin(4000, tx)).toEqual({ value: 42 });
    await answersAgain();
  });

  it('a pipelined transaction whose connection is terminated fails with SERVICE_UNAVAILABLE, and the connection is not written to again', async () => {
    const tx = outcomeOf(
      pipelinedTransaction(database.db, async (t) => {
        await t.send(drizzleSql`select pg_sleep(5)`);
        await t.commit();
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await terminate()).toBe(1);
    const outcome = await settledWithin(2000, tx);
    expect(outcome).toEqual({ error: expect.anything() });
    expect(databaseErrorToDomain((outcome as { error: unknown }).error)?.code).toBe('SERVICE_UNAVAILABLE');
    await answersAgain();
  });

  it('a COMMIT left unawaited behind a statement that failed with the lost connection is no unhandled rejection (it ended the process)', async () => {
    const tx = outcomeOf(
      pipelinedTransaction(database.db, async (t) => {
        // As the hold does: the write and the COMMIT behind it, the COMMIT awaited only if the write succeeded.
        const write = t.send(drizzleSql`select pg_sleep(5)`);
        const committed = t.commit();
        await write;
        await committed;
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await terminate()).toBe(1);
    const outcome = await settledWithin(2000, tx);
    expect(databaseErrorToDomain((outcome as { error: unknown }).error)?.code).toBe('SERVICE_UNAVAILABLE');
    // An unhandled rejection fails the test it happens in: give it the time to.
    await new Promise((r) => setTimeout(r, 100));
    await answersAgain();
  });

  it('a drizzle transaction whose connection is terminated fails with SERVICE_UNAVAILABLE, and no ROLLBACK is written to the closed connection', async () => {
    const tx = outcomeOf(
      database.db.transaction(async (t) => {
        await t.execute(drizzleSql`select pg_sleep(5)`);
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await terminate()).toBe(1);
    const outcome = await settledWithin(2000, tx);
    expect(databaseErrorToDomain((outcome as { error: unknown }).error)?.code).toBe('SERVICE_UNAVAILABLE');
    // postgres.js' begin wrote its ROLLBACK to the closed socket: a TypeError thrown in its timer, and a
    // connection that never sent its next start-up message (a connect timeout for every later query).
    await new Promise((r) => setTimeout(r, 100));
    await answersAgain();
  });
});

describe('the request deadline', () => {
  let proxy: TcpProxy;
  let app: TestApp;

  beforeAll(async () => {
    proxy = await TcpProxy.start({ host: admin.hostname, port: Number(admin.port || 5432) });
    // A connect timeout longer than the deadline (statement timeout 100 ms + 5 s): a black-holed connect
    // is the wait that no database timeout ends.
    app = await startTestApp({ databaseUrl: proxy.urlThrough(await createTestDatabase()), env: { ...PRODUCTION_ENV, DB_STATEMENT_TIMEOUT: '100ms', DB_CONNECT_TIMEOUT: '20s' } });
  });
  afterAll(async () => {
    await proxy?.close();
    await app?.close();
  });

  it('a request still waiting on the database after the statement timeout + 5 s is answered 503 with Retry-After, on REST and GraphQL', async () => {
    expect((await app.get('/v2/theatres')).status).toBe(200);
    await proxy.cut('blackhole');
    forgetVendorKeys(app.database.db);
    const started = Date.now();
    const [rest, gql] = await Promise.all([app.get<{ errors: { code: number }[] }>('/v2/theatres'), app.gql(THEATRES, {}, VENDOR)]);
    const waited = Date.now() - started;
    timings.push(`deadline: answered after ${waited} ms`);
    expect(waited).toBeGreaterThanOrEqual(5000);
    expect(waited).toBeLessThan(7000);
    expect([rest.status, rest.body.errors[0].code, rest.headers.get('retry-after')]).toEqual([503, 5030, '1']);
    expect([gql.status, gql.errors?.[0].extensions?.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    await proxy.restore();
  }, 30_000);
});
