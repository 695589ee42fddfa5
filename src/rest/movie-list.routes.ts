import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MovieList, MovieListEntry } from '../../schema/movie-list.type';
import type { Movie } from '../../schema/movie.type';
import type { Context } from '../context';
import { DomainError, notFound } from '../errors';
import { fixedRead, NOT_PLANNED, plannedOf } from '../read-planner';
import {
  addMovieToList,
  createMovieList,
  currentMovieListQuery,
  deleteMovieList,
  formatListDate,
  MOVIE_LIST_ADD,
  MOVIE_LIST_CREATE,
  MOVIE_LIST_MOVE,
  movieListQuery,
  parseListDate,
  removeMovieFromList,
  repositionMovieInList,
  type MovieListAdd,
  type MovieListCreate,
  type MovieListMove,
} from '../services/movie';
import { parseInput } from '../services/shared/parse-input';
import { seg, type Hal } from './hal';
import type { RestKit } from './kit';
import { arr, id, int, links, obj, params, query, route, str } from './schemas';
import { component } from './openapi';
import { resource } from './derive';
import { zodBody } from './schema-compilers';

/** The spec's response form of a list date: no zone designator (GraphQL's DateTime has one). */
const LIST_DATES = { startDate: str('YYYY-MM-DDThh:mm:ss (UTC)'), endDate: str('YYYY-MM-DDThh:mm:ss (UTC)') };

/** The spec's Movie list: the GraphQL MovieList's fields; the count and the movies are the content's. */
const movieListSchema = component('MovieList', resource('MovieList', { omit: ['count', 'movies'], override: LIST_DATES, links: true }));

/** Movie list content: the list with its count and, embedded, its movies (REST embeds id and name of each). */
const contentSchema = component('MovieListContent', resource('MovieList', {
  omit: ['movies'],
  override: LIST_DATES,
  extra: {
    _embedded: obj({
      movies: arr(obj({ sequence: int(), _embedded: obj({ movie: obj({ id: int(), name: str(), _links: links() }) }) })),
    }),
  },
  links: true,
}));

/** Without `type` the lists are under `_embedded.movieLists`; with it, each is `{_embedded.movieList}` (the spec's two shapes). */
const listsSchema = component('MovieListList', obj(
  {
    count: int(),
    _embedded: obj({ movieLists: arr(movieListSchema) }),
    movieLists: arr(obj({ _embedded: obj({ movieList: movieListSchema }) })),
    _links: links(),
  },
  ['_embedded', 'movieLists'],
));

const listIdParams = params({ movieListId: id() });
/** The bodies: described and parsed by the service's zod schemas, once (docs/architecture.md, "Inputs"). */
const createBody = zodBody(MOVIE_LIST_CREATE, parseInput);
const addBody = zodBody(MOVIE_LIST_ADD, parseInput);
const moveBody = zodBody(MOVIE_LIST_MOVE, parseInput);

/**
 * What the routes read through the read planner (src/read-planner/), as GraphQL's MovieList: a list's
 * own fields (with the number of its movies), and its content with each entry's movie.
 */
const LIST_SELECTION = '{ id }';
const CONTENT_SELECTION = '{ movies { sequence movie { id name } } }';
const ENTRIES = { path: { key: 'movies', prev: undefined, typename: 'MovieList' } };
const MOVIE = { path: { key: 'movie', prev: undefined, typename: 'MovieListEntry' } };

const listPath = (id: number) => `/v1/movie-lists/${id}`;

function listBody(hal: Hal, list: MovieList) {
  return {
    id: list.id,
    name: list.name,
    typeName: list.typeName,
    startDate: formatListDate(list.startDate),
    endDate: formatListDate(list.endDate),
    _links: hal.self(listPath(list.id)),
  };
}

/** A list read with CONTENT_SELECTION: its fields, count and movies in sequence order. */
function contentBody(hal: Hal, list: MovieList, selfPath: string) {
  const entries = plannedOf(list, ENTRIES);
  if (entries === NOT_PLANNED) throw new Error('read planner: a movie list read without CONTENT_SELECTION');
  return {
    ...listBody(hal, list),
    count: list.count,
    _embedded: {
      movies: (entries as MovieListEntry[]).map((e) => {
        const movie = plannedOf(e, MOVIE) as Movie;
        return { sequence: e.sequence, _embedded: { movie: { id: movie.id, name: movie.name, _links: hal.self(`/v2/movies/${movie.id}`) } } };
      }),
    },
    _links: hal.self(selfPath),
  };
}

