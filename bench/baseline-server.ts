import Fastify from 'fastify';
import postgres from 'postgres';
import { collectSeatFacts, deriveSeatMap } from '../src/services/seating';
import { catalogBaselineRoutes } from './baseline-catalog';
import { restBaselineRoutes } from './baseline-rest';

/**
 * The baseline of the benchmark: a bare Fastify route that answers the same nested question as the
 * GraphQL query (a theatre's showtimes of a local day with movie, cast, attributes and seat statuses)
 * with SQL written by hand through postgres.js — one statement per level, no GraphQL, no DataLoader,
 * no ORM. The ratio GraphQL/baseline is what our layers cost.
 */
const sql = postgres(process.env.DATABASE_URL ?? '', { max: 10 });
const app = Fastify({ logger: false });
catalogBaselineRoutes(app, sql);
restBaselineRoutes(app, sql);

app.get<{ Querystring: { theatreId: string; date: string } }>('/baseline/theatre-showtimes', async (req) => {
  const theatreId = Number(req.query.theatreId);
  const date = req.query.date;
  const [theatre] = await sql`select id, name, timezone from theatres where id = ${theatreId}`;
  if (!theatre) return { theatre: null };
  const showtimes = await sql`
    select id, movie_id, show_date_time_utc, layout_version_id, social_distancing
    from showtimes
    where theatre_id = ${theatreId}
      and (show_date_time_utc at time zone ${theatre.timezone as string})::date = ${date}::date
    order by show_date_time_utc, id`;
  const showtimeIds = showtimes.map((s) => s.id as number);
  const movieIds = [...new Set(showtimes.map((s) => s.movie_id as number))];
  const versionIds = [...new Set(showtimes.map((s) => s.layout_version_id as number))];
  const [movies, credits, attributes, seats, claims, blocks] = await Promise.all([
    sql`select id, name from movies where id = any(${movieIds})`,
    sql`select c.movie_id, c.job, c.role, p.name from movie_credits c join people p on p.id = c.person_id
        where c.movie_id = any(${movieIds}) order by c.movie_id, c.sort_order, c.id`,
    sql`select sa.showtime_id, a.code from showtime_attributes sa join attributes a on a.id = sa.attribute_id
        where sa.showtime_id = any(${showtimeIds}) order by a.sort, a.id`,
    sql`select layout_version_id, row, "column", type, tier from layout_seats
        where layout_version_id = any(${versionIds}) order by row, "column"`,
    sql`select showtime_id, row, "column", status from seat_claims where showtime_id = any(${showtimeIds})`,
    sql`select showtime_id, row, "column", kind from seat_blocks where showtime_id = any(${showtimeIds})`,
  ]);
  const byKey = <T extends Record<string, unknown>>(rows: readonly T[], key: string) => {
    const map = new Map<unknown, T[]>();
    for (const r of rows) map.set(r[key], [...(map.get(r[key]) ?? []), r]);
    return map;
  };
  const movieById = new Map(movies.map((m) => [m.id, m]));
  const creditsByMovie = byKey(credits, 'movie_id');
  const attrsByShowtime = byKey(attributes, 'showtime_id');
  const seatsByVersion = byKey(seats, 'layout_version_id');
  const claimsByShowtime = byKey(claims, 'showtime_id');
  const blocksByShowtime = byKey(blocks, 'showtime_id');
  return {
    theatre: {
      id: theatre.id,
      name: theatre.name,
      showtimes: showtimes.map((s) => {
        const layout = (seatsByVersion.get(s.layout_version_id) ?? []).map((r) => ({
          row: r.row as number,
          column: r.column as number,
          type: r.type as string,
          tier: r.tier as string,
        }));
        const facts = collectSeatFacts(
          (claimsByShowtime.get(s.id) ?? []) as never,
          (blocksByShowtime.get(s.id) ?? []) as never,
        );
        const movie = movieById.get(s.movie_id);
        return {
          id: s.id,
          showDateTimeUtc: (s.show_date_time_utc as Date).toISOString(),
          movie: {
            name: movie?.name,
            castAndCrew: (creditsByMovie.get(s.movie_id) ?? []).map((c) => ({ job: c.job, name: c.name })),
          },
          attributes: (attrsByShowtime.get(s.id) ?? []).map((a) => ({ code: a.code })),
          seatingLayout: {
            seats: deriveSeatMap(layout, facts, { isPremiereMember: false }, { socialDistancing: s.social_distancing as boolean }).map(
              (d) => ({ seatStatus: d.status }),
            ),
          },
        };
      }),
    },
  };
});

