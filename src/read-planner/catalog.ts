import { createTableRelationsHelpers, extractTablesRelationalConfig, normalizeRelation, type SQL, type Table } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';
import { MARKET_FIELDS, Market, toMarket } from '../../schema/market.type';
import { Movie, toMovie } from '../../schema/movie.type';
import { CREDIT_FIELDS, Credit, PERSON_FIELDS, Person, toCredit, toPerson } from '../../schema/person.type';
import { ShowtimeFilterArgs, toShowtimeFilters } from '../../schema/showtime.input';
import { Showtime, TICKET_PRICE_FIELDS, TicketPrice, toShowtime, toTicketPrice } from '../../schema/showtime.type';
import { Theatre, toTheatre } from '../../schema/theatre.type';
import type { FieldTable } from '../services/field-table';
import type { MarketRow } from '../services/market.service';
import { MOVIE_FIELDS, type MovieRow } from '../services/movie.service';
import type { CreditRow, PersonRow } from '../services/person.service';
import { filterConditions, futureAtDatabaseNow, localDatesCondition, optionalDate, showtimeColumns, showtimeRecordJson, showtimeRecordOf, validateFilters } from '../services/showtime-query';
import { SHOWTIME_FIELDS } from '../services/showtime-view';
import type { ShowtimeRecord, TicketPriceRow } from '../services/showtime.service';
import { THEATRE_FIELDS, type TheatreRow } from '../services/theatre.service';
import { columnRefs, rowCodec, type ColumnRef } from './rows';

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

export type Edge =
  /** A relation to rows of another planned type (`one`: object or null, `many`: list). */
  | { kind: 'one' | 'many'; to: string; relation: string; order?: readonly string[]; where?: (args: Args) => SQL[] }
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
    resolved: byId('media', 'showtimesPage', 'seatingLayouts', 'pickupTimes', 'concessions', 'concession', 'concessionCategories'),
    make: (values) => Object.assign(new Theatre(), values),
  }, {
    showtimes: { kind: 'many', to: 'Showtime', relation: 'showtimes', order: showtimeOrder, where: theatreShowtimes },
    market: { kind: 'one', to: 'Market', relation: 'market' },
    attributes: { kind: 'ids', relation: 'attributeLinks', column: 'attribute_id' },
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

/** The join of `relation` of `table`, from its declaration; fails at start when it is not declared. */
export function joinOf(table: Table, relation: string): Join {
  const key = tableKey.get(table);
  const declared = key ? relational.tables[key]?.relations[relation] : undefined;
  if (!declared) throw new Error(`read planner: relation ${relation} of ${key ?? 'a table'} is not declared in db/schema/relations.ts`);
  const { fields, references } = normalizeRelation(relational.tables, relational.tableNamesMap, declared);
  return { table: declared.referencedTableName, pairs: references.map((reference, i) => [reference.name, fields[i].name]) };
}

// Every edge's relation must be declared: checked when the module loads.
for (const type of Object.values(CATALOG)) for (const edge of Object.values(type.edges)) joinOf(type.table, edge.relation);
