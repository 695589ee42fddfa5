import { useTestApp } from '../helpers/app';
import { holdSeats, M, must, pickShowtimes, seatsOf, VENDOR } from '../helpers/orders';

/**
 * The catalog relations read below parents the planner did not read (`relation`, src/read-planner/below.ts):
 * an order's showtime comes from its loader, and each relation field under it is one statement for every
 * parent of the batch, the whole selection below the field included; READ_PLANNER=off reads the same level
 * by level. And two checks of the planner against references written apart from its declarations, now that
 * the loader path compiles the same declarations: the JS walk of a theatre's categories, and plain SQL for
 * a page's rows and total.
 */
const { app, sql } = useTestApp();
const { app: off } = useTestApp({ sharing: app, env: { READ_PLANNER: 'off' } });

const BELOW = `query($id: Int!) { order(id: $id) { products { showtime { id
    movie { name castAndCrew { role person { name } } attributes { code } }
    theatre { name media { id renditions { size url } } }
    ticketPrices { type price } } } } }`;
const BARE = 'query($id: Int!) { order(id: $id) { products { showtime { id } } } }';

it("an order's showtimes read each relation below them in one statement for the batch, as the level-by-level path answers", async () => {
  // One order with tickets of two showtimes: the showtimes' relations are read for both at once.
  const [first, second] = await pickShowtimes(sql, 2, 5);
  const order = await holdSeats(app.gql, first.showtimeId, seatsOf(first.regular.slice(0, 2)));
  await must(app.gql, M.addTickets, { input: { orderId: order.id, showtimeId: second.showtimeId, seats: seatsOf(second.regular.slice(0, 1)) } }, VENDOR);
  const ids = { id: order.id };
  // Each query once first: an instance's first reads fill its process caches (reference data, layouts).
  for (const target of [app, off]) for (const query of [BARE, BELOW]) expect((await target.gql(query, ids, VENDOR)).errors).toBeUndefined();
  const bare = await app.gql(BARE, ids, VENDOR);
  const bareOff = await off.gql(BARE, ids, VENDOR);
  const planned = await app.gql(BELOW, ids, VENDOR);
  const reference = await off.gql(BELOW, ids, VENDOR);
  expect(planned.errors).toBeUndefined();
  expect(planned.data).toEqual(reference.data);
  // Three relation fields under the showtimes (movie, theatre, ticketPrices): one statement each, for both
  // showtimes and with everything under them (cast and people, attributes, media and renditions).
  expect(planned.statements).toBe(bare.statements + 3);
  // Level by level: movie, cast, their people, attributes, theatre, media, renditions, ticket prices.
  expect(reference.statements).toBe(bareOff.statements + 8);
  const { products } = (planned.data as { order: { products: { showtime: { id: number; movie: { castAndCrew: unknown[] } } }[] } }).order;
  expect(new Set(products.map((p) => p.showtime.id))).toEqual(new Set([first.showtimeId, second.showtimeId]));
  expect(products.some((p) => p.showtime.movie.castAndCrew.length > 0)).toBe(true);
});

it('a fragment spread under two parents beside different fields plans each set of nodes apart', async () => {
  // `movie` under the two aliases merges the fragment's node with a different sibling each time: a plan of
  // one set would leave the other's fields out of its (pruned) movies.
  const [show] = await pickShowtimes(sql, 1, 8);
  const order = await holdSeats(app.gql, show.showtimeId, seatsOf(show.regular.slice(0, 1)));
  const query = `query($id: Int!) {
    a: order(id: $id) { products { showtime { ...F movie { name } } } }
    b: order(id: $id) { products { showtime { ...F movie { genre castAndCrew { role } } } } }
  }
  fragment F on Showtime { movie { id } }`;
  const planned = await app.gql<Record<'a' | 'b', { products: { showtime: { movie: Record<string, unknown> } }[] }>>(query, { id: order.id }, VENDOR);
  const reference = await off.gql(query, { id: order.id }, VENDOR);
  expect(planned.errors).toBeUndefined();
  expect(planned.data).toEqual(reference.data);
  expect(Object.keys(planned.data!.a.products[0].showtime.movie).sort()).toEqual(['id', 'name']);
  expect(Object.keys(planned.data!.b.products[0].showtime.movie).sort()).toEqual(['castAndCrew', 'genre', 'id']);
  expect(planned.data!.a.products[0].showtime.movie.name).toEqual(expect.any(String));
});

/**
 * The reference of a theatre's concession categories, walked in JS apart from the planner's recursive SQL:
 * the categories of each theatre's listed products (available, not modifier-only) and all their ancestors,
 * by level, sort order and id.
 */
