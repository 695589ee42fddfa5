/** People (cast and crew) and their credits: read.ts. The face of the folder; it re-exports read.ts whole. */
export * from './read';
