import { lockDataDir } from '../db/pglite-lock';
import { checkDatabaseReachable, checkPortFree, StartupError } from '../db/preflight';
import { ConfigError, loadConfig } from './config';
import type * as Serve from './serve';

/**
 * `npm start`: checks the configuration, the port and the database, then loads and runs the service
 * (src/serve.ts). Anything the operator must fix ends the process with one line saying what.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  // The embedded database is one process's, on one machine: production's instances share a Postgres.
  if (!config.demoMode && !config.DATABASE_URL) {
    throw new StartupError(
      'NODE_ENV=production needs DATABASE_URL: set it to the Postgres database (postgres://user:password@host:5432/name); the embedded PGlite is for demo mode only',
    );
  }
  // Before loading the service (seconds) and migrating and seeding (up to minutes): a busy port, a PGlite
  // folder another process has open, or a database that is not there is said at once.
  await checkPortFree(config.PORT, config.HOST);
  // Held until the process exits; opening the database (db/client.ts) shares this hold.
  if (!config.DATABASE_URL) await lockDataDir(config.DATA_DIR);
  if (config.DATABASE_URL) await checkDatabaseReachable(config.DATABASE_URL, config.DB_CONNECT_TIMEOUT);
  // Loaded only now, so the checks above answer within a second of starting.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { serve } = require('./serve') as typeof Serve;
  await serve(config);
}

main().catch((err: unknown) => {
  // A configuration or environment problem is the operator's to fix: say what, without a stack trace.
  const forOperator = err instanceof ConfigError || err instanceof StartupError;
  console.error(forOperator ? `Marquee did not start: ${err.message}` : err);
  process.exit(1);
});
