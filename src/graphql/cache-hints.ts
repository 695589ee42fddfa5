import { CACHE_CLASSES, type CacheHint } from '../cache-policy';

/**
 * The `@cacheControl` hints of the schema, the one declaration the response's Cache-Control is computed
 * from (src/graphql/cache-control.ts), with Apollo Server's rules. Keys are a type (`Movie`: every field
 * returning it) or a field (`Showtime.isSoldOut`: that field, over its type's hint). A field returning an
 * object type without a hint, and a root field without one, is `maxAge: 0`: a type missing here is never
 * cached. `inherit`: a part of its parent (a page's wrapper, a movie's media), as cacheable as the parent.
 * `checkCacheHints` refuses a key the schema does not have, at start. docs/decisions.md lists them.
 */
const { catalog, showtimes, availability, account, live } = CACHE_CLASSES;
const inherit: CacheHint = { inheritMaxAge: true };

export const CACHE_HINTS: Record<string, CacheHint> = {
  // The catalog: public, 5 minutes.
  ...Object.fromEntries(
    [
      'RefundReason', 'Movie', 'MoviePage', 'Attribute', 'Credit', 'Person', 'MediaItem', 'MediaPage', 'ContentType', 'ImageSizeType',
      'Theatre', 'TheatrePage', 'Market', 'MarketPage', 'Location', 'LocationPage', 'TheatreSeatingLayouts', 'AuditoriumLayouts', 'Layout',
      'Concession', 'ConcessionPage', 'ConcessionCategory', 'ConcessionCategoryPage', 'WebhookEventType', 'MarketingSubscription',
      'MovieList', 'MovieListPage',
    ].map((t) => [t, catalog]),
  ),
  // Showtimes: public, a minute; where availability shows, 30 s.
  Showtime: showtimes,
  ShowtimePage: showtimes,
  PickupTimes: showtimes,
  'Showtime.isSoldOut': availability,
  'Showtime.isAlmostSoldOut': availability,
  // Anything of an account: private.
  ...Object.fromEntries(['Account', 'LoyaltyAccount', 'LoyaltyCard', 'Wallet', 'Device'].map((t) => [t, account])),
  'Account.subscriptions': account,
  'Account.personalizedMovies': account,
  // Seat maps (statuses per viewer, changing with every hold), orders, webhooks: never stored.
  ...Object.fromEntries(
    ['SeatingLayout', 'Seat', 'SeatStatusChange', 'Order', 'OrderPage', 'WebhookSubscription', 'WebhookDelivery', 'WebhookDeliveryPage'].map((t) => [t, live]),
  ),
  // Parts of their parent.
  ...Object.fromEntries(
    [
      'MovieMedia', 'ShowtimeMedia', 'EstimatedFee', 'ShowtimeLanguages', 'TicketPrice', 'PickupTime', 'AttributeMedia', 'AttributeGroup',
      'PersonMedia', 'Rendition', 'TheatreLocation', 'LayoutSeat', 'LayoutZone', 'ConcessionMedia', 'ConcessionGroup', 'ConcessionDiscount',
      'ModifierGroup', 'Modifier', 'ComboComponent', 'GroupComboComponent', 'UpsellGroup', 'UpsellConcession', 'SubscriptionChannel',
      'LoyaltyAddress', 'TenderSummary', 'LoyaltySummary', 'CreditCard', 'GiftCard', 'PartnerCard', 'ExternalCard', 'ExternalBillingAddress',
      'PushRegistration', 'MovieListEntry',
    ].map((t) => [t, inherit]),
  ),
};
