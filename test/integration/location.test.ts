import { eq } from 'drizzle-orm';
import { markets, theatres } from '../../db/schema';
import { haversineMiles } from '../../src/services/shared/geo';
import { useTestApp } from '../helpers/app';

interface LocationPage {
  latitude: number;
  longitude: number;
  radius: number;
  totalCount: number;
  pageNumber: number;
  hasNextPage: boolean;
  items: { rank: number; distance: number; theatre: { id: number; market: { slug: string } } }[];
}

// Dallas city centre: the demo chain has a Dallas market, and Houston (the next city) is ~225 miles away.
const DALLAS = { latitude: 32.7767, longitude: -96.797 };
// New York: with Boston within 500 miles, enough theatres for several pages.
const NEW_YORK = { latitude: 40.7128, longitude: -74.006 };

const { app } = useTestApp();

async function near(args: string) {
  return app.gql<{ locationsNear: LocationPage }>(
    `{ locationsNear(${args}) { latitude longitude radius totalCount pageNumber hasNextPage
      items { rank distance theatre { id market { slug } } } } }`,
  );
}

async function theatresWithin(point: { latitude: number; longitude: number }, radius: number) {
  const rows = await app.database.db
    .select({ id: theatres.id, latitude: theatres.latitude, longitude: theatres.longitude })
    .from(theatres);
  return rows
    .map((t) => ({ id: t.id, distance: haversineMiles(point, t) }))
    .filter((t) => t.distance <= radius)
    .sort((a, b) => a.distance - b.distance || a.id - b.id);
}

describe('locationsNear', () => {
  it("ranks a city's own theatres first, closest first, with the default radius of 50 miles", async () => {
    const res = await near(`latitude: ${DALLAS.latitude}, longitude: ${DALLAS.longitude}, pageSize: 100`);
    expect(res.errors).toBeUndefined();
    const page = res.data!.locationsNear;
    expect(page).toMatchObject({ latitude: DALLAS.latitude, longitude: DALLAS.longitude, radius: 50 });

    const [dallas] = await app.database.db.select().from(markets).where(eq(markets.slug, 'dallas'));
    const dallasTheatres = await app.database.db.select({ id: theatres.id }).from(theatres).where(eq(theatres.marketId, dallas.id));
    expect(dallasTheatres.length).toBeGreaterThan(0);
    expect(page.items[0].theatre.market.slug).toBe('dallas');
    expect(page.items.map((i) => i.theatre.id).sort()).toEqual(dallasTheatres.map((t) => t.id).sort());

    const expected = await theatresWithin(DALLAS, 50);
    expect(page.totalCount).toBe(expected.length);
    expect(page.items.map((i) => i.theatre.id)).toEqual(expected.map((t) => t.id));
    page.items.forEach((item, i) => {
      expect(item.rank).toBe(i + 1);
      expect(item.distance).toBeCloseTo(expected[i].distance, 6);
      expect(item.distance).toBeLessThanOrEqual(50);
      if (i > 0) expect(item.distance).toBeGreaterThanOrEqual(page.items[i - 1].distance);
    });
  });

  it('keeps ranks across pages and honours a wider radius', async () => {
    const radius = 500;
    const expected = await theatresWithin(NEW_YORK, radius);
    expect(expected.length).toBeGreaterThan(5);
    const res = await near(`latitude: ${NEW_YORK.latitude}, longitude: ${NEW_YORK.longitude}, radius: ${radius}, pageNumber: 2, pageSize: 3`);
    expect(res.errors).toBeUndefined();
    const page = res.data!.locationsNear;
    expect(page.totalCount).toBe(expected.length);
    expect(page.items.map((i) => i.rank)).toEqual([4, 5, 6]);
    expect(page.items.map((i) => i.theatre.id)).toEqual(expected.slice(3, 6).map((t) => t.id));
    expect(page.items.every((i) => i.distance <= radius)).toBe(true);
    expect(page.hasNextPage).toBe(expected.length > 6);
  });

  it('answers an empty page far from every theatre', async () => {
    // Integral coordinates on purpose: they once reached SQL as integer parameters.
    const res = await near('latitude: 0, longitude: -150, radius: 10');
    expect(res.errors).toBeUndefined();
    expect(res.data!.locationsNear).toMatchObject({ totalCount: 0, items: [] });
  });

  it.each([
    ['latitude: 200, longitude: 0', 'latitude', 'latitude must be between -90 and 90'],
    ['latitude: 0, longitude: -181', 'longitude', 'longitude must be between -180 and 180'],
    ['latitude: 0, longitude: 0, radius: -5', 'radius', 'radius must be greater than 0 and at most 500 miles'],
    ['latitude: 0, longitude: 0, radius: 0', 'radius', 'radius must be greater than 0 and at most 500 miles'],
    ['latitude: 0, longitude: 0, radius: 501', 'radius', 'radius must be greater than 0 and at most 500 miles'],
  ])('rejects (%s) with BAD_USER_INPUT naming %s', async (args, argument, message) => {
    const res = await near(args);
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', argument } });
  });

  it('rejects pageSize 1000 naming the argument', async () => {
    const res = await near('latitude: 0, longitude: 0, pageSize: 1000');
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].message).toMatch(/pageSize/);
  });
});
