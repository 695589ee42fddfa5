/**
 * Movies. The face of the folder: other layers and other domains import from here only. model.ts (rows,
 * views, filters, the media keys, a list's record, taste signals), store.ts (its SQL, each statement
 * tagged; the loaders' batch reads and one-statement reads are exported from it as they are), read.ts
 * (the views' conditions, the filtered list both paths read, the field table), lists.ts (curated movie
 * lists: their lists, dates, bodies and writes), personalized.ts (the lists of a guest's taste),
 * private-rental.ts (the movies a guest can rent an auditorium for).
 */
export { MOVIE_MEDIA_KEYS, type MovieListItemRow, type MovieListRecord, type MovieRow, type MovieView } from './model';
export { getEarliestShowtimes, getMoviesByIds, movieListCountSql } from './store';
export { mediaOf, MOVIE_FIELDS, movieFields, movieList } from './read';
export {
  addMovieToList,
  createMovieList,
  currentMovieListQuery,
  deleteMovieList,
  formatListDate,
  MOVIE_LIST_ADD,
  MOVIE_LIST_CREATE,
  MOVIE_LIST_ENTRY_FIELDS,
  MOVIE_LIST_FIELDS,
  MOVIE_LIST_MOVE,
  movieListQuery,
  parseListDate,
  removeMovieFromList,
  reorder,
  repositionMovieInList,
  type MovieListAdd,
  type MovieListCreate,
  type MovieListMove,
} from './lists';
export { personalizedMovieList } from './personalized';
export { privateRentalMovieList } from './private-rental';
