/**
 * People (cast and crew) and their credits. The face of the folder: other layers and other domains
 * import from here only. model.ts (rows, the cast-and-crew entry), store.ts (its SQL, each statement
 * tagged; the loaders' batch reads are exported from it as they are), read.ts (the cast and crew of a
 * movie, the credits' summary).
 */
export { type CreditRow, type PersonRow } from './model';
export { getCreditsWithPeopleOfMovies, getPeopleByIds } from './store';
export { getCastAndCrew, summarizeCredits } from './read';
