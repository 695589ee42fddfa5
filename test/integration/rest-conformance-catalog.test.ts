import type { TestApp } from '../helpers/app';
import { useRestConformance, type Json } from '../helpers/rest-conformance';
import { CONCESSION, MEDIA, MOVIE, PAGED, PICKUP, SEAT_MAP, SHOWTIME, THEATRE, THEATRE_LAYOUTS } from '../helpers/rest-shapes';
import { shapeProblems, type ShapeSpec } from '../helpers/shape';

/**
 * Conformance of the REST layer to the spec's endpoint tables: every path answers 200 with the
 * documented fields and types on demo data, in the spec spellings, with its relations and links; a
 * page's SQL statements do not grow with its size.
 */

const t = useRestConformance();
const { f, get, ok } = t;
let app: TestApp;
beforeAll(() => {
  ({ app } = t);
});

/** The spec's endpoint tables, as (path, expected fields) rows; paths are built from the demo data. */
const ENDPOINTS: [string, () => string, ShapeSpec][] = [
  ['showtimes of a theatre on a date', () => `/v2/theatres/${f.theatre.id}/showtimes/${f.date}`, { ...PAGED, lastUpdatedDateUtc: 'string', ...SHOWTIME('_embedded.showtimes[]') }],
  ['all future showtimes of a theatre', () => `/v2/theatres/${f.theatre.id}/showtimes`, { ...PAGED, lastUpdatedDateUtc: 'string', ...SHOWTIME('_embedded.showtimes[]') }],
  ['one showtime', () => `/v2/showtimes/${f.showtime.id}`, {}],
  ['earliest showtime', () => `/v2/theatres/${f.theatre.id}/movies/${f.movieId}/earliest-showtime`, {}],
  ['showtimes near a point', () => `/v2/showtimes/views/current-location/${f.date}/${f.theatre.location.latitude}/${f.theatre.location.longitude}`, { ...PAGED, ...SHOWTIME('_embedded.showtimes[]') }],
  ['locations near a point', () => `/v2/locations?latitude=${f.theatre.location.latitude}&longitude=${f.theatre.location.longitude}`, { ...PAGED, latitude: 'number', longitude: 'number', '_embedded.locations[].rank': 'int', '_embedded.locations[].distance': 'number', ...THEATRE('_embedded.locations[]._embedded.theatre'), '_embedded.locations[]._links.self': 'link' }],
  ['locations in a state', () => `/v2/locations/states/${encodeURIComponent(f.theatre.location.stateName)}`, { ...PAGED, '_embedded.locations[].rank': 'int', ...THEATRE('_embedded.locations[]._embedded.theatre') }],
  ['locations by theatre name', () => `/v2/locations/theatres/${encodeURIComponent(f.theatre.name)}`, { ...PAGED, '_embedded.locations[].rank': 'int', ...THEATRE('_embedded.locations[]._embedded.theatre') }],
  ['markets', () => '/v1/markets', { ...PAGED, '_embedded.markets[].id': 'int', '_embedded.markets[].name': 'string', '_embedded.markets[].slug': 'string', '_embedded.markets[]._links.self': 'link' }],
  ['one market', () => '/v1/markets/1', { id: 'int', name: 'string', slug: 'string', '_links.self': 'link' }],
  ['seat map v3', () => `/v3/seating-layouts/${f.theatre.id}/${f.showtime.performanceNumber}`, SEAT_MAP],
  ['seat map v2', () => `/v2/seating-layouts/${f.theatre.id}/${f.showtime.performanceNumber}`, SEAT_MAP],
  ['theatre seating layouts v3', () => `/v3/theatres/${f.theatre.id}/seating-layouts`, THEATRE_LAYOUTS],
  ['theatre seating layouts v2', () => `/v2/theatres/${f.theatre.id}/seating-layouts`, THEATRE_LAYOUTS],
  ['attributes', () => '/v1/attributes', {
    '_embedded.attributes[].id': 'int', '_embedded.attributes[].code': 'string', '_embedded.attributes[].name': 'string',
    '_embedded.attributes[].abbreviation': 'string?', '_embedded.attributes[].shortDescription': 'string?', '_embedded.attributes[].longDescription': 'string?',
    '_embedded.attributes[].appliesToTheatre': 'boolean', '_embedded.attributes[].appliesToShowtime': 'boolean', '_embedded.attributes[].appliesToMovie': 'boolean',
    '_embedded.attributes[].url': 'string?', '_embedded.attributes[].sort': 'int', '_embedded.attributes[].media': 'object', '_embedded.attributes[]._links.self': 'link',
    '_links.self': 'link',
  }],
  ['refund reasons', () => '/v1/refund-reasons', { 'refundReasons[].name': 'string', 'refundReasons[].description': 'string', 'refundReasons[].typeDescription': 'string', '_links.self': 'link' }],
  ['cast and crew', () => `/v1/movie/${f.castMovieId}/cast-crew`, {
    id: 'int', 'cast[].movieId': 'int', 'cast[].personId': 'int', 'cast[].job': 'string', 'cast[].name': 'string',
    'cast[].biography': 'string?', 'cast[].biographyUrl': 'string?', 'cast[].media': 'object', 'links.self': 'link',
  }],
  ['concessions of a theatre', () => `/v1/theatres/${f.theatre.id}/concessions`, { ...PAGED, ...CONCESSION('_embedded.concessions[]') }],
  ['one concession by assignment id', () => `/v1/concessions/${f.assignmentId}`, {}],
  ['one concession of a theatre', () => `/v1/theatres/${f.theatre.id}/concessions/${f.concessionId}`, {}],
  ['concession categories', () => `/v1/theatres/${f.theatre.id}/concessions/categories`, {
    ...PAGED, theatreId: 'int', '_embedded.concessionsCategories[].name': 'string', '_embedded.concessionsCategories[].level': 'int',
    '_embedded.concessionsCategories[].sortOrder': 'int', '_embedded.concessionsCategories[].categoryId': 'int',
  }],
  ['pickup times of a date', () => `/v1/theatres/${f.theatre.id}/concessions/pickup-times/${f.date.replace(/-/g, '/')}`, { theatreId: 'int', ...PICKUP('pickupTimes[]', false), '_links.self': 'link' }],
  ['pickup times of a showtime', () => `/v1/showtimes/${f.showtime.id}/concession-pickup-times`, { theatreId: 'int', showtimeId: 'int', ...PICKUP('pickupTimes[]', true), '_links.self': 'link' }],
  ['image content types', () => '/v2/media/images/content-types', {
    count: 'int', 'contentTypes[].allowMultipleMedia': 'boolean', 'contentTypes[].id': 'int', 'contentTypes[].mediaType': 'string',
    'contentTypes[].name': 'string', 'contentTypes[]._embedded.imageSizeTypes': 'array', 'contentTypes[].count': 'int',
    'contentTypes[]._links.self': 'link', '_links.self': 'link',
  }],
  ['video content types', () => '/v2/media/videos/content-types', { 'contentTypes[].name': 'string', 'contentTypes[].mediaType': 'string' }],
  ['renditions of a media item', () => `/v2/media/images/${f.imageId}/renditions`, {
    count: 'int', '_embedded.renditions[].id': 'int', '_embedded.renditions[].size': 'string', '_embedded.renditions[].url': 'string', '_embedded.renditions[]._links.self': 'link', '_links.self': 'link',
  }],
  ['image sizes', () => '/v2/images/sizes', {
    '_embedded.imageSizeTypes[].contentType': 'string', '_embedded.imageSizeTypes[].height': 'int', '_embedded.imageSizeTypes[].id': 'int',
    '_embedded.imageSizeTypes[].name': 'string', '_embedded.imageSizeTypes[].resizeMode': 'string', '_embedded.imageSizeTypes[].width': 'int',
  }],
  ['image sizes of a content type', () => '/v2/media/images/sizes?content-type=Poster', { count: 'int', '_embedded.imageSizeTypes[].name': 'string', '_embedded.imageSizeTypes[].width': 'int' }],
  ['one image', () => `/v2/media/images/${f.imageId}`, {}],
  ['one video', () => `/v2/media/videos/${f.videoId}`, {}],
  ['images of a movie', () => `/v2/media/movie/${f.mediaMovieId}/images`, { ...PAGED, ...MEDIA('_embedded.media[]'),
    '_embedded.media[]._embedded.renditions[].size': 'string', '_embedded.media[]._embedded.renditions[].url': 'string',
    '_embedded.media[]._embedded.renditions[].width': 'int?', '_embedded.media[]._embedded.renditions[].height': 'int?',
    '_embedded.media[]._embedded.renditions[].bitRate': 'int?', '_embedded.media[]._embedded.renditions[].bytes': 'int?',
    '_embedded.media[]._embedded.renditions[].duration': 'int?', '_embedded.media[]._embedded.renditions[].id': 'int',
    '_embedded.media[]._embedded.renditions[].isActive': 'boolean', '_embedded.media[]._embedded.renditions[].externalId': 'string?' }],
  ['videos of a movie', () => `/v2/media/movie/${f.mediaMovieId}/videos`, { ...PAGED, ...MEDIA('_embedded.media[]') }],
  ['theatre', () => `/v2/theatres/${f.theatre.id}`, {}],
  ['theatres of a market', () => `/v2/theatres?market=${f.marketSlug}`, { ...PAGED, ...THEATRE('_embedded.theatres[]') }],
  ['movie', () => `/v2/movies/${f.movieId}`, {}],
  ['now-playing movies', () => '/v2/movies/views/now-playing', { ...PAGED, ...MOVIE('_embedded.movies[]') }],
  ['advance movies', () => '/v2/movies/views/advance', { ...PAGED, '_embedded.movies[].id': 'int' }],
  ['coming-soon movies', () => '/v2/movies/views/coming-soon', { ...PAGED, '_embedded.movies[].id': 'int' }],
];

