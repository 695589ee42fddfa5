import { asc, eq } from 'drizzle-orm';
import { markets, theatreAttributes, theatres } from '../../db/schema';
import { useTestApp } from '../helpers/app';

interface TheatreItem {
  id: number;
  name: string;
  longName: string;
  location: { state: string; stateName: string };
  market: { id: number; slug: string };
}
interface TheatrePage {
  items: TheatreItem[];
  totalCount: number;
  hasNextPage: boolean;
}

const { app } = useTestApp();

async function theatresPage(args: string): Promise<TheatrePage> {
  const res = await app.gql<{ theatres: TheatrePage }>(
    `{ theatres(${args}) { items { id name longName location { state stateName } market { id slug } } totalCount hasNextPage } }`,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.theatres;
}

describe('theatre(id)', () => {
  it("answers the spec's fields, its market, attributes and location with a directions URL", async () => {
    const [row] = await app.database.db.select().from(theatres).orderBy(asc(theatres.id)).limit(1);
    const links = await app.database.db.select().from(theatreAttributes).where(eq(theatreAttributes.theatreId, row.id));
    const res = await app.gql<{ theatre: Record<string, unknown> & { attributes: { id: number }[] } }>(
      `query ($id: Int!) { theatre(id: $id) {
        id name longName slug timezone showtimesPhoneNumber guestServicesPhoneNumber facebookUrl websiteUrl ticketable
        attributes { id code name description }
        location { addressLine1 city postalCode state stateName country latitude longitude directionsUrl }
        market { id name slug }
        media { id contentType }
      } }`,
      { id: row.id },
    );
    expect(res.errors).toBeUndefined();
    const theatre = res.data!.theatre;
    expect(theatre).toMatchObject({
      id: row.id,
      name: row.name,
      longName: row.longName,
      slug: row.slug,
      timezone: row.timezone,
      ticketable: row.ticketable,
      location: {
        addressLine1: row.addressLine1,
        city: row.city,
        postalCode: row.postalCode,
        state: row.state,
        stateName: row.stateName,
        latitude: row.latitude,
        longitude: row.longitude,
        directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${row.latitude},${row.longitude}`,
      },
      market: { id: row.marketId },
    });
    expect(theatre.attributes.map((a) => a.id).sort()).toEqual(links.map((l) => l.attributeId).sort());
  });

  it('answers null for an unknown id', async () => {
    const res = await app.gql<{ theatre: unknown }>('{ theatre(id: 987654) { id } }');
    expect(res.errors).toBeUndefined();
    expect(res.data!.theatre).toBeNull();
  });
});

describe('theatres(filters)', () => {
  it("filters by market slug: exactly the market's theatres", async () => {
    const [market] = await app.database.db.select().from(markets).orderBy(asc(markets.id)).limit(1);
    const rows = await app.database.db.select({ id: theatres.id }).from(theatres).where(eq(theatres.marketId, market.id));
    const page = await theatresPage(`marketSlug: ${JSON.stringify(market.slug)}, pageSize: 100`);
    expect(page.totalCount).toBe(rows.length);
    expect(page.items.map((t) => t.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(page.items.every((t) => t.market.slug === market.slug)).toBe(true);
  });

  it('answers an empty page for an unknown market', async () => {
    expect((await theatresPage('marketSlug: "atlantis"')).totalCount).toBe(0);
  });

  it('filters by state given as code or as name, case-insensitively', async () => {
    const [row] = await app.database.db.select().from(theatres).orderBy(asc(theatres.id)).limit(1);
    const expected = (await app.database.db.select({ id: theatres.id }).from(theatres).where(eq(theatres.state, row.state)))
      .map((r) => r.id)
      .sort();
    const byCode = await theatresPage(`state: ${JSON.stringify(row.state.toLowerCase())}, pageSize: 100`);
    const byName = await theatresPage(`state: ${JSON.stringify(row.stateName.toUpperCase())}, pageSize: 100`);
    const bySlug = await theatresPage(`state: ${JSON.stringify(row.stateName.toLowerCase().replace(/ /g, '-'))}, pageSize: 100`);
    for (const page of [byCode, byName, bySlug]) {
      expect(page.items.map((t) => t.id).sort()).toEqual(expected);
      expect(page.items.every((t) => t.location.state === row.state)).toBe(true);
    }
    const total = (await app.database.db.select({ id: theatres.id }).from(theatres)).length;
    expect(expected.length).toBeLessThan(total);
  });

  it('searches names by case-insensitive substring', async () => {
    const all = await app.database.db.select({ id: theatres.id, name: theatres.name, longName: theatres.longName }).from(theatres);
    const needle = all[3].name.slice(0, 6).toLowerCase();
    const expected = all
      .filter((t) => t.name.toLowerCase().includes(needle) || t.longName.toLowerCase().includes(needle))
      .map((t) => t.id)
      .sort();
    const page = await theatresPage(`name: ${JSON.stringify(needle.toUpperCase())}, pageSize: 100`);
    expect(page.items.map((t) => t.id).sort()).toEqual(expected);
    expect(page.items.map((t) => t.id)).toContain(all[3].id);
  });

  it('pages with a total count and rejects pageSize 1000', async () => {
    const total = (await app.database.db.select({ id: theatres.id }).from(theatres)).length;
    const page = await theatresPage('pageSize: 3');
    expect(page.items).toHaveLength(3);
    expect(page.totalCount).toBe(total);
    expect(page.hasNextPage).toBe(true);
    const bad = await app.gql('{ theatres(pageSize: 1000) { totalCount } }');
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0].message).toMatch(/pageSize/);
  });
});

describe('markets', () => {
  it('lists the markets with their theatres', async () => {
    const rows = await app.database.db.select().from(markets);
    const allTheatres = await app.database.db.select({ id: theatres.id, marketId: theatres.marketId }).from(theatres);
    const res = await app.gql<{ markets: { totalCount: number; items: { id: number; name: string; slug: string; theatres: { id: number }[] }[] } }>(
      '{ markets(pageSize: 100) { totalCount items { id name slug theatres { id } } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.markets.totalCount).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(1);
    for (const market of res.data!.markets.items) {
      const expected = allTheatres.filter((t) => t.marketId === market.id).map((t) => t.id).sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(market.theatres.map((t) => t.id).sort()).toEqual(expected);
    }
  });

  it('costs the same number of statements for every market as for one', async () => {
    const query = (n: number) =>
      `{ markets(pageSize: ${n}) { items { theatres { id market { slug } attributes { code } } } } }`;
    const one = await app.gql(query(1));
    const all = await app.gql(query(100));
    expect(one.errors).toBeUndefined();
    expect(all.errors).toBeUndefined();
    expect(Number.isFinite(one.statements)).toBe(true);
    expect(all.statements).toBe(one.statements);
  });
});
