import 'reflect-metadata';
import postgres from 'postgres';
import { openDatabase } from '../db/client';
import { seedDemo } from '../db/seed';
import { databaseTimeouts, loadConfig } from '../src/config';
import { buildServer } from '../src/server';

/**
 * The database load of one idle instance (docs/scale-out.md, "Connection budget"): a fresh database,
 * migrated and seeded (scale 1), one instance on it with the default settings and no traffic, and the
 * database's transactions counted from the server side (pg_stat_database xact_commit + xact_rollback)
 * over `SECONDS` (default 60). Each background statement runs as a transaction of its own.
 *
 *   ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/background-load.ts [seconds]
 */
const ADMIN_URL = process.env.ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.argv[2] ?? 60);

async function main(): Promise<void> {
  const name = `marquee_bgload_${process.pid}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database "${name}"`);
  const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  try {
    const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' });
    const database = await openDatabase({ databaseUrl: url, dataDir: '', ...databaseTimeouts(config) });
    await database.migrate();
    await seedDemo(database.db, { scale: 1, demoCredentials: true });
    const server = await buildServer({ config, database });
    await server.listen(0, '127.0.0.1');
    const counted = async () => {
      const [row] = await admin<{ n: string }[]>`
        select xact_commit + xact_rollback as n from pg_stat_database where datname = ${name}`;
      return Number(row.n);
    };
    // Start-up over (warm-up reads, first polls); backends flush their counts at least every 10 s when idle.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const before = await counted();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const after = await counted();
    await server.close();
    await database.close();
    const perSecond = (after - before) / seconds;
    process.stdout.write(`idle instance: ${after - before} transactions in ${seconds} s = ${perSecond.toFixed(2)} per second\n`);
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
