import { ConfigError, databaseTimeouts, loadConfig } from '../src/config';
import { openDatabase } from './client';
import { checkDatabaseReachable, StartupError } from './preflight';

/**
 * `npm run migrate`: applies the committed drizzle-kit migrations to the Postgres of DATABASE_URL and
 * nothing else — for deployments that migrate before starting instances. (`npm start` migrates too,
 * and is what migrates the embedded PGlite.)
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new StartupError(
      'DATABASE_URL is not set: npm run migrate applies migrations to a Postgres server (postgres://user:password@host:5432/db); npm start migrates the embedded PGlite itself',
    );
  }
  await checkDatabaseReachable(config.DATABASE_URL, config.DB_CONNECT_TIMEOUT);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, ...databaseTimeouts(config) });
  try {
    await database.migrate();
    console.log('migrations applied');
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  const forOperator = err instanceof ConfigError || err instanceof StartupError;
  console.error(forOperator ? `Migration did not run: ${err.message}` : err);
  process.exit(1);
});
