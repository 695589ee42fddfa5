import type postgres from 'postgres';

/**
 * The data test/integration/planner-generated.test.ts generates its selections around: a busy theatre-day,
 * a movie with credits, a menu with combos and upsells, a point, a movie list made here, media with
 * renditions. It writes: a theatre moved onto another's point, and one movie list.
 */

export interface Pick {
  theatreId: number;
  day: string;
  movieId: number;
  showtimeId: number;
  personId: number;
  /** A theatre whose menu has discounts and combos, one of its combos' offer and product, a category and a group. */
  menuTheatreId: number;
  offerId: number;
  productId: number;
  category: string;
  group: string;
  /** The point of the picked theatre (the lists near a point search from it). */
  latitude: number;
  longitude: number;
  /** A movie list (not seeded: made here) of movies with credits and showtimes, current now, of type `listType`. */
  movieListId: number;
  listType: string;
  /** A movie with active media that have renditions, and one of those items. */
  mediaMovieId: number;
  mediaItemId: number;
}

export async function pickData(sql: postgres.Sql): Promise<Pick> {
  const [row] = await sql<Pick[]>`
    select s.theatre_id as "theatreId", to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') as day,
      min(s.movie_id)::int as "movieId", min(s.id)::int as "showtimeId",
      (select c.person_id from movie_credits c where c.movie_id = min(s.movie_id) order by c.sort_order limit 1) as "personId"
    from showtimes s join theatres t on t.id = s.theatre_id
    where s.show_date_time_utc > now() + interval '1 day'
    group by 1, 2 order by count(*) desc, 1, 2 limit 1`;
  const [menu] = await sql<{ menuTheatreId: number }[]>`
    select tc.theatre_id as "menuTheatreId" from theatre_concessions tc join concessions c on c.id = tc.concession_id
    where tc.is_available and not c.is_modifier_only
    group by 1 order by count(*) filter (where exists (select 1 from concession_discounts d where d.concession_id = c.id))
      + count(*) filter (where exists (select 1 from combo_components cc where cc.combo_concession_id = c.id and cc.type = 'Group')) desc, 1 limit 1`;
  const [offer] = await sql<{ offerId: number; productId: number }[]>`
    select tc.id as "offerId", tc.concession_id as "productId" from theatre_concessions tc
    where tc.theatre_id = ${menu.menuTheatreId}
    order by exists (select 1 from combo_components cc where cc.combo_concession_id = tc.concession_id and cc.type = 'Group') desc, tc.id limit 1`;
  // Upper case: the filters match case-insensitively; the category is a top one (it matches through children).
  const [names] = await sql<{ category: string; group: string }[]>`
    select (select upper(name) from concession_categories where level = 1 order by sort_order, id limit 1) as category,
      (select upper(name) from concession_groups order by name limit 1) as "group"`;
  const [point] = await sql<{ latitude: number; longitude: number }[]>`select latitude, longitude from theatres where id = ${row.theatreId}`;
  // A tie for the lists near a point: the nearest other theatre moved onto the picked one's point, so
  // two theatres (and their showtimes) are at the same distance and the list's tie-breakers order them.
  await sql`update theatres set latitude = ${point.latitude}, longitude = ${point.longitude}
    where id = (select id from theatres where id <> ${row.theatreId}
      order by (latitude - ${point.latitude}) ^ 2 + (longitude - ${point.longitude}) ^ 2, id limit 1)`;
  // Movie lists are not seeded: one current list of three movies (the picked one, with credits and showtimes, second).
  const [list] = await sql<{ id: number }[]>`
    insert into movie_lists (name, type_name, start_date, end_date)
    values ('Generated', 'GeneratedType', now() - interval '1 day', now() + interval '30 days') returning id`;
  const others = await sql<{ id: number }[]>`select id from movies where id <> ${row.movieId} order by id limit 2`;
  const entries = [others[0].id, row.movieId, others[1].id].map((movieId, i) => ({ movie_list_id: list.id, movie_id: movieId, sequence: i + 1 }));
  await sql`insert into movie_list_items ${sql(entries)}`;
  const [media] = await sql<{ mediaMovieId: number; mediaItemId: number }[]>`
    select m.resource_key::int as "mediaMovieId", m.id as "mediaItemId" from media_items m
    where m.resource_type = 'movie' and m.is_active and exists (select 1 from renditions r where r.media_item_id = m.id and r.is_active)
    order by m.id limit 1`;
  return { ...row, ...menu, ...offer, ...names, ...point, movieListId: list.id, listType: 'GeneratedType', ...media };
}
