/** Media items, renditions, content types and image sizes: read.ts. The face of the folder; it re-exports read.ts whole. */
export * from './read';