async function categoriesByWalk(theatreIds: readonly number[]): Promise<{ theatreId: number; category: { id: number } }[]> {
  const pairs = await sql<{ theatreId: number; categoryId: number }[]>`
    select distinct tc.theatre_id as "theatreId", ca.category_id as "categoryId" from theatre_concessions tc
      join concessions c on c.id = tc.concession_id join concession_category_assignments ca on ca.concession_id = c.id
    where tc.is_available and not c.is_modifier_only`;
  const all = await sql<{ id: number; parentId: number | null }[]>`
    select id, parent_id as "parentId" from concession_categories order by level, sort_order, id`;
  const byId = new Map(all.map((c) => [c.id, c]));
  const used = new Map<number, Set<number>>(theatreIds.map((id) => [id, new Set<number>()]));
  for (const { theatreId, categoryId } of pairs) {
    const set = used.get(theatreId);
    for (let c = byId.get(categoryId); set && c && !set.has(c.id); c = c.parentId ? byId.get(c.parentId) : undefined) set.add(c.id);
  }
  return theatreIds.flatMap((theatreId) => all.filter((c) => used.get(theatreId)!.has(c.id)).map((category) => ({ theatreId, category })));
}

it("a theatre's concession categories: the planner's recursive walk answers as a walk in JS", async () => {
  const theatres = await sql<{ id: number }[]>`select id from theatres order by id`;
  const byWalk = await categoriesByWalk(theatres.map((t) => t.id));
  const res = await app.gql<{ theatres: { items: { id: number; concessionCategories: { totalCount: number; items: { categoryId: number }[] } }[] } }>(
    '{ theatres(pageSize: 100) { items { id concessionCategories(pageSize: 100) { totalCount items { categoryId } } } } }',
  );
  expect(res.errors).toBeUndefined();
  expect(res.data!.theatres.items).toHaveLength(theatres.length);
  let compared = 0;
  for (const t of res.data!.theatres.items) {
    const walked = byWalk.filter((c) => c.theatreId === t.id).map((c) => c.category.id);
    expect({ id: t.id, ids: t.concessionCategories.items.map((c) => c.categoryId), total: t.concessionCategories.totalCount }).toEqual({
      id: t.id,
      ids: walked.slice(0, 100),
      total: walked.length,
    });
    compared += walked.length;
  }
  expect(compared).toBeGreaterThan(0);
});

it("a page's rows and total are plain SQL's: first, middle, last and past the last page, filtered and not", async () => {
  const [{ state }] = await sql<{ state: string }[]>`select state from theatres group by state order by count(*) desc, state limit 1`;
  for (const filter of [null, state]) {
    const expected = (await sql<{ id: number }[]>`select id from theatres where ${filter === null ? sql`true` : sql`state = ${filter}`} order by name, id`).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(2);
    const size = 3;
    for (const pageNumber of [1, 2, Math.ceil(expected.length / size), Math.ceil(expected.length / size) + 1]) {
      for (const target of [app, off]) {
        const res = await target.gql<{ theatres: { totalCount: number; items: { id: number }[] } }>(
          'query($s: String, $n: Int!, $p: Int!) { theatres(state: $s, pageSize: $n, pageNumber: $p) { totalCount items { id } } }',
          { s: filter, n: size, p: pageNumber },
        );
        expect(res.errors).toBeUndefined();
        expect(res.data!.theatres).toEqual({
          totalCount: expected.length,
          items: expected.slice((pageNumber - 1) * size, pageNumber * size).map((id) => ({ id })),
        });
      }
    }
  }
});

it("a product's upsells are plain SQL's: the group's products the offer's theatre sells, at its prices, nested and level by level", async () => {
  // Theatres whose menus hold products with an upsell group; their upsell products priced at each theatre.
  const offers = await sql<{ theatreId: number; offerId: number }[]>`
    select tc.theatre_id as "theatreId", tc.id as "offerId" from theatre_concessions tc join concessions c on c.id = tc.concession_id
    where c.upsell_group_id is not null and tc.is_available and not c.is_modifier_only order by tc.theatre_id, tc.id`;
  const theatreIds = [...new Set(offers.map((o) => o.theatreId))].slice(0, 3);
  expect(theatreIds.length).toBeGreaterThan(1);
  const expected = await sql<{ offerId: number; concessionId: number; price: number }[]>`
    select tc.id as "offerId", p.id as "concessionId", o.price::float as price
    from theatre_concessions tc join concessions c on c.id = tc.concession_id
      join upsell_items u on u.upsell_group_id = c.upsell_group_id join concessions p on p.id = u.concession_id
      join theatre_concessions o on o.concession_id = p.id and o.theatre_id = tc.theatre_id and o.is_available
    where tc.theatre_id in ${sql(theatreIds)} and c.upsell_group_id is not null
    order by tc.id, u.sort_order, p.id`;
  const QUERY = `query($id: Int!) { theatre(id: $id) { concessions(pageSize: 100) { items { id upsellGroup { upsellConcessions { concessionId price } } } } } }`;
  type Answer = { theatre: { concessions: { items: { id: number; upsellGroup: { upsellConcessions: { concessionId: number; price: number }[] } | null }[] } } };
  let compared = 0;
  for (const surface of [app, off]) {
    for (const id of theatreIds) {
      const res = await surface.gql<Answer>(QUERY, { id });
      expect(res.errors).toBeUndefined();
      for (const item of res.data!.theatre.concessions.items) {
        const want = expected.filter((e) => e.offerId === item.id).map(({ concessionId, price }) => ({ concessionId, price }));
        expect({ offer: item.id, upsells: item.upsellGroup?.upsellConcessions ?? [] }).toEqual({ offer: item.id, upsells: want });
        compared += want.length;
      }
    }
  }
  expect(compared).toBeGreaterThan(0);
});
