import { DEMO_DEVICE_TOKEN } from '../../db/seed/devices';
import { signAccountToken } from '../../src/auth/principal';
import { useTestApp } from '../helpers/app';

/**
 * Hypermedia crawl: from a few theatres, movies and showtimes, follow every `_links` (and cast-crew's
 * `links`) href breadth-first — templated ones expanded with real values — and require 200 for each.
 */

type Json = Record<string, unknown>;
interface Link {
  href: string;
  templated: boolean;
}

const MAX_REQUESTS = 300;

const { app } = useTestApp();

/** Every link object under a `_links` or `links` key anywhere in the body. */
function linksIn(body: unknown, out: Link[] = []): Link[] {
  if (Array.isArray(body)) {
    for (const item of body) linksIn(item, out);
  } else if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as Json)) {
      if ((key === '_links' || key === 'links') && value && typeof value === 'object') {
        for (const link of Object.values(value as Json)) {
          const l = link as Link;
          if (l && typeof l.href === 'string') out.push(l);
        }
      } else {
        linksIn(value, out);
      }
    }
  }
  return out;
}

test('every link reachable from theatres, movies and showtimes answers 200', async () => {
  const theatres = await app.get<{ _embedded: { theatres: { id: number }[] } }>('/v2/theatres?page-size=3');
  const theatreIds = theatres.body._embedded.theatres.map((t) => t.id);
  const movies = await app.get<{ _embedded: { movies: { id: number }[] } }>('/v2/movies/views/now-playing?page-size=3');
  const movieIds = movies.body._embedded.movies.map((m) => m.id);
  const showtimes = await app.get<{ _embedded: { showtimes: { id: number }[] } }>(
    `/v2/theatres/${theatreIds[0]}/showtimes?page-size=3`,
  );
  const showtimeIds = showtimes.body._embedded.showtimes.map((s) => s.id);
  expect(theatreIds.length && movieIds.length && showtimeIds.length).toBeTruthy();

  /** A theatre that shows the movie (the earliest-showtime template asks for one), via GraphQL. */
  const theatreShowing = async (movieId: number): Promise<number | null> => {
    const res = await app.gql<{ movie: { showtimes: { theatreId: number }[] } | null }>(
      'query($id: Int!) { movie(id: $id) { showtimes { theatreId } } }',
      { id: movieId },
    );
    return res.data?.movie?.showtimes[0]?.theatreId ?? null;
  };

  /** Real values for the templates the service publishes (none when no real value exists). */
  const expand = async (href: string): Promise<string[]> => {
    let variants = [href];
    if (href.includes('{media-type}')) variants = variants.flatMap((h) => ['images', 'videos'].map((t) => h.replace('{media-type}', t)));
    if (href.includes('{theatre-id}')) {
      const movie = /\/movies\/(\d+)\/earliest-showtime/.exec(href);
      const theatreId = movie ? await theatreShowing(Number(movie[1])) : theatreIds[0];
      if (theatreId === null) return [];
      variants = variants.map((h) => h.replace('{theatre-id}', String(theatreId)));
    }
    return variants;
  };

  const queue: string[] = [
    ...theatreIds.map((id) => `/v2/theatres/${id}`),
    ...movieIds.map((id) => `/v2/movies/${id}`),
    ...showtimeIds.map((id) => `/v2/showtimes/${id}`),
  ];
  const seen = new Set(queue);
  const failures: string[] = [];
  const foreign: string[] = [];
  let templatedExpanded = 0;
  let requests = 0;

  while (queue.length && requests < MAX_REQUESTS) {
    const path = queue.shift()!;
    requests++;
    const res = await app.get(path);
    if (res.status !== 200) {
      failures.push(`${path} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      continue;
    }
    for (const link of linksIn(res.body)) {
      if (!link.href.startsWith(app.url)) {
        foreign.push(link.href);
        continue;
      }
      const hrefs = link.templated ? await expand(link.href) : [link.href];
      if (link.templated) {
        templatedExpanded++;
        for (const h of hrefs) expect(h).not.toMatch(/[{}]/);
      }
      for (const href of hrefs) {
        const next = href.slice(app.url.length);
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
  }

  expect(failures).toEqual([]);
  expect(foreign).toEqual([]);
  // The crawl really went somewhere: many distinct resources, templated links included.
  expect(requests).toBeGreaterThan(50);
  expect(templatedExpanded).toBeGreaterThan(0);
  const kinds = new Set([...seen].map((p) => p.split('/').slice(1, 3).join('/')));
  for (const kind of ['v2/theatres', 'v2/movies', 'v2/showtimes', 'v2/media', 'v1/movie', 'v3/seating-layouts', 'v2/seating-layouts', 'v1/concessions']) {
    expect(kinds).toContain(kind);
  }
});

/**
 * The account side needs credentials: from an order made with a loyalty card, and from that card's
 * loyalty account, every non-templated link answers 200 for the same caller — the order's creating
 * vendor, and the account's own token with a vendor key (templated order links need bodies and methods
 * other than GET; docs/orders.md).
 */
test("links from an order's loyalty card and its loyalty account answer 200 for the order's creator", async () => {
  const vendor = { 'x-vendor-key': 'demo-vendor-key' };
  const owner = { ...vendor, authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1)}` };
  for (const headers of [vendor, owner]) {
    const order = await app.request<{ id: number; _links: Record<string, Link> }>('POST', '/v2/orders', { loyaltyCardNumber: 'PREM000000000001' }, headers);
    expect(order.status).toBe(201);
    // The link names the card by id: the number appears in no link, only in the order's field (the
    // creator and the owner are entitled to it, docs/accounts.md).
    expect(order.body._links['loyalty-card'].href).toBe(`${app.url}/v4/loyalty-cards/id-1`);
    expect(JSON.stringify(linksIn(order.body))).not.toContain('PREM000000000001');
    const queue = [`/v2/orders/${order.body.id}`, '/v4/loyalty-accounts/1', '/v4/loyalty-cards?loyalty-account-id=1', '/v4/loyalty-accounts/card-id-1'];
    const seen = new Set(queue);
    const failures: string[] = [];
    while (queue.length && seen.size < 60) {
      const path = queue.shift()!;
      const res = await app.get(path, headers);
      if (res.status !== 200) failures.push(`${path} → ${res.status}`);
      for (const link of linksIn(res.body)) {
        const next = link.href.slice(app.url.length);
        if (link.templated || !link.href.startsWith(app.url) || seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    expect(failures).toEqual([]);
    for (const path of ['/v4/loyalty-cards/id-1', '/v2/loyalty-cards/id-1/product-subscriptions/alist']) {
      expect(seen).toContain(path);
    }
    expect([...seen].filter((p) => p.includes('PREM000000000001'))).toEqual([]);
  }
});

test("every link reachable from an account's wallet, devices and personalized views answers 200 to its token", async () => {
  const headers = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1)}` };
  const queue = [
    '/v4/site-accounts/1/wallet',
    '/v4/site-accounts/1/wallet/views/on-demand',
    `/v1/devices/${DEMO_DEVICE_TOKEN}`,
    ...['now-playing', 'advance', 'coming-soon', 'active'].map((v) => `/v2/site-accounts/1/personalized-movies/views/${v}?page-size=2`),
  ];
  const seen = new Set(queue);
  const failures: string[] = [];
  let requests = 0;
  // Templated links (movie media, earliest showtime) are expanded by the catalog crawl above.
  while (queue.length && requests < 120) {
    const path = queue.shift()!;
    requests++;
    const res = await app.get(path, headers);
    if (res.status !== 200) {
      failures.push(`${path} → ${res.status}`);
      continue;
    }
    for (const link of linksIn(res.body)) {
      if (link.templated || !link.href.startsWith(app.url)) continue;
      const next = link.href.slice(app.url.length);
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  expect(failures).toEqual([]);
  for (const part of ['/wallet/loyalty', '/wallet/credit-cards/', '/wallet/gift-cards/', '/wallet/partner-cards', '/personalized-movies/views/now-playing?page-size=2&page-number=2', '/v2/movies/']) {
    expect([...seen].some((p) => p.includes(part))).toBe(true);
  }
});

/**
 * Every media route of /openapi.json, entered with real values (each resource type with a resource that
 * exists, both media types, content types, sizes, items and renditions), and every link reachable from
 * them (templated ones expanded), answers 200: a content type's `self` included (a video type's once
 * pointed at the image sizes query, which 404s for it).
 */
test('every media route, and every link reachable from them, answers 200', async () => {
  type Doc = { paths: Record<string, Record<string, unknown>> };
  const doc = (await app.get<Doc>('/openapi.json')).body;
  const mediaRoutes = Object.keys(doc.paths).filter((p) => /^\/v2\/(media|images)\//.test(p) && doc.paths[p].get);
  const first = async <T>(path: string, pick: (body: Json) => T): Promise<T> => pick((await app.get<Json>(path)).body);
  const theatre = await first('/v2/theatres?page-size=1', (b) => (b._embedded as Json).theatres as Json[]);
  const movies = await first('/v2/movies/views/now-playing?page-size=20', (b) => (b._embedded as Json).movies as Json[]);
  let person: number | null = null;
  for (const m of movies) {
    const cast = await first(`/v1/movie/${m.id}/cast-crew`, (b) => b.cast as Json[]);
    if (cast.length > 0) {
      person = cast[0].personId as number;
      break;
    }
  }
  const attribute = await first('/v1/attributes', (b) => ((b._embedded as Json).attributes as Json[])[0].code as string);
  const concessions = await first(`/v1/theatres/${theatre[0].id}/concessions?page-size=1`, (b) => (b._embedded as Json).concessions as Json[]);
  const category = ((concessions[0]._embedded as Json).categories as Json[])[0].categoryId as number;
  expect(person).not.toBeNull();
  const resources = [
    `theatre/${theatre[0].id}`,
    `movie/${movies[0].id}`,
    `attribute/${encodeURIComponent(attribute)}`,
    `person/${person}`,
    'promotion/premiere-membership',
    `products/${concessions[0].concessionId}`,
    `product-categories/${category}`,
  ];
  const queue: string[] = [
    '/v2/media/images/content-types',
    '/v2/media/videos/content-types',
    '/v2/images/sizes',
    '/v2/media/images/sizes?content-type=Poster',
    // No link names an image type itself (its `self` is its sizes query, as the spec shows).
    '/v2/media/images/content-types/Poster',
    ...resources.flatMap((r) => ['images', 'videos'].map((t) => `/v2/media/${r}/${t}?page-size=2`)),
  ];
  const seen = new Set(queue);
  const failures: string[] = [];
  let requests = 0;
  while (queue.length && requests < 250) {
    const path = queue.shift()!;
    requests++;
    const res = await app.get(path);
    if (res.status !== 200) {
      failures.push(`${path} → ${res.status}`);
      continue;
    }
    for (const link of linksIn(res.body)) {
      if (!link.href.startsWith(app.url)) continue;
      const hrefs = link.templated ? ['images', 'videos'].map((t) => link.href.replace('{media-type}', t)) : [link.href];
      for (const href of hrefs) {
        const next = href.slice(app.url.length);
        if (/[{}]/.test(next) || seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
  }
  expect(failures).toEqual([]);
  expect(queue).toEqual([]);
  // Every media route of the document served some path the crawl took: the route a path reaches is the
  // matching one with the most literal text (as the router prefers static segments).
  const patternOf = (route: string) => new RegExp(`^${route.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?|$)`);
  const literal = (route: string) => route.replace(/\{[^}]+\}/g, '').length;
  const routeOf = (path: string) => mediaRoutes.filter((r) => patternOf(r).test(path)).sort((a, b) => literal(b) - literal(a))[0];
  const served = new Set([...seen].map(routeOf));
  const unvisited = mediaRoutes.filter((route) => !served.has(route));
  expect(unvisited).toEqual([]);
  expect(mediaRoutes.length).toBeGreaterThanOrEqual(8);
  for (const part of ['/v2/media/videos/content-types/', '/renditions/']) expect([...seen].some((p) => p.includes(part))).toBe(true);
});
