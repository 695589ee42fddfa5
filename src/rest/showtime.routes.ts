import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { badInput, DomainError, notFound } from '../errors';
import type { Movie } from '../../schema/movie.type';
import type { Showtime } from '../../schema/showtime.type';
import { fixedRead } from '../read-planner';
import { privateRentalMovieList } from '../services/movie';
import type { ListQuery, Page } from '../services/shared/paging';
import {
  earliestShowtimeList,
  showtimeByIdList,
  showtimesNearList,
  type ShowtimeFilters,
  theatreShowtimeList,
  withTaken,
  MAX_FILTER_CODES,
} from '../services/showtime';
import type { RestKit } from './kit';
import { pagedFields, pageOf, pagingQuery, type PageRequest, type PagingQuery } from './paging';
import { arr, id, nstr, num, obj, paged, params, query, route, str } from './schemas';
import { MOVIE_SELECTION, moviePageSchema, toPlannedMovie } from './shapes/movie';
import { lastUpdatedOf, showtimeSchema, toPlannedShowtimes } from './shapes/showtime';
import { component } from './openapi';

type FilterQuery = PagingQuery & {
  movie?: string;
  'movie-id'?: number;
  'include-attributes'?: string;
  'exclude-attributes'?: string;
  'attribute-operator'?: string;
};

const codesQuery = (description: string) => ({ ...str(`${description} At most ${MAX_FILTER_CODES} codes.`), maxLength: 1000 });

const filterQuery = {
  movie: str("Case-insensitive part of the movie's name."),
  'movie-id': { type: 'integer', minimum: 1 },
  'include-attributes': codesQuery('Comma-separated attribute codes the showtime must have.'),
  'exclude-attributes': codesQuery('Comma-separated attribute codes the showtime must not have.'),
  'attribute-operator': str('and (default) or or: whether every or any included code is required.'),
  ...pagingQuery,
};

const showtimeList = component('ShowtimePage', paged({ lastUpdatedDateUtc: nstr('Latest update among the listed showtimes.'), _embedded: obj({ showtimes: arr(showtimeSchema) }) }));

/** A comma-separated list of codes; more than MAX_FILTER_CODES is a 400 naming the parameter. */
function codes(q: FilterQuery, name: 'include-attributes' | 'exclude-attributes'): string[] | null {
  const value = q[name];
  if (!value) return null;
  const list = value.split(',').map((c) => c.trim()).filter(Boolean);
  if (list.length > MAX_FILTER_CODES) throw badInput(`${name}: at most ${MAX_FILTER_CODES} codes`, name);
  return list;
}

/** The spec's query parameters as service filters; a bad attribute-operator is a 400 naming it. */
export function filtersOf(q: FilterQuery): ShowtimeFilters {
  const op = q['attribute-operator']?.trim();
  if (op && !/^(and|or)$/i.test(op)) throw badInput("attribute-operator must be 'and' or 'or'", 'attribute-operator');
  return {
    movieName: q.movie?.trim() || null,
    movieId: q['movie-id'] ?? null,
    includeAttributes: codes(q, 'include-attributes'),
    excludeAttributes: codes(q, 'exclude-attributes'),
    attributeOperator: op ? (op.toUpperCase() as 'AND' | 'OR') : null,
  };
}

/**
 * The `{date}` route value: `YYYY-MM-DD`, or the US form `M-D-YYYY` (also with slashes encoded) that
 * older clients send; the service validates the calendar date (400 naming `date`).
 */
export function dateOf(raw: string): string {
  const us = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(raw);
  return us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : raw;
}

/** A page of showtimes (a planned page: prices planned, seats taken as the list's value) as the spec shows it. */
async function showtimePage(ctx: Context, kit: RestKit, request: FastifyRequest, page: PageRequest, result: Page<Showtime>) {
  const hal = kit.hal(request);
  return {
    ...pagedFields(request, hal, page, result.totalCount),
    lastUpdatedDateUtc: lastUpdatedOf(result.items.map((s) => s.record)),
    _embedded: { showtimes: await toPlannedShowtimes(ctx, hal, result.items) },
  };
}

async function requireTheatre(ctx: Context, theatreId: number) {
  if (!(await ctx.loaders.theatreById.load(theatreId))) throw notFound('Theatre', theatreId);
}

/**
 * A theatre's showtimes list, its theatre checked only when the list is empty or the request refused: a
 * theatre with showtimes exists (their foreign key), so a page costs no statement for the check. An
 * unknown theatre is a 404 whatever else is wrong with the request, as when it was checked first.
 */
async function listOfTheatre(ctx: Context, theatreId: number, list: () => Promise<Page<Showtime>>): Promise<Page<Showtime>> {
  let result: Page<Showtime>;
  try {
    result = await list();
  } catch (err) {
    await requireTheatre(ctx, theatreId);
    throw err;
  }
  if (result.totalCount === 0) await requireTheatre(ctx, theatreId);
  return result;
}

