/**
 * People (cast and crew) and their credits. The face of the folder: other layers and other domains
 * import from here only. model.ts (rows), store.ts (its SQL, each statement tagged; the loaders' batch
 * reads are exported from it as they are), read.ts (the credits' summary). The catalog's reads of people
 * and credits are the read planner's (src/read-planner/catalog.ts).
 */
export { type CreditRow, type PersonRow } from './model';
export { getCreditsWithPeopleOfMovies } from './store';
export { summarizeCredits } from './read';
