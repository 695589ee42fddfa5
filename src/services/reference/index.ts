/** Reference data (refund reasons): read.ts. The face of the folder; it re-exports read.ts whole. */
export * from './read';
