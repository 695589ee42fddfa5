import { sql as drizzleSql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase } from '../../db/client';
import { pipelinedTransaction } from '../../db/prepared';
import { startTestApp, createTestDatabase, type TestApp } from '../helpers/app';
import { holdSeats, M, must, payAndFulfil, pickShowtimes, seatsOf, showsAll, VENDOR, watchSeats, type OrderShape, type ShowtimeFixture } from '../helpers/orders';
import { startPgBouncer, type PgBouncer } from '../helpers/pgbouncer';
import { expectStatus, type Json } from '../helpers/rest-orders';

/**
 * Pooler mode (docs/scale-out.md, "Through PgBouncer"): the app with DB_PREPARE=false whose query pool
 * goes through a PgBouncer of this file's own in transaction mode, and whose sessions (the relay's LISTEN
 * and reads) go straight to Postgres (DATABASE_DIRECT_URL). Orders over REST and GraphQL, a live seat map
 * woken by NOTIFY alone (the relay's poll is a minute), and the statement timeout cutting slow statements
 * inside and outside transactions although PgBouncer refuses it as a startup parameter.
 */

const STATEMENT_TIMEOUT_MS = 1000;
let bouncer: PgBouncer;
let app: TestApp;
let sql: postgres.Sql;
let shows: ShowtimeFixture[];

beforeAll(async () => {
  bouncer = await startPgBouncer(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', {
    admin_users: 'postgres',
  });
  const direct = await createTestDatabase();
  app = await startTestApp({
    databaseUrl: direct,
    env: {
      DATABASE_URL: bouncer.through(direct),
      DATABASE_DIRECT_URL: direct,
      DB_PREPARE: 'false',
      DB_STATEMENT_TIMEOUT: `${STATEMENT_TIMEOUT_MS}ms`,
      SEAT_EVENT_POLL_INTERVAL: '60s',
    },
  });
  // The test's own reads (picking showtimes takes over a second on a busy machine) are not the app's:
  // they opt out of the 1 s role default the app stored for its pooled connections. A startup parameter
  // outranks a role default; postgres.js leaves out falsy ones, so the limit is ten minutes, not 0.
  sql = postgres(direct, { max: 1, onnotice: () => undefined, connection: { statement_timeout: 600_000 } });
  shows = await pickShowtimes(sql, 3, 30);
});
afterAll(async () => {
  await sql?.end();
  await app?.close();
  await bouncer?.stop();
});

/** The pooler's view of its clients (its admin console, simple protocol only). */
async function pgbouncerClients(): Promise<{ database: string; application_name: string }[]> {
  const admin = postgres(`postgres://postgres@127.0.0.1:${bouncer.port}/pgbouncer`, { max: 1, fetch_types: false, onnotice: () => undefined });
  try {
    return (await admin.unsafe('show clients').simple()) as unknown as { database: string; application_name: string }[];
  } finally {
    await admin.end();
  }
}

