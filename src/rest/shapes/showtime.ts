import type { Context } from '../../context';
import type { Showtime, TicketPrice } from '../../../schema/showtime.type';
import { plannedOf, valuesOf } from '../../read-planner';
import { isAlmostSoldOut, isSoldOut, occupancyOfTaken, type ShowtimeRecord } from '../../services/showtime';
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

const PRICES = { path: { key: 'ticketPrices', prev: undefined, typename: 'Showtime' } };

/**
 * Showtimes as the spec shows them, read by the planner (src/rest/showtime.routes.ts): each with its planned
 * prices and its seats taken as the list's value `taken`; the sellable seats of their layout versions from the
 * process-wide cache, the attribute rows from the reference cache. A planned showtime has the spec's own fields
 * already (its record's field table), and it is this request's own: the shape adds the relations to it.
 */
export async function toPlannedShowtimes(ctx: Context, hal: Hal, showtimes: readonly Showtime[]) {
  const [occupancies, index] = await Promise.all([
    occupancyOfTaken(
      ctx.catalogDb,
      showtimes.map((s) => ({ showtimeId: s.id, layoutVersionId: s.record.showtime.layoutVersionId, taken: Number(valuesOf(s).taken) })),
    ),
    ctx.loaders.attributeIndex(),
  ]);
  return showtimes.map((showtime, i) => {
    const { record } = showtime;
    const attributes = activeAttributesOf(index, record.attributeIds);
    const prices = plannedOf(showtime, PRICES) as TicketPrice[];
    return Object.assign(showtime, {
      isSoldOut: isSoldOut(occupancies[i]),
      isAlmostSoldOut: isAlmostSoldOut(occupancies[i]),
      premiumFormat: attributes.find((a) => a.isPremiumFormat)?.name ?? null,
      ticketPrices: prices.map((p) => ({ price: p.price, type: p.type, sku: p.sku, agePolicy: p.agePolicy, tax: p.tax })),
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
