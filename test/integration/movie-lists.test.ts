import { signAccountToken } from '../../src/auth/principal';
import { useTestApp } from '../helpers/app';

interface Content {
  id: number;
  count: number;
  startDate: string;
  _embedded: { movies: { sequence: number; _embedded: { movie: { id: number; name: string } } }[] };
  _links: { self: { href: string; templated: boolean } };
}
interface ErrorBody {
  errors: { code: number; message: string }[];
}

let admin: Record<string, string>;
let user: Record<string, string>;
let movieIds: number[];

/** `YYYY-MM-DD hh:mm:ss` (UTC) of now + days, the spec's request format. */
const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');

async function createList(typeName: string, from = -1, to = 30): Promise<{ id: number; location: string }> {
  const res = await app.request<Content>(
    'POST',
    '/v1/movie-lists',
    { name: `${typeName} list`, typeName, startDate: at(from), endDate: at(to) },
    admin,
  );
  expect(res.status).toBe(201);
  return { id: res.body.id, location: res.headers.get('location') ?? '' };
}

const order = (c: Content) => c._embedded.movies.map((m) => m._embedded.movie.id);
const sequences = (c: Content) => c._embedded.movies.map((m) => m.sequence);

const { app } = useTestApp();
beforeAll(async () => {
  admin = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1, { admin: true })}` };
  user = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 2)}` };
  const res = await app.gql<{ movies: { items: { id: number }[] } }>('{ movies(pageSize: 5) { items { id } } }');
  movieIds = res.data!.movies.items.map((m) => m.id);
  expect(movieIds.length).toBe(5);
});

