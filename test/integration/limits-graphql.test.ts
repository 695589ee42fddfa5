import { getIntrospectionQuery } from 'graphql';
import { PRODUCTION_ENV, startTestApp, useTestApp, type GraphQLResponse } from '../helpers/app';
import { MAX_WS_PAYLOAD } from '../../src/realtime/ws';
import { pickShowtimes, VENDOR } from '../helpers/orders';
import { wsOperation } from '../helpers/ws';

/** The three documents that took the service down, each rejected before it runs. */
const NESTED_LISTS = '{theatre(id:1){showtimes{movie{showtimes{theatre{showtimes{movie{showtimes{id}}}}}}}}}';
const TEN_THOUSAND_FIELDS = `{ ${'refundReasons { name } '.repeat(5000)}}`;
const THOUSAND_ALIASES = `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: theatre(id: 1) { id name }`).join(' ')} }`;

const limitOf = (res: GraphQLResponse) => res.errors?.find((e) => e.extensions?.code === 'QUERY_TOO_COMPLEX')?.extensions?.limit;

const { app, sql } = useTestApp({ env: PRODUCTION_ENV });

describe('operations over a limit are refused before they run (production mode)', () => {
  it.each([
    ['lists nested in lists', NESTED_LISTS, 'cost'],
    ['10,000 fields', TEN_THOUSAND_FIELDS, 'tokens'],
    ['1,000 aliases', THOUSAND_ALIASES, 'tokens'],
  ])('%s: 400 QUERY_TOO_COMPLEX in well under a second, over HTTP and graphql-ws', async (_name, query, limit) => {
    const ws = (overWs: GraphQLResponse) =>
      // A message past the WebSocket's 64 KiB closes the socket (1009) before any parsing.
      query.length > MAX_WS_PAYLOAD ? overWs.errors?.[0].extensions?.closeCode : limitOf(overWs);
    const started = Date.now();
    const res = await app.gql(query);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(400);
    expect(res.data).toBeUndefined();
    expect(limitOf(res)).toBe(limit);

    const wsStarted = Date.now();
    // graphql-ws prints a socket's error through console.error; the app logs it as one JSON line instead.
    const printed = jest.spyOn(console, 'error');
    let overWs: GraphQLResponse;
    try {
      overWs = await wsOperation(app.url, query);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(printed.mock.calls.map((c) => String(c[0]))).toEqual([]);
    } finally {
      printed.mockRestore();
    }
    expect(Date.now() - wsStarted).toBeLessThan(1000);
    expect(ws(overWs)).toBe(query.length > MAX_WS_PAYLOAD ? 1009 : limit);

    // The process is alive and answers.
    const after = await app.gql('{ theatre(id: 1) { id } }');
    expect(after.data).toEqual({ theatre: { id: 1 } });
  });

  it('a document under the socket\'s message size but over the token limit is refused over graphql-ws too', async () => {
    const query = `{ ${'refundReasons { name } '.repeat(1000)}}`;
    expect(query.length).toBeLessThan(MAX_WS_PAYLOAD);
    expect(limitOf(await wsOperation(app.url, query))).toBe('tokens');
  });

  it('names each limit: aliases, directives, depth and root mutations, with nothing written', async () => {
    const aliases = `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: refundReasons { name }`).join(' ')} }`;
    expect(limitOf(await app.gql(aliases))).toBe('aliases');
    const directives = `{ refundReasons { ${Array.from({ length: 21 }, () => 'name @include(if: true)').join(' ')} } }`;
    expect(limitOf(await app.gql(directives))).toBe('directives');

    const [{ before }] = await sql<{ before: number }[]>`select count(*)::int as before from orders`;
    const creates = `mutation { ${Array.from({ length: 6 }, (_, i) => `o${i}: createOrder(input: {}) { id }`).join(' ')} }`;
    const res = await app.gql(creates, {}, VENDOR);
    expect(res.status).toBe(400);
    expect(limitOf(res)).toBe('rootMutations');
    const overWs = await wsOperation(app.url, creates, {}, { vendorKey: VENDOR['x-vendor-key'] });
    expect(limitOf(overWs)).toBe('rootMutations');
    const [{ after }] = await sql<{ after: number }[]>`select count(*)::int as after from orders`;
    expect(after).toBe(before);
  });

  it('measures cost with the variables given (page sizes multiply)', async () => {
    const query = 'query($n: Int!) { theatres(pageSize: $n) { items { showtimes { movie { castAndCrew { person { name } } } } } } }';
    expect(limitOf(await app.gql(query, { n: 100 }))).toBe('cost');
    const small = await app.gql('query($n: Int!) { theatres(pageSize: $n) { items { id name } } }', { n: 100 });
    expect(small.errors).toBeUndefined();
  });
});

