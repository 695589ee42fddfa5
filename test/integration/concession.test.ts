import { useTestApp } from '../helpers/app';

const { app, sql } = useTestApp();

const LISTED = `tc.is_available and not c.is_modifier_only`;

async function listed(theatreId: number, cond = 'true', params: unknown[] = []): Promise<number[]> {
  const rows = await sql.unsafe(
    `select tc.id from theatre_concessions tc join concessions c on c.id = tc.concession_id
     where tc.theatre_id = $1 and ${LISTED} and ${cond} order by c.display_name, tc.id`,
    [theatreId, ...params] as never[],
  );
  return rows.map((r) => r.id as number);
}

async function concessions(theatreId: number, args: string) {
  const res = await app.gql<{ theatre: { concessions: { items: { id: number }[]; totalCount: number } } }>(
    `query($id: Int!) { theatre(id: $id) { concessions(${args}) { items { id } totalCount } } }`,
    { id: theatreId },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.theatre.concessions;
}

describe('Theatre.concessions', () => {
  it('lists, pages and filters by category (or parent category) and group, as SQL says', async () => {
    const [{ theatre_id: theatreId }] = await sql`select theatre_id from theatre_concessions order by theatre_id limit 1`;
    const all = await listed(theatreId);
    const page = await concessions(theatreId, 'pageSize: 100');
    expect(page.totalCount).toBe(all.length);
    expect(page.items.map((c) => c.id)).toEqual(all.slice(0, 100));
    expect((await concessions(theatreId, 'pageNumber: 2, pageSize: 3')).items.map((c) => c.id)).toEqual(all.slice(3, 6));

    const inCategory = `exists (select 1 from concession_category_assignments a join concession_categories k on k.id = a.category_id
      left join concession_categories p on p.id = k.parent_id where a.concession_id = c.id and lower($2) in (lower(k.name), lower(p.name)))`;
    const drinks = await listed(theatreId, inCategory, ['Drinks']);
    const soda = await listed(theatreId, inCategory, ['Soda']);
    expect(drinks.length).toBeGreaterThan(soda.length);
    expect(soda.length).toBeGreaterThan(0);
    expect((await concessions(theatreId, 'category: "drinks", pageSize: 100')).items.map((c) => c.id)).toEqual(drinks);
    expect((await concessions(theatreId, 'category: "Soda", pageSize: 100')).items.map((c) => c.id)).toEqual(soda);

    const inGroup = `exists (select 1 from concession_groups g where g.concession_id = c.id and lower(g.name) = lower($2))`;
    const featured = await listed(theatreId, inGroup, ['Featured']);
    expect(featured.length).toBeGreaterThan(0);
    expect((await concessions(theatreId, 'group: "featured", pageSize: 100')).items.map((c) => c.id)).toEqual(featured);
    expect((await concessions(theatreId, 'category: "No such category"')).totalCount).toBe(0);
  });

  it('nests categories, groups, modifiers, combo parts and upsells in a bounded number of statements', async () => {
    const [combo] = await sql`select tc.id, tc.theatre_id, tc.concession_id from theatre_concessions tc
      join combo_components cc on cc.combo_concession_id = tc.concession_id where cc.type = 'Group' order by tc.id limit 1`;
    const [mod] = await sql`select tc.id, count(m.id)::int as n from theatre_concessions tc
      join modifier_groups g on g.concession_id = tc.concession_id join modifiers m on m.modifier_group_id = g.id
      where tc.theatre_id = ${combo.theatre_id} group by 1 order by 1 limit 1`;
    const query = `query($id: Int!) { concession(id: $id) { id concessionId theatreId name sku price tax media { imageSmall }
      categories { name level } groups { name } discounts { amount type }
      modifierGroups { groupName required modifiers { concessionId name sku price } }
      comboComponents { name type quantity groupComboComponents { concessionId name sku } }
      upsellGroup { name upsellConcessions { name sku price } } } }`;
    const res = await app.gql<{ concession: { concessionId: number; theatreId: number; comboComponents: { type: string; groupComboComponents: unknown[] }[]; modifierGroups: { modifiers: unknown[] }[] } }>(query, { id: combo.id });
    expect(res.errors).toBeUndefined();
    expect(res.data!.concession).toMatchObject({ concessionId: combo.concession_id, theatreId: combo.theatre_id });
    const group = res.data!.concession.comboComponents.find((c) => c.type === 'Group')!;
    expect(group.groupComboComponents.length).toBeGreaterThan(0);

    const withMods = await app.gql<{ concession: { modifierGroups: { modifiers: unknown[] }[] } }>(query, { id: mod.id });
    expect(withMods.data!.concession.modifierGroups.flatMap((g) => g.modifiers)).toHaveLength(mod.n);

    const whole = await app.gql<{ theatre: { concessions: { items: unknown[] } } }>(
      `query($id: Int!) { theatre(id: $id) { concessions(pageSize: 100) { items { id categories { name } groups { name }
        modifierGroups { modifiers { name } } comboComponents { groupComboComponents { name } } upsellGroup { upsellConcessions { name } } } } } }`,
      { id: combo.theatre_id },
    );
    expect(whole.errors).toBeUndefined();
    expect(whole.data!.theatre.concessions.items.length).toBeGreaterThan(20);
    expect(whole.statements).toBeLessThanOrEqual(11);
  });

  it('finds one by assignment id or by product at a theatre; unknown ids answer null', async () => {
    const [tc] = await sql`select id, theatre_id, concession_id from theatre_concessions order by id desc limit 1`;
    const res = await app.gql<{ a: { id: number } | null; b: { id: number } | null; c: unknown; t: { concession: { id: number } | null; none: unknown } }>(
      `query($id: Int!, $t: Int!, $p: Int!) { a: concession(id: $id) { id } b: concession(id: 987654) { id }
        t: theatre(id: $t) { concession(concessionId: $p) { id } none: concession(concessionId: 987654) { id } } }`,
      { id: tc.id, t: tc.theatre_id, p: tc.concession_id },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.a!.id).toBe(tc.id);
    expect(res.data!.b).toBeNull();
    expect(res.data!.t.concession!.id).toBe(tc.id);
    expect(res.data!.t.none).toBeNull();
  });

  it('lists the categories of the theatre’s products with their parents', async () => {
    const [{ theatre_id: theatreId }] = await sql`select theatre_id from theatre_concessions order by theatre_id limit 1`;
    const res = await app.gql<{ theatre: { concessionCategories: { items: { categoryId: number; level: number; parentCategoryId: number | null }[]; totalCount: number } } }>(
      `query($id: Int!) { theatre(id: $id) { concessionCategories(pageSize: 100) { items { categoryId name level parentCategoryId } totalCount } } }`,
      { id: theatreId },
    );
    const items = res.data!.theatre.concessionCategories.items;
    expect(items.length).toBeGreaterThan(0);
    const ids = new Set(items.map((c) => c.categoryId));
    expect(items.every((c) => c.parentCategoryId == null || ids.has(c.parentCategoryId))).toBe(true);
    expect(items.map((c) => c.level)).toEqual([...items.map((c) => c.level)].sort((a, b) => a - b));
  });
});

describe('pickup times', () => {
  it('lays the daily template on the local date, less booked orders', async () => {
    const [t] = await sql`select t.id, t.timezone, to_char((now() + interval '3 days') at time zone t.timezone, 'YYYY-MM-DD') as day
      from theatres t where exists (select 1 from pickup_time_slots p where p.theatre_id = t.id) order by t.id limit 1`;
    const slots = await sql`select to_char(time_local, 'HH24:MI:SS') as time, capacity from pickup_time_slots where theatre_id = ${t.id} order by time_local`;
    const query = `query($id: Int!, $d: String!) { theatre(id: $id) { pickupTimes(date: $d) { theatreId showtimeId
      pickupTimes { available pickupDateTimeUtc pickupDateTimeLocal isDefault } } } }`;
    const ask = async () => {
      const res = await app.gql<{ theatre: { pickupTimes: { theatreId: number; pickupTimes: { available: number; pickupDateTimeUtc: string; pickupDateTimeLocal: string }[] } } }>(query, { id: t.id, d: t.day });
      expect(res.errors).toBeUndefined();
      return res.data!.theatre.pickupTimes;
    };
    const before = await ask();
    expect(before.pickupTimes.map((p) => p.pickupDateTimeLocal)).toEqual(slots.map((s) => `${t.day}T${s.time}`));
    expect(before.pickupTimes.map((p) => p.available)).toEqual(slots.map((s) => s.capacity));

    const slot = before.pickupTimes[3];
    const [order] = await sql`insert into orders (status, expires_at) values ('Pending', now() + interval '7 minutes') returning id`;
    await sql`insert into order_products (order_id, line_number, kind, status, sku, name, cost, theatre_id, pickup_date_time_utc)
      values (${order.id}, 1, 'Concession', 'Held', 'X', 'Popcorn', 5, ${t.id}, ${slot.pickupDateTimeUtc})`;
    const after = await ask();
    expect(after.pickupTimes[3].available).toBe(slot.available - 1);
    expect(after.pickupTimes.filter((_, i) => i !== 3).map((p) => p.available)).toEqual(
      before.pickupTimes.filter((_, i) => i !== 3).map((p) => p.available),
    );

    const bad = await app.gql(query, { id: t.id, d: '2024-13-45' });
    expect(bad.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'date' });
  });

  it('offers a showtime the slots from 60 minutes before to 30 after, defaulting to the last one 15 minutes before', async () => {
    const [st] = await sql`select s.id, s.show_date_time_utc from showtimes s
      where s.show_date_time_utc > now() + interval '2 days'
        and exists (select 1 from pickup_time_slots p where p.theatre_id = s.theatre_id) order by s.id limit 1`;
    const res = await app.gql<{ showtime: { pickupTimes: { showtimeId: number; pickupTimes: { pickupDateTimeUtc: string; isDefault: boolean }[] } } }>(
      `query($id: Int!) { showtime(id: $id) { pickupTimes { showtimeId pickupTimes { pickupDateTimeUtc isDefault available } } } }`,
      { id: st.id },
    );
    expect(res.errors).toBeUndefined();
    const { showtimeId, pickupTimes } = res.data!.showtime.pickupTimes;
    expect(showtimeId).toBe(st.id);
    const start = new Date(st.show_date_time_utc).getTime();
    const at = pickupTimes.map((p) => new Date(p.pickupDateTimeUtc).getTime());
    expect(at.length).toBeGreaterThan(0);
    expect(at.every((x) => x >= start - 60 * 60000 && x <= start + 30 * 60000)).toBe(true);
    const defaults = pickupTimes.filter((p) => p.isDefault);
    expect(defaults).toHaveLength(1);
    const d = new Date(defaults[0].pickupDateTimeUtc).getTime();
    expect(d).toBeLessThanOrEqual(start - 15 * 60000);
    expect(at.filter((x) => x > d && x <= start - 15 * 60000)).toHaveLength(0);
  });
});
