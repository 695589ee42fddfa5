import { createTableRelationsHelpers, extractTablesRelationalConfig, is, normalizeRelation, One, type SQL, type Table } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';
import {
  COMBO_COMPONENT_FIELDS,
  ComboComponent,
  CONCESSION_CATEGORY_FIELDS,
  CONCESSION_DISCOUNT_FIELDS,
  CONCESSION_FIELDS,
  CONCESSION_GROUP_FIELDS,
  Concession,
  ConcessionCategory,
  ConcessionDiscount,
  ConcessionGroup,
  GROUP_COMBO_COMPONENT_FIELDS,
  GroupComboComponent,
  MODIFIER_FIELDS,
  MODIFIER_GROUP_FIELDS,
  Modifier,
  ModifierGroup,
  toComboComponent,
  toConcession,
  toConcessionCategory,
  toConcessionDiscount,
  toConcessionGroup,
  toGroupComboComponent,
  toModifier,
  toModifierGroup,
} from '../../schema/concession.type';
import { MARKET_FIELDS, Market, toMarket } from '../../schema/market.type';
import { Movie, toMovie } from '../../schema/movie.type';
import { CREDIT_FIELDS, Credit, PERSON_FIELDS, Person, toCredit, toPerson } from '../../schema/person.type';
import { ShowtimeFilterArgs, toShowtimeFilters } from '../../schema/showtime.input';
import { Showtime, TICKET_PRICE_FIELDS, TicketPrice, toShowtime, toTicketPrice } from '../../schema/showtime.type';
import { Theatre, toTheatre } from '../../schema/theatre.type';
import {
  concessionListConditions,
  type ComboComponentRow,
  type ComboGroupItemRow,
  type ConcessionCategoryRow,
  type ConcessionDiscountRow,
  type ConcessionGroupRow,
  type ConcessionRecord,
  type ModifierGroupRow,
  type ModifierRow,
} from '../services/concession.service';
import type { FieldTable } from '../services/field-table';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE, type PageRequest } from '../services/page';
import type { MarketRow } from '../services/market.service';
import { MOVIE_FIELDS, type MovieRow } from '../services/movie.service';
import type { CreditRow, PersonRow } from '../services/person.service';
import { filterConditions, futureAtDatabaseNow, localDatesCondition, optionalDate, showtimeColumns, showtimeRecordJson, showtimeRecordOf, validateFilters } from '../services/showtime-query';
import { SHOWTIME_FIELDS } from '../services/showtime-view';
import type { ShowtimeRecord, TicketPriceRow } from '../services/showtime.service';
import { THEATRE_FIELDS, type TheatreRow } from '../services/theatre.service';
import { columnRefs, prunedCodec, rowCodec, type ColumnRef } from './rows';

/**
 * The catalog types the planner reads, one entry per GraphQL type: where its rows come from, how a
 * row becomes the GraphQL object (the loaders' own mapper, so both paths answer alike), and which of
 * its fields are relations the planner follows. The joins of those come from db/schema/relations.ts;
 * an entry only adds what a relation does not say: the order and the field's arguments as SQL
 * conditions, the same conditions the loader path's service applies. Fields not listed here resolve
 * as before (their own resolver, loaders) from the planned objects.
 */

/** A field's arguments, as graphql-js coerced them. */
export type Args = Record<string, unknown>;

/**
 * The order of a relation's rows: columns of the related row (its alias), or SQL of a table its FROM
 * joins (given the alias). The last key is unique.
 */
export type Order = readonly (string | ((alias: string) => string))[];

export type Edge =
  /**
   * A relation to rows of another planned type (`one`: object or null, `many`: list). `relation` is
   * its name in db/schema/relations.ts, or a path `a.b` through `one` relations whose columns the next
   * relation reads (no join: `theatre_concessions.concession.groups` is groups of its concession_id).
   */
  | { kind: 'one' | 'many'; to: string; relation: string; order?: Order; where?: (args: Args) => SQL[] }
  /**
   * A page of related rows (a field of a `…Page` type with `items` of `to`): its items in `order`
   * within the window `page(args)` gives, and the total, as `{ total, items }` (compile.ts).
   */
  | { kind: 'page'; to: string; relation: string; order: Order; where?: (args: Args) => SQL[]; page: (args: Args) => PageRequest }
  /** Ids of reference data through a link table (the rows come from the in-process reference cache). */
  | { kind: 'ids'; relation: string; column: string };

