import { sharedDb, type Db } from '../../../db/client';

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
   *
   * Only values `found` are kept: an answer that says "nothing there" (null, no rows) may be a row not
   * written yet where it was read — on a replica behind the primary (src/read-route.ts), or on the
   * primary in a race with its insert — and must not stand for the row once it is there.
   */
  async loadMany(keys: readonly K[], fetch: (missing: K[]) => Promise<V[]>, found: (value: V) => boolean = isFound): Promise<V[]> {
    const cached = keys.map((k) => this.get(k));
    const missing = keys.filter((_, i) => cached[i] === undefined);
    const fetched = new Map<K, V>();
    if (missing.length) {
      const values = await fetch(missing);
      missing.forEach((k, i) => {
        fetched.set(k, values[i]);
        if (found(values[i])) this.set(k, values[i]);
      });
    }
    return keys.map((k, i) => cached[i] ?? (fetched.get(k) as V));
  }
}

/** Not null or undefined, and not an empty list. */
export function isFound(value: unknown): boolean {
  return value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);
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
