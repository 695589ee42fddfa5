import type { Db } from '../../db/client';
import { createSeatingLoaders } from './seating.loaders';
import { createOrderLoaders } from './order.loaders';
import { createReferenceLoaders, referenceEntries } from './reference.loaders';
import { createMediaLoaders } from './media.loaders';
import { createMovieLoaders } from './movie.loaders';
import { createPersonLoaders } from './person.loaders';
import { createTheatreLoaders } from './theatre.loaders';
import { createShowtimeLoaders } from './showtime.loaders';
import { createLayoutLoaders } from './layout.loaders';
import { createConcessionLoaders } from './concession.loaders';
import { createSubscriptionLoaders } from './subscription.loaders';
import { createLoyaltyLoaders } from './loyalty.loaders';
import { createWalletLoaders } from './wallet.loaders';
import { warmReferenceCache } from './reference-cache';

/** Every domain's factory (`src/loaders/<domain>.loaders.ts` exporting `create<Domain>Loaders(db)`). */
const factories = [
  createSeatingLoaders,
  createOrderLoaders,
  createMovieLoaders,
  createTheatreLoaders,
  createReferenceLoaders,
  createPersonLoaders,
  createMediaLoaders,
  createShowtimeLoaders,
  createLayoutLoaders,
  createConcessionLoaders,
  createSubscriptionLoaders,
  createLoyaltyLoaders,
  createWalletLoaders,
] as const;

type Factory = (db: Db) => object;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every loader of every domain, by name. */
export type Loaders = UnionToIntersection<ReturnType<(typeof factories)[number]>>;

/**
 * The prototype of every request's loaders: one getter per loader name that creates the loaders of
 * that name's domain on first use and keeps them on the instance. A request builds only the domains
 * it reads (a theatre lookup builds one of ten). The names are learned once, at load, by running
 * each factory over no database: constructing a DataLoader runs nothing.
 */
const prototype: object = (() => {
  const proto = Object.create(null) as Record<string, unknown>;
  factories.forEach((factory: Factory, domain) => {
    for (const name of Object.keys(factory(undefined as unknown as Db))) {
      if (name in proto || name === 'db' || name === 'domains') throw new Error(`loader name ${name} is taken`);
      Object.defineProperty(proto, name, {
        get(this: { db: Db; domains: object[] }) {
          const loaders = (this.domains[domain] ??= factory(this.db)) as Record<string, unknown>;
          return loaders[name];
        },
      });
    }
  });
  return proto;
})();

/**
 * A fresh, lazily built set of DataLoaders. Create per request or per subscription event; never share
 * across requests (their caches hold the request's reads).
 */
export function createLoaders(db: Db): Loaders {
  const loaders = Object.create(prototype) as { db: Db; domains: object[] };
  loaders.db = db;
  loaders.domains = [];
  return loaders as unknown as Loaders;
}

/** Fills the process's reference cache (attributes, groups, markets, refund reasons, image sizes) before the first request. */
export const warmReferenceData = (db: Db): Promise<void> => warmReferenceCache(db, referenceEntries);