export interface PlannedType {
  table: Table;
  /**
   * FROM clause binding the type's row to `alias`, the name its relations correlate to; `keys` are the
   * row keys a pruned level reads (null: the whole row), for types that join only what those need.
   */
  from(alias: string, keys: readonly string[] | null): string;
  /** The JSON expression of its whole row (`from`'s names in scope). */
  row(alias: string): string;
  /** The GraphQL object of one whole row value (the loader path's mapper). */
  map(value: unknown): object;
  edges: Readonly<Record<string, Edge>>;
  /**
   * Pruned reads (docs/read-planner.md, "Columns"): a level whose every field is known here reads only
   * the row keys its fields need. `columns` are the row keys a pruned row can hold; `fields` the type's
   * field table (the same the mapper uses); `resolved` the row keys of each field resolver that is not
   * a planned relation; `always` the fields every object carries (its id). A field in none of them (and
   * not a planned relation) makes its level read whole rows through `map`.
   */
  columns: Readonly<Record<string, ColumnRef>>;
  fields: { needs(field: string): readonly string[] | undefined };
  resolved: Readonly<Record<string, readonly string[]>>;
  always: readonly string[];
  /** The GraphQL object of a pruned row, with `fields` of the selection. */
  build(row: never, fields: readonly string[]): object;
}

interface Pruning<R> {
  fields: FieldTable<R, unknown>;
  resolved?: Record<string, readonly string[]>;
  make: (values: object, row: R) => object;
  /** Fields every object carries; default its id. */
  always?: readonly string[];
}

function plain<R>(table: Table, name: string, map: (row: R) => object, pruning: Pruning<R>, edges: Record<string, Edge>): PlannedType {
  const codec = rowCodec<R>(table);
  return {
    table,
    from: (alias) => `"${name}" ${alias}`,
    row: codec.json,
    map: (value) => map(codec.decode(value)),
    edges,
    columns: columnRefs(table, (alias) => alias),
    fields: pruning.fields,
    resolved: pruning.resolved ?? {},
    always: pruning.always ?? ['id'],
    build: (row: R, fields) => pruning.make(pruning.fields.pick(row, fields), row),
  };
}

/**
 * A type whose row is built from more than one table (a link and what it names, an offer and its
 * product): `columns` are its row keys (paths: `product.name`) as `from` names them; the whole row is
 * all of them, decoded into the object the loader path's service returns.
 */
function composite<R>(spec: {
  table: Table;
  from: (alias: string) => string;
  columns: Record<string, ColumnRef>;
  map: (row: R) => object;
  fields: FieldTable<R, unknown>;
  resolved?: Record<string, readonly string[]>;
  always: readonly string[];
  make: (values: object, row: R) => object;
}, edges: Record<string, Edge>): PlannedType {
  const whole = prunedCodec(spec.columns, Object.keys(spec.columns));
  return {
    table: spec.table,
    from: spec.from,
    row: whole.json,
    map: (value) => spec.map(whole.decode(value) as R),
    edges,
    columns: spec.columns,
    fields: spec.fields,
    resolved: spec.resolved ?? {},
    always: spec.always,
    build: (row: R, fields) => spec.make(spec.fields.pick(row, fields), row),
  };
}

/** Only `keys` of a table's column refs. */
function refsOf(table: Table, ref: (alias: string) => string, keys: readonly string[], prefix = ''): Record<string, ColumnRef> {
  const all = columnRefs(table, ref, prefix);
  return Object.fromEntries(keys.map((key) => [key, all[key]]));
}

