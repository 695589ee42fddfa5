import type { FastifyInstance } from 'fastify';
import type { Movie } from '../../schema/movie.type';
import type { Theatre } from '../../schema/theatre.type';
import { notFound } from '../errors';
import { fixedRead } from '../read-planner';
import type { Market } from '../../schema/market.type';
import { marketList, theatreList } from '../services/theatre';
import { movieList, type MovieView } from '../services/movie';
import { seg, type Hal } from './hal';
import type { RestKit } from './kit';
import { pagedFields, pageOf, pagingQuery, type PagingQuery } from './paging';
import { arr, id, obj, paged, params, query, route, str } from './schemas';
import { MOVIE_SELECTION, moviePageSchema, movieSchema, toPlannedMovie } from './shapes/movie';
import { THEATRE_SELECTION, theatreSchema, toPlannedTheatre } from './shapes/theatre';
import { component } from './openapi';
import { resource } from './derive';

const MOVIE_VIEWS: Record<string, MovieView> = {
  'now-playing': 'NOW_PLAYING',
  advance: 'ADVANCE',
  'coming-soon': 'COMING_SOON',
  active: 'ACTIVE',
};

/** The spec's Market: every field of the GraphQL type; `_links` (self, the theatres in it). */
const marketSchema = component('Market', resource('Market', {
  // Relation: REST links to the market's theatres (`{base_url}/v2/theatres`).
  omit: ['theatres'],
  links: true,
}));

function toMarket(hal: Hal, row: Market) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    // The spec names the theatres-in-market relation `{base_url}/v2/theatres`; the `/rels/` spelling of
    // the other relations is kept beside it for clients that followed the convention.
    _links: {
      ...hal.self(`/v1/markets/${row.id}`),
      [hal.url('/v2/theatres')]: hal.link(`/v2/theatres?market=${seg(row.slug)}`),
      [hal.rel('v2/theatres')]: hal.link(`/v2/theatres?market=${seg(row.slug)}`),
    },
  };
}

const theatrePageSchema = component('TheatrePage', paged({ _embedded: obj({ theatres: arr(theatreSchema) }) }));
const marketPageSchema = component('MarketPage', paged({ _embedded: obj({ markets: arr(marketSchema) }) }));

/** Theatres, movies and markets: the linked resources the spec's `_links` point at. */
export async function catalogRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  // Theatres read as GraphQL reads them (src/read-planner/): one path, the same statements.
  const THEATRE = fixedRead(kit.schema, 'Theatre', THEATRE_SELECTION);
  const MOVIE = fixedRead(kit.schema, 'Movie', MOVIE_SELECTION);
  const MARKET = fixedRead(kit.schema, 'Market', '{ id }');
  app.get<{ Params: { theatreId: number } }>(
    '/v2/theatres/:theatreId',
    {
      schema: route('Theatres', 'One theatre', {
        params: params({ theatreId: id() }),
        response: { 200: theatreSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const theatre = (await THEATRE.one(ctx, request.params.theatreId)) as Theatre | null;
      if (!theatre) throw notFound('Theatre', request.params.theatreId);
      return toPlannedTheatre(ctx, kit.hal(request), theatre);
    },
  );

  app.get<{ Querystring: PagingQuery & { market?: string } }>(
    '/v2/theatres',
    {
      schema: route('Theatres', 'Theatres, of one market (by slug) when given, by name', {
        querystring: query({ market: str('Market slug.'), ...pagingQuery }),
        response: { 200: theatrePageSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const page = pageOf(request.query);
      const result = await THEATRE.page(ctx, theatreList({ marketSlug: request.query.market }), page);
      const theatres = await Promise.all(result.items.map((t) => toPlannedTheatre(ctx, hal, t as Theatre)));
      return { ...pagedFields(request, hal, page, result.totalCount), _embedded: { theatres } };
    },
  );

  app.get<{ Params: { movieId: number } }>(
    '/v2/movies/:movieId',
    {
      schema: route('Movies', 'One movie', { params: params({ movieId: id() }), response: { 200: movieSchema } }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const movie = (await MOVIE.one(ctx, request.params.movieId)) as Movie | null;
      if (!movie) throw notFound('Movie', request.params.movieId);
      return toPlannedMovie(ctx, kit.hal(request), movie);
    },
  );

  app.get<{ Params: { view: string }; Querystring: PagingQuery }>(
    '/v2/movies/views/:view',
    {
      schema: route('Movies', 'Movies of a view: now-playing, advance, coming-soon or active', {
        params: params({ view: str('now-playing, advance, coming-soon or active; anything else is 404') }),
        querystring: query({ ...pagingQuery }),
        response: { 200: moviePageSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const page = pageOf(request.query);
      const view = Object.hasOwn(MOVIE_VIEWS, request.params.view) ? MOVIE_VIEWS[request.params.view] : null;
      if (!view) throw notFound('Movie view', request.params.view);
      const result = await MOVIE.page(ctx, movieList({ view }), page);
      const movies = await Promise.all(result.items.map((m) => toPlannedMovie(ctx, hal, m as Movie)));
      return { ...pagedFields(request, hal, page, result.totalCount), _embedded: { movies } };
    },
  );

  app.get<{ Querystring: PagingQuery }>(
    '/v1/markets',
    {
      schema: route('Locations', 'Markets, by name', {
        querystring: query({ ...pagingQuery }),
        response: { 200: marketPageSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const page = pageOf(request.query);
      const result = await MARKET.page(ctx, marketList, page);
      return {
        ...pagedFields(request, hal, page, result.totalCount),
        _embedded: { markets: result.items.map((m) => toMarket(hal, m as Market)) },
      };
    },
  );

  app.get<{ Params: { marketId: number } }>(
    '/v1/markets/:marketId',
    {
      schema: route('Locations', 'One market', { params: params({ marketId: id() }), response: { 200: marketSchema } }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const row = await ctx.loaders.marketById.load(request.params.marketId);
      if (!row) throw notFound('Market', request.params.marketId);
      return toMarket(kit.hal(request), row);
    },
  );
}
