import { startTestApp, type TestApp } from '../helpers/app';
import { shapeProblems, type ShapeSpec } from '../helpers/shape';

/**
 * Conformance of the REST layer to the spec's endpoint tables: every path answers 200 with the
 * documented fields and types on demo data; paging arithmetic; the 404 rules and the error body.
 */

interface Link {
  href: string;
  templated: boolean;
}
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface ErrorBody {
  errors: { code: number; message: string }[];
}

let app: TestApp;
const f = {} as {
  theatre: Json;
  showtime: Json;
  date: string;
  movieId: number;
  castMovieId: number;
  mediaMovieId: number;
  imageId: number;
  videoId: number;
  renditionHref: string;
  attributeCode: string;
  concessionId: number;
  assignmentId: number;
  marketSlug: string;
  comboAssignmentId: number | null;
};

const get = <T = Json>(path: string, headers?: Record<string, string>) => app.get<T>(path, headers);
const pathOf = (href: string) => href.slice(app.url.length);

async function ok<T = Json>(path: string): Promise<T> {
  const res = await get<T>(path);
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  app = await startTestApp();
  const theatres = await ok('/v2/theatres?page-size=20');
  for (const t of theatres._embedded.theatres) {
    const list = await ok(`/v2/theatres/${t.id}/showtimes?page-size=1`);
    const concessions = await ok(`/v1/theatres/${t.id}/concessions?page-size=1`);
    if (list.count > 0 && concessions.count > 0) {
      f.theatre = t;
      f.showtime = list._embedded.showtimes[0];
      f.concessionId = concessions._embedded.concessions[0].concessionId;
      f.assignmentId = Number(pathOf(concessions._embedded.concessions[0]._links.self.href).split('/').pop());
      break;
    }
  }
  expect(f.theatre).toBeDefined();
  f.date = f.showtime.showDateTimeLocal.slice(0, 10);
  f.movieId = f.showtime.movieId;

  const movies = await ok('/v2/movies/views/now-playing?page-size=100');
  for (const m of movies._embedded.movies) {
    if (!f.castMovieId && (await ok(`/v1/movie/${m.id}/cast-crew`)).cast.length > 0) f.castMovieId = m.id;
    if (!f.mediaMovieId) {
      const [images, videos] = await Promise.all([ok(`/v2/media/movie/${m.id}/images`), ok(`/v2/media/movie/${m.id}/videos`)]);
      if (images.count > 0 && videos.count > 0 && images._embedded.media[0]._embedded.renditions.length > 0) {
        f.mediaMovieId = m.id;
        f.imageId = images._embedded.media[0].id;
        f.videoId = videos._embedded.media[0].id;
        f.renditionHref = images._embedded.media[0]._embedded.renditions[0]._links.self.href;
      }
    }
  }
  expect(f.castMovieId).toBeDefined();
  expect(f.mediaMovieId).toBeDefined();
  f.attributeCode = (await ok('/v1/attributes'))._embedded.attributes[0].code;
  f.marketSlug = (await ok('/v1/markets'))._embedded.markets[0].slug;
  const all = await ok(`/v1/theatres/${f.theatre.id}/concessions?page-size=100`);
  const combo = all._embedded.concessions.find((c: Json) => c._embedded.comboComponents);
  f.comboAssignmentId = combo ? Number(pathOf(combo._links.self.href).split('/').pop()) : null;
});
afterAll(async () => {
  await app.close();
});

const PAGED: ShapeSpec = { pageSize: 'int', pageNumber: 'int', count: 'int', '_links.self': 'link' };

const ATTRIBUTE_REF: (prefix: string) => ShapeSpec = (p) => ({ [`${p}.code`]: 'string', [`${p}.name`]: 'string', [`${p}.description`]: 'string?' });

const THEATRE = (p: string): ShapeSpec => ({
  [`${p}.id`]: 'int',
  [`${p}.longName`]: 'string',
  [`${p}.name`]: 'string',
  [`${p}.showtimesPhoneNumber`]: 'string?',
  [`${p}.guestServicesPhoneNumber`]: 'string?',
  [`${p}.timezone`]: 'string',
  [`${p}.slug`]: 'string',
  [`${p}.facebookUrl`]: 'string?',
  [`${p}.websiteUrl`]: 'string?',
  [`${p}.ticketable`]: 'boolean',
  ...ATTRIBUTE_REF(`${p}.attributes[]`),
  [`${p}.location.addressLine1`]: 'string',
  [`${p}.location.city`]: 'string',
  [`${p}.location.postalCode`]: 'string',
  [`${p}.location.state`]: 'string',
  [`${p}.location.stateName`]: 'string',
  [`${p}.location.country`]: 'string',
  [`${p}.location.latitude`]: 'number',
  [`${p}.location.longitude`]: 'number',
  [`${p}.location.directionsUrl`]: 'string',
  [`${p}.media`]: 'object',
  [`${p}._links.self`]: 'link',
});

