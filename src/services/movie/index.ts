/**
 * Movies: reads and the field table (read.ts), curated movie lists (lists.ts), the lists of a guest's
 * taste (personalized.ts) and of private rentals (private-rental.ts). The face of the folder: other
 * layers and other domains import from here only; it re-exports its files whole.
 */
export * from './read';
export * from './lists';
export * from './personalized';
export * from './private-rental';
