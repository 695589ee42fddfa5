import { useTestApp, VENDOR } from '../helpers/app';
import { wsOperation } from '../helpers/ws';

/**
 * Movie lists and private-rental movies in the graph (docs/rest.md, "Movie lists"; docs/decisions.md):
 * the queries read through the read planner (one statement per root field, whatever is selected under
 * it), the mutations through the services REST calls (admin only, the same error codes). Movie lists
 * are not seeded: the tests make their own.
 */

interface Entry {
  sequence: number;
  movieId: number;
  movie: { id: number; name: string };
}
interface List {
  id: number;
  name: string;
  typeName: string;
  startDate: string;
  endDate: string;
  count: number;
  movies: Entry[];
}

const { app, sql, bearer } = useTestApp({ accounts: { admin: { id: 1, admin: true }, guest: 2 } });

const LIST = 'id name typeName startDate endDate count movies { sequence movieId movie { id name } }';
const CREATE = `mutation($input: CreateMovieListInput!) { createMovieList(input: $input) { ${LIST} } }`;
const ADD = `mutation($input: MovieListEntryInput!) { addMovieToList(input: $input) { ${LIST} } }`;
const MOVE = `mutation($input: MovieListEntryInput!) { repositionMovieInList(input: $input) { ${LIST} } }`;
const REMOVE = `mutation($list: Int!, $movie: Int!) { removeMovieFromList(movieListId: $list, movieId: $movie) { ${LIST} } }`;
const DELETE = 'mutation($id: Int!) { deleteMovieList(id: $id) }';

/** `YYYY-MM-DD hh:mm:ss` (UTC) of now + days, the lists' input form. */
const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');

let movieIds: number[];
beforeAll(async () => {
  movieIds = (await sql<{ id: number }[]>`select id from movies order by id limit 5`).map((m) => m.id);
});

const codeOf = (res: { errors?: readonly { extensions?: Record<string, unknown> }[] }) => res.errors?.[0]?.extensions?.code;

async function create(typeName: string, from = -1, to = 30, name = `${typeName} list`): Promise<List> {
  const res = await app.gql<{ createMovieList: List }>(CREATE, { input: { name, typeName, startDate: at(from), endDate: at(to) } }, bearer('admin'));
  expect(res.errors).toBeUndefined();
  return res.data!.createMovieList;
}

async function add(list: number, movie: number, position?: number): Promise<List> {
  const res = await app.gql<{ addMovieToList: List }>(ADD, { input: { movieListId: list, movieId: movie, position } }, bearer('admin'));
  expect(res.errors).toBeUndefined();
  return res.data!.addMovieToList;
}

const order = (l: List) => l.movies.map((e) => e.movie.id);

