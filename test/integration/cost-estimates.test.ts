import { parse } from 'graphql';
import { useTestApp } from '../helpers/app';
import { checkCost, limitsOf } from '../../src/graphql/limits';
import { setObservedListSizes } from '../../src/graphql/cost';
import { readListSizes } from '../../src/graphql/list-stats';

/**
 * Cost estimates from the data (issue 28, item 5): the list sizes the estimate multiplies by are read from
 * the database (src/graphql/list-stats.ts), so that on the demo data an operation's estimate is within 2×
 * of the objects it resolves, while lists nested in lists stay refused.
 */

const NESTED_ATTACK = '{theatre(id:1){showtimes{movie{showtimes{theatre{showtimes{movie{showtimes{id}}}}}}}}}';

let date: string;
let theatreId: number;
const { app, sql } = useTestApp();
beforeAll(async () => {
  // A whole local day two days out (every theatre has a schedule then), and a theatre of the chain.
  const [row] = await sql<{ day: string; theatre: number }[]>`
    select to_char(min(s.show_date_time_utc at time zone t.timezone)::date + 2, 'YYYY-MM-DD') as day, min(t.id) as theatre
    from showtimes s join theatres t on t.id = s.theatre_id where s.show_date_time_utc > now()`;
  date = row.day;
  theatreId = row.theatre;
});

/** The estimate, read from the error of a budget of 0 (the server's own function, with the figures it read). */
function estimateOf(query: string): number {
  const limits = { ...limitsOf(app.config), maxCost: 0 };
  return (checkCost(app.server.schema, parse(query), {}, undefined, limits)?.extensions.actual as number | undefined) ?? 0;
}

/** What the estimate counts, in the answer: every object (a page, an item, a nested object). */
function objectsIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + objectsIn(v), 0);
  if (value === null || typeof value !== 'object') return 0;
  return Object.values(value).reduce((n: number, v) => n + objectsIn(v), 1);
}

describe('estimates from the data', () => {
  const queries = () => ({
    'markets → theatres → showtimes of a day → movie (the default first page)': `{ markets { items { theatres { showtimes(date: "${date}") { movie { name } } } } } }`,
    "one theatre's day with its movies": `{ theatre(id: ${theatreId}) { name showtimes(date: "${date}") { id movie { name } } } }`,
    "one theatre's whole schedule": `{ theatre(id: ${theatreId}) { showtimes { id } } }`,
    'a page of 20 theatres with their day': `{ theatres(pageSize: 20) { items { name showtimes(date: "${date}") { id } } } }`,
    'a market page with its theatres': '{ markets(pageSize: 5) { items { name theatres { name } } } }',
  });

  it('each estimate is within 2× of the objects the answer holds', async () => {
    const rows: [string, number, number][] = [];
    for (const [name, query] of Object.entries(queries())) {
      const res = await app.gql(query);
      expect([name, res.errors]).toEqual([name, undefined]);
      const actual = objectsIn(res.data) - 1; // the answer's own `data` object is not a field
      const estimate = estimateOf(query);
      rows.push([name, estimate, actual]);
      if (process.env.SHOW_ESTIMATES) process.stdout.write(`${name}: estimate ${estimate}, actual ${actual}\n`);
    }
    for (const [name, estimate, actual] of rows) {
      expect([name, estimate / actual]).toEqual([name, expect.any(Number)]);
      expect({ name, estimate, actual, within: estimate <= 2 * actual && actual <= 2 * estimate }).toEqual({ name, estimate, actual, within: true });
    }
  });

  it('the default markets page with its showtimes of a day is served; on the assumed sizes it was refused', async () => {
    const query = queries()['markets → theatres → showtimes of a day → movie (the default first page)'];
    const served = await app.gql<{ markets: { items: { theatres: { showtimes: unknown[] }[] }[] } }>(query);
    expect(served.status).toBe(200);
    expect(served.errors).toBeUndefined();
    const showtimes = served.data!.markets.items.flatMap((m) => m.theatres.flatMap((t) => t.showtimes)).length;
    expect(showtimes).toBeGreaterThan(500);

    // The control: the same query on the assumed figures (100 theatres a market, 60 showtimes a day).
    setObservedListSizes({});
    try {
      expect(estimateOf(query)).toBeGreaterThan(app.config.GRAPHQL_MAX_COST);
    } finally {
      setObservedListSizes(await readListSizes(app.database.db));
    }
    expect(estimateOf(query)).toBeLessThan(app.config.GRAPHQL_MAX_COST);
  });

  it('still refuses lists nested in lists (the nested attack of docs/security.md)', async () => {
    const res = await app.gql(NESTED_ATTACK);
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.extensions).toEqual(expect.objectContaining({ code: 'QUERY_TOO_COMPLEX', limit: 'cost' }));
    expect(estimateOf(NESTED_ATTACK)).toBeGreaterThan(app.config.GRAPHQL_MAX_COST * 100);
  });
});
