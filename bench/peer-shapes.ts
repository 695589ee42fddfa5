import postgres from 'postgres';
import { NESTED_CATALOG_QUERY } from './catalog';

/**
 * The shapes of the peer comparison (bench/peers.ts): each a query an app team would write against
 * Marquee, the query asking PostGraphile v5 (amber naming: `…ByRowId`, `…By<Fk>` connections, `nodes`)
 * the same thing, and one normaliser per side that maps its answer to the same plain JSON. The bench
 * checks the two normalised answers deep-equal before timing; a normaliser only renames fields, unwraps
 * `nodes` and join rows, and turns PostGraphile's numeric strings and timestamps into what Marquee sends
 * (numbers, ISO instants). It never sorts or filters: where the orders or visibility rules could differ,
 * the PostGraphile query asks for Marquee's order and filter (bench/README.md, "Peers").
 */
export interface PeerShape {
  name: string;
  marquee: { query: string; variables: Record<string, unknown> };
  postgraphile: { query: string; variables: Record<string, unknown> };
  /** Both map a `{ data }` body to the shape's common JSON. */
  normaliseMarquee(body: unknown): unknown;
  normalisePostgraphile(body: unknown): unknown;
  /** The hand-written json_agg floor (bench/baseline-catalog.ts) answering Marquee's JSON, where there is one. */
  floorPath?: string;
}

// The answers are JSON of a known shape (checked equal between the sides); typed loosely on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
type J = any;

