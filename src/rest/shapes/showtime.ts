import { SHOWTIME_MEDIA_KEYS } from '../../../schema/showtime.type';
import type { Context } from '../../context';
import {
  isAlmostSoldOut,
  isSoldOut,
  movieUrlOf,
  showtimePurchaseUrls,
  type ShowtimeRecord,
} from '../../services/showtime.service';
import { toLocalDateTime, utcOffset } from '../../services/time';
import type { Hal } from '../hal';
import { arr, bool, int, links, nbool, nint, nstr, num, obj, str } from '../schemas';
import { attributeRefSchema, toAttributeRef } from './attribute';
import { moviePath } from './movie';
import { theatrePath } from './theatre';

export const showtimeSchema = obj({
  id: int(),
  performanceNumber: int('Unique within the theatre; the performance-number of seating paths.'),
  internalReleaseNumber: nint(),
  vendorReleaseNumber: nint(),
  movieId: int(),
  movieName: str(),
  sortableMovieName: str(),
  genre: str(),
  movieUrl: str(),
  theatreId: int(),
  auditorium: int(),
  showDateTimeUtc: str(),
  showDateTimeLocal: str('Theatre-local, no zone designator.'),
  sellUntilDateTimeUtc: str(),
  layoutId: int(),
  layoutVersionNumber: int(),
  isSoldOut: bool(),
  isAlmostSoldOut: bool(),
  isCanceled: bool(),
  inTheatreTicketingOnly: bool(),
  utcOffset: str('e.g. -05:00'),
  purchaseUrl: str(),
  mobilePurchaseUrl: str(),
  runTime: int('Minutes.'),
  mpaaRating: str(),
  premiumFormat: nstr(),
  ticketPrices: arr(obj({ price: num(), type: str('ADULT, CHILD or SENIOR'), sku: str(), agePolicy: nstr(), tax: num() })),
  lastUpdatedDateUtc: str(),
  media: obj(Object.fromEntries(SHOWTIME_MEDIA_KEYS.map((k) => [k, nstr()]))),
  isEmbargoed: nbool(),
  isComingSoon: nbool(),
  isDiscountMatineePriced: bool(),
  discountMatineeMessage: nstr(),
  visibilityDateTimeUtc: nstr(),
  attributes: arr(attributeRefSchema),
  estimatedFees: arr(obj({ cost: num('Excluding tax.'), tax: num(), name: str('Fee type.'), quantity: int() })),
  languages: obj({ spoken: nstr() }),
  _links: links(),
});

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
  const { showtime: s, movie, timezone } = record;
  const [prices, attributes, occupancy] = await Promise.all([
    ctx.loaders.ticketPricesByShowtimeId.load(s.id),
    ctx.loaders.attributesByShowtimeId.load(s.id),
    ctx.loaders.occupancyByShowtimeId.load(s.id),
  ]);
  const media: Record<string, string | null> = {};
  for (const key of SHOWTIME_MEDIA_KEYS) media[key] = movie.media?.[key] ?? null;
  return {
    id: s.id,
    performanceNumber: s.performanceNumber,
    internalReleaseNumber: movie.internalReleaseNumber,
    vendorReleaseNumber: movie.vendorReleaseNumber,
    movieId: s.movieId,
    movieName: movie.name,
    sortableMovieName: movie.sortableName,
    genre: movie.genre,
    movieUrl: movieUrlOf(movie.slug),
    theatreId: s.theatreId,
    auditorium: s.auditorium,
    showDateTimeUtc: s.showDateTimeUtc.toISOString(),
    showDateTimeLocal: toLocalDateTime(s.showDateTimeUtc, timezone),
    sellUntilDateTimeUtc: s.sellUntilDateTimeUtc.toISOString(),
    layoutId: s.layoutId,
    layoutVersionNumber: s.layoutVersionNumber,
    isSoldOut: isSoldOut(occupancy),
    isAlmostSoldOut: isAlmostSoldOut(occupancy),
    isCanceled: s.isCanceled,
    inTheatreTicketingOnly: s.inTheatreTicketingOnly,
    utcOffset: utcOffset(s.showDateTimeUtc, timezone),
    ...showtimePurchaseUrls(s.id),
    runTime: movie.runTime,
    mpaaRating: movie.mpaaRating,
    premiumFormat: attributes.find((a) => a.isPremiumFormat)?.name ?? null,
    ticketPrices: prices.map((p) => ({ price: p.price, type: p.type, sku: p.sku, agePolicy: p.agePolicy, tax: p.tax })),
    lastUpdatedDateUtc: s.lastUpdatedDateUtc.toISOString(),
    media,
    isEmbargoed: s.isEmbargoed,
    isComingSoon: s.isComingSoon,
    isDiscountMatineePriced: s.isDiscountMatineePriced,
    discountMatineeMessage: s.discountMatineeMessage,
    visibilityDateTimeUtc: s.visibilityDateTimeUtc?.toISOString() ?? null,
    attributes: attributes.map(toAttributeRef),
    estimatedFees: s.estimatedFees.map((f) => ({ cost: f.cost, tax: f.tax, name: f.name, quantity: f.quantity })),
    languages: { spoken: s.languages?.spoken ?? null },
    _links: showtimeLinks(hal, record),
  };
}

/** The latest `lastUpdatedDateUtc` of a list (null when empty): the list's own `lastUpdatedDateUtc`. */
export function lastUpdatedOf(records: readonly ShowtimeRecord[]): string | null {
  let latest: Date | null = null;
  for (const r of records) if (!latest || r.showtime.lastUpdatedDateUtc > latest) latest = r.showtime.lastUpdatedDateUtc;
  return latest?.toISOString() ?? null;
}
