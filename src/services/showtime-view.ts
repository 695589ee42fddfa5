import { movieUrlOf, showtimePurchaseUrls, type ShowtimeRecord } from './showtime.service';
import { SHOWTIME_MEDIA_KEYS } from './showtime-query';
import { toLocalDateTime, utcOffset } from './time';

export { SHOWTIME_MEDIA_KEYS };

export type ShowtimeMediaKey = (typeof SHOWTIME_MEDIA_KEYS)[number];

/**
 * The spec's own fields of a showtime that come from its record alone (showtime, movie data, theatre
 * zone): times in UTC and theatre-local, URLs, media, fees, languages. GraphQL and REST both present
 * these; relations (prices, attributes, occupancy, seat map) come through loaders on each surface.
 */
export function showtimeFields(record: ShowtimeRecord) {
  const { showtime: s, movie, timezone } = record;
  const media = {} as Record<ShowtimeMediaKey, string | null>;
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
    isCanceled: s.isCanceled,
    inTheatreTicketingOnly: s.inTheatreTicketingOnly,
    utcOffset: utcOffset(s.showDateTimeUtc, timezone),
    ...showtimePurchaseUrls(s.id),
    runTime: movie.runTime,
    mpaaRating: movie.mpaaRating,
    lastUpdatedDateUtc: s.lastUpdatedDateUtc.toISOString(),
    media,
    isEmbargoed: s.isEmbargoed,
    isComingSoon: s.isComingSoon,
    isDiscountMatineePriced: s.isDiscountMatineePriced,
    discountMatineeMessage: s.discountMatineeMessage,
    visibilityDateTimeUtc: s.visibilityDateTimeUtc?.toISOString() ?? null,
    estimatedFees: s.estimatedFees.map((f) => ({ cost: f.cost, tax: f.tax, name: f.name, quantity: f.quantity })),
    languages: { spoken: s.languages?.spoken ?? null },
  };
}
