import type { Context } from '../../context';
import { summarizeCredits } from '../../services/person';
import type { Movie } from '../../../schema/movie.type';
import type { Credit } from '../../../schema/person.type';
import { NOT_PLANNED, plannedOf } from '../../read-planner';
import type { Hal } from '../hal';
import { resource } from '../derive';
import { arr, obj, paged } from '../schemas';
import { attributeRefSchema, toAttributeRef } from './attribute';
import { component } from '../openapi';

export const movieSchema = component('Movie', resource('Movie', {
  // Relations: REST links to cast and crew, media and showtimes instead (movieLinks).
  omit: ['castAndCrew', 'mediaItems', 'showtimes'],
  override: { attributes: arr(attributeRefSchema) },
  links: true,
}));

/** A page of movies (movie views, private-rental movies, personalized movies). */
export const moviePageSchema = component('MoviePage', paged({ _embedded: obj({ movies: arr(movieSchema) }) }));

export const moviePath = (id: number) => `/v2/movies/${id}`;

export function movieLinks(hal: Hal, id: number) {
  return {
    ...hal.self(moviePath(id)),
    [hal.rel('v2/media')]: hal.link(`/v2/media/movie/${id}/{media-type}`, true),
    [hal.rel('v2/earliest-showtime')]: hal.link(`/v2/theatres/{theatre-id}/movies/${id}/earliest-showtime`, true),
    [hal.rel('v1/cast-crew')]: hal.link(`/v1/movie/${id}/cast-crew`),
  };
}

/** What the movie routes read through the read planner with each movie (src/read-planner/). */
export const MOVIE_SELECTION = '{ attributes { id } castAndCrew { id } }';
const ATTRIBUTES = { path: { key: 'attributes', prev: undefined, typename: 'Movie' } };
const CREDITS = { path: { key: 'castAndCrew', prev: undefined, typename: 'Movie' } };

/**
 * A movie read through the planner with MOVIE_SELECTION: its attribute ids and its credits with their
 * people came with it; the earliest showtime is a loader's (an aggregate per movie), as on GraphQL.
 */
export async function toPlannedMovie(ctx: Context, hal: Hal, movie: Movie) {
  const ids = plannedOf(movie, ATTRIBUTES);
  const planned = plannedOf(movie, CREDITS);
  if (ids === NOT_PLANNED || planned === NOT_PLANNED) throw new Error('read planner: a movie read without MOVIE_SELECTION');
  const credits = planned as Credit[];
  const [earliest, attributes] = await Promise.all([ctx.loaders.earliestShowtimeByMovieId.load(movie.id), ctx.loaders.attributesOfIds(ids as number[])]);
  return {
    ...movie,
    ...summarizeCredits(credits.map((c) => ({ job: c.job, name: c.personRow?.name }))),
    earliestShowingUtc: earliest?.toISOString() ?? null,
    hasScheduledShowtimes: earliest !== null,
    attributes: attributes.map(toAttributeRef),
    _links: movieLinks(hal, movie.id),
  };
}