describe('what the documented app use cases need passes the default budget', () => {
  it('the README examples, a theatre day of showtimes with movies and attributes, a seat map', async () => {
    const [show] = await pickShowtimes(sql, 1);
    const [{ theatreId, day }] = await sql<{ theatreId: number; day: string }[]>`
      select s.theatre_id as "theatreId", to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') as day
      from showtimes s join theatres t on t.id = s.theatre_id where s.id = ${show.showtimeId}`;
    const queries: [string, Record<string, unknown>][] = [
      ['{ theatres(pageSize: 3) { totalCount items { id name timezone } } }', {}],
      [
        `query($t: Int!, $d: String!) { theatre(id: $t) { id name showtimes(date: $d) {
           id showDateTimeUtc showDateTimeLocal attributes { code name }
           movie { id name mpaaRating runTime attributes { code name } } } } }`,
        { t: theatreId, d: day },
      ],
      [
        `query($s: Int!) { showtime(id: $s) { id movie { name } theatre { name }
           seatingLayout { rows columns seats { row column seatName type seatTier available seatStatus } } } }`,
        { s: show.showtimeId },
      ],
    ];
    for (const [query, variables] of queries) {
      const res = await app.gql(query, variables);
      expect(res.errors).toBeUndefined();
      expect(res.status).toBe(200);
    }
  });
});

describe('runtime guard on resolved list items', () => {
  it('fails an operation past GRAPHQL_MAX_LIST_ITEMS with RESPONSE_TOO_LARGE instead of answering it', async () => {
    const small = await startTestApp({ env: { ...PRODUCTION_ENV, GRAPHQL_MAX_LIST_ITEMS: '50' } });
    try {
      const [show] = await pickShowtimes(sql, 1);
      const res = await small.gql('query($s: Int!) { showtime(id: $s) { seatingLayout { seats { seatName } } } }', {
        s: show.showtimeId,
      });
      expect(res.errors?.[0].extensions?.code).toBe('RESPONSE_TOO_LARGE');
      expect(res.data?.showtime).toBeNull();
      const fine = await small.gql('{ theatres(pageSize: 5) { items { id } } }');
      expect(fine.errors).toBeUndefined();
    } finally {
      await small.close();
    }
  });

  it('a nested list read by the planner past the cap is RESPONSE_TOO_LARGE on both surfaces, never a list cut short', async () => {
    const [movie] = await sql<{ movie_id: number; credits: number }[]>`
      select movie_id, count(*)::int as credits from movie_credits group by 1 order by 2 desc, 1 limit 1`;
    const cap = movie.credits - 1;
    const small = await startTestApp({ env: { ...PRODUCTION_ENV, GRAPHQL_MAX_LIST_ITEMS: String(cap) } });
    const fits = await startTestApp({ env: { ...PRODUCTION_ENV, GRAPHQL_MAX_LIST_ITEMS: String(movie.credits) } });
    try {
      // REST's movie reads its credits through the planner (one statement) for its starring actors and
      // directors: one credit too many is an error, not a shorter list of names.
      const rest = await fetch(`${small.url}/v2/movies/${movie.movie_id}`);
      expect(rest.status).toBe(400);
      expect(await rest.json()).toEqual({ errors: [{ code: 4005, message: expect.stringContaining(String(cap)) }] });
      const gql = await small.gql('query($id: Int!) { movie(id: $id) { castAndCrew { job } } }', { id: movie.movie_id });
      expect(gql.errors?.[0].extensions?.code).toBe('RESPONSE_TOO_LARGE');
      // At exactly the cap both answer in full.
      expect((await fetch(`${fits.url}/v2/movies/${movie.movie_id}`)).status).toBe(200);
      const all = await fits.gql<{ movie: { castAndCrew: unknown[] } }>('query($id: Int!) { movie(id: $id) { castAndCrew { job } } }', { id: movie.movie_id });
      expect(all.errors).toBeUndefined();
      expect(all.data?.movie.castAndCrew).toHaveLength(movie.credits);
    } finally {
      await small.close();
      await fits.close();
    }
  });
});

describe('production mode', () => {
  it('has no introspection and no "did you mean" hints; GRAPHQL_INTROSPECTION=true lets the standard query through', async () => {
    const refused = await app.gql(getIntrospectionQuery());
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0].message).toMatch(/introspection/i);
    const typo = await app.gql('{ theatre(id: 1) { nam } }');
    expect(typo.errors?.[0].message).toBe('Cannot query field "nam" on type "Theatre".');

    const open = await startTestApp({ env: { ...PRODUCTION_ENV, GRAPHQL_INTROSPECTION: 'true' } });
    try {
      const res = await open.gql<{ __schema: { types: unknown[] } }>(getIntrospectionQuery({ descriptions: true }));
      expect(res.errors).toBeUndefined();
      expect(res.data?.__schema.types.length).toBeGreaterThan(50);
      const overWs = await wsOperation<{ __schema: { types: unknown[] } }>(open.url, getIntrospectionQuery());
      expect(overWs.errors).toBeUndefined();
      expect(overWs.data?.__schema.types.length).toBeGreaterThan(50);
    } finally {
      await open.close();
    }
  });

  it('answers persisted-query errors with their own codes, not a masked 500', async () => {
    const post = (body: unknown) =>
      fetch(`${app.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const unknownHash = await post({ extensions: { persistedQuery: { version: 1, sha256Hash: 'ab'.repeat(32) } } });
    const unknownBody = (await unknownHash.json()) as GraphQLResponse;
    expect(unknownBody.errors?.[0].extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    for (const persistedQuery of [{ version: 2, sha256Hash: 'ab'.repeat(32) }, 'nonsense', { version: 1, sha256Hash: 'x' }]) {
      const res = await post({ query: '{ refundReasons { name } }', extensions: { persistedQuery } });
      const body = (await res.json()) as GraphQLResponse;
      expect(res.status).toBe(400);
      expect(body.errors?.[0].extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
    }
  });
});
