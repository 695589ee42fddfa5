import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  getNamedType,
  isLeafType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLObjectType,
} from 'graphql';
import type postgres from 'postgres';
import { startTestApp, startTestAppWithSql, type TestApp } from '../helpers/app';

/**
 * The read planner's contract (docs/read-planner.md), tested on selections generated from the schema:
 * every relation between the catalog types at least once, at two and three levels, with arguments,
 * aliases (the same field twice with different arguments), named and inline fragments and
 * @include/@skip. Each runs against the app and against a second instance on the same database with
 * READ_PLANNER=off (every level through the loaders): the answers must be equal, and the statements at
 * most the root field's own plus one per kind of field outside the planner the selection holds
 * (counted with the process's caches of immutable data warm, as in steady operation).
 */
const schema = buildSchema(readFileSync(path.join(__dirname, '../../schema/schema.graphql'), 'utf8'));

/** The catalog graph's types (the list, as far as GraphQL has them). */
const CATALOG = ['Theatre', 'Market', 'Movie', 'Showtime', 'Person', 'Credit', 'TicketPrice'];
/** Fields outside the planner and the kind of statement each adds (docs/read-planner.md). */
const OUTSIDE: Record<string, string> = {
  'Movie.starringActors': 'credits summary',
  'Movie.directors': 'credits summary',
  'Movie.earliestShowingUtc': 'earliest showtime',
  'Movie.hasScheduledShowtimes': 'earliest showtime',
  'Showtime.isSoldOut': 'occupancy',
  'Showtime.isAlmostSoldOut': 'occupancy',
};

let app: TestApp;
let reference: TestApp;
let sql: postgres.Sql;
startTestAppWithSql((started, client) => {
  app = started;
  sql = client;
});
beforeAll(async () => {
  reference = await startTestApp({ databaseUrl: app.databaseUrl, env: { READ_PLANNER: 'off' } });
});
afterAll(async () => {
  await reference?.close();
});

interface Pick {
  theatreId: number;
  day: string;
  movieId: number;
  showtimeId: number;
  personId: number;
}

async function pickData(): Promise<Pick> {
  const [row] = await sql<Pick[]>`
    select s.theatre_id as "theatreId", to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') as day,
      min(s.movie_id)::int as "movieId", min(s.id)::int as "showtimeId",
      (select c.person_id from movie_credits c where c.movie_id = min(s.movie_id) order by c.sort_order limit 1) as "personId"
    from showtimes s join theatres t on t.id = s.theatre_id
    where s.show_date_time_utc > now() + interval '1 day'
    group by 1, 2 order by count(*) desc, 1, 2 limit 1`;
  return row;
}

const relationFields = (type: GraphQLObjectType) =>
  Object.values(type.getFields()).filter((f) => {
    const named = getNamedType(f.type);
    return isObjectType(named) && (CATALOG.includes(named.name) || named.name === 'Attribute');
  });

/** Plain leaves of a type: scalar fields without arguments, outside-planner ones left out. */
const leaves = (type: GraphQLObjectType) =>
  Object.values(type.getFields())
    .filter((f) => isLeafType(getNamedType(f.type)) && !f.args.length && !OUTSIDE[`${type.name}.${f.name}`])
    .map((f) => f.name)
    .join(' ');

/** The arguments of a field the generator fills: a day for showtimes, nothing else required. */
function args(field: GraphQLField<unknown, unknown>, day: string): string {
  const given = field.args.filter((a) => a.name === 'date').map(() => `date: "${day}"`);
  for (const a of field.args) if (isNonNullType(a.type) && a.defaultValue === undefined && a.name !== 'date') throw new Error(`no value for ${field.name}(${a.name})`);
  return given.length ? `(${given.join(', ')})` : '';
}

function selectionOf(type: GraphQLObjectType, chain: GraphQLField<unknown, unknown>[], day: string): string {
  if (!chain.length) return `{ ${leaves(type)} }`;
  const [field, ...rest] = chain;
  const child = getNamedType(field.type) as GraphQLObjectType;
  const inner = child.name === 'Attribute' ? '{ id code name }' : selectionOf(child, rest, day);
  return `{ ${leaves(type)} ${field.name}${args(field, day)} ${inner} }`;
}

