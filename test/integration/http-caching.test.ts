import { signAccountToken } from '../../src/auth/principal';
import { createTestDatabase, startTestApp, useTestApp } from '../helpers/app';
import { pickShowtimes, sqlOf, VENDOR } from '../helpers/orders';

/**
 * HTTP caching (issue 28, item 2; docs/rest.md "Caching", docs/decisions.md "HTTP caching"): the
 * Cache-Control of GraphQL answers computed from the fields a query selects, REST's per route, ETag and
 * 304, and no public caching of an answer to a request that carried a credential.
 */

const varyOf = (res: Response) => (res.headers.get('vary') ?? '').toLowerCase().split(/,\s*/).filter(Boolean);

describe('HTTP caching', () => {
  let account: Record<string, string>;
  let showtime: { id: number; theatreId: number; performanceNumber: number; date: string; movieId: number };

  const post = (query: string, headers: Record<string, string> = {}, variables?: Record<string, unknown>) =>
    fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
  const cacheOf = async (query: string, headers: Record<string, string> = {}) => {
    const res = await post(query, headers);
    const body = (await res.json()) as { errors?: unknown[] };
    return { control: res.headers.get('cache-control'), errors: body.errors, res };
  };
  const rest = (path: string, headers: Record<string, string> = {}) => fetch(`${app.url}${path}`, { headers });

  const { app, sql } = useTestApp();
  beforeAll(async () => {
    account = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1)}` };
    const [picked] = await pickShowtimes(sql, 1);
    const [row] = await sql<{ theatre_id: number; performance_number: number; movie_id: number }[]>`
      select theatre_id, performance_number, movie_id from showtimes where id = ${picked.showtimeId}`;
    const res = await post(`{ showtime(id: ${picked.showtimeId}) { showDateTimeLocal } }`);
    const { data } = (await res.json()) as { data: { showtime: { showDateTimeLocal: string } } };
    showtime = {
      id: picked.showtimeId,
      theatreId: row.theatre_id,
      performanceNumber: row.performance_number,
      movieId: row.movie_id,
      date: data.showtime.showDateTimeLocal.slice(0, 10),
    };
  });

  describe('GraphQL: the most restrictive hint of the fields selected', () => {
    it('gives each kind of data its policy', async () => {
      const s = showtime;
      const cases: [string, string, Record<string, string>?][] = [
        // The catalog: 5 minutes, public (nested parts of a movie inherit it).
        [`{ movie(id: ${s.movieId}) { id name media { posterDynamic } attributes { code } } }`, 'max-age=300, public'],
        [`{ theatres(pageSize: 2) { items { name location { city } market { name } } } }`, 'max-age=300, public'],
        // A showtime: a minute; its sold-out flags: 30 s, wherever they are selected.
        [`{ showtime(id: ${s.id}) { id movie { name } theatre { name } } }`, 'max-age=60, public'],
        [`{ showtime(id: ${s.id}) { id isSoldOut } }`, 'max-age=30, public'],
        [`{ theatre(id: ${s.theatreId}) { name showtimes(date: "${s.date}") { id isAlmostSoldOut movie { name } } } }`, 'max-age=30, public'],
        // Account data: private.
        [`{ me { email wallet { loyaltySummary { balance } } } }`, 'max-age=30, private', account],
        // Seat maps and orders: never stored, even nested under the catalog.
        [`{ showtime(id: ${s.id}) { id seatingLayout { rows seats { seatStatus } } } }`, 'no-store'],
        [`{ movie(id: ${s.movieId}) { name } showtime(id: ${s.id}) { seatingLayout { rows } } }`, 'no-store'],
        [`{ me { email orders { items { id } } } }`, 'no-store', account],
        // Mixed roots: the lowest maxAge, PRIVATE over PUBLIC.
        [`{ movie(id: ${s.movieId}) { name } showtime(id: ${s.id}) { isSoldOut } }`, 'max-age=30, public'],
        [`{ movie(id: ${s.movieId}) { name } me { email } }`, 'max-age=30, private', account],
        // Fragments (named, inline, spread at the root) count like fields.
        [
          `query Q { ...Roots } fragment Roots on Query { movie(id: ${s.movieId}) { ...M } showtime(id: ${s.id}) { ... on Showtime { isSoldOut } } } fragment M on Movie { name }`,
          'max-age=30, public',
        ],
        [`query Q { ...Roots } fragment Roots on Query { movie(id: ${s.movieId}) { name } }`, 'max-age=300, public'],
        // __typename adds nothing; reference lists are catalog.
        [`{ __typename movie(id: ${s.movieId}) { __typename name } }`, 'max-age=300, public'],
        [`{ webhookEventTypes { type } attributes { code } }`, 'max-age=300, public'],
      ];
      for (const [query, expected, headers] of cases) {
        const { control, errors } = await cacheOf(query, headers);
        expect({ query, errors, control }).toEqual({ query, errors: undefined, control: expected });
      }
    });

    it('answers mutations and errors with no-store', async () => {
      const created = await cacheOf('mutation { createOrder(input: {}) { id } }', VENDOR);
      expect(created.errors).toBeUndefined();
      expect(created.control).toBe('no-store');
      const invalid = await cacheOf(`{ movie(id: ${showtime.movieId}) { name noSuchField } }`);
      expect(invalid.res.status).toBe(400);
      expect(invalid.control).toBe('no-store');
      const failed = await cacheOf(`{ me { email } }`, { authorization: 'Bearer not-a-token' });
      expect(failed.control).toBe('no-store');
    });

    it('sets the same header on a GET query', async () => {
      const query = encodeURIComponent(`{ movie(id: ${showtime.movieId}) { name } }`);
      const res = await fetch(`${app.url}/graphql?query=${query}`, { headers: { 'apollo-require-preflight': 'true' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('max-age=300, public');
    });

    it('never answers a credentialed request public, and says the answer varies with credentials', async () => {
      const query = `{ movie(id: ${showtime.movieId}) { name } }`;
      for (const headers of [VENDOR, account]) {
        const { res, control } = await cacheOf(query, headers);
        expect(control).toBe('max-age=300, private');
        expect(varyOf(res)).toEqual(expect.arrayContaining(['authorization', 'x-vendor-key']));
      }
      // With CORS's Vary: Origin kept.
      const { res } = await cacheOf(query, { origin: 'http://localhost:5173' });
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(varyOf(res)).toEqual(expect.arrayContaining(['origin', 'authorization', 'x-vendor-key']));
    });
  });

  describe('REST: Cache-Control per route', () => {
    it('gives each kind of data its policy', async () => {
      const s = showtime;
      // A write is never stored; the order it made is read back with the same vendor key.
      const write = await fetch(`${app.url}/v2/orders`, { method: 'POST', headers: { ...VENDOR, 'content-type': 'application/json' }, body: '{}' });
      expect(write.status).toBeLessThan(300);
      expect(write.headers.get('cache-control')).toBe('no-store');
      const order = (await write.json()) as { id: number };
      const cases: [string, string, Record<string, string>?][] = [
        [`/v2/movies/${s.movieId}`, 'max-age=300, public'],
        [`/v2/theatres/${s.theatreId}`, 'max-age=300, public'],
        ['/v1/refund-reasons', 'max-age=300, public'],
        [`/v3/theatres/${s.theatreId}/seating-layouts`, 'max-age=300, public'],
        [`/v2/showtimes/${s.id}`, 'max-age=30, public'],
        [`/v2/theatres/${s.theatreId}/showtimes/${s.date}`, 'max-age=30, public'],
        [`/v3/seating-layouts/${s.theatreId}/${s.performanceNumber}`, 'no-store'],
        ['/v4/site-accounts/1/wallet/views/on-demand', 'max-age=30, private', account],
        ['/v2/site-accounts/1/orders/', 'no-store', account],
        [`/v2/orders/${order.id}`, 'no-store', VENDOR],
      ];
      for (const [path, expected, headers] of cases) {
        const res = await rest(path, headers);
        expect({ path, status: res.status, control: res.headers.get('cache-control') }).toEqual({ path, status: 200, control: expected });
      }
      // Errors are never stored.
      expect((await rest('/v2/movies/999999999')).headers.get('cache-control')).toBe('no-store');
    });

    it('never answers a credentialed request public, and says the answer varies with credentials', async () => {
      for (const headers of [VENDOR, account]) {
        const res = await rest(`/v2/movies/${showtime.movieId}`, headers);
        expect(res.headers.get('cache-control')).toBe('max-age=300, private');
        expect(varyOf(res)).toEqual(expect.arrayContaining(['authorization', 'x-vendor-key']));
      }
      const anonymous = await rest(`/v2/movies/${showtime.movieId}`, { origin: 'http://localhost:5173' });
      expect(anonymous.headers.get('cache-control')).toBe('max-age=300, public');
      expect(varyOf(anonymous)).toEqual(expect.arrayContaining(['origin', 'authorization', 'x-vendor-key']));
      // A catalog route where a variant needs a credential: the credentialed answer is the account's class.
      const contact = await rest('/v2/subscriptions?email-address=nobody%40example.com', VENDOR);
      expect(contact.status).toBe(200);
      expect(contact.headers.get('cache-control')).toBe('max-age=30, private');
    });
  });

  describe('REST: ETag and If-None-Match', () => {
    it('answers 304 without a body for the current tag, and the same tag from another instance', async () => {
      const path = `/v2/movies/${showtime.movieId}`;
      // Both instances behind one name (PUBLIC_BASE_URL), as behind a load balancer, on one database.
      const base = { PUBLIC_BASE_URL: 'https://api.example.test' };
      const databaseUrl = await createTestDatabase();
      const one = await startTestApp({ databaseUrl, env: base });
      const two = await startTestApp({ databaseUrl, env: base });
      try {
        const first = await fetch(`${one.url}${path}`);
        const tag = first.headers.get('etag');
        expect(tag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
        const second = await fetch(`${two.url}${path}`);
        expect(second.headers.get('etag')).toBe(tag);
        expect(await second.text()).toBe(await first.text());

        const notModified = await fetch(`${two.url}${path}`, { headers: { 'if-none-match': `"other", W/${tag}` } });
        expect(notModified.status).toBe(304);
        expect(await notModified.text()).toBe('');
        expect(notModified.headers.get('etag')).toBe(tag);
        expect(notModified.headers.get('cache-control')).toBe('max-age=300, public');
        expect((await fetch(`${one.url}${path}`, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);

        // The movie changes: a new tag, and the old one gets the whole body.
        const db = sqlOf(one);
        await db`update movies set synopsis = coalesce(synopsis, '') || ' (changed)' where id = ${showtime.movieId}`;
        await db.end();
        const changed = await fetch(`${one.url}${path}`, { headers: { 'if-none-match': tag! } });
        expect(changed.status).toBe(200);
        expect(changed.headers.get('etag')).not.toBe(tag);
        expect(((await changed.json()) as { synopsis: string }).synopsis).toMatch(/\(changed\)$/);
      } finally {
        await one.close();
        await two.close();
      }
    });

    it('tags HEAD like GET, and neither writes nor errors', async () => {
      const path = `/v2/theatres/${showtime.theatreId}`;
      const get = await rest(path);
      const head = await fetch(`${app.url}${path}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(get.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
      expect((await rest('/v2/movies/999999999')).headers.get('etag')).toBeNull();
    });
  });
});
