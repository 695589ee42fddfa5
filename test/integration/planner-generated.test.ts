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
import { useTestApp } from '../helpers/app';
import { pickData, type Pick } from '../helpers/planner-picks';

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
const CATALOG = [
  'Theatre', 'Market', 'Movie', 'Showtime', 'Person', 'Credit', 'TicketPrice',
  'Concession', 'ConcessionCategory', 'ConcessionGroup', 'ConcessionDiscount', 'ModifierGroup', 'Modifier', 'ComboComponent', 'GroupComboComponent',
  'MediaItem', 'Rendition', 'UpsellGroup', 'UpsellConcession', 'MovieList', 'MovieListEntry',
];
/** Fields outside the planner and the kind of statement each adds (docs/read-planner.md). */
const OUTSIDE: Record<string, string> = {
  'Movie.starringActors': 'credits summary',
  'Movie.directors': 'credits summary',
  'Movie.earliestShowingUtc': 'earliest showtime',
  'Movie.hasScheduledShowtimes': 'earliest showtime',
  'Showtime.isSoldOut': 'occupancy',
  'Showtime.isAlmostSoldOut': 'occupancy',
};

const { app, sql } = useTestApp();
const { app: reference } = useTestApp({ sharing: app, env: { READ_PLANNER: 'off' } });


/**
 * A page field's items type (`Theatre.concessions` → `Concession`: a field whose type is a `…Page` with
 * `items`), or the field's type. Every page of a planned type is a relation, generated like the others.
 */
function targetOf(_type: GraphQLObjectType, field: GraphQLField<unknown, unknown>) {
  const named = getNamedType(field.type);
  const items = isObjectType(named) && named.name.endsWith('Page') ? named.getFields().items : undefined;
  return items ? getNamedType(items.type) : named;
}

/** Relations between planned types (a page of one counts: `Theatre.concessions`). */
const relationFields = (type: GraphQLObjectType) =>
  Object.values(type.getFields()).filter((f) => {
    const named = targetOf(type, f);
    return isObjectType(named) && (CATALOG.includes(named.name) || named.name === 'Attribute');
  });

/** Plain leaves of a type: scalar fields without arguments, outside-planner ones left out. */
const leaves = (type: GraphQLObjectType) =>
  Object.values(type.getFields())
    .filter((f) => isLeafType(getNamedType(f.type)) && !f.args.length && !OUTSIDE[`${type.name}.${f.name}`])
    .map((f) => f.name)
    .join(' ');

/** What the generator fills arguments with: a day for showtimes, a product for `Theatre.concession`. */
interface Fill {
  day: string;
  productId: number;
}

/** The arguments of a field the generator fills: a day for showtimes, a product id, nothing else required. */
function args(field: GraphQLField<unknown, unknown>, fill: Fill): string {
  const known: Record<string, string> = { date: `"${fill.day}"`, concessionId: String(fill.productId) };
  const given = field.args.filter((a) => known[a.name]).map((a) => `${a.name}: ${known[a.name]}`);
  for (const a of field.args) if (isNonNullType(a.type) && a.defaultValue === undefined && !known[a.name]) throw new Error(`no value for ${field.name}(${a.name})`);
  return given.length ? `(${given.join(', ')})` : '';
}

