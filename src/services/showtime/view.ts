import { toLocalDateTime, utcOffset } from '../shared/local-time';
import { fieldTable } from '../shared/field-table';
import { mediaOf } from '../movie';
import type { ShowtimeRecord } from './model';
import { SHOWTIME_MEDIA_KEYS } from './query';

/** The chain's public website: purchase and movie pages of showtimes link there. */
const CHAIN_WEBSITE_URL = 'https://www.marquee-cinemas.example';

/** The movie's page on the chain's website. */
const movieUrlOf = (slug: string): string => `${CHAIN_WEBSITE_URL}/movies/${slug}`;

/** Where a guest buys tickets of a showtime, on the website and in the mobile site. */
const purchaseUrlOf = (showtimeId: number): string => `${CHAIN_WEBSITE_URL}/showtimes/${showtimeId}/purchase`;
const mobilePurchaseUrlOf = (showtimeId: number): string => `${CHAIN_WEBSITE_URL}/m/showtimes/${showtimeId}/purchase`;

/** A showtime record's field computed from its showtime row alone. */
const own = <V>(key: keyof ShowtimeRecord['showtime'] & string, value: (s: ShowtimeRecord['showtime']) => V) => ({
  needs: [`showtime.${key}`],
  value: (r: ShowtimeRecord) => value(r.showtime),
});
/** A showtime record's field that is its showtime's column `key` as it is. */
const column = <K extends keyof ShowtimeRecord['showtime'] & string>(key: K) => own(key, (s) => s[key]);
/** A showtime record's field that is its movie's `key` as it is. */
const movieColumn = <K extends keyof ShowtimeRecord['movie'] & string>(key: K) => ({
  needs: [`movie.${key}`],
  value: (r: ShowtimeRecord) => r.movie[key],
});
const iso = (d: Date) => d.toISOString();

/**
 * The spec's own fields of a showtime that come from its record alone (showtime, movie data, theatre
 * zone): times in UTC and theatre-local, URLs, media, fees, languages. GraphQL and REST both present
 * these; relations (prices, attributes, occupancy, seat map) come through loaders on each surface.
 */
export const SHOWTIME_FIELDS = fieldTable<ShowtimeRecord>()({
  id: column('id'),
  performanceNumber: column('performanceNumber'),
  internalReleaseNumber: movieColumn('internalReleaseNumber'),
  vendorReleaseNumber: movieColumn('vendorReleaseNumber'),
  movieId: column('movieId'),
  movieName: movieColumn('name'),
  sortableMovieName: movieColumn('sortableName'),
  genre: movieColumn('genre'),
  movieUrl: { needs: ['movie.slug'], value: (r) => movieUrlOf(r.movie.slug) },
  theatreId: column('theatreId'),
  auditorium: column('auditorium'),
  showDateTimeUtc: own('showDateTimeUtc', (s) => iso(s.showDateTimeUtc)),
  showDateTimeLocal: { needs: ['showtime.showDateTimeUtc', 'timezone'], value: (r) => toLocalDateTime(r.showtime.showDateTimeUtc, r.timezone) },
  sellUntilDateTimeUtc: own('sellUntilDateTimeUtc', (s) => iso(s.sellUntilDateTimeUtc)),
  layoutId: column('layoutId'),
  layoutVersionNumber: column('layoutVersionNumber'),
  isCanceled: column('isCanceled'),
  inTheatreTicketingOnly: column('inTheatreTicketingOnly'),
  utcOffset: { needs: ['showtime.showDateTimeUtc', 'timezone'], value: (r) => utcOffset(r.showtime.showDateTimeUtc, r.timezone) },
  purchaseUrl: own('id', (s) => purchaseUrlOf(s.id)),
  mobilePurchaseUrl: own('id', (s) => mobilePurchaseUrlOf(s.id)),
  runTime: movieColumn('runTime'),
  mpaaRating: movieColumn('mpaaRating'),
  lastUpdatedDateUtc: own('lastUpdatedDateUtc', (s) => iso(s.lastUpdatedDateUtc)),
  media: { needs: ['movie.media'], value: (r) => mediaOf(r.movie.media, SHOWTIME_MEDIA_KEYS) },
  isEmbargoed: column('isEmbargoed'),
  isComingSoon: column('isComingSoon'),
  isDiscountMatineePriced: column('isDiscountMatineePriced'),
  discountMatineeMessage: column('discountMatineeMessage'),
  visibilityDateTimeUtc: own('visibilityDateTimeUtc', (s) => s.visibilityDateTimeUtc?.toISOString() ?? null),
  estimatedFees: own('estimatedFees', (s) => s.estimatedFees.map((f) => ({ cost: f.cost, tax: f.tax, name: f.name, quantity: f.quantity }))),
  languages: own('languages', (s) => ({ spoken: s.languages?.spoken ?? null })),
});

export const showtimeFields = (record: ShowtimeRecord) => SHOWTIME_FIELDS.all(record);