/**
 * Baseline of the seat-map case: one showtime's map for a non-member, by hand — one statement for the
 * layout cells, claims and blocks (json_agg), the same pure derivation as the app — answering the same
 * JSON as the GraphQL query (`compact=1`: the statuses array of `seatingLayout { seatStatuses }`).
 */
app.get<{ Querystring: { showtimeId: string; compact?: string } }>('/baseline/seat-map', async (req) => {
  const [row] = await sql`
    select s.social_distancing,
      (select json_agg(json_build_array(l.row, l."column", l.type, l.tier) order by l.row, l."column")
         from layout_seats l where l.layout_version_id = s.layout_version_id) as cells,
      (select coalesce(json_agg(json_build_array(c.row, c."column", c.status)), '[]')
         from seat_claims c where c.showtime_id = s.id) as claims,
      (select coalesce(json_agg(json_build_array(b.row, b."column", b.kind)), '[]')
         from seat_blocks b where b.showtime_id = s.id) as blocks
    from showtimes s where s.id = ${Number(req.query.showtimeId)}`;
  if (!row) return { data: { showtime: null } };
  const cells = (row.cells as [number, number, string, string][]).map(([r, c, type, tier]) => ({ row: r, column: c, type, tier }));
  const facts = collectSeatFacts(
    (row.claims as [number, number, string][]).map(([r, c, status]) => ({ row: r, column: c, status })),
    (row.blocks as [number, number, string][]).map(([r, c, kind]) => ({ row: r, column: c, kind })),
  );
  const derived = deriveSeatMap(cells, facts, { isPremiereMember: false }, { socialDistancing: row.social_distancing as boolean });
  const enumOf = (status: string) => status.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
  const seatingLayout = req.query.compact
    ? { seatStatuses: derived.map((d) => enumOf(d.status)) }
    : { seats: derived.map((d) => ({ row: d.seat.row, column: d.seat.column, seatStatus: enumOf(d.status) })) };
  return { data: { showtime: { seatingLayout } } };
});

/*
 * The hold cycle as bare SQL (bench/holds.ts): one insert to create an order, the three-statement hold
 * (lock the order, insert the claims, insert the ticket products) in one transaction, and one release
 * statement — no GraphQL, no ORM, no validation, no seat-event log. A lost seat is a unique violation:
 * the transaction rolls back and the route answers 409.
 */
const HOLD_SECONDS = 420;

app.post('/baseline/orders', async (_req, reply) => {
  const [order] = await sql`
    insert into orders (vendor_id, expires_at) values (1, now() + ${HOLD_SECONDS} * interval '1 second') returning id`;
  return reply.code(201).send({ id: order.id });
});

app.post<{ Params: { id: string }; Body: { showtimeId: number; seats: { row: number; column: number }[] } }>(
  '/baseline/orders/:id/tickets',
  async (req, reply) => {
    const orderId = Number(req.params.id);
    const { showtimeId, seats } = req.body;
    try {
      await sql.begin(async (tx) => {
        await tx`select id from orders where id = ${orderId} for update`;
        const claims = seats.map((s) => ({
          showtime_id: showtimeId, row: s.row, column: s.column, order_id: orderId, status: 'held', expires_at: new Date(Date.now() + HOLD_SECONDS * 1000),
        }));
        await tx`insert into seat_claims ${tx(claims)}`;
        const products = seats.map((s, i) => ({
          order_id: orderId, line_number: i + 1, kind: 'Ticket', status: 'Held', sku: 'ADULT', name: 'ticket', cost: 10,
          showtime_id: showtimeId, ticket_type: 'ADULT', row: s.row, column: s.column,
        }));
        await tx`insert into order_products ${tx(products)}`;
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') return reply.code(409).send({ errors: [{ code: 4091, message: 'Seats unavailable' }] });
      throw err;
    }
    return reply.code(201).send({ id: orderId });
  },
);

app.delete<{ Params: { id: string } }>('/baseline/orders/:id', async (req) => {
  const orderId = Number(req.params.id);
  await sql`
    with released as (
      update seat_claims set status = 'released', expires_at = null, updated_at = now()
      where order_id = ${orderId} and status = 'held' returning 1
    ), products as (
      update order_products set status = 'Cancelled' where order_id = ${orderId} and status = 'Held' returning 1
    )
    update orders set status = 'Cancelled' where id = ${orderId}`;
  return { id: orderId };
});

app.listen({ port: Number(process.env.PORT ?? 4100), host: '127.0.0.1' }).then((address) => {
  process.stdout.write(`baseline listening on ${address}\n`);
});
