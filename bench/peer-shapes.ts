import postgres from 'postgres';
import { NESTED_CATALOG_QUERY } from './catalog';

/**
 * The shapes of the peer comparison (bench/peers.ts): each a query an app team would write against
 * Marquee, the query asking PostGraphile v5 (amber naming: `…ByRowId`, `…By<Fk>` connections, `nodes`)
 * the same thing. One normaliser (`normaliseAnswer`) maps either side's answer to the same plain JSON;
 * the bench checks the two deep-equal before timing. It only renames relations, unwraps `nodes`, pages
 * and join rows, and turns PostGraphile's numeric strings and timestamps into what Marquee sends
 * (numbers, ISO instants). It never sorts or filters: where the orders or visibility rules could differ,
 * the PostGraphile query asks for Marquee's order and filter (bench/README.md, "Peers").
 */
export interface PeerShape {
  name: string;
  marquee: { query: string; variables: Record<string, unknown> };
  postgraphile: { query: string; variables: Record<string, unknown> };
  /** The hand-written json_agg floor (bench/baseline-catalog.ts) answering Marquee's JSON, where there is one. */
  floorPath?: string;
}

/**
 * PostGraphile's names of the relations the shapes read, as Marquee names them. One table for every
 * shape: a new shape over the same relations needs no normaliser of its own.
 */
const MARQUEE_NAME: Record<string, string> = {
  rowId: 'id',
  showtimesByTheatreId: 'showtimes',
  movieByMovieId: 'movie',
  movieAttributesByMovieId: 'attributes',
  showtimeAttributesByShowtimeId: 'attributes',
  theatreAttributesByTheatreId: 'attributes',
  theatresByMarketId: 'theatres',
  movieCreditsByMovieId: 'castAndCrew',
  movieCreditsByPersonId: 'credits',
  personByPersonId: 'person',
  theatreConcessionsByTheatreId: 'concessions',
  concessionCategoryAssignmentsByConcessionId: 'categories',
  concessionGroupsByConcessionId: 'groups',
  modifierGroupsByConcessionId: 'modifierGroups',
  modifiersByModifierGroupId: 'modifiers',
};

/**
 * The far side of a join or a one-to-one row whose fields Marquee shows on the near row: a join row
 * `{ attributeByAttributeId: { code } }` is `{ code }`; an offer's `concessionByConcessionId { name }`
 * gives the offer its product's name.
 */
const MERGED = new Set(['attributeByAttributeId', 'concessionCategoryByCategoryId', 'concessionByConcessionId']);

/** Values both sides send in their own notation: PostGraphile's numeric strings and timestamps. */
const VALUE: Record<string, (value: never) => unknown> = {
  showDateTimeUtc: (value: string) => new Date(value).toISOString(),
  price: (value: string | number) => Number(value),
};

/**
 * Maps either side's `{ data }` body to the same plain JSON: the root field's value, connections
 * (`nodes`) and pages (`items`) as arrays, PostGraphile's relation names as Marquee's (`MARQUEE_NAME`),
 * merged rows (`MERGED`) and values in one notation (`VALUE`). It never sorts or filters.
 */
export function normaliseAnswer(body: unknown): unknown {
  const root = Object.values((body as { data: Record<string, unknown> }).data);
  if (root.length !== 1) throw new Error(`a peer shape asks for one root field, not ${root.length}`);
  return plain(root[0]);
}

function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  if (entries.length === 1 && (entries[0][0] === 'nodes' || entries[0][0] === 'items')) return plain(entries[0][1]);
  const out: Record<string, unknown> = {};
  for (const [key, field] of entries) {
    if (MERGED.has(key)) Object.assign(out, plain(field));
    else out[MARQUEE_NAME[key] ?? key] = key in VALUE && field !== null ? VALUE[key](field as never) : plain(field);
  }
  return out;
}

const ORDERED_CREDITS = 'orderBy: [SORT_ORDER_ASC, ROW_ID_ASC]';

/** The subjects: the busiest theatre-day (given), the person with the most credits. */
export async function peerShapes(url: string, theatreId: number, day: string): Promise<PeerShape[]> {
  const sql = postgres(url, { max: 1, connection: { application_name: 'bench-probe' } });
  const [person] = await sql<{ person_id: number }[]>`
    select person_id from movie_credits group by 1 order by count(*) desc, 1 limit 1`;
  await sql.end();
  return [
    catalogDay(theatreId, day),
    theatreDay(theatreId, day),
    marketsTheatres(),
    moviesCredits(),
    personFilmography(person.person_id),
    theatreConcessions(theatreId),
  ];
}

/** The catalog part's nested query (bench/catalog.ts), the one shape Marquee's look-ahead reads in one statement. */
function catalogDay(theatreId: number, day: string): PeerShape {
  return {
    name: 'theatre → showtimes(date) → movie, attributes (the catalog part\'s query)',
    marquee: { query: NESTED_CATALOG_QUERY, variables: { id: theatreId, date: day } },
    postgraphile: {
      query: `query($id: Int!, $date: String!) {
  theatreByRowId(rowId: $id) {
    rowId name
    showtimesByTheatreId(condition: { localDate: $date }, orderBy: [SHOW_DATE_TIME_UTC_ASC, ROW_ID_ASC]) {
      nodes {
        rowId showDateTimeUtc
        movieByMovieId { rowId name mpaaRating }
        showtimeAttributesByShowtimeId { nodes { attributeByAttributeId { code name } } }
      }
    }
  }
}`,
      variables: { id: theatreId, date: day },
    },
    floorPath: `/baseline/catalog/nested?theatreId=${theatreId}&date=${day}`,
  };
}