/**
 * Page arguments (PageArgs) as a window, or an error when the loader path's validation refuses them:
 * then the field is not planned and its resolver answers the validation error.
 */
function pageArgs(args: Args): PageRequest {
  const { pageNumber, pageSize } = args as { pageNumber: number; pageSize: number };
  const within = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!within(pageNumber, MAX_PAGE_NUMBER) || !within(pageSize, MAX_PAGE_SIZE)) throw new Error('read planner: page arguments out of range');
  return { pageNumber, pageSize };
}

/** Theatre.concessions: the service's listed products (available, not modifier-only) and its filters. */
const theatreConcessions = (args: Args): SQL[] =>
  concessionListConditions({ category: (args.category as string | null | undefined) ?? null, group: (args.group as string | null | undefined) ?? null });

/** Field resolvers that read only the object's id (occupancy, media, loaders keyed by it). */
const byId = (...fields: string[]) => Object.fromEntries(fields.map((field) => [field, [] as string[]]));

const showtimeOrder = ['show_date_time_utc', 'id'];

/** Theatre.showtimes: the spec's filters and a theatre-local day, or every future showtime. */
function theatreShowtimes(args: Args): SQL[] {
  const day = optionalDate(args.date as string | null | undefined);
  const filters = validateFilters(toShowtimeFilters(Object.assign(new ShowtimeFilterArgs(), args)));
  return [day ? localDatesCondition([day]) : futureAtDatabaseNow(), ...filterConditions(filters)];
}

/** Movie.showtimes: at one theatre or all, on a theatre-local day or every future one. */
function movieShowtimes(args: Args): SQL[] {
  const day = optionalDate(args.date as string | null | undefined);
  const conditions = [day ? localDatesCondition([day]) : futureAtDatabaseNow()];
  if (args.theatreId != null) conditions.push(sql`"showtimes"."theatre_id" = ${args.theatreId as number}`);
  return conditions;
}

const creditCodec = rowCodec<CreditRow>(schema.movieCredits);
const personCodec = rowCodec<PersonRow>(schema.people);

