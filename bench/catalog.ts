import postgres from 'postgres';
import type { HttpCase } from './harness';

/**
 * The catalog scenarios of issue 10, each against its hand-written baseline (bench/baseline-catalog.ts)
 * answering the same JSON: a theatre's day of showtimes with movie and attributes, a movie's cast and
 * crew with their people, one theatre by id. (The REST showtimes page is in bench/run.ts.)
 */
export const NESTED_CATALOG_QUERY = `query($id: Int!, $date: String!) {
  theatre(id: $id) { id name showtimes(date: $date) { id showDateTimeUtc movie { id name mpaaRating } attributes { code name } } }
}`;
export const CREDITS_QUERY = `query($id: Int!) {
  movie(id: $id) { id name castAndCrew { job role person { id name biography } } }
}`;
export const THEATRE_QUERY = `query($id: Int!) { theatre(id: $id) { id name timezone } }`;

/** The subjects: the busiest theatre-day of tomorrow (given) and the movie with the most credits. */
export async function catalogCases(url: string, appPort: number, basePort: number, theatreId: number, day: string): Promise<HttpCase[]> {
  const sql = postgres(url, { max: 1 });
  const [movie] = await sql<{ movie_id: number }[]>`
    select movie_id from movie_credits group by 1 order by count(*) desc, 1 limit 1`;
  await sql.end();
  const gql = (query: string, variables: Record<string, unknown>) => ({
    url: `http://127.0.0.1:${appPort}/graphql`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const base = (path: string) => `http://127.0.0.1:${basePort}${path}`;
  const NESTED = 'baseline: nested day, one json_agg statement';
  const CREDITS = 'baseline: cast and crew, one json_agg statement';
  const THEATRE = 'baseline: theatre by id (postgres.js + Fastify)';
  const THEATRE_GQL = 'baseline: theatre by id (Fastify + graphql-js)';
  return [
    { name: NESTED, url: base(`/baseline/catalog/nested?theatreId=${theatreId}&date=${day}`), statements: 1 },
    {
      name: 'GraphQL: theatre → showtimes(date) → movie, attributes',
      comparedTo: NESTED,
      sameAnswerAs: NESTED,
      ...gql(NESTED_CATALOG_QUERY, { id: theatreId, date: day }),
    },
    { name: CREDITS, url: base(`/baseline/catalog/credits?movieId=${movie.movie_id}`), statements: 1 },
    {
      name: 'GraphQL: movie → castAndCrew → person',
      comparedTo: CREDITS,
      sameAnswerAs: CREDITS,
      ...gql(CREDITS_QUERY, { id: movie.movie_id }),
    },
    { name: THEATRE, url: base(`/baseline/catalog/theatre?theatreId=${theatreId}`), statements: 1 },
    {
      name: THEATRE_GQL,
      sameAnswerAs: THEATRE,
      statements: 1,
      ...gql(THEATRE_QUERY, { id: theatreId }),
      url: base('/baseline/catalog/graphql'),
    },
    {
      name: 'GraphQL: theatre(id) { id name timezone }',
      comparedTo: THEATRE_GQL,
      sameAnswerAs: THEATRE,
      ...gql(THEATRE_QUERY, { id: theatreId }),
    },
  ];
}