/** The issue's query: a theatre's day of showtimes, each with its movie and both sides' attributes. */
function theatreDay(theatreId: number, day: string): PeerShape {
  return {
    name: 'theatre → showtimes(date) → movie → attributes; attributes (the issue\'s query)',
    marquee: {
      query: `query($id: Int!, $date: String!) {
  theatre(id: $id) { id name showtimes(date: $date) { id showDateTimeUtc movie { id name attributes { code } } attributes { code } } }
}`,
      variables: { id: theatreId, date: day },
    },
    postgraphile: {
      query: `query($id: Int!, $date: String!) {
  theatreByRowId(rowId: $id) {
    rowId name
    showtimesByTheatreId(condition: { localDate: $date }, orderBy: [SHOW_DATE_TIME_UTC_ASC, ROW_ID_ASC]) {
      nodes {
        rowId showDateTimeUtc
        movieByMovieId { rowId name movieAttributesByMovieId { nodes { attributeByAttributeId { code } } } }
        showtimeAttributesByShowtimeId { nodes { attributeByAttributeId { code } } }
      }
    }
  }
}`,
      variables: { id: theatreId, date: day },
    },
    floorPath: `/baseline/catalog/day-attributes?theatreId=${theatreId}&date=${day}`,
  };
}

/** Every market (one page of 100) with its theatres and their attributes. */
function marketsTheatres(): PeerShape {
  return {
    name: 'markets → theatres → attributes',
    marquee: {
      query: `{ markets(pageSize: 100) { items { id name slug theatres { id name timezone attributes { code } } } } }`,
      variables: {},
    },
    postgraphile: {
      query: `{
  allMarkets(first: 100, orderBy: [NAME_ASC, ROW_ID_ASC]) {
    nodes {
      rowId name slug
      theatresByMarketId(orderBy: [NAME_ASC, ROW_ID_ASC]) {
        nodes { rowId name timezone theatreAttributesByTheatreId { nodes { attributeByAttributeId { code } } } }
      }
    }
  }
}`,
      variables: {},
    },
  };
}

/** A page of 50 movies by sortable name, each with its attributes and its cast and crew. */
function moviesCredits(): PeerShape {
  return {
    name: 'movies → attributes; castAndCrew → person',
    marquee: {
      query: `{ movies(pageSize: 50) { items { id name mpaaRating attributes { code } castAndCrew { job role person { id name } } } } }`,
      variables: {},
    },
    postgraphile: {
      query: `{
  allMovies(first: 50, orderBy: [SORTABLE_NAME_ASC, ROW_ID_ASC]) {
    nodes {
      rowId name mpaaRating
      movieAttributesByMovieId { nodes { attributeByAttributeId { code } } }
      movieCreditsByMovieId(${ORDERED_CREDITS}) { nodes { job role personByPersonId { rowId name } } }
    }
  }
}`,
      variables: {},
    },
  };
}

/** A person's filmography: their credits, each movie with its cast and crew (three levels). */
function personFilmography(personId: number): PeerShape {
  return {
    name: 'person → credits → movie → castAndCrew → person',
    marquee: {
      query: `query($id: Int!) {
  person(id: $id) { id name credits { job role movie { id name castAndCrew { job person { id name } } } } }
}`,
      variables: { id: personId },
    },
    postgraphile: {
      query: `query($id: Int!) {
  personByRowId(rowId: $id) {
    rowId name
    movieCreditsByPersonId(orderBy: [MOVIE_ID_ASC, SORT_ORDER_ASC, ROW_ID_ASC]) {
      nodes {
        job role
        movieByMovieId { rowId name movieCreditsByMovieId(${ORDERED_CREDITS}) { nodes { job personByPersonId { rowId name } } } }
      }
    }
  }
}`,
      variables: { id: personId },
    },
  };
}

/** A theatre's menu (one page of 100): products with categories, groups, modifier groups and modifiers. */
function theatreConcessions(theatreId: number): PeerShape {
  return {
    name: 'theatre → concessions → categories, groups, modifierGroups → modifiers',
    marquee: {
      query: `query($id: Int!) {
  theatre(id: $id) {
    id
    concessions(pageSize: 100) {
      items { id name price categories { name } groups { name } modifierGroups { groupName modifiers { name price } } }
    }
  }
}`,
      variables: { id: theatreId },
    },
    postgraphile: {
      query: `query($id: Int!) {
  theatreByRowId(rowId: $id) {
    rowId
    theatreConcessionsByTheatreId(first: 100, condition: { isAvailable: true }, orderBy: [DISPLAY_NAME_ASC, ROW_ID_ASC]) {
      nodes {
        rowId price
        concessionByConcessionId {
          name
          concessionCategoryAssignmentsByConcessionId(orderBy: [CATEGORY_LEVEL_ASC, CATEGORY_SORT_ORDER_ASC]) {
            nodes { concessionCategoryByCategoryId { name } }
          }
          concessionGroupsByConcessionId(orderBy: NAME_ASC) { nodes { name } }
          modifierGroupsByConcessionId(orderBy: [SORT_ORDER_ASC, ROW_ID_ASC]) {
            nodes {
              groupName
              modifiersByModifierGroupId(orderBy: [SORT_ORDER_ASC, ROW_ID_ASC]) { nodes { price concessionByConcessionId { name } } }
            }
          }
        }
      }
    }
  }
}`,
      variables: { id: theatreId },
    },
  };
}