export const CATALOG: Readonly<Record<string, PlannedType>> = {
  Theatre: plain<TheatreRow>(schema.theatres, 'theatres', toTheatre, {
    fields: THEATRE_FIELDS,
    resolved: byId('media', 'showtimesPage', 'seatingLayouts', 'pickupTimes', 'concessionCategories'),
    make: (values) => Object.assign(new Theatre(), values),
  }, {
    showtimes: { kind: 'many', to: 'Showtime', relation: 'showtimes', order: showtimeOrder, where: theatreShowtimes },
    market: { kind: 'one', to: 'Market', relation: 'market' },
    attributes: { kind: 'ids', relation: 'attributeLinks', column: 'attribute_id' },
    // The service's order within a theatre (listConcessionsOfTheatres): display name, offer id.
    concessions: { kind: 'page', to: 'Concession', relation: 'concessionOffers', order: [() => '"concessions"."display_name"', 'id'], where: theatreConcessions, page: pageArgs },
    // getTheatreConcession: the theatre's offer of the product, available or not.
    concession: { kind: 'one', to: 'Concession', relation: 'concessionOffers', where: (args) => [sql`"theatre_concessions"."concession_id" = ${args.concessionId as number}`] },
  }),
  Market: plain<MarketRow>(schema.markets, 'markets', toMarket, { fields: MARKET_FIELDS, make: (values) => Object.assign(new Market(), values) }, {
    theatres: { kind: 'many', to: 'Theatre', relation: 'theatres', order: ['name', 'id'] },
  }),
  Movie: plain<MovieRow>(schema.movies, 'movies', toMovie, {
    fields: MOVIE_FIELDS,
    resolved: byId('starringActors', 'directors', 'earliestShowingUtc', 'hasScheduledShowtimes', 'mediaItems'),
    make: (values) => Object.assign(new Movie(), values),
  }, {
    showtimes: { kind: 'many', to: 'Showtime', relation: 'showtimes', order: showtimeOrder, where: movieShowtimes },
    castAndCrew: { kind: 'many', to: 'Credit', relation: 'credits', order: ['sort_order', 'id'] },
    attributes: { kind: 'ids', relation: 'attributeLinks', column: 'attribute_id' },
  }),
  Person: plain<PersonRow>(schema.people, 'people', toPerson, { fields: PERSON_FIELDS, make: (values) => Object.assign(new Person(), values) }, {
    credits: { kind: 'many', to: 'Credit', relation: 'credits', order: ['movie_id', 'sort_order', 'id'] },
  }),
  // A credit comes with its person (as the loader path reads a movie's credits): `name` needs it.
  Credit: {
    table: schema.movieCredits,
    from: (alias, keys) =>
      keys && !keys.some((k) => k.startsWith('person.'))
        ? `movie_credits ${alias}`
        : `movie_credits ${alias} join people ${alias}_p on ${alias}_p.id = ${alias}.person_id`,
    row: (alias) => `json_build_array(${creditCodec.json(alias)}, ${personCodec.json(`${alias}_p`)})`,
    map: (value) => {
      const [credit, person] = value as [unknown, unknown];
      return toCredit(creditCodec.decode(credit), personCodec.decode(person));
    },
    edges: {
      movie: { kind: 'one', to: 'Movie', relation: 'movie' },
      person: { kind: 'one', to: 'Person', relation: 'person' },
    },
    // A pruned credit's row is { credit, person }: `name`'s resolver reads its person's name.
    columns: {
      ...columnRefs(schema.movieCredits, (alias) => alias, 'credit.'),
      ...columnRefs(schema.people, (alias) => `${alias}_p`, 'person.'),
    },
    fields: { needs: (field) => CREDIT_FIELDS.needs(field)?.map((key) => `credit.${key}`) },
    resolved: { name: ['person.name'] },
    always: ['id'],
    build: (row: { credit: CreditRow; person?: PersonRow }, fields) =>
      Object.assign(new Credit(), CREDIT_FIELDS.pick(row.credit, fields), { personRow: row.person }),
  },
  // The showtime record of the loader path (showtime, movie data, theatre zone, attribute ids): its
  // JSON names the tables themselves, so they keep their names and `alias` is a lateral view of the row.
  Showtime: {
    table: schema.showtimes,
    // Theatres always: the day's condition reads its zone.
    from: (alias, keys) =>
      `showtimes join theatres on theatres.id = showtimes.theatre_id${
        keys && !keys.some((k) => k.startsWith('movie.')) ? '' : ' join movies on movies.id = showtimes.movie_id'
      }, lateral (select showtimes.*) ${alias}`,
    row: () => showtimeRecordSql,
    map: (value) => toShowtime(showtimeRecordOf<ShowtimeRecord>(value)),
    edges: {
      movie: { kind: 'one', to: 'Movie', relation: 'movie' },
      theatre: { kind: 'one', to: 'Theatre', relation: 'theatre' },
      ticketPrices: { kind: 'many', to: 'TicketPrice', relation: 'ticketPrices', order: ['price', 'type'] },
    },
    columns: {
      ...columnRefs(schema.showtimes, () => '"showtimes"', 'showtime.'),
      ...columnRefs(schema.movies, () => '"movies"', 'movie.'),
      timezone: { sql: () => '"theatres"."timezone"', decode: null },
      attributeIds: { sql: () => sqlText(showtimeColumns.attributeIds), decode: null },
    },
    fields: SHOWTIME_FIELDS,
    // Attributes and the premium format map the record's attribute ids; occupancy reads by id.
    resolved: { attributes: ['attributeIds'], premiumFormat: ['attributeIds'], isSoldOut: [], isAlmostSoldOut: [] },
    always: ['id'],
    build: (row: ShowtimeRecord, fields) => Object.assign(new Showtime(), SHOWTIME_FIELDS.pick(row, fields), { record: row }),
  },
  TicketPrice: plain<TicketPriceRow>(schema.showtimeTicketPrices, 'showtime_ticket_prices', toTicketPrice, {
    fields: TICKET_PRICE_FIELDS,
    always: [], // no id: a price is its showtime's and type's
    make: (values) => Object.assign(new TicketPrice(), values),
  }, {}),
  // An offer with its product (the service's ConcessionRecord). The list's conditions name both
  // tables: they keep their names, and `alias` is a lateral view of the offer.
  Concession: composite<ConcessionRecord>({
    table: schema.theatreConcessions,
    from: (alias) => `theatre_concessions join concessions on concessions.id = theatre_concessions.concession_id, lateral (select theatre_concessions.*) ${alias}`,
    columns: { ...columnRefs(schema.theatreConcessions, () => '"theatre_concessions"'), ...columnRefs(schema.concessions, () => '"concessions"', 'product.') },
    map: toConcession,
    fields: CONCESSION_FIELDS,
    // upsellGroup's resolver reads the product's upsell group and the offer's theatre.
    resolved: { upsellGroup: ['product.upsellGroupId', 'theatreId'] },
    always: ['id'],
    make: (values, row) => Object.assign(new Concession(), values, { upsellGroupId: row.product?.upsellGroupId, theatreId: row.theatreId }),
  }, {
    // The services' orders (concession.service.ts); categories add their id after level and sort order (ties unordered there).
    categories: { kind: 'many', to: 'ConcessionCategory', relation: 'concession.categoryLinks', order: [(a) => `${a}_c."level"`, (a) => `${a}_c."sort_order"`, (a) => `${a}_c."id"`] },
    groups: { kind: 'many', to: 'ConcessionGroup', relation: 'concession.groups', order: ['name'] },
    discounts: { kind: 'many', to: 'ConcessionDiscount', relation: 'concession.discounts', order: ['id'] },
    modifierGroups: { kind: 'many', to: 'ModifierGroup', relation: 'concession.modifierGroups', order: ['sort_order', 'id'] },
    comboComponents: { kind: 'many', to: 'ComboComponent', relation: 'concession.comboComponents', order: ['sort_order', 'id'] },
  }),
  // A product's category through its assignment (the link is the row's table, the category joined).
  ConcessionCategory: composite<ConcessionCategoryRow>({
    table: schema.concessionCategoryAssignments,
    from: (alias) => `concession_category_assignments ${alias} join concession_categories ${alias}_c on ${alias}_c.id = ${alias}.category_id`,
    columns: columnRefs(schema.concessionCategories, (alias) => `${alias}_c`),
    map: toConcessionCategory,
    fields: CONCESSION_CATEGORY_FIELDS,
    always: [],
    make: (values) => Object.assign(new ConcessionCategory(), values),
  }, {}),
  ConcessionGroup: plain<ConcessionGroupRow>(schema.concessionGroups, 'concession_groups', toConcessionGroup, {
    fields: CONCESSION_GROUP_FIELDS,
    always: [],
    make: (values) => Object.assign(new ConcessionGroup(), values),
  }, {}),
  ConcessionDiscount: plain<ConcessionDiscountRow>(schema.concessionDiscounts, 'concession_discounts', toConcessionDiscount, {
    fields: CONCESSION_DISCOUNT_FIELDS,
    make: (values) => Object.assign(new ConcessionDiscount(), values),
  }, {}),
  ModifierGroup: plain<ModifierGroupRow>(schema.modifierGroups, 'modifier_groups', toModifierGroup, {
    fields: MODIFIER_GROUP_FIELDS,
    make: (values) => Object.assign(new ModifierGroup(), values),
  }, {
    modifiers: { kind: 'many', to: 'Modifier', relation: 'modifiers', order: ['sort_order', 'id'] },
  }),
  // A modifier with its product's names and sku (getModifiersOfGroups).
  Modifier: composite<ModifierRow>({
    table: schema.modifiers,
    from: (alias) => `modifiers ${alias} join concessions ${alias}_p on ${alias}_p.id = ${alias}.concession_id`,
    columns: {
      ...refsOf(schema.modifiers, (alias) => alias, ['id', 'modifierGroupId', 'concessionId', 'price', 'tax']),
      ...refsOf(schema.concessions, (alias) => `${alias}_p`, ['name', 'displayName', 'sku']),
    },
    map: toModifier,
    fields: MODIFIER_FIELDS,
    always: ['id'],
    make: (values) => Object.assign(new Modifier(), values),
  }, {}),
  ComboComponent: plain<ComboComponentRow>(schema.comboComponents, 'combo_components', toComboComponent, {
    fields: COMBO_COMPONENT_FIELDS,
    always: ['componentId'],
    make: (values) => Object.assign(new ComboComponent(), values),
  }, {
    // getComboGroupItems orders by the product's name; the product id after it (unique per component).
    groupComboComponents: { kind: 'many', to: 'GroupComboComponent', relation: 'groupItems', order: [(a) => `${a}_p."name"`, 'concession_id'] },
  }),
  // A Group component's choice with its product's name and sku (getComboGroupItems).
  GroupComboComponent: composite<ComboGroupItemRow>({
    table: schema.comboGroupItems,
    from: (alias) => `combo_group_items ${alias} join concessions ${alias}_p on ${alias}_p.id = ${alias}.concession_id`,
    columns: { ...refsOf(schema.comboGroupItems, (alias) => alias, ['componentId', 'concessionId']), ...refsOf(schema.concessions, (alias) => `${alias}_p`, ['name', 'sku']) },
    map: toGroupComboComponent,
    fields: GROUP_COMBO_COMPONENT_FIELDS,
    always: [],
    make: (values) => Object.assign(new GroupComboComponent(), values),
  }, {}),
};

