/**
 * Concessions: the menu of a theatre with categories, modifier groups, combos and upsells (read.ts),
 * and the pickup times of orders' concessions (pickup.ts). The face of the folder: other layers and
 * other domains import from here only; it re-exports its files whole.
 */
export * from './read';
export * from './pickup';
