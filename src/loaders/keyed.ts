/**
 * Helpers that put one batch query's rows back in DataLoader key order
 * (DataLoader requires one result per key, in the order of the keys).
 */

/** One row (or null) per key. */
export function oneByKey<K, T>(keys: readonly K[], rows: readonly T[], keyOf: (row: T) => K): (T | null)[] {
  const byKey = new Map<K, T>();
  for (const row of rows) byKey.set(keyOf(row), row);
  return keys.map((k) => byKey.get(k) ?? null);
}

/** Every row of each key (an empty list for keys without rows), rows kept in query order. */
export function manyByKey<K, T>(keys: readonly K[], rows: readonly T[], keyOf: (row: T) => K): T[][] {
  const byKey = new Map<K, T[]>();
  for (const row of rows) {
    const k = keyOf(row);
    const list = byKey.get(k);
    if (list) list.push(row);
    else byKey.set(k, [row]);
  }
  return keys.map((k) => byKey.get(k) ?? []);
}
