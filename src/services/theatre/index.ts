/**
 * Theatres: reads and the field table (read.ts), theatres near a point (locations.ts), and the markets
 * theatres are grouped in (markets.ts). The face of the folder: other layers and other domains import
 * from here only; it re-exports its files whole.
 */
export * from './read';
export * from './locations';
export * from './markets';
