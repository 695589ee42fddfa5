import Fastify from 'fastify';
import postgres from 'postgres';
import { collectSeatFacts, deriveSeatMap } from '../src/services/seating/seat-status';

/**
 * The baseline of the benchmark: a bare Fastify route that answers the same nested question as the
 * GraphQL query (a theatre's showtimes of a local day with movie, cast, attributes and seat statuses)
 * with SQL written by hand through postgres.js — one statement per level, no GraphQL, no DataLoader,
 * no ORM. The ratio GraphQL/baseline is what our layers cost.
 */
const sql = postgres(process.env.DATABASE_URL ?? '', { max: 10 });
const app = Fastify({ logger: false });

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

app.listen({ port: Number(process.env.PORT ?? 4100), host: '127.0.0.1' }).then((address) => {
  process.stdout.write(`baseline listening on ${address}\n`);
});