/** The text of a parameterless SQL fragment. */
function sqlText(fragment: SQL): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(fragment);
  if (params.length) throw new Error('read planner: a row fragment has parameters');
  return text;
}

const showtimeRecordSql = sqlText(showtimeRecordJson);

/** A relation's join: `[child column, parent column]` pairs (db/schema/relations.ts). */
export interface Join {
  /** The table the relation reads (its name in the database). */
  table: string;
  pairs: [string, string][];
}

const relational = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
const tableKey = new Map<Table, string>(Object.keys(relational.tables).map((key) => [schema[key as keyof typeof schema] as Table, key]));

/**
 * The join of `relation` of `table`, from its declaration; fails at start when it is not declared. A
 * path `a.b` goes through `one` relations without joining them: `b`'s columns of `a`'s table are read
 * where `a` takes them from (`concession.groups` of an offer: groups whose concession_id is the offer's).
 */
export function joinOf(table: Table, relation: string): Join {
  const names = relation.split('.');
  let from = table;
  let target = '';
  let pairs: [string, string][] = [];
  names.forEach((name, i) => {
    const key = tableKey.get(from);
    const declared = key ? relational.tables[key]?.relations[name] : undefined;
    if (!declared) throw new Error(`read planner: relation ${relation} of ${key ?? 'a table'} is not declared in db/schema/relations.ts`);
    if (i < names.length - 1 && !is(declared, One)) throw new Error(`read planner: relation path ${relation} goes through a many relation`);
    const { fields, references } = normalizeRelation(relational.tables, relational.tableNamesMap, declared);
    const own = references.map((reference, j): [string, string] => [reference.name, fields[j].name]);
    const previous = pairs;
    pairs = i === 0
      ? own
      : own.map(([child, parent]): [string, string] => {
          const through = previous.find(([column]) => column === parent);
          if (!through) throw new Error(`read planner: relation path ${relation} reads a column its previous relation does not give`);
          return [child, through[1]];
        });
    target = declared.referencedTableName;
    from = declared.referencedTable;
  });
  return { table: target, pairs };
}

// Every edge's relation must be declared: checked when the module loads.
for (const type of Object.values(CATALOG)) for (const edge of Object.values(type.edges)) joinOf(type.table, edge.relation);
