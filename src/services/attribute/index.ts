/**
 * Attributes and attribute groups of movies, showtimes and theatres. The face of the folder: other
 * layers and other domains import from here only. model.ts (rows, the index the reference cache keeps),
 * store.ts (its SQL, each statement tagged; the loaders' batch reads are exported from it as they are),
 * read.ts (the index and its lookups).
 */
export { type AttributeGroupRow, type AttributeIndex, type AttributeRow } from './model';
export { getAttributeIdsOfShowtimes } from './store';
export { activeAttributesOf, getAttributeByCode, listAttributes, loadAttributeIndex } from './read';