interface Case {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  /** The root field's own statements (a page too: its rows, total and items' relations in one). */
  rootStatements: number;
  kinds: number;
  /** Not counted (a field resolver outside the planner alone): only the answer is compared. */
  uncounted?: boolean;
}

function roots(p: Pick) {
  return [
    { type: 'Theatre', open: `theatre(id: ${p.theatreId})`, close: '', statements: 1 },
    { type: 'Movie', open: `movie(id: ${p.movieId})`, close: '', statements: 1 },
    { type: 'Showtime', open: `showtime(id: ${p.showtimeId})`, close: '', statements: 1 },
    { type: 'Person', open: `person(id: ${p.personId})`, close: '', statements: 1 },
    { type: 'Market', open: 'markets(pageSize: 3) { items', close: '}', statements: 1 },
    { type: 'Theatre', open: 'theatres(pageSize: 3) { items', close: '}', statements: 1 },
  ];
}

/** Every relation at one and two levels under every root, and a third level under each second. */
function generate(p: Pick): Case[] {
  const cases: Case[] = [];
  for (const root of roots(p)) {
    const type = schema.getType(root.type) as GraphQLObjectType;
    const add = (chain: GraphQLField<unknown, unknown>[]) => {
      const selection = selectionOf(type, chain, p.day);
      cases.push({
        name: `${root.open.split('(')[0]} > ${chain.map((f) => f.name).join(' > ')}`,
        query: `{ ${root.open} ${selection} ${root.close} }`,
        rootStatements: root.statements,
        kinds: 0,
      });
    };
    for (const first of relationFields(type)) {
      const firstType = getNamedType(first.type) as GraphQLObjectType;
      add([first]);
      if (firstType.name === 'Attribute') continue;
      for (const second of relationFields(firstType)) {
        add([first, second]);
        const secondType = getNamedType(second.type) as GraphQLObjectType;
        if (secondType.name === 'Attribute') continue;
        const third = relationFields(secondType).find((f) => getNamedType(f.type).name !== 'Attribute' && f.name !== first.name);
        if (third && root.statements === 1) add([first, second, third]);
      }
    }
  }
  return cases;
}

/** Where each planned type is met below a root, with the root's arguments (one level down at least). */
function nested(p: Pick): Record<string, { open: string; close: string }> {
  const day = `date: "${p.day}"`;
  return {
    Theatre: { open: `showtime(id: ${p.showtimeId}) { theatre`, close: '}' },
    Market: { open: `theatre(id: ${p.theatreId}) { market`, close: '}' },
    Movie: { open: `showtime(id: ${p.showtimeId}) { movie`, close: '}' },
    // One movie's showtimes of the day: a seat map each stays under the list cap.
    Showtime: { open: `theatre(id: ${p.theatreId}) { showtimes(${day}, movieId: ${p.movieId})`, close: '}' },
    Person: { open: `movie(id: ${p.movieId}) { castAndCrew { person`, close: '} }' },
    Credit: { open: `movie(id: ${p.movieId}) { castAndCrew`, close: '}' },
    TicketPrice: { open: `showtime(id: ${p.showtimeId}) { ticketPrices`, close: '}' },
  };
}

/**
 * A field's value as a client selects it whole: a leaf as it is, an object with every field it has (to
 * three levels), arguments filled where the generator knows them (a day); null when it cannot be selected.
 */
function wholeField(field: GraphQLField<unknown, unknown>, day: string, depth = 0): string | null {
  let given: string;
  try {
    given = args(field, day);
  } catch {
    return null;
  }
  const named = getNamedType(field.type);
  if (isLeafType(named)) return `${field.name}${given}`;
  if (!isObjectType(named) || depth > 2) return null;
  const inner = Object.values(named.getFields())
    .map((f) => wholeField(f, day, depth + 1))
    .filter((f): f is string => f !== null);
  return inner.length ? `${field.name}${given} { ${inner.join(' ')} }` : null;
}