describe('through PgBouncer in transaction mode (DB_PREPARE=false)', () => {
  it('runs the query pool through the pooler, unprepared, and the relay on a direct session', async () => {
    expect(await app.gql('{ theatres(pageSize: 2) { items { id } } }').then((r) => r.errors)).toBeUndefined();
    const database = new URL(app.databaseUrl).pathname.slice(1);
    const clients = (await pgbouncerClients()).filter((c) => c.database === database);
    expect(clients.map((c) => c.application_name)).toContain('marquee');
    expect(clients.map((c) => c.application_name)).not.toContain('marquee-relay');
    // The relay LISTENs on a session of its own, straight to Postgres.
    const [{ n }] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name = 'marquee-relay' and query ilike 'listen%'`;
    expect(n).toBe(1);
    // No statement of the pool is left prepared on a server connection (PgBouncer would lend it to others).
    expect(bouncer.log()).not.toMatch(/prepared statement/i);
  });

  it('GraphQL: create, hold, pay, fulfil; and a hold canceled, seen live on the seat map', async () => {
    const [one] = shows;
    const sold = seatsOf(one.regular.slice(0, 2));
    const released = seatsOf(one.regular.slice(2, 3));
    const watcher = watchSeats(app.url, one.showtimeId);
    try {
      await watcher.ready;
      const held = await holdSeats(app.gql, one.showtimeId, sold);
      expect(held.products.map((p) => p.status)).toEqual(['HELD', 'HELD']);
      // Woken by the commit's NOTIFY on the direct LISTEN (the poll is a minute away).
      await watcher.next(showsAll(sold, 'LOCKED'), 5000);
      const fulfilled = await payAndFulfil(app.gql, held);
      expect(fulfilled.status).toBe('FULFILLED');
      await watcher.next(showsAll(sold, 'SOLD'), 5000);

      const other = await holdSeats(app.gql, one.showtimeId, released);
      await watcher.next(showsAll(released, 'LOCKED'), 5000);
      const canceled = await must<OrderShape>(app.gql, M.cancel, { id: other.id });
      expect(canceled.status).toBe('CANCELLED');
      await watcher.next(showsAll(released, 'AVAILABLE'), 5000);
    } finally {
      await watcher.close();
    }
  });

  it('REST: create, hold, pay, fulfil, and cancel', async () => {
    const st = shows[1];
    const seats = seatsOf(st.regular.slice(0, 2));
    const order = expectStatus(await app.request<Json>('POST', '/v2/orders', {}, VENDOR), 201);
    const held = expectStatus(await app.request<Json>('POST', `/v2/orders/${order.id}/products`, { showtimeId: st.showtimeId, seats }, VENDOR), 201);
    expect(held._embedded.products.map((p: Json) => p.status)).toEqual(['Held', 'Held']);
    const paid = expectStatus(
      await app.request<Json>('POST', `/v2/orders/${order.id}/payments`, { type: 'creditCard', amount: held.total, cardNumber: '4111111111111111' }, VENDOR),
      201,
    );
    expect(paid.paid).toBe(held.total);
    const fulfilled = expectStatus(await app.request<Json>('POST', `/v2/orders/${order.id}/fulfillment`, undefined, VENDOR), 200);
    expect(fulfilled.status).toBe('Fulfilled');

    const other = expectStatus(await app.request<Json>('POST', '/v2/orders', {}, VENDOR), 201);
    expectStatus(await app.request<Json>('POST', `/v2/orders/${other.id}/products`, { showtimeId: st.showtimeId, seats: seatsOf(st.regular.slice(2, 3)) }, VENDOR), 201);
    const canceled = expectStatus(await app.request<Json>('DELETE', `/v2/orders/${other.id}`, undefined, VENDOR), 200);
    expect(canceled.status).toBe('Cancelled');
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from seat_claims where order_id = ${other.id} and status in ('held', 'sold')`;
    expect(n).toBe(0);
  });

  it('more queries at once than connections: they queue, and none hangs behind another', async () => {
    // PgBouncer 1.18 in transaction mode hands the server back after an autocommit query's answer, and
    // queries pipelined behind it on a client connection never answer (porsager/postgres#970): in pooler
    // mode statements outside transactions are not pipelined (db/client.ts poolerClient).
    const within = <T>(promise: Promise<T>, ms: number) =>
      Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);
    const queries = Array.from({ length: 60 }, (_, i) =>
      i % 2 ? app.database.db.execute(drizzleSql`select 1 as x`) : app.database.db.execute(drizzleSql`select ${i}::int as i`),
    );
    expect(await within(Promise.all(queries), 8000)).toHaveLength(60);
    // And through the app: GraphQL reads and REST pages at once.
    const requests = Array.from({ length: 30 }, (_, i) =>
      i % 2 ? app.gql('{ theatres(pageSize: 2) { items { id name } } }').then((r) => r.errors) : fetch(`${app.url}/v2/theatres?page-size=2`).then((r) => r.status),
    );
    const answers = await within(Promise.all(requests), 8000);
    expect(answers.filter((a, i) => (i % 2 ? a !== undefined : a !== 200))).toEqual([]);
  });

  it('refuses to start in pooler mode when the direct URL is the pooler too', async () => {
    await expect(openDatabase({ databaseUrl: bouncer.through(app.databaseUrl), dataDir: '', prepare: false })).rejects.toThrow(
      /DATABASE_DIRECT_URL .*unsupported startup parameter: statement_timeout/,
    );
  });

  describe('DB_STATEMENT_TIMEOUT cuts a slow statement through the pooler', () => {
    const sleep = drizzleSql`select pg_sleep(5)`;
    const cutWithin = async (run: () => Promise<unknown>) => {
      const started = Date.now();
      const error = await run().then(
        () => null,
        (e: unknown) => e as { code?: string; cause?: { code?: string } },
      );
      const elapsed = Date.now() - started;
      expect(error?.cause?.code ?? error?.code).toBe('57014'); // query_canceled: statement timeout
      expect(elapsed).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(STATEMENT_TIMEOUT_MS + 2000);
    };

    it('outside a transaction', async () => {
      await cutWithin(() => app.database.db.execute(sleep));
    });

    it('inside a transaction (drizzle) and a pipelined one', async () => {
      await cutWithin(() => app.database.db.transaction(async (tx) => tx.execute(sleep)));
      await cutWithin(() => pipelinedTransaction(app.database.db, async (tx) => {
        await tx.send(sleep);
        await tx.commit();
      }));
      // The pool is still usable after the cuts.
      expect((await app.gql('{ theatres(pageSize: 1) { items { id } } }')).errors).toBeUndefined();
    });

    it('every pooled server connection carries both timeouts', async () => {
      // Four at once, so that they take four server connections; settings in milliseconds.
      const read = drizzleSql`
        select (select setting from pg_settings where name = 'statement_timeout') as s,
               (select setting from pg_settings where name = 'idle_in_transaction_session_timeout') as i,
               pg_backend_pid() as pid, pg_sleep(0.2)`;
      const results = await Promise.all([1, 2, 3, 4].map(() => app.database.db.execute(read)));
      const rows = results.map((r) => (r as unknown as { s: string; i: string; pid: number }[])[0]);
      expect(new Set(rows.map((r) => r.pid)).size).toBe(4);
      for (const row of rows) expect(row).toMatchObject({ s: String(STATEMENT_TIMEOUT_MS), i: '30000' });
    });
  });
});
