import { useTestApp, type TestApp } from '../helpers/app';

/**
 * Reference data (attributes and their groups) is cached in each instance's process. An admin write
 * to it — here made as an operator would, in SQL on the shared database — must be seen by the very
 * next request on both instances, through every path that reads it: the attribute list, one attribute,
 * a showtime's attributes (GraphQL and REST), and an attribute's group.
 */

const { app: a, sql } = useTestApp();
const { app: b } = useTestApp({ sharing: a });

const QUERY = `query($id: Int!, $code: String!) {
  showtime(id: $id) { attributes { code name group { name } } }
  attribute(code: $code) { name }
  attributes { code }
}`;

interface Answer {
  showtime: { attributes: { code: string; name: string; group: { name: string } | null }[] };
  attribute: { name: string } | null;
  attributes: { code: string }[];
}

async function read(app: TestApp, showtimeId: number, code: string) {
  const res = await app.gql<Answer>(QUERY, { id: showtimeId, code });
  expect(res.errors).toBeUndefined();
  const rest = await app.get<{ attributes: { code: string; name: string }[] }>(`/v2/showtimes/${showtimeId}`);
  expect(rest.status).toBe(200);
  return { ...res.data!, rest: rest.body.attributes };
}

it('an admin write to an attribute is visible on the next request on both instances', async () => {
  // A grouped attribute of a future showtime.
  const [pick] = await sql<{ showtimeId: number; code: string; name: string; groupId: number }[]>`
    select sa.showtime_id as "showtimeId", a.code, a.name, a.group_id as "groupId"
    from showtime_attributes sa join attributes a on a.id = sa.attribute_id join showtimes s on s.id = sa.showtime_id
    where a.is_active and a.group_id is not null and s.show_date_time_utc > now()
    order by sa.showtime_id, a.id limit 1`;
  expect(pick).toBeDefined();

  // Both instances have it cached.
  for (const app of [a, b]) {
    const before = await read(app, pick.showtimeId, pick.code);
    expect(before.attribute?.name).toBe(pick.name);
    expect(before.showtime.attributes.map((x) => x.name)).toContain(pick.name);
    expect(before.rest.map((x) => x.name)).toContain(pick.name);
  }

  const renamed = `${pick.name} (renamed)`;
  await sql`update attributes set name = ${renamed} where code = ${pick.code}`;
  await sql`update attribute_groups set name = 'Renamed group' where id = ${pick.groupId}`;
  for (const app of [b, a]) {
    const after = await read(app, pick.showtimeId, pick.code);
    expect(after.attribute?.name).toBe(renamed);
    const inShowtime = after.showtime.attributes.find((x) => x.code === pick.code);
    expect(inShowtime).toEqual({ code: pick.code, name: renamed, group: { name: 'Renamed group' } });
    expect(after.rest.find((x) => x.code === pick.code)?.name).toBe(renamed);
  }

  // Deactivating drops it from every list at once, on both; a rolled-back write changes nothing.
  await sql`update attributes set is_active = false where code = ${pick.code}`;
  await sql
    .begin(async (tx) => {
      await tx`update attributes set is_active = true where code = ${pick.code}`;
      throw new Error('rollback');
    })
    .catch(() => undefined);
  for (const app of [a, b]) {
    const off = await read(app, pick.showtimeId, pick.code);
    // One attribute by code is found active or not (as before the cache); lists show active ones only.
    expect(off.attribute).toEqual({ name: renamed });
    expect(off.attributes.map((x) => x.code)).not.toContain(pick.code);
    expect(off.showtime.attributes.map((x) => x.code)).not.toContain(pick.code);
    expect(off.rest.map((x) => x.code)).not.toContain(pick.code);
  }
});

it('a request that reads cached reference data costs one version check, not the data', async () => {
  const [st] = await sql<{ id: number }[]>`select id from showtimes where show_date_time_utc > now() order by id limit 1`;
  await a.gql(`query($id: Int!) { showtime(id: $id) { attributes { code } } }`, { id: st.id });
  const warm = await a.gql(`query($id: Int!) { showtime(id: $id) { attributes { code } } }`, { id: st.id });
  expect(warm.errors).toBeUndefined();
  // One planned statement (src/read-planner/): the showtime with its attribute ids, and the reference
  // version beside them; the attribute rows come from the cache.
  expect(warm.statements).toBe(1);
});

it('markets and refund reasons, cached too, follow a write on both instances', async () => {
  const [t] = await sql<{ id: number; marketId: number }[]>`select id, market_id as "marketId" from theatres order by id limit 1`;
  const [reason] = await sql<{ id: number; description: string }[]>`select id, description from refund_reasons order by id limit 1`;
  const QUERY = `query($id: Int!) { theatre(id: $id) { market { name } } refundReasons { description } }`;
  type Answer = { theatre: { market: { name: string } }; refundReasons: { description: string }[] };
  for (const app of [a, b]) expect((await app.gql<Answer>(QUERY, { id: t.id })).errors).toBeUndefined();

  await sql`update markets set name = 'Renamed market' where id = ${t.marketId}`;
  await sql`update refund_reasons set description = 'Renamed reason' where id = ${reason.id}`;
  for (const app of [a, b]) {
    const res = await app.gql<Answer>(QUERY, { id: t.id });
    expect(res.data!.theatre.market.name).toBe('Renamed market');
    expect(res.data!.refundReasons[0].description).toBe('Renamed reason');
    const rest = await app.get<{ refundReasons: { description: string }[] }>('/v1/refund-reasons');
    expect(rest.body.refundReasons[0].description).toBe('Renamed reason');
  }
});
