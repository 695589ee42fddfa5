/**
 * Theatres and the markets they are grouped in. The face of the folder: other layers and other domains
 * import from here only. model.ts (rows, filters, a theatre near a point), store.ts (its SQL, each
 * statement tagged; the loaders' batch reads and one-statement reads are exported from it as they are),
 * read.ts (the filtered list both paths read, the field table), locations.ts (theatres near a point),
 * markets.ts (the markets' list).
 */
export { type MarketRow, type TheatreRow } from './model';
export { getTheatresByIds, listAllMarkets } from './store';
export { THEATRE_FIELDS, theatreFields, theatreList } from './read';
export { nearList } from './locations';
export { marketList } from './markets';