const data = (body: unknown): J => (body as { data: J }).data;
const nodes = (connection: J): J[] => connection.nodes;
const instant = (value: string): string => new Date(value).toISOString();
/** PostGraphile sends `numeric` as a string (BigFloat); Marquee as a Float. */
const num = (value: string | number): number => Number(value);
const codes = (list: J[]): string[] => list.map((a) => a.code);
/** A many-to-many through a join table: the join rows' far-side rows' codes. */
const joinedCodes = (connection: J, far: string): string[] => nodes(connection).map((row) => row[far].code);

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
  const attributes = (list: J[]) => list.map((a) => ({ code: a.code, name: a.name }));
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
    normaliseMarquee: (body) => {
      const t = data(body).theatre;
      return {
        id: t.id,
        name: t.name,
        showtimes: t.showtimes.map((s: J) => ({
          id: s.id,
          at: instant(s.showDateTimeUtc),
          movie: { id: s.movie.id, name: s.movie.name, mpaaRating: s.movie.mpaaRating },
          attributes: attributes(s.attributes),
        })),
      };
    },
    normalisePostgraphile: (body) => {
      const t = data(body).theatreByRowId;
      return {
        id: t.rowId,
        name: t.name,
        showtimes: nodes(t.showtimesByTheatreId).map((s) => ({
          id: s.rowId,
          at: instant(s.showDateTimeUtc),
          movie: { id: s.movieByMovieId.rowId, name: s.movieByMovieId.name, mpaaRating: s.movieByMovieId.mpaaRating },
          attributes: attributes(nodes(s.showtimeAttributesByShowtimeId).map((row) => row.attributeByAttributeId)),
        })),
      };
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
    normaliseMarquee: (body) => {
      const t = data(body).theatre;
      return {
        id: t.id,
        name: t.name,
        showtimes: t.showtimes.map((s: J) => ({
          id: s.id,
          at: instant(s.showDateTimeUtc),
          movie: { id: s.movie.id, name: s.movie.name, attributes: codes(s.movie.attributes) },
          attributes: codes(s.attributes),
        })),
      };
    },
    normalisePostgraphile: (body) => {
      const t = data(body).theatreByRowId;
      return {
        id: t.rowId,
        name: t.name,
        showtimes: nodes(t.showtimesByTheatreId).map((s) => ({
          id: s.rowId,
          at: instant(s.showDateTimeUtc),
          movie: {
            id: s.movieByMovieId.rowId,
            name: s.movieByMovieId.name,
            attributes: joinedCodes(s.movieByMovieId.movieAttributesByMovieId, 'attributeByAttributeId'),
          },
          attributes: joinedCodes(s.showtimeAttributesByShowtimeId, 'attributeByAttributeId'),
        })),
      };
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
    normaliseMarquee: (body) =>
      data(body).markets.items.map((m: J) => ({
        id: m.id,
        name: m.name,
        slug: m.slug,
        theatres: m.theatres.map((t: J) => ({ id: t.id, name: t.name, timezone: t.timezone, attributes: codes(t.attributes) })),
      })),
    normalisePostgraphile: (body) =>
      nodes(data(body).allMarkets).map((m) => ({
        id: m.rowId,
        name: m.name,
        slug: m.slug,
        theatres: nodes(m.theatresByMarketId).map((t) => ({
          id: t.rowId,
          name: t.name,
          timezone: t.timezone,
          attributes: joinedCodes(t.theatreAttributesByTheatreId, 'attributeByAttributeId'),
        })),
      })),
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
    normaliseMarquee: (body) =>
      data(body).movies.items.map((m: J) => ({
        id: m.id,
        name: m.name,
        mpaaRating: m.mpaaRating,
        attributes: codes(m.attributes),
        credits: m.castAndCrew.map((c: J) => ({ job: c.job, role: c.role, person: { id: c.person.id, name: c.person.name } })),
      })),
    normalisePostgraphile: (body) =>
      nodes(data(body).allMovies).map((m) => ({
        id: m.rowId,
        name: m.name,
        mpaaRating: m.mpaaRating,
        attributes: joinedCodes(m.movieAttributesByMovieId, 'attributeByAttributeId'),
        credits: nodes(m.movieCreditsByMovieId).map((c) => ({
          job: c.job,
          role: c.role,
          person: { id: c.personByPersonId.rowId, name: c.personByPersonId.name },
        })),
      })),
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
    normaliseMarquee: (body) => {
      const p = data(body).person;
      return {
        id: p.id,
        name: p.name,
        credits: p.credits.map((c: J) => ({
          job: c.job,
          role: c.role,
          movie: {
            id: c.movie.id,
            name: c.movie.name,
            cast: c.movie.castAndCrew.map((k: J) => ({ job: k.job, person: { id: k.person.id, name: k.person.name } })),
          },
        })),
      };
    },
    normalisePostgraphile: (body) => {
      const p = data(body).personByRowId;
      return {
        id: p.rowId,
        name: p.name,
        credits: nodes(p.movieCreditsByPersonId).map((c) => ({
          job: c.job,
          role: c.role,
          movie: {
            id: c.movieByMovieId.rowId,
            name: c.movieByMovieId.name,
            cast: nodes(c.movieByMovieId.movieCreditsByMovieId).map((k) => ({
              job: k.job,
              person: { id: k.personByPersonId.rowId, name: k.personByPersonId.name },
            })),
          },
        })),
      };
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
    normaliseMarquee: (body) => {
      const t = data(body).theatre;
      return {
        id: t.id,
        items: t.concessions.items.map((c: J) => ({
          id: c.id,
          name: c.name,
          price: num(c.price),
          categories: c.categories.map((k: J) => k.name),
          groups: c.groups.map((g: J) => g.name),
          modifierGroups: c.modifierGroups.map((g: J) => ({
            name: g.groupName,
            modifiers: g.modifiers.map((m: J) => ({ name: m.name, price: num(m.price) })),
          })),
        })),
      };
    },
    normalisePostgraphile: (body) => {
      const t = data(body).theatreByRowId;
      return {
        id: t.rowId,
        items: nodes(t.theatreConcessionsByTheatreId).map((tc) => {
          const c = tc.concessionByConcessionId;
          return {
            id: tc.rowId,
            name: c.name,
            price: num(tc.price),
            categories: nodes(c.concessionCategoryAssignmentsByConcessionId).map((a) => a.concessionCategoryByCategoryId.name),
            groups: nodes(c.concessionGroupsByConcessionId).map((g) => g.name),
            modifierGroups: nodes(c.modifierGroupsByConcessionId).map((g) => ({
              name: g.groupName,
              modifiers: nodes(g.modifiersByModifierGroupId).map((m) => ({ name: m.concessionByConcessionId.name, price: num(m.price) })),
            })),
          };
        }),
      };
    },
  };
}
