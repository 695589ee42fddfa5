import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { openDatabase } from '../client';
import * as schema from '../schema';
import { databaseTimeouts, loadConfig } from '../../src/config';
import { seedDemo, seedIfEmpty } from './index';

const USAGE = `npm run seed -- [--scale N] [--force] [--today YYYY-MM-DD]
  --scale N   size of the chain: 1 ≈ 40 theatres (default: SEED_SCALE or 1), 22.5 ≈ 900
  --force     wipe every table and reseed, even when the database has data
  --today D   first local day of showtimes (default: today)`;

/** `npm run seed`: migrate, then seed the demo chain into an empty database (or wipe and reseed with --force). */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' },
      force: { type: 'boolean', default: false },
      today: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const scale = values.scale !== undefined ? Number(values.scale) : config.SEED_SCALE;
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`--scale must be a positive number\n${USAGE}`);
  const today = values.today ? new Date(`${values.today}T12:00:00Z`) : undefined;
  if (today && Number.isNaN(today.getTime())) throw new Error(`--today must be YYYY-MM-DD\n${USAGE}`);

  const started = Date.now();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    ...databaseTimeouts(config),
  });
  const where = config.DATABASE_URL ? 'postgres' : `pglite in ${config.DATA_DIR}`;
  console.log(`seed: opened ${where} (${Date.now() - started} ms)`);
  try {
    await database.migrate();
    console.log(`seed: migrated (${Date.now() - started} ms)`);
    const options = { scale, today, demoCredentials: config.demoMode, piiKey: config.PII_KEY, log: (m: string) => console.log(m) };
    if (values.force) {
      const names = (Object.values(schema) as unknown[])
        .filter((value): value is PgTable => is(value, PgTable))
        .map((table) => `"${getTableName(table)}"`);
      await database.db.execute(sql.raw(`truncate ${names.join(', ')} restart identity cascade`));
      console.log(`seed: wiped ${names.length} tables`);
      await seedDemo(database.db, options);
    } else if (!(await seedIfEmpty(database.db, options))) {
      console.log('seed: the database already has theatres; nothing to do (use --force to wipe and reseed)');
    }
    console.log(`seed: total ${Date.now() - started} ms (scale ${scale}${config.demoMode ? ', demo credentials' : ''})`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