function selectionOf(type: GraphQLObjectType, chain: GraphQLField<unknown, unknown>[], fill: Fill): string {
  if (!chain.length) return `{ ${leaves(type)} }`;
  const [field, ...rest] = chain;
  const child = targetOf(type, field) as GraphQLObjectType;
  let inner = child.name === 'Attribute' ? '{ id code name }' : selectionOf(child, rest, fill);
  // A page: its paging fields and its items.
  if (getNamedType(field.type) !== child) inner = `{ totalCount pageNumber pageSize hasNextPage items ${inner} }`;
  return `{ ${leaves(type)} ${field.name}${args(field, fill)} ${inner} }`;
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
    { type: 'Concession', open: `concession(id: ${p.offerId})`, close: '', statements: 1 },
    // Lists near a point: ordered by a distance computed from it (a value of the list, docs/read-planner.md).
    { type: 'Theatre', open: `locationsNear(latitude: ${p.latitude}, longitude: ${p.longitude}, radius: 500, pageSize: 3) { totalCount items { rank distance theatre`, close: '} }', statements: 1 },
    { type: 'Showtime', open: `showtimesNear(date: "${p.day}", latitude: ${p.latitude}, longitude: ${p.longitude}, radius: 500, pageSize: 4) { totalCount items`, close: '}', statements: 1 },
    { type: 'MovieList', open: `movieList(id: ${p.movieListId})`, close: '', statements: 1 },
    { type: 'MovieList', open: 'movieLists(pageSize: 3) { items', close: '}', statements: 1 },
    { type: 'MovieList', open: `currentMovieList(typeName: "${p.listType}")`, close: '', statements: 1 },
    { type: 'Movie', open: 'privateTheatreRentalMovies(pageSize: 3) { items', close: '}', statements: 1 },
    { type: 'Showtime', open: `earliestShowtime(theatreId: ${p.theatreId}, movieId: ${p.movieId})`, close: '', statements: 1 },
    // A resource's media: the resource's check (NOT_FOUND for an unknown one), then its page.
    { type: 'MediaItem', open: `media(resourceType: MOVIE, resourceId: "${p.mediaMovieId}", pageSize: 3) { items`, close: '}', statements: 2 },
    { type: 'MediaItem', open: `mediaItem(id: ${p.mediaItemId})`, close: '', statements: 1 },
  ];
}

/** Every relation at one and two levels under every root, and a third level under each second. */
function generate(p: Pick): Case[] {
  const cases: Case[] = [];
  for (const root of roots(p)) {
    const type = schema.getType(root.type) as GraphQLObjectType;
    const add = (chain: GraphQLField<unknown, unknown>[]) => {
      const selection = selectionOf(type, chain, p);
      cases.push({
        name: `${root.open.split('(')[0]} > ${chain.map((f) => f.name).join(' > ')}`,
        query: `{ ${root.open} ${selection} ${root.close} }`,
        rootStatements: root.statements,
        kinds: 0,
      });
    };
    for (const first of relationFields(type)) {
      const firstType = targetOf(type, first) as GraphQLObjectType;
      add([first]);
      if (firstType.name === 'Attribute') continue;
      for (const second of relationFields(firstType)) {
        add([first, second]);
        const secondType = targetOf(firstType, second) as GraphQLObjectType;
        if (secondType.name === 'Attribute') continue;
        const third = relationFields(secondType).find((f) => targetOf(secondType, f).name !== 'Attribute' && f.name !== first.name);
        if (third && root.statements === 1) add([first, second, third]);
      }
    }
  }
  return cases;
}

/** Where each planned type is met below a root, with the root's arguments (one level down at least). */
function nested(p: Pick): Record<string, { open: string; close: string }> {
  const day = `date: "${p.day}"`;
  const menu = `theatre(id: ${p.menuTheatreId}) { concessions(pageSize: 100)`;
  return {
    Theatre: { open: `showtime(id: ${p.showtimeId}) { theatre`, close: '}' },
    Market: { open: `theatre(id: ${p.theatreId}) { market`, close: '}' },
    Movie: { open: `showtime(id: ${p.showtimeId}) { movie`, close: '}' },
    // One movie's showtimes of the day: a seat map each stays under the list cap.
    Showtime: { open: `theatre(id: ${p.theatreId}) { showtimes(${day}, movieId: ${p.movieId})`, close: '}' },
    Person: { open: `movie(id: ${p.movieId}) { castAndCrew { person`, close: '} }' },
    Credit: { open: `movie(id: ${p.movieId}) { castAndCrew`, close: '}' },
    TicketPrice: { open: `showtime(id: ${p.showtimeId}) { ticketPrices`, close: '}' },
    Concession: { open: `${menu} { items`, close: '} }' },
    ConcessionCategory: { open: `${menu} { items { categories`, close: '} } }' },
    ConcessionGroup: { open: `${menu} { items { groups`, close: '} } }' },
    ConcessionDiscount: { open: `${menu} { items { discounts`, close: '} } }' },
    ModifierGroup: { open: `${menu} { items { modifierGroups`, close: '} } }' },
    Modifier: { open: `${menu} { items { modifierGroups { modifiers`, close: '} } } }' },
    ComboComponent: { open: `${menu} { items { comboComponents`, close: '} } }' },
    GroupComboComponent: { open: `${menu} { items { comboComponents { groupComboComponents`, close: '} } } }' },
    UpsellGroup: { open: `${menu} { items { upsellGroup`, close: '} } }' },
    UpsellConcession: { open: `${menu} { items { upsellGroup { upsellConcessions`, close: '} } } }' },
    MediaItem: { open: `theatre(id: ${p.theatreId}) { media`, close: '}' },
    Rendition: { open: `movie(id: ${p.movieId}) { mediaItems { renditions`, close: '} }' },
    MovieList: { open: 'movieLists { items', close: '}' },
    MovieListEntry: { open: `movieList(id: ${p.movieListId}) { movies`, close: '}' },
  };
}

