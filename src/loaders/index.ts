import type { Db } from '../../db/client';
import { createSeatingLoaders } from './seating.loaders';
import { createOrderLoaders } from './order.loaders';
import { createReferenceLoaders, referenceEntries } from './reference.loaders';
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
import { ReadRoute } from '../read-route';

/**
 * Every domain's factory (`src/loaders/<domain>.loaders.ts` exporting `create<Domain>Loaders(db)`) and
 * where its reads go (src/read-route.ts): `catalog` domains get the request's catalog handle (a healthy
 * replica's in a request that may read from one), `primary` domains the primary's, always: seat maps
 * and claims, orders, subscriptions, loyalty and wallet are read where they were written. A catalog
 * list's sold-out flags (showtime occupancy) may come from a replica, within REPLICA_MAX_LAG.
 */
const domains = [
  { create: createSeatingLoaders, reads: 'primary' },
  { create: createOrderLoaders, reads: 'primary' },
  { create: createMovieLoaders, reads: 'catalog' },
  { create: createTheatreLoaders, reads: 'catalog' },
  { create: createReferenceLoaders, reads: 'catalog' },
  { create: createPersonLoaders, reads: 'catalog' },
  { create: createShowtimeLoaders, reads: 'catalog' },
  { create: createLayoutLoaders, reads: 'catalog' },
  { create: createConcessionLoaders, reads: 'catalog' },
  { create: createSubscriptionLoaders, reads: 'primary' },
  { create: createLoyaltyLoaders, reads: 'primary' },
  { create: createWalletLoaders, reads: 'primary' },
] as const;

/** The domains whose loaders read through the catalog handle (for tests and docs). */
export const CATALOG_LOADER_DOMAINS: readonly string[] = domains.filter((d) => d.reads === 'catalog').map((d) => d.create.name);

type Factory = (db: Db, seenReferenceVersion?: number) => object;

/** A request's loaders: its handles, the domains built so far, and a reference version read before them. */
interface Holder {
  db: Db;
  reads: ReadRoute;
  domains: object[];
  referenceVersion?: number;
}

const REFERENCE = domains.findIndex((d) => d.create === createReferenceLoaders);
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every loader of every domain, by name. */
export type Loaders = UnionToIntersection<ReturnType<(typeof domains)[number]['create']>> & {
  /** A reference version read by another statement of the request (below). */
  referenceVersionSeen(version: number): void;
};

/**
 * The prototype of every request's loaders: one getter per loader name that creates the loaders of
 * that name's domain on first use and keeps them on the instance. A request builds only the domains
 * it reads (a theatre lookup builds one of ten). The names are learned once, at load, by running
 * each factory over no database: constructing a DataLoader runs nothing.
 */
const prototype: object = (() => {
  const proto = Object.create(null) as Record<string, unknown>;
  domains.forEach(({ create, reads }, domain) => {
    const factory: Factory = create;
    for (const name of Object.keys(factory(undefined as unknown as Db))) {
      if (name in proto || ['db', 'domains', 'reads', 'referenceVersion', 'referenceVersionSeen'].includes(name)) throw new Error(`loader name ${name} is taken`);
      Object.defineProperty(proto, name, {
        get(this: Holder) {
          // The catalog handle is chosen when a catalog domain is first read, after the request knew whether it writes.
          const loaders = (this.domains[domain] ??= factory(reads === 'catalog' ? this.reads.catalogDb : this.db, this.referenceVersion)) as Record<string, unknown>;
          return loaders[name];
        },
      });
    }
  });
  /**
   * A reference version read by another statement of the request (the read planner's, the REST showtime
   * page's): taken by the reference domain at once when it is built, else when it is (a request that
   * reads no reference data builds none of it: a theatre lookup).
   */
  proto.referenceVersionSeen = function referenceVersionSeen(this: Holder, version: number): void {
    const built = this.domains[REFERENCE] as ReturnType<typeof createReferenceLoaders> | undefined;
    if (built) built.observeReferenceVersion(version);
    else this.referenceVersion = version;
  };
  return proto;
})();

/**
 * A fresh, lazily built set of DataLoaders. Create per request or per subscription event; never share
 * across requests (their caches hold the request's reads).
 */
export function createLoaders(db: Db, reads: ReadRoute = new ReadRoute(db, 'primary', null, null)): Loaders {
  const loaders = Object.create(prototype) as Holder;
  loaders.db = db;
  loaders.reads = reads;
  loaders.domains = [];
  return loaders as unknown as Loaders;
}

/** Fills the process's reference cache (attributes, groups, markets, refund reasons, image sizes) before the first request. */
export const warmReferenceData = (db: Db): Promise<void> => warmReferenceCache(db, referenceEntries);
