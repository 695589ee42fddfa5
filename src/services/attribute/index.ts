/** Attributes and attribute groups of movies, showtimes and theatres: read.ts. The face of the folder; it re-exports read.ts whole. */
export * from './read';