/**
 * A field's value as a client selects it whole: a leaf as it is, an object with every field it has (to
 * three levels), arguments filled where the generator knows them (a day); null when it cannot be selected.
 */
function wholeField(field: GraphQLField<unknown, unknown>, fill: Fill, depth = 0): string | null {
  let given: string;
  try {
    given = args(field, fill);
  } catch {
    return null;
  }
  const named = getNamedType(field.type);
  if (isLeafType(named)) return `${field.name}${given}`;
  if (!isObjectType(named) || depth > 2) return null;
  const inner = Object.values(named.getFields())
    .map((f) => wholeField(f, fill, depth + 1))
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
  const rootOf: Record<string, string> = {
    Theatre: `theatre(id: ${p.theatreId})`,
    Movie: `movie(id: ${p.movieId})`,
    Showtime: `showtime(id: ${p.showtimeId})`,
    Person: `person(id: ${p.personId})`,
    Concession: `concession(id: ${p.offerId})`,
    MovieList: `movieList(id: ${p.movieListId})`,
  };
  for (const typeName of CATALOG) {
    const type = schema.getType(typeName) as GraphQLObjectType;
    const relations = new Set(relationFields(type).map((f) => f.name));
    for (const field of Object.values(type.getFields())) {
      if (relations.has(field.name)) continue;
      const selection = wholeField(field, p);
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
  const menu = (body: string) => `{ theatre(id: ${p.menuTheatreId}) { id ${body} } }`;
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
    // A movie-name filter with no movie field selected: the pruned level does not join movies.
    { name: 'filters in SQL, no movie field', query: theatre(`showtimes(date: "${p.day}", movieName: "a") { id }`), ...one },
    { name: '__typename at every level', query: theatre(`__typename showtimes(date: "${p.day}") { __typename movie { __typename castAndCrew { __typename person { __typename credits { __typename id } } } } }`), ...one },
    { name: 'two root fields', query: `{ theatre(id: ${p.theatreId}) { market { theatres { id } } } movie(id: ${p.movieId}) { castAndCrew { name person { id } } } }`, rootStatements: 2, kinds: 0 },
    { name: 'outside the planner: occupancy', query: theatre(`showtimes(date: "${p.day}") { id isSoldOut isAlmostSoldOut ticketPrices { price } movie { id } }`), rootStatements: 1, kinds: 1 },
    { name: 'outside the planner: credits summary, earliest showtime', query: `{ movie(id: ${p.movieId}) { starringActors directors earliestShowingUtc castAndCrew { person { name } } } }`, rootStatements: 1, kinds: 2 },
    // Page roots: the list's filters, window and total in the planned statement.
    { name: 'page: filters, second page, paging fields', query: `{ movies(view: NOW_PLAYING, pageSize: 5, pageNumber: 2) { totalCount pageNumber pageSize hasNextPage items { id name attributes { code } } } }`, ...one },
    { name: 'page: name filter, nested relation', query: `{ theatres(name: "a", pageSize: 4) { totalCount items { id name market { name } } } }`, ...one },
    { name: 'page: items and paging fields, no total (the count is not read)', query: `{ movies(pageSize: 4, pageNumber: 2) { pageNumber pageSize __typename items { id name } } }`, ...one },
    { name: 'page: total only', query: `{ markets { totalCount } }`, ...one },
    { name: 'page: unknown market, empty', query: `{ theatres(marketSlug: "nowhere") { totalCount hasNextPage items { id } } }`, ...one },
    { name: 'page: items under two aliases', query: `{ movies(genre: "Drama", pageSize: 3) { a: items { id } b: items { name castAndCrew { job person { name } } } } }`, ...one },
    { name: 'page: past the last page', query: `{ markets(pageNumber: 1000) { totalCount items { id theatres { id } } } }`, ...one },
    // Concessions: a theatre's menu page (rows in order, window, total) inside the theatre's statement.
    { name: "concessions: the peer bench's shape", query: `query($id: Int!) { theatre(id: $id) { id concessions(pageSize: 100) { items { id name price categories { name } groups { name } modifierGroups { groupName modifiers { name price } } } } } }`, variables: { id: p.menuTheatreId }, ...one },
    { name: 'concessions: category filter', query: menu(`concessions(category: "${p.category}", pageSize: 5) { totalCount hasNextPage items { id displayName categories { name level parentCategoryId } } }`), ...one },
    { name: 'concessions: group filter, second page', query: menu(`concessions(group: "${p.group}", pageSize: 2, pageNumber: 2) { totalCount pageNumber pageSize hasNextPage items { id name groups { name media { imageSmall } } } }`), ...one },
    { name: 'concessions: second page, discounts and combos', query: menu(`concessions(pageSize: 7, pageNumber: 2) { totalCount hasNextPage items { id sku discounts { id amount type referenceProductId } comboComponents { name type quantity groupComboComponents { concessionId name sku } } } }`), ...one },
    { name: 'concessions: total only', query: menu(`concessions { totalCount }`), ...one },
    { name: 'concessions: past the last page', query: menu(`concessions(pageNumber: 1000, pageSize: 100) { totalCount hasNextPage items { id categories { name } } }`), ...one },
    { name: 'concessions: two aliases, different arguments; items under two aliases', query: menu(`a: concessions(pageSize: 3) { x: items { id } y: items { name modifierGroups { id } } } b: concessions(group: "${p.group}") { totalCount items { id price } }`), ...one },
    { name: 'concessions: a product at the theatre, and one it does not sell', query: menu(`concession(concessionId: ${p.productId}) { id name comboComponents { name groupComboComponents { name } } } none: concession(concessionId: 999999) { id }`), ...one },
    { name: 'concessions: by offer id, and an unknown one', query: `{ concession(id: ${p.offerId}) { id theatreId price categories { name } upsellGroup { name upsellConcessions { concessionId price } } } none: concession(id: 999999) { id } }`, rootStatements: 2, kinds: 0 },
    // Upsells are priced at the offer's theatre, two levels above them.
    { name: 'upsells: under a page of theatres, at each theatre\'s prices', query: `{ theatres(pageSize: 5) { items { id concessions(pageSize: 30) { items { id upsellGroup { __typename name upsellConcessions { concessionId name sku price tax } } } } } } }`, ...one },
    { name: 'concessions: under a page of theatres', query: `{ theatres(pageSize: 3) { items { id concessions(pageSize: 4) { totalCount items { id name modifierGroups { modifiers { name } } } } } } }`, ...one },
    // A theatre's categories: its listed products' and their ancestors (a recursive walk in SQL; in JS on the loader path).
    { name: 'concession categories: second page, total only, under aliases', query: menu(`a: concessionCategories(pageSize: 2, pageNumber: 2) { totalCount hasNextPage items { categoryId name level parentCategoryId media { imageSmall } } } b: concessionCategories { totalCount } c: concessionCategories(pageNumber: 1000) { totalCount items { categoryId } }`), ...one },
    { name: 'concession categories: under a page of theatres, beside the menu', query: `{ theatres(pageSize: 4) { items { id concessionCategories(pageSize: 50) { totalCount items { name sortOrder } } concessions(pageSize: 2) { items { categories { name } } } } } }`, ...one },
    { name: 'bad argument: a category page size the loader path refuses', query: menu(`concessionCategories(pageSize: 1000) { totalCount }`), rootStatements: 1, kinds: 0 },
    { name: 'bad argument: a concession page size the loader path refuses', query: menu(`concessions(pageSize: 1000) { totalCount }`), rootStatements: 1, kinds: 0 },
    // Media: a resource's active items (by resource type and key, no foreign key) and their renditions.
    { name: 'media: renditions of one size, under aliases', query: `{ movie(id: ${p.movieId}) { mediaItems { id contentType mediaType a: renditions(size: "Thumb") { url width } b: renditions { size } } } }`, ...one },
    { name: 'media: a page of movies with their posters, and showtimes\' theatres with theirs', query: `{ movies(pageSize: 3) { items { id mediaItems { name renditions(size: "Standard") { url } } } } theatre(id: ${p.theatreId}) { media { id resourceType resourceId effectiveStartDate } showtimes(date: "${p.day}") { movie { mediaItems { id } } } } }`, rootStatements: 2, kinds: 0 },
    { name: 'media: a page of one size (its renditions narrowed)', query: `{ media(resourceType: MOVIE, resourceId: "${p.mediaMovieId}", size: "Thumb") { totalCount hasNextPage items { id name renditions { size url } all: renditions(size: "Standard") { size } } } }`, rootStatements: 2, kinds: 0 },
    { name: 'bad argument: the media of an unknown resource (NOT_FOUND)', query: `{ media(resourceType: THEATRE, resourceId: "999999") { totalCount items { id } } }`, rootStatements: 1, kinds: 0 },
    { name: 'media: an item, an unknown one, a second page', query: `{ mediaItem(id: ${p.mediaItemId}) { id contentType renditions { width } } none: mediaItem(id: 999999) { id } media(resourceType: MOVIE, resourceId: "${p.mediaMovieId}", pageSize: 1, pageNumber: 2) { totalCount items { id } } }`, rootStatements: 4, kinds: 0 },
    // Lists near a point: the list's distance filters (radius), orders (then the list's tie-breakers) and is a field of the item.
    { name: 'near: locations, second page, paging fields, the point', query: `{ locationsNear(latitude: ${p.latitude}, longitude: ${p.longitude}, radius: 500, pageSize: 2, pageNumber: 2) { totalCount pageNumber pageSize hasNextPage latitude longitude radius __typename items { __typename rank distance theatre { id name location { latitude longitude } } } } }`, ...one },
    { name: 'near: locations, the theatre under two aliases, items under two aliases', query: `{ locationsNear(latitude: ${p.latitude}, longitude: ${p.longitude}, radius: 300, pageSize: 5) { a: items { t: theatre { id attributes { code } } u: theatre { name media { id } market { name } } } b: items { distance theatre { showtimes(date: "${p.day}") { id movie { name } } } } } }`, ...one },
    { name: 'near: locations without the theatre, and total only', query: `{ a: locationsNear(latitude: ${p.latitude}, longitude: ${p.longitude}) { items { rank distance } } b: locationsNear(latitude: ${p.latitude}, longitude: ${p.longitude}, radius: 1) { totalCount } }`, rootStatements: 2, kinds: 0 },
    { name: 'near: locations, a far point (none), past the last page', query: `{ a: locationsNear(latitude: -60, longitude: 0) { totalCount hasNextPage items { rank theatre { id } } } b: locationsNear(latitude: ${p.latitude}, longitude: ${p.longitude}, radius: 500, pageNumber: 1000) { totalCount items { theatre { id } } } }`, rootStatements: 2, kinds: 0 },
    { name: 'near: locations under variables, with a menu page', query: `query($lat: Float!, $lon: Float!, $size: Int!) { locationsNear(latitude: $lat, longitude: $lon, radius: 500, pageSize: $size) { items { distance theatre { concessions(pageSize: 3) { totalCount items { id name categories { name } } } } } } }`, variables: { lat: p.latitude, lon: p.longitude, size: 4 }, ...one },
    { name: 'bad argument: a latitude the loader path refuses', query: `{ locationsNear(latitude: 91, longitude: 0) { totalCount items { theatre { id } } } }`, rootStatements: 1, kinds: 0 },
    { name: 'bad argument: a radius the loader path refuses', query: `{ locationsNear(latitude: 10, longitude: 0, radius: 0) { totalCount } }`, rootStatements: 1, kinds: 0 },
    { name: 'near: showtimes, filters, second page', query: `{ showtimesNear(date: "${p.day}", latitude: ${p.latitude}, longitude: ${p.longitude}, radius: 500, movieName: "a", excludeAttributes: ["3d"], pageSize: 3, pageNumber: 2) { totalCount hasNextPage items { id theatreId showDateTimeUtc movie { name } attributes { code } ticketPrices { price } } } }`, ...one },
    { name: 'near: showtimes, an attribute filter, occupancy', query: `{ showtimesNear(date: "${p.day}", latitude: ${p.latitude}, longitude: ${p.longitude}, includeAttributes: ["imax"], attributeOperator: OR) { totalCount items { id isSoldOut theatre { name } } } }`, rootStatements: 1, kinds: 1 },
    { name: 'near: showtimes, a far point (none), past the last page', query: `{ a: showtimesNear(date: "${p.day}", latitude: -60, longitude: 0) { totalCount items { id } } b: showtimesNear(date: "${p.day}", latitude: ${p.latitude}, longitude: ${p.longitude}, pageNumber: 1000) { totalCount items { id } } }`, rootStatements: 2, kinds: 0 },
    { name: 'bad argument: a showtimes date the loader path refuses', query: `{ showtimesNear(date: "2026-02-30", latitude: ${p.latitude}, longitude: ${p.longitude}) { items { id } } }`, rootStatements: 1, kinds: 0 },
    // Movie lists: the three roots with every argument, and a list at the second level of a query beside others.
    { name: 'movie lists: filters, a one-item page, paging fields', query: `{ movieLists(type: "generatedtype", startDate: "2000-01-01", endDate: "2100-01-01 00:00:00", pageSize: 1, pageNumber: 1) { totalCount pageNumber hasNextPage items { id name count movies { sequence movie { name } } } } }`, ...one },
    { name: 'movie lists: total only', query: `{ movieLists { totalCount } }`, ...one },
    { name: 'movie lists: past the last page', query: `{ movieLists(pageNumber: 1000) { totalCount hasNextPage items { id movies { movieId } } } }`, ...one },
    { name: 'movie lists: none overlapping', query: `{ movieLists(startDate: "2099-01-01", endDate: "2099-01-02") { totalCount items { id movies { movieId } } } }`, ...one },
    { name: 'movie lists: a list under aliases, entries under two aliases', query: `{ movieList(id: ${p.movieListId}) { a: movies { sequence movie { id showtimes(date: "${p.day}") { id theatre { name } } } } b: movies { movieId movie { castAndCrew { person { name } } } } } }`, ...one },
    { name: 'movie lists: unknown id', query: `{ movieList(id: 999999) { id movies { sequence } } }`, ...one },
    { name: 'movie lists: no current list of a type', query: `{ currentMovieList(typeName: "Nothing") { id movies { sequence } } }`, ...one },
    { name: 'movie lists: three roots', query: `{ movieList(id: ${p.movieListId}) { count } currentMovieList(typeName: "${p.listType}") { id movies { movie { name } } } movieLists(type: "${p.listType}") { items { id } } }`, rootStatements: 3, kinds: 0 },
    { name: 'movie lists: outside the planner under a list (credits summary, earliest showtime)', query: `{ movieList(id: ${p.movieListId}) { movies { movie { starringActors earliestShowingUtc } } } }`, rootStatements: 1, kinds: 2 },
    { name: 'bad argument: a list date the loader path refuses', query: `{ movieLists(startDate: "2031-02-30") { totalCount } }`, rootStatements: 0, kinds: 0 },
    { name: 'private-rental movies: second page, relations', query: `{ privateTheatreRentalMovies(pageSize: 5, pageNumber: 2) { totalCount hasNextPage items { id name privateTheatreRentalTier attributes { code } castAndCrew { person { name } } mediaItems { renditions { url } } } } }`, ...one },
    { name: 'private-rental movies: past the last page', query: `{ privateTheatreRentalMovies(pageNumber: 1000) { totalCount items { id } } }`, ...one },
    { name: 'unknown id', query: `{ theatre(id: 999999) { showtimes(date: "${p.day}") { id } } }`, rootStatements: 1, kinds: 0 },
    { name: 'bad argument: the field errs as on the loader path', query: theatre(`showtimes(date: "2026-02-30") { id }`), rootStatements: 1, kinds: 0 },
  ];
}

it('answers every generated selection as the loader path does, within its statement bound', async () => {
  const p = await pickData(sql);
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
