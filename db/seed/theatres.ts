import { markets, theatreAttributes, theatres } from '../schema';
import type { AttributeIndex } from './attributes';
import { CITIES, DIRECTIONS, PLACES, STREETS, type City } from './data/cities';
import { insertRows, slugify, syncSequence, type SeedTx } from './insert';
import { createRandom } from './random';

/** What later sections need to know about a theatre. */
export interface TheatreSeed {
  id: number;
  marketId: number;
  city: City;
  timezone: string;
  screens: number;
  ticketable: boolean;
  /** Premium format codes of auditorium 1 (and 2, when a second one exists). */
  premiumFormats: string[];
  attributeCodes: Set<string>;
  /** Multiplier on ticket and concession prices. */
  priceLevel: number;
  taxRate: number;
}

const SALES_TAX: Record<string, number> = {
  NY: 0.08875, CA: 0.095, IL: 0.1025, TX: 0.0825, GA: 0.089, AZ: 0.086, CO: 0.0881, WA: 0.1025,
  MA: 0.0625, FL: 0.07, PA: 0.08, DC: 0.06, MN: 0.0788, MI: 0.06, MO: 0.0868, UT: 0.0775, NV: 0.0838,
  OR: 0, TN: 0.0975, NC: 0.0725, MD: 0.06, OH: 0.0775, IN: 0.07, WI: 0.055, LA: 0.0945, OK: 0.0863,
  NM: 0.0788, ID: 0.06, NE: 0.07, KY: 0.06, VA: 0.06, AL: 0.1, HI: 0.045, AK: 0,
};

const PREMIUM = ['IMAX', 'DOLBYCINEMA', 'PRIMEATMARQUEE', 'SCREENX'];

/** Theatres at a scale: 40 per unit of scale (22.5 ≈ 900). */
export function theatreCount(scale: number): number {
  return Math.max(1, Math.round(40 * scale));
}

/** Markets at a scale: ten at scale 1, more real cities as the chain grows. */
export function marketCount(scale: number): number {
  return Math.min(CITIES.length, theatreCount(scale), Math.max(1, Math.round(10 * Math.pow(scale, 0.6))));
}

/** Splits `total` theatres over the markets by weight (largest remainder), at least one each. */
function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const counts = exact.map((x) => Math.max(1, Math.floor(x)));
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k++, left--) counts[order[k % order.length].i]++;
  for (let i = counts.length - 1; left < 0; i = (i - 1 + counts.length) % counts.length) {
    if (counts[i] > 1) {
      counts[i]--;
      left++;
    }
  }
  return counts;
}

export async function seedTheatres(tx: SeedTx, scale: number, attrs: AttributeIndex): Promise<TheatreSeed[]> {
  const rng = createRandom('theatres');
  const cities = CITIES.slice(0, marketCount(scale));
  await insertRows(
    tx,
    markets,
    cities.map((city, i) => ({ id: i + 1, name: city.name, slug: slugify(city.name) })),
  );

  const counts = allocate(theatreCount(scale), cities.map((city) => city.weight));
  const rows: (typeof theatres.$inferInsert)[] = [];
  const seeds: TheatreSeed[] = [];
  const slugs = new Set<string>();
  // Theatres interleave markets (NY, LA, Chicago, …, NY, LA, …) so the first ids span time zones.
  const queue: { marketIndex: number; nth: number }[] = [];
  for (let nth = 0; queue.length < counts.reduce((a, b) => a + b, 0); nth++) {
    cities.forEach((_, m) => {
      if (nth < counts[m]) queue.push({ marketIndex: m, nth });
    });
  }
  const placesByMarket = cities.map(() => rng.shuffle(PLACES));

  for (const { marketIndex, nth } of queue) {
    const city = cities[marketIndex];
    const id = rows.length + 1;
    const places = placesByMarket[marketIndex];
    const place =
      nth < places.length ? places[nth] : `${DIRECTIONS[nth % DIRECTIONS.length]} ${places[nth % places.length]}`;
    const screens = id === 1 ? 16 : rng.int(6, 16);
    const name = `${city.name} ${place} ${screens}`;
    let slug = slugify(`marquee ${name}`);
    for (let n = 2; slugs.has(slug); n++) slug = slugify(`marquee ${name} ${n}`);
    slugs.add(slug);

    // Spread a few miles (up to ~9) around the city centre.
    const miles = 0.5 + rng.next() * 8.5;
    const angle = rng.next() * 2 * Math.PI;
    const latitude = city.latitude + (miles / 69) * Math.sin(angle);
    const longitude = city.longitude + (miles / (69 * Math.cos((city.latitude * Math.PI) / 180))) * Math.cos(angle);
    const phone = () => `${city.areaCode}-555-${String(rng.int(100, 9999)).padStart(4, '0')}`;

    const codes = new Set<string>(['WHEELCHAIRACCESSIBLE']);
    const premiumFormats: string[] = [];
    if (id === 1) premiumFormats.push('IMAX', 'DOLBYCINEMA');
    else if (rng.chance(0.7)) {
      premiumFormats.push(rng.pick(PREMIUM));
      if (rng.chance(0.15)) premiumFormats.push(rng.pick(PREMIUM.filter((p) => p !== premiumFormats[0])));
    }
    premiumFormats.forEach((p) => codes.add(p));
    const maybe = (code: string, p: number) => {
      if (id === 1 || rng.chance(p)) codes.add(code);
    };
    maybe('RESERVEDSEATING', 0.85);
    maybe('CLOSEDCAPTION', 0.9);
    maybe('AUDIODESCRIPTION', 0.8);
    maybe('RECLINERS', 0.6);
    maybe('MOBILEORDERING', 0.7);
    maybe('DISCOUNTTUESDAY', 0.7);
    maybe('PRIVATERENTALS', 0.5);
    maybe('BAR', 0.4);
    if (rng.chance(0.15)) codes.add('DINEIN');

    const ticketable = id === 1 || rng.chance(0.97);
    rows.push({
      id,
      marketId: marketIndex + 1,
      name,
      longName: `Marquee ${name}`,
      slug,
      timezone: city.timezone,
      addressLine1: `${rng.int(100, 9899)} ${rng.pick(STREETS)}`,
      city: city.name,
      postalCode: `${city.zipPrefix}${String(rng.int(1, 99)).padStart(2, '0')}`,
      state: city.state,
      stateName: city.stateName,
      country: 'United States',
      latitude: Math.round(latitude * 1e6) / 1e6,
      longitude: Math.round(longitude * 1e6) / 1e6,
      showtimesPhoneNumber: phone(),
      guestServicesPhoneNumber: phone(),
      facebookUrl: `https://www.facebook.com/${slug}`,
      websiteUrl: `https://www.marquee.example/theatres/${slug}`,
      ticketable,
    });
    seeds.push({
      id,
      marketId: marketIndex + 1,
      city,
      timezone: city.timezone,
      screens,
      ticketable,
      premiumFormats,
      attributeCodes: codes,
      priceLevel: city.weight >= 5 ? 1.2 : city.weight === 4 ? 1.1 : city.weight === 3 ? 1.05 : city.weight === 2 ? 1 : 0.92,
      taxRate: SALES_TAX[city.state] ?? 0.07,
    });
  }
  await insertRows(tx, theatres, rows);
  await insertRows(
    tx,
    theatreAttributes,
    seeds.flatMap((t) => [...t.attributeCodes].map((code) => ({ theatreId: t.id, attributeId: attrs.get(code)! }))),
  );
  await syncSequence(tx, markets);
  await syncSequence(tx, theatres);
  return seeds;
}
