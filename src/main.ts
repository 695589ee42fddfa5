import 'reflect-metadata';
import { openDatabase } from '../db/client';
import { guardDriverWriteRace } from '../db/driver-guard';
import { seedIfEmpty } from '../db/seed';
import { databaseTimeouts, loadConfig } from './config';
import { buildServer } from './server';

/** `npm start`: migrate, seed demo data into an empty database (demo mode), and serve. */
async function main(): Promise<void> {
  const config = loadConfig();
  guardDriverWriteRace((message) => console.error(message));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    ...databaseTimeouts(config),
  });
  await database.migrate();
  if (config.demoMode) await seedIfEmpty(database.db, { scale: config.SEED_SCALE, piiKey: config.PII_KEY, log: (m) => console.log(m) });
  const server = await buildServer({ config, database });
  const address = await server.listen();
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

main().catch((err: unknown) => {
  // A configuration problem is the operator's to fix: say what, without a stack trace.
  const isConfig = err instanceof Error && err.message.startsWith('Invalid configuration');
  console.error(isConfig ? `Marquee did not start: ${err.message}` : err);
  process.exit(1);
});