/**
 * Every field of every planned type that is not a relation the planner follows, alone (with the
 * object's id or not at all), at a nested level and at the root: a pruned level reads only the columns
 * its fields need, so each field's declared needs are tested by itself against the loader path.
 */
function fieldsAlone(p: Pick): Case[] {
  const cases: Case[] = [];
  const at = nested(p);
  const rootOf: Record<string, string> = { Theatre: `theatre(id: ${p.theatreId})`, Movie: `movie(id: ${p.movieId})`, Showtime: `showtime(id: ${p.showtimeId})`, Person: `person(id: ${p.personId})` };
  for (const typeName of CATALOG) {
    const type = schema.getType(typeName) as GraphQLObjectType;
    const relations = new Set(relationFields(type).map((f) => f.name));
    for (const field of Object.values(type.getFields())) {
      if (relations.has(field.name)) continue;
      const selection = wholeField(field, p.day);
      if (!selection) continue;
      const name = `${typeName}.${field.name} alone`;
      cases.push({ name: `${name}, nested`, query: `{ ${at[typeName].open} { ${selection} } ${at[typeName].close} }`, rootStatements: 1, kinds: 0, uncounted: true });
      if (rootOf[typeName]) cases.push({ name: `${name}, root`, query: `{ ${rootOf[typeName]} { ${selection} } }`, rootStatements: 1, kinds: 0, uncounted: true });
    }
  }
  return cases;
}