describe('movie lists v1', () => {
  test('writes need an admin token: 401 without one, 403 with a non-admin one', async () => {
    const body = { name: 'x', typeName: 'NowPlaying', startDate: at(0), endDate: at(1) };
    const anonymous = await app.request<ErrorBody>('POST', '/v1/movie-lists', body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0].code).toBe(4010);
    const nonAdmin = await app.request<ErrorBody>('POST', '/v1/movie-lists', body, user);
    expect(nonAdmin.status).toBe(403);
    expect(nonAdmin.body.errors[0].code).toBe(4030);

    const { id } = await createList('Guarded');
    for (const [method, path, payload] of [
      ['POST', `/v1/movie-lists/${id}`, { movieId: movieIds[0], position: 1 }],
      ['PUT', `/v1/movie-lists/${id}`, { movieId: movieIds[0], position: 1 }],
      ['DELETE', `/v1/movie-lists/${id}/${movieIds[0]}`, undefined],
      ['DELETE', `/v1/movie-lists/${id}`, undefined],
    ] as const) {
      expect((await app.request(method, path, payload)).status).toBe(401);
      expect((await app.request(method, path, payload, user)).status).toBe(403);
    }
    // reads are public
    expect((await app.get(`/v1/movie-lists/${id}`)).status).toBe(200);
  });

  test('create answers 201 with Location; dates in as "YYYY-MM-DD hh:mm:ss", out as "YYYY-MM-DDThh:mm:ss"', async () => {
    const res = await app.request<Content & { typeName: string; endDate: string }>(
      'POST',
      '/v1/movie-lists',
      { name: 'Summer', typeName: 'AdvanceTickets', startDate: '2031-06-01 08:30:00', endDate: '2031-08-31 23:59:59' },
      admin,
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${app.url}/v1/movie-lists/${res.body.id}`);
    const got = await app.get<Content & { typeName: string; endDate: string }>(`/v1/movie-lists/${res.body.id}`);
    expect(got.body).toMatchObject({ typeName: 'AdvanceTickets', startDate: '2031-06-01T08:30:00', endDate: '2031-08-31T23:59:59', count: 0 });

    const bad = await app.request<ErrorBody>(
      'POST',
      '/v1/movie-lists',
      { name: 'Bad', typeName: 'NowPlaying', startDate: '2031-02-30 00:00:00', endDate: '2031-03-01 00:00:00' },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toMatch(/startDate/);
  });

  test('adding at a position shifts the others; reposition and removal keep sequences 1..n', async () => {
    const { id, location } = await createList('Reorder');
    const [a, b, c, d] = movieIds;
    for (const movieId of [a, b, c]) {
      const res = await app.request<Content>('POST', `/v1/movie-lists/${id}`, { movieId }, admin);
      expect(res.status).toBe(201);
      expect(res.headers.get('location')).toBe(location);
    }
    let content = (await app.get<Content>(`/v1/movie-lists/${id}`)).body;
    expect(order(content)).toEqual([a, b, c]);

    content = (await app.request<Content>('POST', `/v1/movie-lists/${id}`, { movieId: d, position: 2 }, admin)).body;
    expect(order(content)).toEqual([a, d, b, c]);
    expect(sequences(content)).toEqual([1, 2, 3, 4]);

    const moved = await app.request<Content>('PUT', `/v1/movie-lists/${id}`, { movieId: a, position: 3 }, admin);
    expect(moved.status).toBe(201);
    expect(moved.headers.get('location')).toBe(location);
    expect(order(moved.body)).toEqual([d, b, a, c]);

    // a position past the end is clamped to the last place
    content = (await app.request<Content>('PUT', `/v1/movie-lists/${id}`, { movieId: d, position: 99 }, admin)).body;
    expect(order(content)).toEqual([b, a, c, d]);

    const removed = await app.request('DELETE', `/v1/movie-lists/${id}/${a}`, undefined, admin);
    expect(removed.status).toBe(200);
    content = (await app.get<Content>(`/v1/movie-lists/${id}`)).body;
    expect(order(content)).toEqual([b, c, d]);
    expect(sequences(content)).toEqual([1, 2, 3]);
    expect(content.count).toBe(3);

    const twice = await app.request<ErrorBody>('POST', `/v1/movie-lists/${id}`, { movieId: b }, admin);
    expect(twice.status).toBe(409);
    const notIn = await app.request<ErrorBody>('PUT', `/v1/movie-lists/${id}`, { movieId: a, position: 1 }, admin);
    expect(notIn.status).toBe(404);
    expect(notIn.body.errors[0].code).toBe(4002);
    const unknownMovie = await app.request<ErrorBody>('POST', `/v1/movie-lists/${id}`, { movieId: 999_999 }, admin);
    expect(unknownMovie.status).toBe(404);
  });

  test('delete answers 200, then the list is 404', async () => {
    const { id } = await createList('Doomed');
    expect((await app.request('DELETE', `/v1/movie-lists/${id}`, undefined, admin)).status).toBe(200);
    const gone = await app.get<ErrorBody>(`/v1/movie-lists/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0].code).toBe(4002);
    expect((await app.request('DELETE', `/v1/movie-lists/${id}`, undefined, admin)).status).toBe(404);
  });

  test('views/{typeName} is the list of that type whose range contains now', async () => {
    await createList('Featured', -30, -2); // past
    const current = await createList('Featured', -1, 5);
    await createList('Featured', 6, 20); // future
    await app.request('POST', `/v1/movie-lists/${current.id}`, { movieId: movieIds[1] }, admin);
    const view = await app.get<Content>('/v1/movie-lists/views/Featured');
    expect(view.status).toBe(200);
    expect(view.body.id).toBe(current.id);
    expect(order(view.body)).toEqual([movieIds[1]]);
    expect(view.body._links.self.href).toBe(`${app.url}/v1/movie-lists/views/Featured`);
    const none = await app.get<ErrorBody>('/v1/movie-lists/views/NoSuchType');
    expect(none.status).toBe(404);
  });

  test('listing: all lists under _embedded.movieLists; by type each under _embedded.movieList; date range overlaps', async () => {
    const mine = await createList('Listed', 100, 110);
    const all = await app.get<{ count: number; _embedded: { movieLists: { id: number }[] } }>('/v1/movie-lists');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(all.body._embedded.movieLists.length);
    expect(all.body._embedded.movieLists.map((l) => l.id)).toContain(mine.id);

    type ByType = { count: number; movieLists: { _embedded: { movieList: { id: number; typeName: string } } }[] };
    const byType = await app.get<ByType>('/v1/movie-lists?type=Listed');
    expect(byType.body.count).toBe(1);
    expect(byType.body.movieLists[0]._embedded.movieList).toMatchObject({ id: mine.id, typeName: 'Listed' });

    const inside = await app.get<ByType>(`/v1/movie-lists?type=Listed&start-date=${encodeURIComponent(at(105))}&end-date=${encodeURIComponent(at(120))}`);
    expect(inside.body.count).toBe(1);
    const outside = await app.get<ByType>(`/v1/movie-lists?type=Listed&start-date=${encodeURIComponent(at(111))}&end-date=${encodeURIComponent(at(120))}`);
    expect(outside.body.count).toBe(0);
    const badDate = await app.get<ErrorBody>('/v1/movie-lists?type=Listed&start-date=tomorrow');
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors[0].message).toMatch(/start-date/);
  });
});
