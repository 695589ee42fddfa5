import { sharedDb, type Db } from '../../db/client';

/**
 * A bounded, process-wide cache for rows that never change once written — a layout version's seats:
 * changing a layout makes a new version (design.md), so a version's cells are immutable. Seat maps are
 * the hottest read (every viewer of every showtime), and their layout cells are most of their rows.
 * Least-recently-used eviction by Map order; one cache per database handle, so two apps (or two test
 * databases) in one process never share entries.
 */
export class ImmutableCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Re-insert to mark as recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as K;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Loads the values of `keys`, fetching only the missing ones with one call of `fetch` (which returns
   * one value per missing key, in order). The DataLoader batch function of cached loaders.
   */
  async loadMany(keys: readonly K[], fetch: (missing: K[]) => Promise<V[]>): Promise<V[]> {
    const found = keys.map((k) => this.get(k));
    const missing = keys.filter((_, i) => found[i] === undefined);
    if (missing.length) {
      const fetched = await fetch(missing);
      missing.forEach((k, i) => this.set(k, fetched[i]));
    }
    return keys.map((k, i) => found[i] ?? (this.get(k) as V));
  }
}

const caches = new WeakMap<object, Map<string, ImmutableCache<unknown, unknown>>>();

/** The named cache of one database handle (created on first use). */
export function immutableCacheFor<K, V>(db: object, name: string, capacity: number): ImmutableCache<K, V> {
  const shared = sharedDb(db as Db);
  let byName = caches.get(shared);
  if (!byName) {
    byName = new Map();
    caches.set(shared, byName);
  }
  let cache = byName.get(name);
  if (!cache) {
    cache = new ImmutableCache<unknown, unknown>(capacity);
    byName.set(name, cache);
  }
  return cache as ImmutableCache<K, V>;
}
