import { startTestApp, type TestApp } from '../helpers/app';
import { useRestConformance, type Json } from '../helpers/rest-conformance';

/**
 * Conformance of the REST layer to the spec's rules: paging arithmetic and limits, the 404 rules,
 * bad input and the error body, and links on a configured base_url.
 */

interface Link {
  href: string;
  templated: boolean;
}
interface ErrorBody {
  errors: { code: number; message: string }[];
}

const t = useRestConformance();
const { f, get, pathOf, ok } = t;
let app: TestApp;
beforeAll(() => {
  ({ app } = t);
});

describe('paging', () => {
  const links = (body: Json) => body._links as Record<string, Link>;

  test('first, middle and last pages: counts, sizes, previous/next presence and hrefs', async () => {
    const count = (await ok('/v2/theatres?page-size=1')).count as number;
    expect(count).toBeGreaterThan(14);
    const size = 7;
    const lastPage = Math.ceil(count / size);

    const first = await ok(`/v2/theatres?page-size=${size}&market=`);
    expect(first).toMatchObject({ pageNumber: 1, pageSize: size, count });
    expect(first._embedded.theatres).toHaveLength(size);
    expect(links(first).previous).toBeUndefined();
    expect(links(first).next).toEqual({ href: `${app.url}/v2/theatres?page-size=${size}&market=&page-number=2`, templated: false });
    expect(links(first).self).toEqual({ href: `${app.url}/v2/theatres?page-size=${size}&market=`, templated: false });

    const middle = await ok(`/v2/theatres?page-number=2&page-size=${size}`);
    expect(middle._embedded.theatres).toHaveLength(size);
    expect(pathOf(links(middle).previous.href)).toBe(`/v2/theatres?page-number=1&page-size=${size}`);
    expect(pathOf(links(middle).next.href)).toBe(`/v2/theatres?page-number=3&page-size=${size}`);
    const ids = (b: Json) => b._embedded.theatres.map((t: Json) => t.id);
    expect(ids(middle).some((id: number) => ids(first).includes(id))).toBe(false);

    const last = await ok(`/v2/theatres?page-number=${lastPage}&page-size=${size}`);
    expect(last._embedded.theatres).toHaveLength(count - (lastPage - 1) * size);
    expect(links(last).next).toBeUndefined();
    expect(pathOf(links(last).previous.href)).toBe(`/v2/theatres?page-number=${lastPage - 1}&page-size=${size}`);

    const beyond = await ok(`/v2/theatres?page-number=${lastPage + 1}&page-size=${size}`);
    expect(beyond._embedded.theatres).toHaveLength(0);
    expect(beyond.count).toBe(count);
    expect(links(beyond).next).toBeUndefined();
  });

  test('defaults: page 1 of 10', async () => {
    const body = await ok(`/v2/theatres/${f.theatre.id}/showtimes`);
    expect(body).toMatchObject({ pageNumber: 1, pageSize: 10 });
    expect(body._embedded.showtimes.length).toBe(Math.min(10, body.count));
  });

  test('page-size 1000 is served as 100', async () => {
    const body = await ok(`/v2/theatres/${f.theatre.id}/showtimes?page-size=1000`);
    expect(body.count).toBeGreaterThan(100);
    expect(body.pageSize).toBe(100);
    expect(body._embedded.showtimes).toHaveLength(100);
  });

  test.each(['page-size=-1', 'page-size=0', 'page-size=abc', 'page-number=abc', 'page-number=0'])('%s is a 400 with the error body', async (q) => {
    const res = await get<ErrorBody>(`/v1/markets?${q}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ code: 4000, message: expect.stringContaining(q.split('=')[0]) }] });
  });
});

describe('404 rules and the error body', () => {
  const notFound: [string, () => string][] = [
    ['unknown media type of one item', () => `/v2/media/sounds/${f.imageId}`],
    ['unknown media type of a resource', () => `/v2/media/movie/${f.mediaMovieId}/sounds`],
    ['unknown resource type', () => '/v2/media/spaceships/1/images'],
    ['missing media id', () => '/v2/media/images/987654321'],
    ['an image id asked as a video', () => `/v2/media/videos/${f.imageId}`],
    ['missing resource id', () => '/v2/media/movie/987654/images'],
    ['missing attribute code', () => '/v2/media/attribute/NOSUCHCODE/images'],
    ['unknown theatre (showtimes)', () => '/v2/theatres/987654/showtimes'],
    ['unknown theatre (date)', () => `/v2/theatres/987654/showtimes/${f.date}`],
    ['unknown theatre', () => '/v2/theatres/987654'],
    ['unknown showtime', () => '/v2/showtimes/987654321'],
    ['unknown movie', () => '/v2/movies/987654'],
    ['unknown movie view', () => '/v2/movies/views/someday'],
    ['unknown performance', () => `/v3/seating-layouts/${f.theatre.id}/987654`],
    ['unknown theatre layouts', () => '/v3/theatres/987654/seating-layouts'],
    ['unknown concession', () => '/v1/concessions/987654'],
    ['cast of an unknown movie', () => '/v1/movie/987654/cast-crew'],
    ['non-numeric movie id (route constraint)', () => '/v1/movie/abc/cast-crew'],
    ['earliest showtime of an unknown movie', () => `/v2/theatres/${f.theatre.id}/movies/987654/earliest-showtime`],
    ['unknown image content type', () => '/v2/media/images/sizes?content-type=Hologram'],
    ['unknown route', () => '/v9/nothing/here'],
  ];

  test.each(notFound)('%s → 404 with code 4002', async (_name, path) => {
    const res = await get<ErrorBody>(path());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: [{ code: 4002, message: expect.any(String) }] });
  });

  test('bad input is a 400 naming the parameter; nothing internal leaks', async () => {
    const cases: [string, RegExp][] = [
      [`/v2/theatres/${f.theatre.id}/showtimes/2030-02-30`, /date/],
      [`/v2/theatres/${f.theatre.id}/showtimes?attribute-operator=xor`, /attribute-operator/],
      [`/v2/theatres/${f.theatre.id}/showtimes?movie-id=abc`, /movie-id/],
      ['/v2/locations?latitude=north&longitude=1', /latitude/],
      ['/v2/locations?longitude=1', /latitude/],
      ['/v2/theatres/abc', /theatreId/],
    ];
    for (const [path, naming] of cases) {
      const res = await get<ErrorBody>(path);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors[0].code).toBe(4000);
      expect(res.body.errors[0].message).toMatch(naming);
      expect(JSON.stringify(res.body)).not.toMatch(/select |from "|at .*\.ts|stack/i);
    }
  });
});

describe('base_url', () => {
  test('links use PUBLIC_BASE_URL when configured', async () => {
    const other = await startTestApp({ env: { PUBLIC_BASE_URL: 'https://api.marquee.example/' }, databaseUrl: app.databaseUrl });
    try {
      const res = await other.get<Json>(`/v2/showtimes/${f.showtime.id}`);
      expect(res.body._links.self.href).toBe(`https://api.marquee.example/v2/showtimes/${f.showtime.id}`);
      expect(res.body._links['https://api.marquee.example/rels/v2/theatre'].href).toBe(
        `https://api.marquee.example/v2/theatres/${f.showtime.theatreId}`,
      );
    } finally {
      await other.close();
    }
  });
});