/** Movie lists v1: reads are public; create, add, reposition and delete need an admin token (AUTH_RULES and the services). */
export async function movieListRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  const LISTS = fixedRead(kit.schema, 'MovieList', LIST_SELECTION);
  const CONTENT = fixedRead(kit.schema, 'MovieList', CONTENT_SELECTION);

  /** Answers 201 with `Location` of the list and its content, read after the write. */
  async function createdList(ctx: Context, request: FastifyRequest, reply: FastifyReply, listId: number) {
    const hal = kit.hal(request);
    const list = (await CONTENT.one(ctx, listId)) as MovieList | null;
    if (!list) throw notFound('Movie list', listId);
    return reply.status(201).header('location', hal.url(listPath(listId))).send(contentBody(hal, list, listPath(listId)));
  }

  app.get<{ Querystring: { type?: string; 'start-date'?: string; 'end-date'?: string } }>(
    '/v1/movie-lists',
    {
      schema: route('Movie lists', 'Movie lists, optionally of one type overlapping a date range', {
        querystring: query({ type: str('List type name, e.g. NowPlaying'), 'start-date': str(), 'end-date': str() }),
        response: { 200: listsSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const q = request.query;
      const list = movieListQuery({
        typeName: q.type,
        startDate: q['start-date'] ? parseListDate(q['start-date'], 'start-date') : null,
        endDate: q['end-date'] ? parseListDate(q['end-date'], 'end-date') : null,
      });
      const lists = (await LISTS.all(ctx, list)) as MovieList[];
      const self = { self: { href: hal.url(request.url), templated: false } };
      if (q.type) {
        return { count: lists.length, movieLists: lists.map((l) => ({ _embedded: { movieList: listBody(hal, l) } })), _links: self };
      }
      return { count: lists.length, _embedded: { movieLists: lists.map((l) => listBody(hal, l)) }, _links: self };
    },
  );

  app.post<{ Body: MovieListCreate }>(
    '/v1/movie-lists',
    { schema: route('Movie lists', 'Create a movie list (admin)', { body: createBody, response: { 201: contentSchema } }) },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const id = await createMovieList(ctx.db, ctx.principal, request.body);
      return createdList(ctx, request, reply, id);
    },
  );

  app.get<{ Params: { typeName: string } }>(
    '/v1/movie-lists/views/:typeName',
    {
      schema: route('Movie lists', 'The current list of a type (its date range contains now)', {
        params: params({ typeName: str() }),
        response: { 200: contentSchema },
      }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const { typeName } = request.params;
      const list = (await CONTENT.first(ctx, currentMovieListQuery(typeName))) as MovieList | null;
      if (!list) throw new DomainError('NOT_FOUND', `No current movie list of type ${typeName}`);
      return contentBody(kit.hal(request), list, `/v1/movie-lists/views/${seg(typeName)}`);
    },
  );

  app.get<{ Params: { movieListId: number } }>(
    '/v1/movie-lists/:movieListId',
    {
      schema: route('Movie lists', 'A movie list with its movies', { params: listIdParams, response: { 200: contentSchema } }),
    },
    async (request) => {
      const ctx = await kit.context(request);
      const id = request.params.movieListId;
      const list = (await CONTENT.one(ctx, id)) as MovieList | null;
      if (!list) throw notFound('Movie list', id);
      return contentBody(kit.hal(request), list, listPath(id));
    },
  );

  app.post<{ Params: { movieListId: number }; Body: MovieListAdd }>(
    '/v1/movie-lists/:movieListId',
    {
      schema: route('Movie lists', 'Add a movie at a position (admin)', { params: listIdParams, body: addBody, response: { 201: contentSchema } }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const id = request.params.movieListId;
      await addMovieToList(ctx.db, ctx.principal, id, request.body);
      return createdList(ctx, request, reply, id);
    },
  );

  app.put<{ Params: { movieListId: number }; Body: MovieListMove }>(
    '/v1/movie-lists/:movieListId',
    {
      schema: route('Movie lists', 'Move a movie of the list to a new position (admin)', {
        params: listIdParams,
        body: moveBody,
        response: { 201: contentSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const id = request.params.movieListId;
      await repositionMovieInList(ctx.db, ctx.principal, id, request.body);
      return createdList(ctx, request, reply, id);
    },
  );

  app.delete<{ Params: { movieListId: number } }>(
    '/v1/movie-lists/:movieListId',
    { schema: route('Movie lists', 'Delete a movie list (admin)', { params: listIdParams, response: { 200: { type: 'null' } } }) },
    async (request, reply) => {
      const ctx = await kit.context(request);
      await deleteMovieList(ctx.db, ctx.principal, request.params.movieListId);
      return reply.status(200).send();
    },
  );

  app.delete<{ Params: { movieListId: number; movieId: number } }>(
    '/v1/movie-lists/:movieListId/:movieId',
    {
      schema: route('Movie lists', 'Remove a movie from a list (admin)', {
        params: params({ movieListId: id(), movieId: id() }),
        response: { 200: { type: 'null' } },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      await removeMovieFromList(ctx.db, ctx.principal, request.params.movieListId, request.params.movieId);
      return reply.status(200).send();
    },
  );
}
