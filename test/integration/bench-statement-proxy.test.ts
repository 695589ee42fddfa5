import postgres from 'postgres';
import { startStatementProxy, type StatementProxy } from '../../bench/statement-proxy';
import { ADMIN_URL } from '../helpers/db';

/**
 * The peer bench's statement counter (bench/statement-proxy.ts) against the real Postgres: it counts
 * every statement a client runs through it, whichever protocol carries it, and passes the answers
 * through unchanged. The bench's "statements / request" of both Marquee and PostGraphile rest on it.
 */
let proxy: StatementProxy;
let sql: postgres.Sql;

beforeAll(async () => {
  const target = new URL(ADMIN_URL);
  proxy = await startStatementProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(ADMIN_URL);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  // One connection, opened before any count: its start-up queries (postgres.js reads the array types
  // once per connection) are counted too, as they would be in a request that opens a connection.
  sql = postgres(url.toString(), { max: 1, onnotice: () => undefined });
  await sql`select 1`;
});
afterAll(async () => {
  await sql?.end();
  await proxy?.close();
});

const counted = async (run: () => Promise<unknown>): Promise<number> => {
  proxy.reset();
  await run();
  return proxy.count();
};

it('counts one statement per query on the extended protocol, prepared or not, and passes the answer through', async () => {
  for (const n of [1, 2, 7]) {
    expect(await counted(async () => {
      for (let i = 0; i < n; i += 1) expect(await sql`select ${i}::int as v`).toEqual([{ v: i }]);
    })).toBe(n);
    // Pipelined on the one connection.
    expect(await counted(() => Promise.all(Array.from({ length: n }, (_, i) => sql.unsafe('select $1::int as v', [i], { prepare: false }))))).toBe(n);
  }
});

it('counts a simple-protocol Query message as one statement, however many it holds', async () => {
  expect(await counted(() => sql.unsafe('select 1; select 2').simple())).toBe(1);
  expect(await counted(() => sql.unsafe('select 1').simple())).toBe(1);
});

it('counts statements whose messages span many TCP chunks, and each statement of a transaction', async () => {
  const big = 'x'.repeat(300_000);
  expect(await counted(async () => expect(await sql`select length(${big}::text) as n`).toEqual([{ n: 300_000 }]))).toBe(1);
  // begin, two statements, commit
  expect(await counted(() => sql.begin(async (tx) => [await tx`select 1`, await tx`select 2`]))).toBe(4);
});
