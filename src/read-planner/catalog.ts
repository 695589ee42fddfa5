import { createTableRelationsHelpers, extractTablesRelationalConfig, normalizeRelation, type SQL, type Table } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';
import { toMarket } from '../../schema/market.type';
import { toMovie } from '../../schema/movie.type';
import { toCredit, toPerson } from '../../schema/person.type';
import { ShowtimeFilterArgs, toShowtimeFilters } from '../../schema/showtime.input';
import { toShowtime, toTicketPrice } from '../../schema/showtime.type';
import { toTheatre } from '../../schema/theatre.type';
import type { MarketRow } from '../services/market.service';
import type { MovieRow } from '../services/movie.service';
import type { CreditRow, PersonRow } from '../services/person.service';
import { filterConditions, futureCondition, localDatesCondition, optionalDate, showtimeRecordJson, showtimeRecordOf, validateFilters } from '../services/showtime-query';
import type { ShowtimeRecord, TicketPriceRow } from '../services/showtime.service';
import type { TheatreRow } from '../services/theatre.service';
import { rowCodec } from './rows';

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
  /** FROM clause binding the type's row to `alias`, the name its relations correlate to. */
  from(alias: string): string;
  /** The JSON expression of its row (`from`'s names in scope). */
  row(alias: string): string;
  /** The GraphQL object of one row value. */
  map(value: unknown): object;
  edges: Readonly<Record<string, Edge>>;
}

function plain<R>(table: Table, name: string, map: (row: R) => object, edges: Record<string, Edge>): PlannedType {
  const codec = rowCodec<R>(table);
  return { table, from: (alias) => `"${name}" ${alias}`, row: codec.json, map: (value) => map(codec.decode(value)), edges };
}

const showtimeOrder = ['show_date_time_utc', 'id'];

/** Theatre.showtimes: the spec's filters and a theatre-local day, or every future showtime. */
function theatreShowtimes(args: Args): SQL[] {
  const day = optionalDate(args.date as string | null | undefined);
  const filters = validateFilters(toShowtimeFilters(Object.assign(new ShowtimeFilterArgs(), args)));
  return [day ? localDatesCondition([day]) : futureCondition(), ...filterConditions(filters)];
}

/** Movie.showtimes: at one theatre or all, on a theatre-local day or every future one. */
function movieShowtimes(args: Args): SQL[] {
  const day = optionalDate(args.date as string | null | undefined);
  const conditions = [day ? localDatesCondition([day]) : futureCondition()];
  if (args.theatreId != null) conditions.push(sql`"showtimes"."theatre_id" = ${args.theatreId as number}`);
  return conditions;
}

const creditCodec = rowCodec<CreditRow>(schema.movieCredits);
const personCodec = rowCodec<PersonRow>(schema.people);

export const CATALOG: Readonly<Record<string, PlannedType>> = {
  Theatre: plain<TheatreRow>(schema.theatres, 'theatres', toTheatre, {
    showtimes: { kind: 'many', to: 'Showtime', relation: 'showtimes', order: showtimeOrder, where: theatreShowtimes },
    market: { kind: 'one', to: 'Market', relation: 'market' },
    attributes: { kind: 'ids', relation: 'attributeLinks', column: 'attribute_id' },
  }),
  Market: plain<MarketRow>(schema.markets, 'markets', toMarket, {
    theatres: { kind: 'many', to: 'Theatre', relation: 'theatres', order: ['name', 'id'] },
  }),
  Movie: plain<MovieRow>(schema.movies, 'movies', toMovie, {
    showtimes: { kind: 'many', to: 'Showtime', relation: 'showtimes', order: showtimeOrder, where: movieShowtimes },
    castAndCrew: { kind: 'many', to: 'Credit', relation: 'credits', order: ['sort_order', 'id'] },
    attributes: { kind: 'ids', relation: 'attributeLinks', column: 'attribute_id' },
  }),
  Person: plain<PersonRow>(schema.people, 'people', toPerson, {
    credits: { kind: 'many', to: 'Credit', relation: 'credits', order: ['movie_id', 'sort_order', 'id'] },
  }),
  // A credit comes with its person (as the loader path reads a movie's credits): `name` needs it.
  Credit: {
    table: schema.movieCredits,
    from: (alias) => `movie_credits ${alias} join people ${alias}_p on ${alias}_p.id = ${alias}.person_id`,
    row: (alias) => `json_build_array(${creditCodec.json(alias)}, ${personCodec.json(`${alias}_p`)})`,
    map: (value) => {
      const [credit, person] = value as [unknown, unknown];
      return toCredit(creditCodec.decode(credit), personCodec.decode(person));
    },
    edges: {
      movie: { kind: 'one', to: 'Movie', relation: 'movie' },
      person: { kind: 'one', to: 'Person', relation: 'person' },
    },
  },
  // The showtime record of the loader path (showtime, movie data, theatre zone, attribute ids): its
  // JSON names the tables themselves, so they keep their names and `alias` is a lateral view of the row.
  Showtime: {
    table: schema.showtimes,
    from: (alias) =>
      `showtimes join theatres on theatres.id = showtimes.theatre_id join movies on movies.id = showtimes.movie_id, lateral (select showtimes.*) ${alias}`,
    row: () => showtimeRecordSql,
    map: (value) => toShowtime(showtimeRecordOf<ShowtimeRecord>(value)),
    edges: {
      movie: { kind: 'one', to: 'Movie', relation: 'movie' },
      theatre: { kind: 'one', to: 'Theatre', relation: 'theatre' },
      ticketPrices: { kind: 'many', to: 'TicketPrice', relation: 'ticketPrices', order: ['price', 'type'] },
    },
  },
  TicketPrice: plain<TicketPriceRow>(schema.showtimeTicketPrices, 'showtime_ticket_prices', toTicketPrice, {}),
};

const showtimeRecordSql = (() => {
  const { sql: text, params } = new PgDialect().sqlToQuery(showtimeRecordJson);
  if (params.length) throw new Error('read planner: the showtime record has parameters');
  return text;
})();

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