describe('movie list mutations', () => {
  test('admin only: anonymous and a vendor key are UNAUTHENTICATED, a guest token FORBIDDEN; nothing is written', async () => {
    const input = { name: 'x', typeName: 'Guarded', startDate: at(0), endDate: at(1) };
    const { id } = await create('Guarded');
    const writes: [string, Record<string, unknown>][] = [
      [CREATE, { input }],
      [ADD, { input: { movieListId: id, movieId: movieIds[0] } }],
      [MOVE, { input: { movieListId: id, movieId: movieIds[0], position: 1 } }],
      [REMOVE, { list: id, movie: movieIds[0] }],
      [DELETE, { id }],
    ];
    for (const [query, variables] of writes) {
      for (const [headers, code] of [[{}, 'UNAUTHENTICATED'], [VENDOR, 'UNAUTHENTICATED'], [bearer('guest'), 'FORBIDDEN']] as const) {
        const res = await app.gql(query, variables, headers);
        expect({ query, code: codeOf(res), data: res.data ?? null }).toEqual({ query, code, data: null });
      }
    }
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from movie_lists where type_name = 'Guarded'`;
    expect(n).toBe(1);
    const [{ items }] = await sql<{ items: number }[]>`select count(*)::int as items from movie_list_items where movie_list_id = ${id}`;
    expect(items).toBe(0);
  });

  test('create, add at a position, move, remove and delete answer the list after, as REST shows it', async () => {
    const created = await app.gql<{ createMovieList: List }>(
      CREATE,
      { input: { name: 'Summer', typeName: 'AdvanceTickets', startDate: '2031-06-01 08:30:00', endDate: '2031-08-31T23:59:59' } },
      bearer('admin'),
    );
    expect(created.errors).toBeUndefined();
    const list = created.data!.createMovieList;
    expect(list).toMatchObject({ name: 'Summer', typeName: 'AdvanceTickets', startDate: '2031-06-01T08:30:00.000Z', endDate: '2031-08-31T23:59:59.000Z', count: 0, movies: [] });
    const [a, b, c, d] = movieIds;
    await add(list.id, a);
    await add(list.id, b);
    await add(list.id, c);
    let after = await add(list.id, d, 2);
    expect(order(after)).toEqual([a, d, b, c]);
    expect(after.movies.map((e) => e.sequence)).toEqual([1, 2, 3, 4]);
    expect(after.movies.map((e) => e.movieId)).toEqual([a, d, b, c]);
    expect(after.count).toBe(4);

    const moved = await app.gql<{ repositionMovieInList: List }>(MOVE, { input: { movieListId: list.id, movieId: a, position: 99 } }, bearer('admin'));
    expect(order(moved.data!.repositionMovieInList)).toEqual([d, b, c, a]);
    const removed = await app.gql<{ removeMovieFromList: List }>(REMOVE, { list: list.id, movie: b }, bearer('admin'));
    after = removed.data!.removeMovieFromList;
    expect(order(after)).toEqual([d, c, a]);
    expect(after.movies.map((e) => e.sequence)).toEqual([1, 2, 3]);

    // The same list as REST's content: ids, names, sequences, count and dates.
    const rest = await app.get<{ count: number; startDate: string; _embedded: { movies: { sequence: number; _embedded: { movie: { id: number; name: string } } }[] } }>(
      `/v1/movie-lists/${list.id}`,
    );
    expect(rest.body.count).toBe(after.count);
    expect(rest.body.startDate).toBe(after.startDate.slice(0, 19));
    expect(rest.body._embedded.movies.map((m) => ({ sequence: m.sequence, movie: { id: m._embedded.movie.id, name: m._embedded.movie.name } }))).toEqual(
      after.movies.map((e) => ({ sequence: e.sequence, movie: e.movie })),
    );

    const deleted = await app.gql<{ deleteMovieList: boolean }>(DELETE, { id: list.id }, bearer('admin'));
    expect(deleted.data).toEqual({ deleteMovieList: true });
    expect((await app.gql<{ movieList: List | null }>(`{ movieList(id: ${list.id}) { id } }`)).data).toEqual({ movieList: null });
    expect((await app.get(`/v1/movie-lists/${list.id}`)).status).toBe(404);
  });

  test('bad input is a 400-class code naming the field, never INTERNAL_SERVER_ERROR; unknown ids NOT_FOUND; a movie twice CONFLICT', async () => {
    const { id } = await create('Errors');
    await add(id, movieIds[0]);
    const input = { name: 'n', typeName: 'Errors', startDate: at(0), endDate: at(1) };
    const cases: [string, Record<string, unknown>, string, RegExp?][] = [
      [CREATE, { input: { ...input, startDate: '2031-02-30 00:00:00' } }, 'BAD_USER_INPUT', /startDate/],
      [CREATE, { input: { ...input, endDate: 'tomorrow' } }, 'BAD_USER_INPUT', /endDate/],
      [CREATE, { input: { ...input, startDate: at(2), endDate: at(1) } }, 'BAD_USER_INPUT', /endDate/],
      [CREATE, { input: { ...input, name: '   ' } }, 'BAD_USER_INPUT', /name/],
      [CREATE, { input: { ...input, typeName: 'x'.repeat(101) } }, 'BAD_USER_INPUT', /typeName/],
      [ADD, { input: { movieListId: id, movieId: movieIds[1], position: 0 } }, 'BAD_USER_INPUT', /position/],
      [MOVE, { input: { movieListId: id, movieId: movieIds[0] } }, 'BAD_USER_INPUT', /position/],
      [ADD, { input: { movieListId: id, movieId: movieIds[0] } }, 'CONFLICT'],
      [ADD, { input: { movieListId: id, movieId: 999_999 } }, 'NOT_FOUND'],
      [ADD, { input: { movieListId: id, movieId: -1 } }, 'NOT_FOUND'],
      [ADD, { input: { movieListId: 999_999, movieId: movieIds[1] } }, 'NOT_FOUND'],
      [ADD, { input: { movieListId: 0, movieId: movieIds[1] } }, 'NOT_FOUND'],
      [MOVE, { input: { movieListId: id, movieId: movieIds[3], position: 1 } }, 'NOT_FOUND'],
      [REMOVE, { list: id, movie: movieIds[3] }, 'NOT_FOUND'],
      [DELETE, { id: 999_999 }, 'NOT_FOUND'],
      [DELETE, { id: -5 }, 'NOT_FOUND'],
    ];
    for (const [query, variables, code, message] of cases) {
      const res = await app.gql(query, variables, bearer('admin'));
      expect({ variables, code: codeOf(res) }).toEqual({ variables, code });
      if (message) expect(res.errors![0].message).toMatch(message);
    }
    // Bad list-date arguments of the queries too.
    for (const q of ['{ movieLists(startDate: "soon") { totalCount } }', '{ movieLists(type: "x", endDate: "2031-13-01") { totalCount } }']) {
      const res = await app.gql(q);
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
    }
    // Nothing of the refused writes stayed.
    const lists = await app.gql<{ movieLists: { totalCount: number } }>('{ movieLists(type: "errors") { totalCount } }');
    expect(lists.data!.movieLists.totalCount).toBe(1);
  });
});

describe('movie list queries, through the read planner', () => {
  test('movieLists: by type (case-insensitive) and overlapping dates, newest start first, paged; one statement', async () => {
    const early = await create('Paged', 100, 110, 'early');
    const late = await create('Paged', 105, 120, 'late');
    const other = await create('PagedOther', 100, 110);
    const q = `query($type: String, $start: String, $end: String, $size: Int) {
      movieLists(type: $type, startDate: $start, endDate: $end, pageSize: $size) { totalCount hasNextPage items { id name count } } }`;
    const all = await app.gql<{ movieLists: { totalCount: number; items: { id: number }[] } }>(q, { type: 'paged' });
    expect(all.data!.movieLists.items.map((l) => l.id)).toEqual([late.id, early.id]);
    expect(all.statements).toBe(1);
    const inside = await app.gql<{ movieLists: { items: { id: number }[] } }>(q, { type: 'Paged', start: at(111), end: at(130) });
    expect(inside.data!.movieLists.items.map((l) => l.id)).toEqual([late.id]);
    const paged = await app.gql<{ movieLists: { totalCount: number; hasNextPage: boolean; items: { id: number }[] } }>(q, { type: 'Paged', size: 1 });
    expect(paged.data!.movieLists).toMatchObject({ totalCount: 2, hasNextPage: true, items: [{ id: late.id }] });
    const any = await app.gql<{ movieLists: { items: { id: number }[] } }>(q, { start: at(100), end: at(101), size: 100 });
    expect(any.data!.movieLists.items.map((l) => l.id)).toEqual(expect.arrayContaining([early.id, other.id]));
    expect(any.data!.movieLists.items.map((l) => l.id)).not.toContain(late.id);
  });

  test('movieList(id) deep into the movie graph, and currentMovieList: one statement each', async () => {
    const list = await create('Deep');
    const [{ id: castMovie }] = await sql<{ id: number }[]>`select movie_id as id from movie_credits group by 1 order by count(*) desc, 1 limit 1`;
    await add(list.id, castMovie);
    await add(list.id, movieIds[1], 1);
    const deep = `query($id: Int!) { movieList(id: $id) { id count movies { sequence movie { id name attributes { code } castAndCrew { job person { name credits { movieId } } } mediaItems { id } } } } }`;
    const res = await app.gql<{ movieList: { count: number; movies: { movie: { id: number; castAndCrew: unknown[] } }[] } }>(deep, { id: list.id });
    expect(res.errors).toBeUndefined();
    expect(res.statements).toBe(1);
    expect(res.data!.movieList.count).toBe(2);
    expect(res.data!.movieList.movies.map((e) => e.movie.id)).toEqual([movieIds[1], castMovie]);
    expect(res.data!.movieList.movies[1].movie.castAndCrew.length).toBeGreaterThan(0);

    await create('Current', -30, -2); // past
    const current = await create('Current', -1, 5);
    await create('Current', 6, 20); // future
    await add(current.id, movieIds[2]);
    const view = await app.gql<{ currentMovieList: { id: number; movies: { movie: { id: number } }[] } | null }>(
      '{ currentMovieList(typeName: "current") { id movies { movie { id castAndCrew { id } } } } }',
    );
    expect(view.data!.currentMovieList?.id).toBe(current.id);
    expect(view.data!.currentMovieList?.movies.map((e) => e.movie.id)).toEqual([movieIds[2]]);
    expect(view.statements).toBe(1);
    const none = await app.gql('{ currentMovieList(typeName: "NoSuchType") { id } }');
    expect(none).toMatchObject({ data: { currentMovieList: null }, statements: 1 });
    expect(none.errors).toBeUndefined();
  });

  test('over graphql-ws: the same answer as over HTTP', async () => {
    const list = await create('Socket');
    await add(list.id, movieIds[3]);
    const query = `query($id: Int!) { movieList(id: $id) { ${LIST} } }`;
    const http = await app.gql(query, { id: list.id });
    const ws = await wsOperation(app.url, query, { id: list.id });
    expect(ws.errors).toBeUndefined();
    expect(ws.data).toEqual(http.data);
    const bad = await wsOperation(app.url, '{ movieLists(startDate: "2031-02-30") { totalCount } }');
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('privateTheatreRentalMovies', () => {
  test('the movies with a rental tier, by sortable name, paged as REST pages them; one statement', async () => {
    const res = await app.gql<{ privateTheatreRentalMovies: { totalCount: number; items: { id: number; privateTheatreRentalTier: string | null }[] } }>(
      '{ privateTheatreRentalMovies(pageSize: 4, pageNumber: 2) { totalCount items { id privateTheatreRentalTier attributes { code } castAndCrew { person { name } } } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.statements).toBe(1);
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from movies where private_theatre_rental_tier is not null`;
    expect(res.data!.privateTheatreRentalMovies.totalCount).toBe(n);
    expect(res.data!.privateTheatreRentalMovies.items.every((m) => m.privateTheatreRentalTier !== null)).toBe(true);
    const rest = await app.get<{ count: number; _embedded: { movies: { id: number }[] } }>('/v2/showtimes/private-theatre-rental-movies?page-size=4&page-number=2');
    expect(rest.body.count).toBe(n);
    expect(rest.body._embedded.movies.map((m) => m.id)).toEqual(res.data!.privateTheatreRentalMovies.items.map((m) => m.id));
    const bad = await app.gql('{ privateTheatreRentalMovies(pageSize: 1000) { totalCount } }');
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
  });
});

test('movie lists are catalog answers: public for five minutes, as REST serves them; their writes never stored', async () => {
  const res = await fetch(`${app.url}/graphql?query=${encodeURIComponent('{ movieLists { items { id movies { sequence movie { id } } } } currentMovieList(typeName: "x") { id } }')}`, {
    headers: { 'apollo-require-preflight': 'true' },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('max-age=300, public');
  const write = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer('admin') },
    body: JSON.stringify({ query: 'mutation { deleteMovieList(id: 999999) }' }),
  });
  expect(write.headers.get('cache-control')).toBe('no-store');
});
