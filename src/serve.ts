import 'reflect-metadata';
import { openDatabase } from '../db/client';
import { guardDriverWriteRace } from '../db/driver-guard';
import { StartupError } from '../db/preflight';
import { seedIfEmpty } from '../db/seed';
import { databaseTimeouts, type Config } from './config';
import { buildServer } from './server';

/** Migrates, seeds demo data into an empty database (demo mode), serves, and stops on SIGINT/SIGTERM. */
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
  const stop = async () => {
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}
