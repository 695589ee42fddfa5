import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { theatres } from '../schema';
import { seedAccounts } from './accounts';
import { seedAttributes } from './attributes';
import { seedConcessions } from './concessions';
import { DEFAULT_PII_KEY } from '../../src/config';
import { piiKeys } from '../../src/pii';
import { seedLoyalty } from './loyalty';
import { seedDevices } from './devices';
import { seedOrderHistory } from './history';
import { seedMedia } from './media';
import { seedMovies } from './movies';
import { seedPeople } from './people';
import { seedReference } from './reference';
import { countSeats, seedSeating } from './seating';
import { seedShowtimes } from './showtimes';
import { seedSubscriptions } from './subscriptions';
import { seedTheatres } from './theatres';
import { seedWallet } from './wallet';

export interface SeedOptions {
  /** 1 is the demo chain (~40 theatres); larger grows toward chain size (22.5 ≈ 900 theatres). */
  scale: number;
  /** Whether to create demo credentials (the `demo-vendor-key` vendor, demo accounts). */
  demoCredentials?: boolean;
  /** The first local day of showtimes; defaults to today. */
  today?: Date;
  log?: (message: string) => void;
  /** PII_KEY of the instance that will serve the data: keyed SSN hashes, sealed gift-card numbers and PINs; defaults to the dev key. */
  piiKey?: string;
}

/**
 * Seeds demo data into an empty database; does nothing when theatres already exist.
 * It is called in demo mode only, so demo credentials default to on.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const existing = await db.select({ id: theatres.id }).from(theatres).limit(1);
  if (existing.length > 0) return false;
  await seedDemo(db, { ...options, demoCredentials: options.demoCredentials ?? true });
  return true;
}

/** Seeds the demo chain into an empty, migrated database. Deterministic for a given `today` and scale. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  const today = options.today ?? new Date();
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const step = (message: string) => log(`seed: ${message} (${Date.now() - started} ms)`);
  if (!(options.scale > 0)) throw new Error(`seed scale must be positive, got ${options.scale}`);

  await db.transaction(async (tx) => {
    // A batch job: at chain scale its statements and the row building between them outlast the
    // timeouts meant for requests (DB_STATEMENT_TIMEOUT, DB_IDLE_IN_TRANSACTION_TIMEOUT).
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
    const contentTypes = await seedReference(tx);
    step(`reference data (${contentTypes.size} content types)`);
    const attrs = await seedAttributes(tx);
    step(`${attrs.size} attributes`);
    const theatreSeeds = await seedTheatres(tx, options.scale, attrs);
    step(`${theatreSeeds.length} theatres in ${new Set(theatreSeeds.map((t) => t.marketId)).size} markets`);
    const movieSeeds = await seedMovies(tx, options.scale, today, attrs);
    step(`${movieSeeds.length} movies`);
    const auditoriumSeeds = await seedSeating(tx, theatreSeeds);
    step(`${auditoriumSeeds.length} auditoriums with ${countSeats(auditoriumSeeds)} seats`);
    const counts = await seedShowtimes(tx, today, theatreSeeds, auditoriumSeeds, movieSeeds, attrs);
    step(`${counts.showtimes} showtimes, ${counts.prices} ticket prices, ${counts.attributes} showtime attributes`);
    const cast = await seedPeople(tx, movieSeeds);
    step(`${cast.people.length} people, ${cast.credits} movie credits`);
    const menu = await seedConcessions(tx, theatreSeeds);
    step(`${menu.products.length} concessions, ${menu.theatreProducts} theatre concessions, ${menu.pickupSlots} pickup slots`);
    const media = await seedMedia(tx, today, contentTypes, theatreSeeds, movieSeeds, cast.people, menu);
    step(`${media.items} media items, ${media.renditions} renditions`);
    if (options.demoCredentials) {
      const accounts = await seedAccounts(tx, today);
      step(`${accounts.vendors} demo vendors, ${accounts.accounts} site accounts, ${accounts.cards} loyalty cards`);
      const loyalty = await seedLoyalty(tx, today, piiKeys(options.piiKey ?? DEFAULT_PII_KEY));
      step(`${loyalty.accounts} loyalty accounts, ${loyalty.transactions} loyalty transactions`);
      const wallet = await seedWallet(tx, today, options.piiKey ?? DEFAULT_PII_KEY);
      const phones = await seedDevices(tx, today);
      const history = await seedOrderHistory(tx, today, movieSeeds);
      step(`${wallet.cards} wallet cards, ${phones.devices} devices, ${history.orders} past orders`);
    }
    // The catalog always; its subscribers are demo accounts, so only with demo credentials.
    const subs = await seedSubscriptions(tx, today, options.demoCredentials ?? false);
    step(`${subs.subscriptions} subscriptions, ${subs.subscribers} subscribers, ${subs.enrolments} enrolments`);
  });
  log(`seed: done in ${Date.now() - started} ms`);
}