/** Single-resource rows whose spec is the item spec at the root. */
const ROOT_SPECS: Partial<Record<string, () => ShapeSpec>> = {
  'one showtime': () => SHOWTIME('x'),
  'earliest showtime': () => SHOWTIME('x'),
  'one concession by assignment id': () => CONCESSION('x'),
  'one concession of a theatre': () => CONCESSION('x'),
  'one image': () => MEDIA('x'),
  'one video': () => MEDIA('x'),
  theatre: () => THEATRE('x'),
  movie: () => MOVIE('x'),
};

describe('every documented path answers with the documented fields and types', () => {
  test.each(ENDPOINTS.map(([name, path, spec]) => [name, path, spec] as const))('%s', async (name, path, spec) => {
    const res = await get(path());
    expect(res.status).toBe(200);
    const rootSpec = ROOT_SPECS[name];
    const body = rootSpec ? { x: res.body } : res.body;
    expect(shapeProblems(body, rootSpec ? rootSpec() : spec)).toEqual([]);
  });

  test('enumerations use the spec spellings', async () => {
    const map = await ok(`/v3/seating-layouts/${f.theatre.id}/${f.showtime.performanceNumber}`);
    const statuses = new Set(map.seats.map((s: Json) => s.seatStatus));
    const types = new Set(map.seats.map((s: Json) => s.type));
    const allowedStatus = ['Available', 'Sold', 'Locked', 'Blocked', 'Unblocked', 'GAOverride', 'PremiereAvailable', 'PremiereUnavailable', 'BlockedForSocialDistance'];
    const allowedType = ['CanReserve', 'Blocked', 'Wheelchair', 'Companion', 'GeneralAdmission', 'NA', 'LoveSeatLeft', 'LoveSeatRight', 'NotASeat', 'Recliner'];
    for (const s of statuses) expect(allowedStatus).toContain(s);
    for (const t of types) expect(allowedType).toContain(t);
    expect(types.has('NotASeat') || types.has('CanReserve')).toBe(true);
  });

  test('a showtime carries the spec relations as {base_url}/rels/… links', async () => {
    const showtime = await ok(`/v2/showtimes/${f.showtime.id}`);
    for (const rel of ['v2/movie', 'v2/theatre', 'v2/seating-layout', 'v1/seating-layout', 'v2/showtimes/private-theatre-rental-movies']) {
      expect(showtime._links[`${app.url}/rels/${rel}`]).toEqual({ href: expect.stringMatching(/^http/), templated: false });
    }
    expect(showtime._links[`${app.url}/rels/v2/movie`].href).toBe(`${app.url}/v2/movies/${f.showtime.movieId}`);
    const movie = await ok(`/v2/movies/${f.movieId}`);
    expect(movie._links[`${app.url}/rels/v2/media`]).toEqual({ href: `${app.url}/v2/media/movie/${f.movieId}/{media-type}`, templated: true });
  });

  test('cast and crew: `role` only for actors, key `links`', async () => {
    const body = await ok(`/v1/movie/${f.castMovieId}/cast-crew`);
    expect(body._links).toBeUndefined();
    for (const c of body.cast) expect('role' in c).toBe(c.job === 'Actor');
  });

  test('combo products embed their components', async () => {
    // The demo menu sells combos at every theatre; finding none is a failure, not a skip.
    expect(f.comboAssignmentId).not.toBeNull();
    const combo = await ok(`/v1/concessions/${f.comboAssignmentId}`);
    expect(shapeProblems(combo, { '_embedded.comboComponents[].name': 'string', '_embedded.comboComponents[].type': 'string', '_embedded.comboComponents[].quantity': 'int' })).toEqual([]);
  });

  test('content types are listed at `contentTypes`, not under `_embedded` (spec: ContentType list under `contentTypes`)', async () => {
    for (const word of ['images', 'videos']) {
      const body = await ok(`/v2/media/${word}/content-types`);
      expect(body._embedded).toBeUndefined();
      expect(body.contentTypes.length).toBe(body.count);
      expect(body.contentTypes.length).toBeGreaterThan(0);
    }
  });

  test("a media item's `renditions` link lists its renditions", async () => {
    for (const path of [`/v2/media/images/${f.imageId}`, `/v2/media/videos/${f.videoId}`]) {
      const item = await ok(path);
      expect(item._links.renditions).toEqual({ href: `${app.url}${path}/renditions`, templated: false });
      const list = await ok(t.pathOf(item._links.renditions.href));
      expect(list._embedded.renditions.map((r: Json) => r.id)).toEqual(item._embedded.renditions.map((r: Json) => r.id));
      expect(list.count).toBeGreaterThan(0);
    }
    expect((await get(`/v2/media/movies/${f.imageId}/renditions`)).status).toBe(404);
    expect((await get('/v2/media/images/2147483647/renditions')).status).toBe(404);
  });

  test("a market links the theatres in it as `{base_url}/v2/theatres` (and the /rels/ spelling), and they are the market's", async () => {
    const markets = await ok('/v1/markets?page-size=3');
    for (const m of markets._embedded.markets) {
      const expected = { href: `${app.url}/v2/theatres?market=${encodeURIComponent(m.slug)}`, templated: false };
      expect(m._links[`${app.url}/v2/theatres`]).toEqual(expected);
      expect(m._links[`${app.url}/rels/v2/theatres`]).toEqual(expected);
      const theatres = await ok(t.pathOf(expected.href));
      expect(theatres.count).toBeGreaterThan(0);
    }
    const one = await ok('/v1/markets/1');
    expect(one._links[`${app.url}/v2/theatres`].href).toContain('/v2/theatres?market=');
  });

  test('modifiers expose the id the add-modifier body takes', async () => {
    const all = await ok(`/v1/theatres/${f.theatre.id}/concessions?page-size=100`);
    const modifiers = all._embedded.concessions.flatMap((c: Json) => c._embedded.modifierGroups.flatMap((g: Json) => g._embedded.modifiers));
    expect(modifiers.length).toBeGreaterThan(0);
    expect(shapeProblems({ m: modifiers }, { 'm[].id': 'int', 'm[].concessionId': 'int', 'm[].sku': 'string' })).toEqual([]);
    expect(new Set(modifiers.map((m: Json) => m.id)).size).toBeGreaterThan(1);
    // The same ids on GraphQL, for a product that has modifiers.
    const withModifiers = all._embedded.concessions.find((c: Json) => c._embedded.modifierGroups.length > 0);
    const assignmentId = Number(t.pathOf(withModifiers._links.self.href).split('/').pop());
    const gql = await app.gql<{ concession: { modifierGroups: { modifiers: { id: number }[] }[] } | null }>(
      'query($id: Int!) { concession(id: $id) { modifierGroups { modifiers { id } } } }',
      { id: assignmentId },
    );
    expect(gql.errors).toBeUndefined();
    const rest = await ok(`/v1/concessions/${assignmentId}`);
    expect(rest._embedded.modifierGroups.length).toBeGreaterThan(0);
    const ids = (groups: Json[]) => groups.flatMap((g) => (g._embedded?.modifiers ?? g.modifiers).map((m: Json) => m.id));
    expect(ids(gql.data!.concession!.modifierGroups)).toEqual(ids(rest._embedded.modifierGroups));
  });

  test("modifier ids work in an order's bodies, and a paid order's `order-fulfillment` link is templated", async () => {
    const vendor = { 'x-vendor-key': 'demo-vendor-key' };
    const call = (method: string, path: string, body?: unknown) => app.request<Json>(method, path, body, vendor);
    const all = await ok(`/v1/theatres/${f.theatre.id}/concessions?page-size=100`);
    const product = all._embedded.concessions.find((c: Json) =>
      c._embedded.modifierGroups.some((g: Json) => g.maximumQuantity > Math.max(g.minimumQuantity, g.required ? 1 : 0) && g._embedded.modifiers.length > 1),
    );
    expect(product).toBeDefined();
    const groups: Json[] = product._embedded.modifierGroups;
    // The groups' minimums, chosen by the ids the concession lists.
    const chosen = groups.flatMap((g) => g._embedded.modifiers.slice(0, Math.max(g.minimumQuantity, g.required ? 1 : 0)).map((m: Json) => ({ modifierId: m.id, quantity: 1 })));
    const order = (await call('POST', '/v2/orders', {})).body;
    const added = await call('POST', `/v2/orders/${order.id}/products`, {
      theatreConcessionId: Number(t.pathOf(product._links.self.href).split('/').pop()),
      quantity: 1,
      modifiers: chosen,
    });
    expect(added.status).toBe(201);
    // One more, through the add-modifier body, into a group with room left.
    const open = groups.find((g) => g.maximumQuantity > Math.max(g.minimumQuantity, g.required ? 1 : 0) && g._embedded.modifiers.length > 1)!;
    const extra = open._embedded.modifiers.find((m: Json) => !chosen.some((c) => c.modifierId === m.id));
    const line = added.body._embedded.products[0];
    const link = Object.entries<Json>(line._links).find(([r]) => r.endsWith('product-modifiers'))?.[1];
    expect(link).toBeDefined();
    const withModifier = await call('POST', t.pathOf(link!.href), { modifierId: extra.id });
    expect(withModifier.status).toBe(201);
    const unpaid = (await call('GET', `/v2/orders/${order.id}`)).body;
    expect(unpaid._embedded.products[0].modifiers.map((m: Json) => m.modifierId).sort()).toEqual([...chosen.map((c) => c.modifierId), extra.id].sort());
    expect(unpaid._links[`${app.url}/rels/v2/order-fulfillment`]).toBeUndefined();
    const paid = await call('POST', `/v2/orders/${order.id}/payments`, { type: 'creditCard', amount: unpaid.total, cardNumber: '4111111111111111' });
    expect(paid.status).toBe(201);
    expect(paid.body._links[`${app.url}/rels/v2/order-fulfillment`]).toEqual({ href: `${app.url}/v2/orders/${order.id}/fulfillment`, templated: true });
  });

  test('the OpenAPI 3.1 document lists the routes', async () => {
    const doc = await ok('/openapi.json');
    expect(doc.openapi).toBe('3.1.0');
    for (const p of ['/v2/showtimes/{id}', '/v1/movie-lists', '/v2/media/{resource-type}/{resourceId}/{media-type}', '/v1/refund-reasons']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect(Object.keys(doc.paths)).not.toContain('/graphql');
  });
});

describe('batching', () => {
  test.each([
    ['showtimes of a theatre', () => `/v2/theatres/${f.theatre.id}/showtimes`],
    ['concessions of a theatre', () => `/v1/theatres/${f.theatre.id}/concessions`],
    ['now-playing movies', () => '/v2/movies/views/now-playing'],
    ['theatres', () => '/v2/theatres'],
  ])('%s: the SQL statements of a page do not grow with its size', async (_name, path) => {
    // Reference data a page reads once per process (attribute rows, layout capacities) is read by a first
    // request of the big page, so that both counted requests find the same caches.
    await get(`${path()}?page-size=100`);
    const one = await get(`${path()}?page-size=10`);
    const many = await get(`${path()}?page-size=100`);
    const items = (r: { body: unknown }) => (Object.values((r.body as Json)._embedded)[0] as unknown[]).length;
    expect(items(many)).toBeGreaterThan(items(one));
    const statements = (r: { headers: Headers }) => Number(r.headers.get('x-sql-statements'));
    expect(statements(one)).toBeGreaterThan(0);
    expect(statements(many)).toBe(statements(one));
  });
});