const MOVIE = (p: string): ShapeSpec => ({
  [`${p}.id`]: 'int',
  [`${p}.name`]: 'string',
  [`${p}.sortableName`]: 'string',
  [`${p}.starringActors`]: 'string?',
  [`${p}.directors`]: 'string?',
  [`${p}.genre`]: 'string',
  [`${p}.mpaaRating`]: 'string',
  [`${p}.vendorReleaseNumber`]: 'int?',
  [`${p}.runTime`]: 'int',
  [`${p}.score`]: 'number?',
  [`${p}.slug`]: 'string',
  [`${p}.synopsis`]: 'string?',
  [`${p}.synopsisTagLine`]: 'string?',
  [`${p}.releaseDateUtc`]: 'string',
  [`${p}.earliestShowingUtc`]: 'string?',
  [`${p}.hasScheduledShowtimes`]: 'boolean',
  [`${p}.displayOnlineTicketAvailability`]: 'boolean',
  [`${p}.onlineTicketAvailabilityDateUtc`]: 'string?',
  [`${p}.websiteUrl`]: 'string?',
  [`${p}.showtimesUrl`]: 'string?',
  [`${p}.distributorId`]: 'int?',
  [`${p}.distributorCode`]: 'string?',
  [`${p}.availableForAList`]: 'boolean',
  [`${p}.preferredMediaType`]: 'string',
  [`${p}.externalDbId`]: 'string?',
  [`${p}.privateTheatreRentalTier`]: 'string?',
  [`${p}.media.posterDynamic`]: 'string?',
  [`${p}.media.trailerHd`]: 'string?',
  [`${p}.attributes`]: 'array',
  [`${p}._links.self`]: 'link',
});

const SHOWTIME = (p: string): ShapeSpec => ({
  [`${p}.id`]: 'int',
  [`${p}.performanceNumber`]: 'int',
  [`${p}.internalReleaseNumber`]: 'int?',
  [`${p}.vendorReleaseNumber`]: 'int?',
  [`${p}.movieId`]: 'int',
  [`${p}.movieName`]: 'string',
  [`${p}.sortableMovieName`]: 'string',
  [`${p}.genre`]: 'string',
  [`${p}.movieUrl`]: 'string',
  [`${p}.theatreId`]: 'int',
  [`${p}.auditorium`]: 'int',
  [`${p}.showDateTimeUtc`]: 'string',
  [`${p}.showDateTimeLocal`]: 'string',
  [`${p}.sellUntilDateTimeUtc`]: 'string',
  [`${p}.layoutId`]: 'int',
  [`${p}.layoutVersionNumber`]: 'int',
  [`${p}.isSoldOut`]: 'boolean',
  [`${p}.isAlmostSoldOut`]: 'boolean',
  [`${p}.isCanceled`]: 'boolean',
  [`${p}.inTheatreTicketingOnly`]: 'boolean',
  [`${p}.utcOffset`]: 'string',
  [`${p}.purchaseUrl`]: 'string',
  [`${p}.mobilePurchaseUrl`]: 'string',
  [`${p}.runTime`]: 'int',
  [`${p}.mpaaRating`]: 'string',
  [`${p}.premiumFormat`]: 'string?',
  [`${p}.ticketPrices[].price`]: 'number',
  [`${p}.ticketPrices[].type`]: 'string',
  [`${p}.ticketPrices[].sku`]: 'string',
  [`${p}.ticketPrices[].agePolicy`]: 'string?',
  [`${p}.ticketPrices[].tax`]: 'number',
  [`${p}.lastUpdatedDateUtc`]: 'string',
  [`${p}.media.posterDynamic`]: 'string?',
  [`${p}.media.posterDynamic120x74`]: 'string?',
  [`${p}.isEmbargoed`]: 'boolean?',
  [`${p}.isComingSoon`]: 'boolean?',
  [`${p}.isDiscountMatineePriced`]: 'boolean',
  [`${p}.discountMatineeMessage`]: 'string?',
  [`${p}.visibilityDateTimeUtc`]: 'string?',
  [`${p}.attributes`]: 'array',
  [`${p}.estimatedFees`]: 'array',
  [`${p}.languages`]: 'object',
  [`${p}._links.self`]: 'link',
});

const MEDIA = (p: string): ShapeSpec => ({
  [`${p}.contentType`]: 'string',
  [`${p}.effectiveEndDate`]: 'string?',
  [`${p}.effectiveStartDate`]: 'string?',
  [`${p}.externalId`]: 'string?',
  [`${p}.id`]: 'int',
  [`${p}.imageUrl`]: 'string?',
  [`${p}.isActive`]: 'boolean',
  [`${p}.longDescription`]: 'string?',
  [`${p}.name`]: 'string',
  [`${p}.relatedLinkDisplayText`]: 'string?',
  [`${p}.relatedLinkUrl`]: 'string?',
  [`${p}.shortDescription`]: 'string?',
  [`${p}.sortOrder`]: 'int',
  [`${p}.stillImageUrl`]: 'string?',
  [`${p}.tags`]: 'string?',
  [`${p}.thumbnailUrl`]: 'string?',
  [`${p}.videoUrl`]: 'string?',
  [`${p}._embedded.renditions`]: 'array',
  [`${p}._links.self`]: 'link',
});

