import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import type { Movie } from '../../schema/movie.type';
import { fixedRead } from '../read-planner';
import { type MovieView, personalizedMovieList } from '../services/movie';
import type { RestKit } from './kit';
import { pagedFields, pageOf, pagingQuery, type PagingQuery } from './paging';
import { id, params, query, route, str } from './schemas';
import { MOVIE_SELECTION, moviePageSchema, toPlannedMovie } from './shapes/movie';

const VIEWS: Record<string, MovieView> = {
  'now-playing': 'NOW_PLAYING',
  advance: 'ADVANCE',
  'coming-soon': 'COMING_SOON',
  active: 'ACTIVE',
};

/** Personalized movies v2 (docs/accounts.md, "Personalized movies"): the movie views ranked for an account. */
export async function personalizedRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  // The ranked list read as the movie routes read theirs (src/read-planner/).
  const MOVIES = fixedRead(kit.schema, 'Movie', MOVIE_SELECTION);
  app.get<{ Params: { accountId: number; view: string }; Querystring: PagingQuery }>(
    '/v2/site-accounts/:accountId/personalized-movies/views/:view',
    {
      schema: {
        ...route('Movies', "A movie view ranked for the account's taste (its own token or an admin)", {
          params: params({ accountId: id('Site account id.'), view: str('now-playing, advance, coming-soon or active; anything else is 404.') }),
          querystring: query({ ...pagingQuery }),
          response: { 200: moviePageSchema },
        }),
        operationId: 'listPersonalizedMovies',
      },
    },
    async (request) => {
      const view = Object.hasOwn(VIEWS, request.params.view) ? VIEWS[request.params.view] : null;
      if (!view) throw notFound('Movie view', request.params.view);
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const page = pageOf(request.query);
      const list = await personalizedMovieList(ctx.db, ctx.principal, request.params.accountId, view);
      const result = await MOVIES.page(ctx, list, page);
      const movies = await Promise.all(result.items.map((m) => toPlannedMovie(ctx, hal, m as Movie)));
      return { ...pagedFields(request, hal, page, result.totalCount), _embedded: { movies } };
    },
  );
}
