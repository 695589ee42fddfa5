import type { FastifyInstance } from 'fastify';
import {
  execute,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
  validate,
  type DocumentNode,
} from 'graphql';
import type postgres from 'postgres';

/**
 * Hand-written baselines of the catalog scenarios (bench/catalog.ts): each answers the same JSON as
 * its GraphQL query with the best SQL we know — one statement that builds the whole document with
 * `json_agg`, the way PostGraphile compiles a query. The route sends Postgres's text as the body.
 */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export function catalogBaselineRoutes(app: FastifyInstance, sql: postgres.Sql): void {
  const send = (text: string | undefined) => text ?? '{"data":null}';

  /** theatre → showtimes of a local day → movie, attributes: one statement. */
  app.get<{ Querystring: { theatreId: string; date: string } }>('/baseline/catalog/nested', async (req, reply) => {
    const [row] = await sql.unsafe(
      `select json_build_object('data', json_build_object('theatre', (
         select json_build_object('id', t.id, 'name', t.name, 'showtimes', coalesce((
           select json_agg(json_build_object(
             'id', s.id, 'showDateTimeUtc', ${iso('s.show_date_time_utc')},
             'movie', (select json_build_object('id', m.id, 'name', m.name, 'mpaaRating', m.mpaa_rating)
                       from movies m where m.id = s.movie_id),
             'attributes', coalesce((
               select json_agg(json_build_object('code', a.code, 'name', a.name) order by a.sort, a.name, a.id)
               from showtime_attributes sa join attributes a on a.id = sa.attribute_id
               where sa.showtime_id = s.id and a.is_active), '[]'::json)
           ) order by s.show_date_time_utc, s.id)
           from showtimes s
           where s.theatre_id = t.id
             and s.show_date_time_utc >= ($2::text::date - 1)::timestamptz and s.show_date_time_utc < ($2::text::date + 2)::timestamptz
             and to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') = $2::text
         ), '[]'::json))
         from theatres t where t.id = $1)))::text as body`,
      [Number(req.query.theatreId), req.query.date],
      { prepare: true },
    );
    return reply.type('application/json').send(send(row?.body as string | undefined));
  });

  /**
   * The peers' first shape (issue 25; bench/peer-shapes.ts): theatre → showtimes of a local day → movie
   * → its attributes, and the showtime's attributes (active ones, in display order): one statement.
   */
  const attributeCodes = (join: string, key: string, id: string) => `coalesce((
    select json_agg(json_build_object('code', a.code) order by a.sort, a.name, a.id)
    from ${join} x join attributes a on a.id = x.attribute_id where x.${key} = ${id} and a.is_active), '[]'::json)`;
  app.get<{ Querystring: { theatreId: string; date: string } }>('/baseline/catalog/day-attributes', async (req, reply) => {
    const [row] = await sql.unsafe(
      `select json_build_object('data', json_build_object('theatre', (
         select json_build_object('id', t.id, 'name', t.name, 'showtimes', coalesce((
           select json_agg(json_build_object(
             'id', s.id, 'showDateTimeUtc', ${iso('s.show_date_time_utc')},
             'movie', (select json_build_object('id', m.id, 'name', m.name,
                         'attributes', ${attributeCodes('movie_attributes', 'movie_id', 'm.id')})
                       from movies m where m.id = s.movie_id),
             'attributes', ${attributeCodes('showtime_attributes', 'showtime_id', 's.id')}
           ) order by s.show_date_time_utc, s.id)
           from showtimes s
           where s.theatre_id = t.id
             and s.show_date_time_utc >= ($2::text::date - 1)::timestamptz and s.show_date_time_utc < ($2::text::date + 2)::timestamptz
             and to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') = $2::text
         ), '[]'::json))
         from theatres t where t.id = $1)))::text as body`,
      [Number(req.query.theatreId), req.query.date],
      { prepare: true },
    );
    return reply.type('application/json').send(send(row?.body as string | undefined));
  });

  /** movie → cast and crew → people: one statement. */
  app.get<{ Querystring: { movieId: string } }>('/baseline/catalog/credits', async (req, reply) => {
    const [row] = await sql.unsafe(
      `select json_build_object('data', json_build_object('movie', (
         select json_build_object('id', m.id, 'name', m.name, 'castAndCrew', coalesce((
           select json_agg(json_build_object(
             'job', c.job, 'role', case when c.job = 'Actor' then c.role end,
             'person', json_build_object('id', p.id, 'name', p.name, 'biography', p.biography)
           ) order by c.sort_order, c.id)
           from movie_credits c join people p on p.id = c.person_id where c.movie_id = m.id
         ), '[]'::json))
         from movies m where m.id = $1)))::text as body`,
      [Number(req.query.movieId)],
      { prepare: true },
    );
    return reply.type('application/json').send(send(row?.body as string | undefined));
  });

  /** One theatre by id: one statement. */
  app.get<{ Querystring: { theatreId: string } }>('/baseline/catalog/theatre', async (req) => {
    const [t] = await sql`select id, name, timezone from theatres where id = ${Number(req.query.theatreId)}`;
    return { data: { theatre: t ? { id: t.id, name: t.name, timezone: t.timezone } : null } };
  });

  /**
   * One theatre by id through a plain graphql-js schema (Fastify + graphql-js): a query text is parsed
   * and validated once and its document kept (as Apollo, Mercurius and Yoga do; without the cache this
   * route spent 0.6 ms of CPU per request re-validating, slower than the app), then each request is
   * graphql-js `execute`; `theatre(id)` is one prepared postgres.js statement. No Apollo, no type-graphql,
   * no ORM, no DataLoader.
   */
  const Theatre = new GraphQLObjectType({
    name: 'Theatre',
    fields: {
      id: { type: new GraphQLNonNull(GraphQLInt) },
      name: { type: new GraphQLNonNull(GraphQLString) },
      timezone: { type: new GraphQLNonNull(GraphQLString) },
    },
  });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        theatre: {
          type: Theatre,
          args: { id: { type: new GraphQLNonNull(GraphQLInt) } },
          resolve: async (_root, args: { id: number }) => {
            const [t] = await sql`select id, name, timezone from theatres where id = ${args.id}`;
            return t ?? null;
          },
        },
      },
    }),
  });
  const documents = new Map<string, DocumentNode | { errors: readonly Error[] }>();
  app.post<{ Body: { query: string; variables?: Record<string, unknown>; operationName?: string } }>(
    '/baseline/catalog/graphql',
    async (req, reply) => {
      const { query, variables, operationName } = req.body;
      let document = documents.get(query);
      if (!document) {
        const parsed = parse(query);
        const errors = validate(schema, parsed);
        document = errors.length ? { errors } : parsed;
        documents.set(query, document);
      }
      if ('errors' in document) return reply.code(400).send({ errors: document.errors });
      return execute({ schema, document, variableValues: variables, operationName });
    },
  );
}
