import type { Context } from '../../context';
import { isAlmostSoldOut, isSoldOut, type ShowtimeRecord, showtimeFields } from '../../services/showtime';
import { activeAttributesOf } from '../../services/attribute';
import type { Hal } from '../hal';
import { resource } from '../derive';
import { arr } from '../schemas';
import { attributeRefSchema, toAttributeRef } from './attribute';
import { moviePath } from './movie';
import { theatrePath } from './theatre';
import { component } from '../openapi';

export const showtimeSchema = component('Showtime', resource('Showtime', {
  // Relations: REST links to the movie, the theatre and the seat maps instead (showtimeLinks).
  omit: ['movie', 'theatre', 'seatingLayout', 'pickupTimes'],
  override: { attributes: arr(attributeRefSchema) },
  links: true,
}));

export const showtimePath = (id: number) => `/v2/showtimes/${id}`;

/** Links of a showtime: itself, its movie, theatre, seat maps and the private-rental movies. */
export function showtimeLinks(hal: Hal, record: ShowtimeRecord) {
  const s = record.showtime;
  return {
    ...hal.self(showtimePath(s.id)),
    [hal.rel('v2/movie')]: hal.link(moviePath(s.movieId)),
    [hal.rel('v2/theatre')]: hal.link(theatrePath(s.theatreId)),
    [hal.rel('v2/seating-layout')]: hal.link(`/v2/seating-layouts/${s.theatreId}/${s.performanceNumber}`),
    // The spec names a v1 rel but no v1 seating path: it points at the current version, v3.
    [hal.rel('v1/seating-layout')]: hal.link(`/v3/seating-layouts/${s.theatreId}/${s.performanceNumber}`),
    [hal.rel('v2/showtimes/private-theatre-rental-movies')]: hal.link('/v2/showtimes/private-theatre-rental-movies'),
  };
}

/**
 * A showtime as the spec shows it. Prices, attributes and occupancy come through per-request loaders,
 * so a page of showtimes costs one statement per relation.
 */
export async function toShowtime(ctx: Context, hal: Hal, record: ShowtimeRecord) {
  return (await toShowtimes(ctx, hal, [record]))[0];
}

/**
 * A page of showtimes as the spec shows them: the relations of every showtime are asked for at once
 * (one `loadMany` per loader, the attribute rows from the reference cache), then each showtime is
 * built without further awaiting. Same statements as one `toShowtime` per showtime, without 4
 * promises per showtime.
 */
export async function toShowtimes(ctx: Context, hal: Hal, records: readonly ShowtimeRecord[]) {
  if (!records.length) return [];
  const ids = records.map((r) => r.showtime.id);
  const [prices, occupancies, index] = await Promise.all([
    ctx.loaders.ticketPricesByShowtimeId.loadMany(ids),
    ctx.loaders.occupancyByShowtimeId.loadMany(ids),
    ctx.loaders.attributeIndex(),
  ]);
  return records.map((record, i) => {
    const priceRows = prices[i];
    const occupancy = occupancies[i];
    if (priceRows instanceof Error) throw priceRows;
    if (occupancy instanceof Error) throw occupancy;
    const attributes = activeAttributesOf(index, record.attributeIds);
    return Object.assign(showtimeFields(record), {
      isSoldOut: isSoldOut(occupancy),
      isAlmostSoldOut: isAlmostSoldOut(occupancy),
      premiumFormat: attributes.find((a) => a.isPremiumFormat)?.name ?? null,
      ticketPrices: priceRows.map((p) => ({ price: p.price, type: p.type, sku: p.sku, agePolicy: p.agePolicy, tax: p.tax })),
      attributes: attributes.map(toAttributeRef),
      _links: showtimeLinks(hal, record),
    });
  });
}

/** The latest `lastUpdatedDateUtc` of a list (null when empty): the list's own `lastUpdatedDateUtc`. */
export function lastUpdatedOf(records: readonly ShowtimeRecord[]): string | null {
  let latest: Date | null = null;
  for (const r of records) if (!latest || r.showtime.lastUpdatedDateUtc > latest) latest = r.showtime.lastUpdatedDateUtc;
  return latest?.toISOString() ?? null;
}
