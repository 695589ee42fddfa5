import { eq } from 'drizzle-orm';
import { sharedDb, statementCountOf, type Db, type StatementCount } from '../../db/client';
import { isConnectionLoss } from '../../db/driver-guard';
import { strictReplicaDb } from '../../db/replicas';
import { referenceVersion } from '../../db/schema';

/**
 * Reference data (attributes and their groups, markets, refund reasons, image sizes) kept in process
 * across requests. Writes to it are rare (admin), reads are on every catalog request. The database
 * holds one `reference_version` number that triggers bump in the transaction of any write to reference data
 * (db/migrations/0002_reference_version.sql); a request that needs reference data first reads that
 * number (one primary-key read, once per request) and, when it moved, drops everything cached. So an
 * admin write is seen by the next request on every instance sharing the database, however it was
 * made (service, migration, psql). Choice and alternatives: docs/decisions.md.
 *
 * One cache per target (keyed by the shared handle: the primary, each replica), and a cache's version
 * comes only from its own server: data loaded after reading a version is then at least that new, since
 * a server's replay only moves forward. On a replica the version is read without the fallback to the
 * primary (db/replicas.ts `strictDb`): a primary's newer version in a replica's cache would let the next
 * load from that replica store old data under it. Loads may fall back to the primary: newer data under
 * an older version only costs a reload when the version moves.
 */
export class ReferenceCache {
  private version: number | null = null;
  /** Entries of the current version; replaced (not cleared) so a load begun before a change never lands in it. */
  private entries = new Map<string, Promise<unknown>>();
  /** The loaded values of `entries` (the same generation), for synchronous reads. */
  private values = new Map<string, unknown>();
  private readonly versionQuery;
  /** Versions read by other statements are taken (`observe`) only on the primary: see `observe`. */
  readonly takesObservations: boolean;

  constructor(db: Db) {
    const strict = strictReplicaDb(db);
    this.takesObservations = strict === undefined;
    this.versionQuery = (strict ?? db)
      .select({ version: referenceVersion.version })
      .from(referenceVersion)
      .where(eq(referenceVersion.id, 1))
      .prepare('reference_version');
  }

  /**
   * Reads the database's version and drops the cached data when it differs. The version is read
   * before any data, so a load that follows reads data at least as new as the version it is kept
   * under; a write in between only makes the next request reload once more.
   */
  async sync(count?: StatementCount): Promise<void> {
    // Prepared on the shared handle: the request's count is kept here.
    if (count) count.count += 1;
    let row: { version: number } | undefined;
    try {
      [row] = await this.versionQuery.execute();
    } catch (error) {
      // A replica gone: keep the generation its own last version read filled. The request's loads go
      // to the primary (db/replicas.ts), which is never behind that version.
      if (this.takesObservations || !isConnectionLoss(error)) throw error;
      return;
    }
    this.observe(row?.version ?? 0);
  }

  /**
   * Takes a version read by another statement of the request (one that also selected
   * `reference_version`, e.g. src/services/showtime-day.service.ts): the same as `sync` without a statement.
   */
  observe(version: number): void {
    if (version !== this.version) {
      this.version = version;
      this.entries = new Map();
      this.values = new Map();
    }
  }

  /** The loaded value of `name` in the current generation, or undefined when not loaded (yet). */
  peek<T>(name: string): T | undefined {
    return this.values.get(name) as T | undefined;
  }

  /** The cached value of `name`, loaded once per version (concurrent requests share the load). */
  get<T>(name: string, load: () => Promise<T>): Promise<T> {
    const entries = this.entries;
    let entry = entries.get(name) as Promise<T> | undefined;
    if (!entry) {
      entry = load();
      entries.set(name, entry);
      const values = this.values;
      entry.then(
        (value) => {
          if (entries.get(name) === entry) values.set(name, value);
        },
        () => entries.get(name) === entry && entries.delete(name),
      );
    }
    return entry;
  }
}

const caches = new WeakMap<Db, ReferenceCache>();

/** The reference cache of one database handle (two apps or test databases in a process never share). */
export function referenceCacheFor(db: Db): ReferenceCache {
  const shared = sharedDb(db);
  let cache = caches.get(shared);
  if (!cache) {
    cache = new ReferenceCache(shared);
    caches.set(shared, cache);
  }
  return cache;
}

/**
 * A request's view of the reference cache: checks the version once, on first use, and then serves
 * every read of the request from the same generation.
 */
export interface RequestReference {
  <T>(name: string, load: (db: Db) => Promise<T>): Promise<T>;
  /** A version this request read in another statement: the request then reads no version itself. */
  observe(version: number): void;
  /** The cached value of `name` when this request has checked the version and it is loaded; else undefined. */
  peek<T>(name: string): T | undefined;
}

export function requestReference(db: Db): RequestReference {
  let synced: Promise<void> | undefined;
  let checked = false;
  let found: ReferenceCache | undefined;
  const cacheOf = () => (found ??= referenceCacheFor(db));
  const reference = (async (name, load) => {
    const cache = cacheOf();
    await (synced ??= cache.sync(statementCountOf(db)).then(() => {
      checked = true;
    }));
    return cache.get(name, () => load(db));
  }) as RequestReference;
  reference.observe = (version) => {
    // On a replica the statement that read it may have been answered by the primary (db/replicas.ts): the
    // request reads the version itself instead.
    if (synced || !cacheOf().takesObservations) return;
    cacheOf().observe(version);
    checked = true;
    synced = Promise.resolve();
  };
  reference.peek = <T>(name: string) => (checked ? cacheOf().peek<T>(name) : undefined);
  return reference;
}

/**
 * Fills the reference cache of a database handle ahead of the first request (at start): the first
 * requests then read only the version, like every later one. `entries` are the cached values and their loads.
 */
export async function warmReferenceCache(db: Db, entries: Record<string, (db: Db) => Promise<unknown>>): Promise<void> {
  const cache = referenceCacheFor(db);
  await cache.sync();
  await Promise.all(Object.entries(entries).map(([name, load]) => cache.get(name, () => load(db))));
}