/** Showtimes v2: of a theatre (on a date or all future), one, earliest of a movie, near a point. */
export async function showtimeRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  // Private-rental movies read as GraphQL's `privateTheatreRentalMovies` reads them (src/read-planner/).
  const RENTAL_MOVIES = fixedRead(kit.schema, 'Movie', MOVIE_SELECTION);
  // Pages of showtimes with their prices, and their seats taken as the list's value (withTaken): one statement.
  const SHOWTIMES = fixedRead(kit.schema, 'Showtime', '{ ticketPrices { type } }');
  const showtimesOf = (ctx: Context, list: ListQuery, page: PageRequest) => SHOWTIMES.page(ctx, withTaken(list), page) as Promise<Page<Showtime>>;
  /** The first showtime of `list` as the spec shows it, or null: one statement. */
  const firstShowtime = async (ctx: Context, request: FastifyRequest, list: ListQuery) => {
    const showtime = (await SHOWTIMES.first(ctx, withTaken(list))) as Showtime | null;
    return showtime && (await toPlannedShowtimes(ctx, kit.hal(request), [showtime]))[0];
  };
  app.get<{ Params: { theatreNumber: number; date: string }; Querystring: FilterQuery }>(
    '/v2/theatres/:theatreNumber/showtimes/:date',
    {
      schema: route('Showtimes', 'Showtimes of a theatre on a theatre-local date (YYYY-MM-DD or M-D-YYYY)', {
        params: params({ theatreNumber: id('The theatre id.'), date: str() }),
        querystring: query(filterQuery),
        response: { 200: showtimeList },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const { theatreNumber, date } = request.params;
      const page = pageOf(request.query);
      const result = await listOfTheatre(ctx, theatreNumber, () =>
        showtimesOf(ctx, theatreShowtimeList({ theatreId: theatreNumber, date: dateOf(date), filters: filtersOf(request.query) }), page),
      );
      return showtimePage(ctx, kit, request, page, result);
    },
  );

  app.get<{ Params: { theatreNumber: number }; Querystring: FilterQuery }>(
    '/v2/theatres/:theatreNumber/showtimes',
    {
      schema: route('Showtimes', 'All future showtimes of a theatre', {
        params: params({ theatreNumber: id('The theatre id.') }),
        querystring: query(filterQuery),
        response: { 200: showtimeList },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const theatreId = request.params.theatreNumber;
      const page = pageOf(request.query);
      const result = await listOfTheatre(ctx, theatreId, () => showtimesOf(ctx, theatreShowtimeList({ theatreId, filters: filtersOf(request.query) }), page));
      return showtimePage(ctx, kit, request, page, result);
    },
  );

  app.get<{ Querystring: PagingQuery }>(
    '/v2/showtimes/private-theatre-rental-movies',
    {
      schema: route('Showtimes', 'Movies available for a private theatre rental', {
        querystring: query({ ...pagingQuery }),
        response: { 200: moviePageSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const page = pageOf(request.query);
      const result = await RENTAL_MOVIES.page(ctx, privateRentalMovieList, page);
      const movies = await Promise.all(result.items.map((m) => toPlannedMovie(ctx, hal, m as Movie)));
      return { ...pagedFields(request, hal, page, result.totalCount), _embedded: { movies } };
    },
  );

  app.get<{ Params: { showtimeId: number } }>(
    '/v2/showtimes/:showtimeId',
    {
      schema: route('Showtimes', 'One showtime', { params: params({ showtimeId: id() }), response: { 200: showtimeSchema } }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const showtime = await firstShowtime(ctx, request, showtimeByIdList(request.params.showtimeId));
      if (!showtime) throw notFound('Showtime', request.params.showtimeId);
      return showtime;
    },
  );

  app.get<{ Params: { theatreNumber: number; movieId: number } }>(
    '/v2/theatres/:theatreNumber/movies/:movieId/earliest-showtime',
    {
      schema: route('Showtimes', 'The earliest future showtime of a movie at a theatre', {
        params: params({ theatreNumber: id(), movieId: id() }),
        response: { 200: showtimeSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const { theatreNumber, movieId } = request.params;
      await requireTheatre(ctx, theatreNumber);
      if (!(await ctx.loaders.movieById.load(movieId))) throw notFound('Movie', movieId);
      const showtime = await firstShowtime(ctx, request, earliestShowtimeList(theatreNumber, movieId));
      if (!showtime) throw new DomainError('NOT_FOUND', `Movie ${movieId} has no upcoming showtime at theatre ${theatreNumber}`);
      return showtime;
    },
  );

  app.get<{ Params: { date: string; latitude: number; longitude: number }; Querystring: FilterQuery & { radius?: number } }>(
    '/v2/showtimes/views/current-location/:date/:latitude/:longitude',
    {
      schema: route('Showtimes', 'Showtimes on a date at theatres near a point (closest theatre first)', {
        params: params({ date: str(), latitude: num(), longitude: num() }),
        querystring: query({ radius: num('Miles, default 50.'), ...filterQuery }),
        response: { 200: showtimeList },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const { date, latitude, longitude } = request.params;
      const page = pageOf(request.query);
      const near = { date: dateOf(date), latitude, longitude, radius: request.query.radius, filters: filtersOf(request.query) };
      return showtimePage(ctx, kit, request, page, await showtimesOf(ctx, showtimesNearList(near), page));
    },
  );
}
