import 'reflect-metadata';
import { getIntrospectionQuery, parse, type GraphQLSchema } from 'graphql';
import { NESTED_QUERY } from '../../bench/query';
import { buildMarqueeSchema } from '../../src/composition/graphql-schema';
import { loadConfig } from '../../src/config';
import { COST_ARGUMENTS, LIST_SIZES } from '../../src/graphql/cost';
import { checkCost, costVariablesOf, limitsOf } from '../../src/graphql/limits';

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildMarqueeSchema();
});

const limits = { ...limitsOf(loadConfig({})), maxCost: 0 };
/** The estimated cost, read from the error of a budget of 0. */
const costOf = (query: string, variables: Record<string, unknown> = {}) =>
  (checkCost(schema, parse(query), variables, undefined, limits)?.extensions.actual as number | undefined) ?? 0;

describe('the list-aware cost estimate', () => {
  it('counts objects, not scalars', () => {
    expect(costOf('{ theatre(id: 1) { id name timezone } }')).toBe(1);
    expect(costOf('{ theatre(id: 1) { id market { id } } }')).toBe(2);
  });

  it('multiplies by the page size asked for, with variables', () => {
    const query = 'query($n: Int!) { theatres(pageSize: $n) { totalCount items { id } } }';
    // theatres: n × (page object + items object)
    expect(costOf(query, { n: 10 })).toBe(20);
    expect(costOf(query, { n: 100 })).toBe(200);
  });

  it('multiplies unpaged lists by their assumed size, narrowed by their filters', () => {
    const day = costOf('{ theatre(id: 1) { showtimes(date: "2026-11-23") { id } } }');
    const all = costOf('{ theatre(id: 1) { showtimes { id } } }');
    expect(day).toBe(1 + 60);
    expect(all).toBe(1 + 600);
  });

  it('prices lists nested in lists far over the default budget, and introspection at nothing', () => {
    const nested = costOf('{theatre(id:1){showtimes{movie{showtimes{theatre{showtimes{id}}}}}}}');
    expect(nested).toBeGreaterThan(loadConfig({}).GRAPHQL_MAX_COST * 100);
    expect(costOf('{ __schema { types { name fields { name type { name ofType { name } } } } } }')).toBe(0);
  });

  it('skips what @include(if: false) leaves out', () => {
    const query = 'query($on: Boolean!) { theatre(id: 1) { showtimes @include(if: $on) { id } } }';
    expect(costOf(query, { on: false })).toBe(1);
    expect(costOf(query, { on: true })).toBe(601);
  });
});

describe('the documented use cases under the default budget (figures quoted in docs/security.md)', () => {
  const budget = loadConfig({}).GRAPHQL_MAX_COST;
  it('a theatre day with movies and attributes, a seat map, the benchmark\'s nested query', () => {
    const day = costOf(`{ theatre(id: 1) { name showtimes(date: "2026-11-23") { id showDateTimeUtc
      attributes { code name } movie { id name attributes { code name } } } } }`);
    const seatMap = costOf('{ showtime(id: 1) { id seatingLayout { rows columns seats { row column seatStatus } } } }');
    const bench = costOf(NESTED_QUERY, { id: 1, date: '2026-11-23' });
    expect([day, seatMap, bench]).toEqual([2521, 502, 38581]);
    for (const cost of [day, seatMap, bench]) expect(cost).toBeLessThanOrEqual(budget);
  });
});

describe('the token limit', () => {
  it('lets the standard introspection query through with room to spare', () => {
    const query = getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true });
    const { GRAPHQL_MAX_TOKENS } = loadConfig({});
    expect(() => parse(query, { maxTokens: 200 })).not.toThrow();
    expect(() => parse(query, { maxTokens: 150 })).toThrow(/tokens/);
    expect(GRAPHQL_MAX_TOKENS).toBeGreaterThan(200);
  });
});

describe('estimates remembered per document', () => {
  /** The cost of one parsed document (the memo is per document object, as Apollo hands it over). */
  const costFor = (document: ReturnType<typeof parse>) => (variables: Record<string, unknown>) =>
    (checkCost(schema, document, variables, undefined, limits)?.extensions.actual as number | undefined) ?? null;

  it('keys on the variables in sizing arguments and directives only', () => {
    const document = parse(`query($n: Int!, $id: Int!, $with: Boolean!, $d: String) {
      theatres(pageSize: $n) { items { id } }
      theatre(id: $id) { id showtimes(date: $d) @include(if: $with) { id } }
    }`);
    expect(costVariablesOf(document)).toEqual(['d', 'n', 'with']);
    const cost = costFor(document);
    const base = cost({ n: 10, id: 1, with: true, d: '2030-01-01' });
    expect(cost({ n: 10, id: 2, with: true, d: '2030-01-01' })).toBe(base);
    expect(cost({ n: 20, id: 2, with: true, d: '2030-01-01' })).toBe(base! + 20);
    expect(cost({ n: 10, id: 2, with: false, d: '2030-01-01' })).toBeLessThan(base!);
    expect(cost({ n: 10, id: 2, with: true })).toBeGreaterThan(base!);
  });

  it('never lets a bad variable stand in for a later estimate', () => {
    const document = parse('query($n: Int!, $id: Int!) { theatres(pageSize: $n) { items { id } } theatre(id: $id) { id } }');
    const cost = costFor(document);
    // A bad id: no estimate (left to execution to report) …
    expect(cost({ n: 100, id: 'not a number' })).toBeNull();
    // … and the next request with the same page size is still estimated.
    expect(cost({ n: 100, id: 1 })).toBe(201);
  });

  it('COST_ARGUMENTS names every argument the assumed list sizes read', () => {
    const read = new Set<string>();
    for (const truthy of [true, false]) {
      const args = new Proxy({} as Record<string, unknown>, {
        get: (_, name) => {
          if (typeof name === 'string') read.add(name);
          return truthy ? 1 : undefined;
        },
      });
      for (const size of Object.values(LIST_SIZES)) size(args);
    }
    expect(read.size).toBeGreaterThan(0);
    for (const name of read) expect([...COST_ARGUMENTS]).toContain(name);
  });
});