const CONCESSION = (p: string): ShapeSpec => ({
  [`${p}.name`]: 'string',
  [`${p}.displayName`]: 'string',
  [`${p}.description`]: 'string?',
  [`${p}.nutritionalInfo`]: 'string?',
  [`${p}.size`]: 'string?',
  [`${p}.price`]: 'number',
  [`${p}.tax`]: 'number',
  [`${p}.taxGroupId`]: 'int?',
  [`${p}.taxAtComboItemLevel`]: 'boolean',
  [`${p}.sku`]: 'string',
  [`${p}.prepTime`]: 'int',
  [`${p}.theatreId`]: 'int',
  [`${p}.concessionId`]: 'int',
  [`${p}.media.imageSmall`]: 'string?',
  [`${p}.media.imageLarge`]: 'string?',
  [`${p}.discounts`]: 'array',
  [`${p}.groups`]: 'array',
  [`${p}._embedded.categories[].name`]: 'string',
  [`${p}._embedded.categories[].level`]: 'int',
  [`${p}._embedded.categories[].sortOrder`]: 'int',
  [`${p}._embedded.categories[].productSortOrder`]: 'int',
  [`${p}._embedded.categories[].categoryId`]: 'int',
  [`${p}._embedded.modifierGroups`]: 'array',
  [`${p}._links.self`]: 'link',
});

const SEAT_MAP: ShapeSpec = {
  theatreNumber: 'int',
  performanceNumber: 'int',
  rows: 'int',
  columns: 'int',
  'seats[].row': 'int',
  'seats[].column': 'int',
  'seats[].seatName': 'string',
  'seats[].type': 'string',
  'seats[].seatTier': 'string',
  'seats[].available': 'boolean',
  'seats[].seatStatus': 'string',
  '_links.self': 'link',
};

const THEATRE_LAYOUTS: ShapeSpec = {
  theatreNumber: 'int',
  'auditoriums[].auditorium': 'int',
  'auditoriums[].layouts[].id': 'int',
  'auditoriums[].layouts[].versionNumber': 'int',
  'auditoriums[].layouts[].theatreNumber': 'int',
  'auditoriums[].layouts[].rows': 'int',
  'auditoriums[].layouts[].columns': 'int',
  'auditoriums[].layouts[].seats[].row': 'int',
  'auditoriums[].layouts[].seats[].seatName': 'string',
  'auditoriums[].layouts[].seats[].type': 'string',
  'auditoriums[].layouts[].seats[].seatTier': 'string',
  'auditoriums[].layouts[].seats[].zoneNumber': 'int?',
  'auditoriums[].layouts[].zones[].zoneNumber': 'int?',
  'auditoriums[].layouts[].zones[].surchargeAmount': 'number',
  'auditoriums[].layouts[].zones[].discountAmount': 'number',
  'auditoriums[].layouts[].zones[].description': 'string',
  '_links.self': 'link',
};

const PICKUP = (p: string, withDefault: boolean): ShapeSpec => ({
  [`${p}.available`]: 'int',
  [`${p}.pickupDateTimeUtc`]: 'string',
  [`${p}.pickupDateTimeLocal`]: 'string',
  ...(withDefault ? { [`${p}.isDefault`]: 'boolean' } : {}),
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
    '_embedded.contentTypes[].allowMultipleMedia': 'boolean', '_embedded.contentTypes[].id': 'int', '_embedded.contentTypes[].mediaType': 'string',
    '_embedded.contentTypes[].name': 'string', '_embedded.contentTypes[]._embedded.imageSizeTypes': 'array', '_embedded.contentTypes[].count': 'int',
    '_embedded.contentTypes[]._links.self': 'link',
  }],
  ['video content types', () => '/v2/media/videos/content-types', { '_embedded.contentTypes[].name': 'string', '_embedded.contentTypes[].mediaType': 'string' }],
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
    if (f.comboAssignmentId === null) return; // the demo menu may have no combo at this theatre
    const combo = await ok(`/v1/concessions/${f.comboAssignmentId}`);
    expect(shapeProblems(combo, { '_embedded.comboComponents[].name': 'string', '_embedded.comboComponents[].type': 'string', '_embedded.comboComponents[].quantity': 'int' })).toEqual([]);
  });

  test('the OpenAPI 3.1 document lists the routes', async () => {
    const doc = await ok('/openapi.json');
    expect(doc.openapi).toBe('3.1.0');
    for (const p of ['/v2/showtimes/{showtimeId}', '/v1/movie-lists', '/v2/media/{resourceType}/{resourceId}/{mediaType}', '/v1/refund-reasons']) {
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
    const one = await get(`${path()}?page-size=10`);
    const many = await get(`${path()}?page-size=100`);
    const items = (r: { body: unknown }) => (Object.values((r.body as Json)._embedded)[0] as unknown[]).length;
    expect(items(many)).toBeGreaterThan(items(one));
    const statements = (r: { headers: Headers }) => Number(r.headers.get('x-sql-statements'));
    expect(statements(one)).toBeGreaterThan(0);
    expect(statements(many)).toBe(statements(one));
  });
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
