import type { Context } from '../../context';
import { movieFields, type MovieRow } from '../../services/movie.service';
import { summarizeCredits } from '../../services/person.service';
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

/**
 * A movie with the fields computed from other tables (credits, earliest showtime, attributes), each
 * through a per-request loader, as the GraphQL field resolvers do.
 */
export async function toMovie(ctx: Context, hal: Hal, row: MovieRow) {
  const [credits, earliest, attributes] = await Promise.all([
    ctx.loaders.creditsByMovieId.load(row.id),
    ctx.loaders.earliestShowtimeByMovieId.load(row.id),
    ctx.loaders.attributesByMovieId.load(row.id),
  ]);
  const people = await ctx.loaders.personById.loadMany(credits.map((c) => c.personId));
  const names = new Map<number, string>();
  for (const p of people) if (p && !(p instanceof Error)) names.set(p.id, p.name);
  const { starringActors, directors } = summarizeCredits(credits, (id) => names.get(id));
  return {
    ...movieFields(row),
    starringActors,
    directors,
    earliestShowingUtc: earliest?.toISOString() ?? null,
    hasScheduledShowtimes: earliest !== null,
    attributes: attributes.map(toAttributeRef),
    _links: movieLinks(hal, row.id),
  };
}
