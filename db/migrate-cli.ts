import { openDatabase } from './client';
import { databaseTimeouts, loadConfig } from '../src/config';

/**
 * `npm run migrate`: applies the committed drizzle-kit migrations to DATABASE_URL (or the embedded
 * PGlite in DATA_DIR) and nothing else — for deployments that migrate before starting instances.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, ...databaseTimeouts(config) });
  try {
    await database.migrate();
    console.log(`migrated (${database.driver}${config.DATABASE_URL ? '' : ` in ${config.DATA_DIR}`})`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  const isConfig = err instanceof Error && err.message.startsWith('Invalid configuration');
  console.error(isConfig ? `Migration did not run: ${err.message}` : err);
  process.exit(1);
});
