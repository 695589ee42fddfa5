import type postgres from 'postgres';
import { startTestAppWithSql, type TestApp } from '../helpers/app';

/**
 * `Theatre.showtimes(date)` with a plain selection loads its subtree in one statement (lookahead,
 * src/services/showtime-day.service.ts); any other selection goes through the loaders. Both must give
 * the same answer, and the lean one its bounded statements whatever the number of theatres and rows.
 */
const FIELDS = `id performanceNumber movieId theatreId auditorium layoutId layoutVersionNumber isCanceled
  inTheatreTicketingOnly isEmbargoed isComingSoon isDiscountMatineePriced discountMatineeMessage showDateTimeUtc
  sellUntilDateTimeUtc movieName sortableMovieName genre runTime mpaaRating internalReleaseNumber vendorReleaseNumber
  __typename
  movie { id name sortableName slug genre mpaaRating vendorReleaseNumber runTime synopsis synopsisTagLine
    displayOnlineTicketAvailability websiteUrl distributorId distributorCode availableForAList preferredMediaType
    externalDbId privateTheatreRentalTier __typename }
  m2: movie { id }
  attributes { id code name }`;
// The same fields inside an inline fragment: not a plain selection, so the general way.
const lean = (inner: string) => `query($id: Int!, $date: String!) { theatre(id: $id) { id showtimes(date: $date) { ${inner} } } }`;
const general = (inner: string) => lean(`... on Showtime { ${inner} }`);

let app: TestApp;
let sql: postgres.Sql;

startTestAppWithSql((started, client) => {
  app = started;
  sql = client;
});

async function busiestDay() {
  const [pick] = await sql<{ theatreId: number; day: string; n: number }[]>`
    select s.theatre_id as "theatreId", to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') as day, count(*)::int as n
    from showtimes s join theatres t on t.id = s.theatre_id
    where s.show_date_time_utc > now() + interval '1 day'
    group by 1, 2 order by count(*) desc, 1, 2 limit 1`;
  return pick;
}

it('answers a plain selection in 1 statement, exactly as the loaders answer it', async () => {
  const pick = await busiestDay();
  expect(pick.n).toBeGreaterThan(10);
  const vars = { id: pick.theatreId, date: pick.day };
  const a = await app.gql(lean(FIELDS), vars);
  const b = await app.gql(general(FIELDS), vars);
  expect(a.errors).toBeUndefined();
  expect(b.errors).toBeUndefined();
  expect(JSON.stringify(a.data)).toBe(JSON.stringify(b.data));
  // The theatre and its subtree (showtimes, movies, attribute ids and the reference version) in one.
  expect(a.statements).toBe(1);
  expect(b.statements).toBeGreaterThan(a.statements);
});

it('keeps one statement for the subtree over many theatres, and answers an empty day and a bad date alike', async () => {
  const pick = await busiestDay();
  const many = `query($date: String!) { theatres(pageSize: 20) { items { id showtimes(date: $date) { id movie { name } attributes { code } } } } }`;
  const a = await app.gql(many, { date: pick.day });
  const b = await app.gql(many.replace('{ id movie { name } attributes { code } }', '{ ... on Showtime { id movie { name } attributes { code } } }'), {
    date: pick.day,
  });
  expect(a.errors).toBeUndefined();
  expect(JSON.stringify(a.data)).toBe(JSON.stringify(b.data));
  // theatres page + the subtree of all 20 theatres.
  expect(a.statements).toBeLessThanOrEqual(3);

  const empty = await app.gql(lean('id'), { id: pick.theatreId, date: '2099-01-01' });
  expect(empty.data).toEqual({ theatre: { id: pick.theatreId, showtimes: [] } });
  const unknown = await app.gql(lean('id'), { id: 999999, date: pick.day });
  expect(unknown.data).toEqual({ theatre: null });
  expect(unknown.statements).toBe(1);
  // Two showtimes fields (aliases) under one theatre: each its own day, the general theatre read.
  const two = `query($id: Int!, $date: String!) { theatre(id: $id) { a: showtimes(date: $date) { id } b: showtimes(date: "2099-01-01") { id } } }`;
  const twoGeneral = two.replace('a: showtimes(date: $date) { id }', 'a: showtimes(date: $date) { ... on Showtime { id } }');
  const c = await app.gql(two, { id: pick.theatreId, date: pick.day });
  const d = await app.gql(twoGeneral, { id: pick.theatreId, date: pick.day });
  expect(c.errors).toBeUndefined();
  expect(JSON.stringify(c.data)).toBe(JSON.stringify(d.data));
  const bad = await app.gql(lean('id'), { id: pick.theatreId, date: '2026-02-30' });
  const badGeneral = await app.gql(general('id'), { id: pick.theatreId, date: '2026-02-30' });
  expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(JSON.stringify(bad)).toBe(JSON.stringify(badGeneral));
});

it('sees an attribute renamed by an admin write on the next request (the version read with the subtree)', async () => {
  const pick = await busiestDay();
  const [attr] = await sql<{ id: number; name: string }[]>`
    select a.id, a.name from attributes a join showtime_attributes sa on sa.attribute_id = a.id
    join showtimes s on s.id = sa.showtime_id join theatres t on t.id = s.theatre_id
    where s.theatre_id = ${pick.theatreId} and a.is_active
      and to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') = ${pick.day}
    limit 1`;
  const query = lean('id attributes { id name }');
  const names = async () => {
    const res = await app.gql<{ theatre: { showtimes: { attributes: { id: number; name: string }[] }[] } }>(query, {
      id: pick.theatreId,
      date: pick.day,
    });
    expect(res.errors).toBeUndefined();
    const seen = new Set(res.data!.theatre.showtimes.flatMap((s) => s.attributes.filter((x) => x.id === attr.id).map((x) => x.name)));
    return { seen, statements: res.statements };
  };
  expect(await names()).toEqual({ seen: new Set([attr.name]), statements: 1 });
  await sql`update attributes set name = ${`${attr.name} (renamed)`} where id = ${attr.id}`;
  try {
    // The request that sees the new version reloads the attributes (statements of their own) ...
    const after = await names();
    expect(after.seen).toEqual(new Set([`${attr.name} (renamed)`]));
    expect(after.statements).toBeGreaterThan(1);
    // ... and the next one is back to the subtree's statements.
    expect(await names()).toEqual({ seen: new Set([`${attr.name} (renamed)`]), statements: 1 });
  } finally {
    await sql`update attributes set name = ${attr.name} where id = ${attr.id}`;
  }
});
