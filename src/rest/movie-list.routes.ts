import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import {
  addMovieToList,
  createMovieList,
  deleteMovieList,
  formatListDate,
  getCurrentMovieList,
  getMovieListContent,
  listMovieLists,
  parseListDate,
  removeMovieFromList,
  repositionMovieInList,
  type MovieListContent,
  type MovieListRow,
} from '../services/movie';
import { seg, type Hal } from './hal';
import type { RestKit } from './kit';
import { arr, id, int, links, obj, params, query, route, str } from './schemas';
import { component } from './openapi';

const movieListSchema = component('MovieList', obj({
  id: int(),
  name: str(),
  typeName: str('e.g. NowPlaying, AdvanceTickets'),
  startDate: str('YYYY-MM-DDThh:mm:ss (UTC)'),
  endDate: str('YYYY-MM-DDThh:mm:ss (UTC)'),
  _links: links(),
}));

const contentSchema = component('MovieListContent', obj({
  id: int(),
  name: str(),
  typeName: str(),
  startDate: str(),
  endDate: str(),
  count: int(),
  _embedded: obj({
    movies: arr(obj({ sequence: int(), _embedded: obj({ movie: obj({ id: int(), name: str(), _links: links() }) }) })),
  }),
  _links: links(),
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
const entryBody = (positionRequired: boolean) => ({
  type: 'object',
  properties: { movieId: int(), position: { type: 'integer', minimum: 1, description: '1-based; clamped to the list length' } },
  required: positionRequired ? ['movieId', 'position'] : ['movieId'],
});

const listPath = (id: number) => `/v1/movie-lists/${id}`;

function listBody(hal: Hal, row: MovieListRow) {
  return {
    id: row.id,
    name: row.name,
    typeName: row.typeName,
    startDate: formatListDate(row.startDate),
    endDate: formatListDate(row.endDate),
    _links: hal.self(listPath(row.id)),
  };
}

function contentBody(hal: Hal, content: MovieListContent, selfPath: string) {
  return {
    ...listBody(hal, content.list),
    count: content.entries.length,
    _embedded: {
      movies: content.entries.map((e) => ({
        sequence: e.sequence,
        _embedded: { movie: { id: e.movie.id, name: e.movie.name, _links: hal.self(`/v2/movies/${e.movie.id}`) } },
      })),
    },
    _links: hal.self(selfPath),
  };
}

/** Answers 201 with `Location` of the list and its content. */
async function createdList(kit: RestKit, request: FastifyRequest, reply: FastifyReply, listId: number) {
  const ctx = await kit.context(request);
  const hal = kit.hal(request);
  const content = await getMovieListContent(ctx.catalogDb, listId);
  if (!content) throw notFound('Movie list', listId);
  return reply.status(201).header('location', hal.url(listPath(listId))).send(contentBody(hal, content, listPath(listId)));
}

/** Movie lists v1: reads are public; create, add, reposition and delete need an admin token. */
export async function movieListRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
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
      const rows = await listMovieLists(ctx.catalogDb, {
        typeName: q.type,
        startDate: q['start-date'] ? parseListDate(q['start-date'], 'start-date') : null,
        endDate: q['end-date'] ? parseListDate(q['end-date'], 'end-date') : null,
      });
      const self = { self: { href: hal.url(request.url), templated: false } };
      if (q.type) {
        return { count: rows.length, movieLists: rows.map((r) => ({ _embedded: { movieList: listBody(hal, r) } })), _links: self };
      }
      return { count: rows.length, _embedded: { movieLists: rows.map((r) => listBody(hal, r)) }, _links: self };
    },
  );

  app.post<{ Body: { name: string; typeName: string; startDate: string; endDate: string } }>(
    '/v1/movie-lists',
    {
      schema: route('Movie lists', 'Create a movie list (admin)', {
        body: {
          type: 'object',
          properties: {
            name: { ...str(), maxLength: 200 },
            typeName: { ...str('e.g. NowPlaying'), maxLength: 100 },
            startDate: { ...str('YYYY-MM-DD hh:mm:ss'), maxLength: 40 },
            endDate: { ...str('YYYY-MM-DD hh:mm:ss'), maxLength: 40 },
          },
          required: ['name', 'typeName', 'startDate', 'endDate'],
        },
        response: { 201: contentSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.admin(request);
      const b = request.body;
      const row = await createMovieList(ctx.db, {
        name: b.name,
        typeName: b.typeName,
        startDate: parseListDate(b.startDate, 'startDate'),
        endDate: parseListDate(b.endDate, 'endDate'),
      });
      return createdList(kit, request, reply, row.id);
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
      const content = await getCurrentMovieList(ctx.catalogDb, request.params.typeName);
      return contentBody(kit.hal(request), content, `/v1/movie-lists/views/${seg(request.params.typeName)}`);
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
      const content = await getMovieListContent(ctx.catalogDb, id);
      if (!content) throw notFound('Movie list', id);
      return contentBody(kit.hal(request), content, listPath(id));
    },
  );

  app.post<{ Params: { movieListId: number }; Body: { movieId: number; position?: number } }>(
    '/v1/movie-lists/:movieListId',
    {
      schema: route('Movie lists', 'Add a movie at a position (admin)', {
        params: listIdParams,
        body: entryBody(false),
        response: { 201: contentSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.admin(request);
      const id = request.params.movieListId;
      await addMovieToList(ctx.db, id, request.body.movieId, request.body.position);
      return createdList(kit, request, reply, id);
    },
  );

  app.put<{ Params: { movieListId: number }; Body: { movieId: number; position: number } }>(
    '/v1/movie-lists/:movieListId',
    {
      schema: route('Movie lists', 'Move a movie of the list to a new position (admin)', {
        params: listIdParams,
        body: entryBody(true),
        response: { 201: contentSchema },
      }),
    },
    async (request, reply) => {
      const ctx = await kit.admin(request);
      const id = request.params.movieListId;
      await repositionMovieInList(ctx.db, id, request.body.movieId, request.body.position);
      return createdList(kit, request, reply, id);
    },
  );

  app.delete<{ Params: { movieListId: number } }>(
    '/v1/movie-lists/:movieListId',
    { schema: route('Movie lists', 'Delete a movie list (admin)', { params: listIdParams, response: { 200: { type: 'null' } } }) },
    async (request, reply) => {
      const ctx = await kit.admin(request);
      await deleteMovieList(ctx.db, request.params.movieListId);
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
      const ctx = await kit.admin(request);
      await removeMovieFromList(ctx.db, request.params.movieListId, request.params.movieId);
      return reply.status(200).send();
    },
  );
}
