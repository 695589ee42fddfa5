import { useTestApp } from '../helpers/app';

/** The same data through both surfaces: a theatre's showtimes on a date via GraphQL and via REST. */

interface ShowtimeFields {
  id: number;
  performanceNumber: number;
  movieId: number;
  showDateTimeUtc: string;
  showDateTimeLocal: string;
  auditorium: number;
  movieName: string;
}
interface RestPage {
  count: number;
  _embedded: { showtimes: (ShowtimeFields & { _links: Record<string, { href: string }> })[] };
  _links: { next?: { href: string } };
}

const { app } = useTestApp();

/** Every REST page of a collection, following `next`. */
async function allRestShowtimes(path: string) {
  const items: RestPage['_embedded']['showtimes'] = [];
  let next: string | undefined = path;
  let count = -1;
  while (next) {
    const res: { status: number; body: RestPage } = await app.get<RestPage>(next);
    expect(res.status).toBe(200);
    count = res.body.count;
    items.push(...res.body._embedded.showtimes);
    next = res.body._links.next ? res.body._links.next.href.slice(app.url.length) : undefined;
  }
  expect(items).toHaveLength(count);
  return items;
}

const FIELDS = 'id performanceNumber movieId showDateTimeUtc showDateTimeLocal auditorium movieName movie { id }';

test.each([
  ['a theatre, on the local day of its next showtime', 0],
  ['another theatre, the day after its next showtime', 1],
])('%s: GraphQL and REST list the same showtimes (ids, times, movies)', async (_name, dayOffset) => {
  const theatres = await app.gql<{ theatres: { items: { id: number; timezone: string }[] } }>(
    '{ theatres(pageSize: 5) { items { id timezone } } }',
  );
  const theatre = theatres.data!.theatres.items[dayOffset];
  // A theatre-local date that has showtimes: the local day of its next showtime, plus the offset.
  const first = await app.get<RestPage>(`/v2/theatres/${theatre.id}/showtimes?page-size=1`);
  const start = first.body._embedded.showtimes[0].showDateTimeLocal.slice(0, 10);
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dayOffset);
  const date = d.toISOString().slice(0, 10);

  const gql = await app.gql<{ theatre: { showtimes: (ShowtimeFields & { movie: { id: number } })[] } }>(
    `query($id: Int!, $date: String) { theatre(id: $id) { showtimes(date: $date) { ${FIELDS} } } }`,
    { id: theatre.id, date },
  );
  expect(gql.errors).toBeUndefined();
  const viaGraphQL = gql.data!.theatre.showtimes;
  const viaRest = await allRestShowtimes(`/v2/theatres/${theatre.id}/showtimes/${date}?page-size=25`);

  expect(viaGraphQL.length).toBeGreaterThan(0);
  const key = (s: ShowtimeFields) => [s.id, s.performanceNumber, s.movieId, s.showDateTimeUtc, s.showDateTimeLocal, s.auditorium, s.movieName];
  const sortById = <T extends { id: number }>(list: T[]) => [...list].sort((a, b) => a.id - b.id);
  expect(sortById(viaRest).map(key)).toEqual(sortById(viaGraphQL).map(key));
  for (const s of viaGraphQL) expect(s.movie.id).toBe(s.movieId);
  for (const s of viaRest) {
    expect(s.showDateTimeLocal.slice(0, 10)).toBe(date);
    expect(s._links[`${app.url}/rels/v2/movie`].href).toBe(`${app.url}/v2/movies/${s.movieId}`);
  }
  // Both list in start-time order.
  const times = (list: ShowtimeFields[]) => list.map((s) => s.showDateTimeUtc);
  expect(times(viaRest)).toEqual([...times(viaRest)].sort());
  expect(times(viaGraphQL)).toEqual([...times(viaGraphQL)].sort());
});

test('one showtime agrees field by field on the shared fields', async () => {
  const list = await app.get<RestPage>('/v2/theatres/1/showtimes?page-size=1');
  const id = list.body._embedded.showtimes[0].id;
  const rest = await app.get<Record<string, unknown>>(`/v2/showtimes/${id}`);
  const shared = [
    'id', 'performanceNumber', 'internalReleaseNumber', 'vendorReleaseNumber', 'movieId', 'movieName', 'sortableMovieName',
    'genre', 'movieUrl', 'theatreId', 'auditorium', 'showDateTimeUtc', 'showDateTimeLocal', 'sellUntilDateTimeUtc',
    'layoutId', 'layoutVersionNumber', 'isSoldOut', 'isAlmostSoldOut', 'isCanceled', 'inTheatreTicketingOnly',
    'utcOffset', 'purchaseUrl', 'mobilePurchaseUrl', 'runTime', 'mpaaRating', 'premiumFormat', 'lastUpdatedDateUtc',
  ];
  const gql = await app.gql<{ showtime: Record<string, unknown> }>(`query($id: Int!) { showtime(id: $id) { ${shared.join(' ')} } }`, { id });
  expect(gql.errors).toBeUndefined();
  for (const field of shared) expect([field, rest.body[field]]).toEqual([field, gql.data!.showtime[field]]);
});
