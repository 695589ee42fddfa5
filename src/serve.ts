import 'reflect-metadata';
import { openDatabase } from '../db/client';
import { guardDriverWriteRace } from '../db/driver-guard';
import { StartupError } from '../db/preflight';
import { seedIfEmpty } from '../db/seed';
import { databaseTimeouts, type Config } from './config';
import { buildServer } from './server';

/**
 * After SHUTDOWN_DELAY, how long stopping may take (in-flight requests, live parts, the database) before
 * the process exits anyway, with status 1. Apollo's drain closes connections still busy after 10 s.
 */
const DRAIN_LIMIT_MS = 30_000;

/**
 * Migrates, seeds demo data into an empty database (demo mode), serves, and drains and stops on
 * SIGINT/SIGTERM (docs/operations.md). This process is the one that gets the signal: `npm start` execs
 * node (package.json), and Apollo's own signal handler is off (src/server.ts).
 */
export async function serve(config: Config): Promise<void> {
  guardDriverWriteRace((message) => console.error(message));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    ...databaseTimeouts(config),
  });
  await database.migrate();
  if (config.demoMode) await seedIfEmpty(database.db, { scale: config.SEED_SCALE, piiKey: config.PII_KEY, log: (m) => console.log(m) });
  const server = await buildServer({ config, database });
  const address = await server.listen().catch(async (err: NodeJS.ErrnoException) => {
    await database.close().catch(() => undefined);
    // Taken between the check at start and now.
    if (err.code === 'EADDRINUSE') throw new StartupError(`port ${config.PORT} on ${config.HOST} is already in use: stop the process using it, or set PORT to another port`);
    throw err;
  });
  server.app.log.info(
    `Marquee on ${address}/graphql (${database.driver}${config.DATABASE_URL ? '' : ` in ${config.DATA_DIR}`})`,
  );
  const log = server.app.log;
  let stopping = false;
  // Registered for as long as the process runs: a second signal during the drain (Ctrl-C in a terminal
  // can reach node twice, from the terminal and through npm) must not take Node's default, which kills.
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${signal} received while draining: the drain goes on (SIGKILL stops at once)`);
      return;
    }
    stopping = true;
    log.info(
      `${signal} received: draining; /readyz answers 503${config.SHUTDOWN_DELAY > 0 ? ` and requests are served for SHUTDOWN_DELAY (${config.SHUTDOWN_DELAY} ms)` : ''}, then in-flight requests finish`,
    );
    setTimeout(() => {
      log.error(`the drain did not end within ${config.SHUTDOWN_DELAY + DRAIN_LIMIT_MS} ms: exiting`);
      process.exit(1);
    }, config.SHUTDOWN_DELAY + DRAIN_LIMIT_MS).unref();
    void (async () => {
      try {
        await server.close();
        log.info('server closed: in-flight requests answered, connections closed');
        await database.close();
        log.info('Marquee stopped');
        process.exit(0);
      } catch (err) {
        log.error({ err }, 'stopping failed');
        process.exit(1);
      }
    })();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