/** The same selection in the other ways a client writes it. */
function variants(p: Pick): Case[] {
  const st = `id showDateTimeUtc movie { id name attributes { code } } attributes { code }`;
  const theatre = (body: string, vars = '') => `query${vars} { theatre(id: ${p.theatreId}) { id name ${body} } }`;
  const one = { rootStatements: 1, kinds: 0 };
  return [
    { name: 'aliases, different arguments', query: theatre(`a: showtimes(date: "${p.day}") { ${st} } b: showtimes(date: "2099-01-01") { id } c: showtimes(date: "${p.day}", movieId: ${p.movieId}) { id movie { id } }`), ...one },
    { name: 'named fragment', query: `${theatre('...T')} fragment T on Theatre { showtimes(date: "${p.day}") { ...S } } fragment S on Showtime { ${st} }`, ...one },
    { name: 'inline fragments', query: theatre(`... on Theatre { showtimes(date: "${p.day}") { ... on Showtime { ${st} } theatre { ... { market { name theatres { id } } } } } }`), ...one },
    { name: '@include/@skip with variables', query: theatre(`showtimes(date: "${p.day}") @include(if: $yes) { id movie @skip(if: $yes) { id } theatre @include(if: $yes) { id } } market @skip(if: $no) { id theatres { id } }`, '($yes: Boolean!, $no: Boolean!)'), variables: { yes: true, no: false }, ...one },
    { name: 'variables as arguments', query: theatre(`showtimes(date: $day, includeAttributes: $codes) { id attributes { code } }`, '($day: String, $codes: [String!])'), variables: { day: p.day, codes: ['imax'] }, ...one },
    // The same documents again with other values: plans are compiled once per selection and values (memo.ts).
    { name: 'variables as arguments, other values', query: theatre(`showtimes(date: $day, includeAttributes: $codes) { id attributes { code } }`, '($day: String, $codes: [String!])'), variables: { day: null, codes: null }, ...one },
    { name: '@include/@skip with variables, flipped', query: theatre(`showtimes(date: "${p.day}") @include(if: $yes) { id movie @skip(if: $yes) { id } theatre @include(if: $yes) { id } } market @skip(if: $no) { id theatres { id } }`, '($yes: Boolean!, $no: Boolean!)'), variables: { yes: false, no: true }, ...one },
    { name: 'filters in SQL', query: theatre(`showtimes(date: "${p.day}", movieName: "a", excludeAttributes: ["3d"], attributeOperator: OR) { id movieName }`), ...one },
    { name: '__typename at every level', query: theatre(`__typename showtimes(date: "${p.day}") { __typename movie { __typename castAndCrew { __typename person { __typename credits { __typename id } } } } }`), ...one },
    { name: 'two root fields', query: `{ theatre(id: ${p.theatreId}) { market { theatres { id } } } movie(id: ${p.movieId}) { castAndCrew { name person { id } } } }`, rootStatements: 2, kinds: 0 },
    { name: 'outside the planner: occupancy', query: theatre(`showtimes(date: "${p.day}") { id isSoldOut isAlmostSoldOut ticketPrices { price } movie { id } }`), rootStatements: 1, kinds: 1 },
    { name: 'outside the planner: credits summary, earliest showtime', query: `{ movie(id: ${p.movieId}) { starringActors directors earliestShowingUtc castAndCrew { person { name } } } }`, rootStatements: 1, kinds: 2 },
    // Page roots: the list's filters, window and total in the planned statement.
    { name: 'page: filters, second page, paging fields', query: `{ movies(view: NOW_PLAYING, pageSize: 5, pageNumber: 2) { totalCount pageNumber pageSize hasNextPage items { id name attributes { code } } } }`, ...one },
    { name: 'page: name filter, nested relation', query: `{ theatres(name: "a", pageSize: 4) { totalCount items { id name market { name } } } }`, ...one },
    { name: 'page: total only', query: `{ markets { totalCount } }`, ...one },
    { name: 'page: unknown market, empty', query: `{ theatres(marketSlug: "nowhere") { totalCount hasNextPage items { id } } }`, ...one },
    { name: 'page: items under two aliases', query: `{ movies(genre: "Drama", pageSize: 3) { a: items { id } b: items { name castAndCrew { job person { name } } } } }`, ...one },
    { name: 'page: past the last page', query: `{ markets(pageNumber: 1000) { totalCount items { id theatres { id } } } }`, ...one },
    { name: 'unknown id', query: `{ theatre(id: 999999) { showtimes(date: "${p.day}") { id } } }`, rootStatements: 1, kinds: 0 },
    { name: 'bad argument: the field errs as on the loader path', query: theatre(`showtimes(date: "2026-02-30") { id }`), rootStatements: 1, kinds: 0 },
  ];
}

it('answers every generated selection as the loader path does, within its statement bound', async () => {
  const p = await pickData();
  const alone = fieldsAlone(p);
  const cases = [...generate(p), ...variants(p), ...alone];
  expect(cases.length).toBeGreaterThan(40);
  expect(alone.length).toBeGreaterThan(150);
  const lines: string[] = [];
  const failures: string[] = [];
  for (const c of cases) {
    // Counted warm: process-wide caches of immutable data (layout capacities) miss once per process.
    await app.gql(c.query, c.variables);
    const [a, b] = await Promise.all([app.gql(c.query, c.variables), reference.gql(c.query, c.variables)]);
    const bound = c.rootStatements + c.kinds;
    if (!c.uncounted) lines.push(`${String(a.statements).padStart(3)} (bound ${bound}, loaders ${String(b.statements).padStart(3)})  ${c.name}`);
    if (JSON.stringify({ data: a.data, errors: a.errors }) !== JSON.stringify({ data: b.data, errors: b.errors })) failures.push(`answer differs: ${c.name}: ${c.query}`);
    if (!c.uncounted && !(a.statements <= bound)) failures.push(`${a.statements} statements > ${bound}: ${c.name}: ${c.query}`);
    if (a.errors && c.name.indexOf('bad argument') < 0) failures.push(`errors: ${c.name}: ${JSON.stringify(a.errors)}`);
  }
  console.log(`statements per generated case (planner; bound; loader path):\n${lines.join('\n')}\nand ${alone.length} cases of one field alone (answers compared)`);
  expect(failures).toEqual([]);
}, 120_000);
