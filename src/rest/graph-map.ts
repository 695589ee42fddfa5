/**
 * Where every REST operation lives in the graph (design.md: "the whole spec as one connected graph"; REST is
 * the compatibility layer over the same services). Keyed by the operationId /openapi.json shows; each entry is
 * one of:
 *
 * - `graphql`: the GraphQL field paths that serve the same data or the same write, from a root type down
 *   (`Query.theatre.seatingLayouts`: the root field, then fields of each field's type). The first path is the
 *   one the operation's answer comes from; a `note` says how the key or the selection differs where it does.
 * - `restOnly`: the operation has no GraphQL meaning, and why.
 * - `gap`: the graph lacks it; what is missing. test/integration/graph-map.test.ts prints every gap.
 *
 * test/integration/graph-map.test.ts holds this table to the served /openapi.json and the emitted
 * schema/schema.graphql: a route added without an entry, an entry for a route that is gone, and a path the
 * schema does not have all fail it (docs/rest.md, "Every operation in the graph").
 */
export type GraphPlace =
  | { readonly graphql: readonly [string, ...string[]]; readonly note?: string }
  | { readonly restOnly: string }
  | { readonly gap: string };

export const GRAPH_MAP: Readonly<Record<string, GraphPlace>> = {
  // Reference
  getV1RefundReasons: { graphql: ['Query.refundReasons'] },
  getV1Attributes: { graphql: ['Query.attributes'] },
  getV1AttributesByCode: { graphql: ['Query.attribute'] },
  getV1AttributeGroupsByGroupId: { graphql: ['Query.attributeGroup', 'Query.attribute.group'] },
  getV1MovieByMovieIdCastCrew: { graphql: ['Query.movie.castAndCrew'] },

  // Movie lists
  getV1MovieLists: { graphql: ['Query.movieLists'], note: 'paged in GraphQL; REST lists every list' },
  postV1MovieLists: { graphql: ['Mutation.createMovieList'] },
  getV1MovieListsViewsByTypeName: { graphql: ['Query.currentMovieList'] },
  getV1MovieListsByMovieListId: { graphql: ['Query.movieList'] },
  postV1MovieListsByMovieListId: { graphql: ['Mutation.addMovieToList'] },
  putV1MovieListsByMovieListId: { graphql: ['Mutation.repositionMovieInList'] },
  deleteV1MovieListsByMovieListId: { graphql: ['Mutation.deleteMovieList'] },
  deleteV1MovieListsByMovieListIdByMovieId: { graphql: ['Mutation.removeMovieFromList'] },

  // Catalog: theatres, movies, markets, locations
  getV2TheatresByTheatreNumber: { graphql: ['Query.theatre'] },
  getV2Theatres: { graphql: ['Query.theatres', 'Query.market.theatres'] },
  getV2MoviesByMovieId: { graphql: ['Query.movie'] },
  getV2MoviesViewsByView: { graphql: ['Query.movies'], note: 'the view is the `view` argument' },
  getV1Markets: { graphql: ['Query.markets'] },
  getV1MarketsByMarketId: { graphql: ['Query.market'] },
  getV2Locations: { graphql: ['Query.locationsNear'] },
  getV2LocationsStatesByStateName: { graphql: ['Query.theatres'], note: 'the `state` argument; REST wraps each theatre in a location ranked by name, with no distance' },
  getV2LocationsTheatresByTheatreName: { graphql: ['Query.theatres'], note: 'the `name` argument; REST wraps each theatre in a location ranked by name, with no distance' },

  // Media
  getV2MediaImagesContentTypes: { graphql: ['Query.contentTypes'], note: 'mediaType: IMAGE' },
  getV2MediaImagesContentTypesByContentType: { graphql: ['Query.contentTypes'], note: 'the item of that name in a short, unpaged list' },
  getV2MediaVideosContentTypes: { graphql: ['Query.contentTypes'], note: 'mediaType: VIDEO' },
  getV2MediaVideosContentTypesByContentType: { graphql: ['Query.contentTypes'], note: 'the item of that name in a short, unpaged list' },
  getV2ImagesSizes: { graphql: ['Query.imageSizes', 'Query.contentTypes.imageSizeTypes'] },
  getV2MediaImagesSizes: { graphql: ['Query.imageSizes'], note: 'the `contentType` argument' },
  getV2MediaByMediaTypeByMediaId: { graphql: ['Query.mediaItem'] },
  getV2MediaByMediaTypeByMediaIdRenditions: { graphql: ['Query.mediaItem.renditions'] },
  getV2MediaByMediaTypeByMediaIdRenditionsByRenditionId: { graphql: ['Query.mediaItem.renditions'], note: 'the rendition of that id among the item’s few' },
  getV2MediaByResourceTypeByResourceIdByMediaType: { graphql: ['Query.media', 'Query.movie.mediaItems', 'Query.theatre.media'] },

  // Showtimes
  getV2TheatresByTheatreNumberShowtimesByDate: { graphql: ['Query.theatre.showtimesPage', 'Query.theatre.showtimes'], note: 'the `date` argument' },
  getV2TheatresByTheatreNumberShowtimes: { graphql: ['Query.theatre.showtimesPage', 'Query.theatre.showtimes'] },
  getV2ShowtimesPrivateTheatreRentalMovies: { graphql: ['Query.privateTheatreRentalMovies'] },
  getV2ShowtimesById: { graphql: ['Query.showtime'] },
  getV2TheatresByTheatreNumberMoviesByMovieIdEarliestShowtime: { graphql: ['Query.earliestShowtime'] },
  getV2ShowtimesViewsCurrentLocationByDateByLatitudeByLongitude: { graphql: ['Query.showtimesNear'] },
  cancelShowtime: { graphql: ['Mutation.cancelShowtime'] },

  // Seating: a performance is a showtime; the graph reaches it by the showtime's id (its performanceNumber
  // is a field), and the seat map of both surfaces is seatMapForShowtime for seatMapViewer's viewer.
  getV3SeatingLayoutsByTheatreNumberByPerformanceNumber: { graphql: ['Query.showtime.seatingLayout', 'Query.theatre.showtimes.seatingLayout'], note: 'by showtime id, not (theatre, performance number)' },
  getV2SeatingLayoutsByTheatreNumberByPerformanceNumber: { graphql: ['Query.showtime.seatingLayout', 'Query.theatre.showtimes.seatingLayout'], note: 'by showtime id, not (theatre, performance number)' },
  getV3TheatresByTheatreNumberSeatingLayouts: { graphql: ['Query.theatre.seatingLayouts'] },
  getV2TheatresByTheatreNumberSeatingLayouts: { graphql: ['Query.theatre.seatingLayouts'] },

  // Concessions
  getV1TheatresByTheatreIdConcessions: { graphql: ['Query.theatre.concessions'] },
  getV1TheatresByTheatreIdConcessionsCategories: { graphql: ['Query.theatre.concessionCategories'] },
  getV1TheatresByTheatreIdConcessionsPickupTimesByYearByMonthByDay: { graphql: ['Query.theatre.pickupTimes'] },
  getV1TheatresByTheatreIdConcessionsByConcessionId: { graphql: ['Query.theatre.concession'] },
  getV1ConcessionsByTheatreProductAssignmentId: { graphql: ['Query.concession'] },
  getV1ShowtimesByShowtimeIdConcessionPickupTimes: { graphql: ['Query.showtime.pickupTimes'] },

  // Orders
  getV2OrdersTokenByToken: { graphql: ['Query.orderByToken'] },
  getV2OrdersByOrderId: { graphql: ['Query.order'] },
  putV2OrdersByOrderId: { graphql: ['Mutation.updateOrder'] },
  deleteV2OrdersByOrderId: { graphql: ['Mutation.cancelOrder'] },
  postV2Orders: { graphql: ['Mutation.createOrder'] },
  getV2SiteAccountsByAccountIdOrders: { graphql: ['Query.accountOrders', 'Query.account.orders'] },
  postV2OrdersByOrderIdProducts: {
    graphql: ['Mutation.addTickets', 'Mutation.addBestAvailableTickets', 'Mutation.addConcession'],
    note: 'one REST body of either kind; the graph has a mutation per kind',
  },
  getV2OrdersByOrderIdProductsByLineNumber: { graphql: ['Query.order.products'], note: 'the line of that number' },
  putV2OrdersByOrderIdProductsByLineNumber: { graphql: ['Mutation.updateOrderProduct'] },
  deleteV2OrdersByOrderIdProductsByLineNumber: { graphql: ['Mutation.removeOrderProduct'] },
  postV2OrdersByOrderIdProductsByLineNumberTokenByModifiedOrderItemGuidModifiers: { graphql: ['Mutation.addProductModifier'] },
  deleteV2OrdersByOrderIdProductsByLineNumberTokenByModifiedOrderItemGuidModifiersByModifierSku: { graphql: ['Mutation.removeProductModifier'] },
  postV2OrdersByOrderIdPayments: { graphql: ['Mutation.addPayment'] },
  getV2OrdersByOrderIdPaymentsByLineNumber: { graphql: ['Query.order.payments'], note: 'the line of that number' },
  deleteV2OrdersByOrderIdPaymentsByLineNumber: { graphql: ['Mutation.removePayment'] },
  postV2OrdersByOrderIdFulfillment: { graphql: ['Mutation.fulfillOrder'] },
  postV2OrdersByOrderIdRefunds: { graphql: ['Mutation.refundOrder'] },
  postV2OrdersByOrderIdRefreshExpiration: { graphql: ['Mutation.refreshOrderExpiration'] },
  postV2OrdersByOrderIdLoyaltyDiscounts: { graphql: ['Mutation.applyLoyaltyDiscounts'] },
  postV2OrdersByOrderIdProductsByLineNumberSmsTicketConfirmationByPhoneNumber: { graphql: ['Mutation.sendTicketConfirmationSms'] },

  // Marketing subscriptions
  listSubscriptions: {
    graphql: ['Query.marketingSubscriptions', 'Query.contactSubscriptions'],
    note: '`audience`: marketingSubscriptions; a contact: contactSubscriptions',
  },
  getSubscription: { graphql: ['Query.marketingSubscription'] },
  getSubscriberProfile: { graphql: ['Query.subscriberProfile'] },
  getSubscriptionChannelStatus: { graphql: ['Query.subscriptionChannelStatus'] },
  optInSubscriptionChannel: { graphql: ['Mutation.subscribeContact'] },
  optOutSubscriptionChannel: { graphql: ['Mutation.unsubscribeContact'] },
  optOutAllByEmail: { graphql: ['Mutation.unsubscribeContactFromAll'] },
  optOutAllByPhone: { graphql: ['Mutation.unsubscribeContactFromAll'] },
  optOutAllBySubscriberGuid: { graphql: ['Mutation.unsubscribeContactFromAll'] },

  // Webhooks
  listWebhookEvents: { graphql: ['Query.webhookEventTypes'] },
  createWebhook: { graphql: ['Mutation.createWebhook'] },
  listWebhooks: { graphql: ['Query.webhooks'] },
  getWebhook: { graphql: ['Query.webhook'] },
  deleteWebhook: { graphql: ['Mutation.deleteWebhook'] },
  testWebhooks: { graphql: ['Mutation.testWebhooks'] },
  rotateWebhookSecret: { graphql: ['Mutation.rotateWebhookSecret'] },
  listWebhookDeliveries: { graphql: ['Query.webhookDeliveries'] },
  redeliverWebhook: { graphql: ['Mutation.redeliverWebhook'] },

  // Loyalty cards and accounts
  getLoyaltyCardOfAccount: { graphql: ['Query.accountLoyaltyCard'] },
  getLoyaltyCard: { graphql: ['Query.loyaltyCard'] },
  getLoyaltyCardV3: { graphql: ['Query.loyaltyCard'], note: 'the deprecated v3 form of the same card' },
  getLoyaltyCardAListSubscription: {
    graphql: ['Query.loyaltyCard.hasAListSubscription', 'Query.loyaltyCard.activationDate', 'Query.loyaltyCard.status'],
    note: 'REST derives the subscription resource from these fields of the card (404 when hasAListSubscription is false)',
  },
  earnLoyaltyForItems: { graphql: ['Mutation.earnLoyaltyPoints'] },
  waiveLoyaltyFees: { graphql: ['Mutation.waiveLoyaltyFees'] },
  validateLoyalty: { graphql: ['Mutation.validateLoyalty'] },
  getLoyaltyAccount: { graphql: ['Query.loyaltyAccount'], note: 'the `id` argument' },
  getLoyaltyAccountByEmail: { graphql: ['Query.loyaltyAccount'], note: 'the `email` argument' },
  getLoyaltyAccountByCard: { graphql: ['Query.loyaltyAccount'], note: 'the `cardNumber` argument' },
  getLoyaltyAccountByPhone: { graphql: ['Query.loyaltyAccount'], note: 'the `phone` argument' },
  registerLoyaltyCampaignByEmail: { graphql: ['Mutation.registerLoyaltyCampaign'], note: 'the `email` argument' },
  registerLoyaltyCampaignByCard: { graphql: ['Mutation.registerLoyaltyCampaign'], note: 'the `cardNumber` argument' },
  getSiteAccountLoyalty: { graphql: ['Query.account.loyaltyAccount'] },
  closeLoyalty: { graphql: ['Mutation.closeLoyalty'] },

  // Wallet
  getWallet: { graphql: ['Query.account.wallet'] },
  getWalletLoyalty: { graphql: ['Query.account.wallet.loyaltySummary'] },
  getWalletOnDemandView: { graphql: ['Query.account.onDemandCards'] },
  listWalletCreditCards: { graphql: ['Query.account.wallet.creditCards'] },
  getWalletCreditCard: { graphql: ['Query.account.wallet.creditCards'], note: 'the card of that token' },
  updateWalletCreditCard: { graphql: ['Mutation.updateWalletCreditCard'] },
  deleteWalletCreditCard: { graphql: ['Mutation.deleteWalletCreditCard'] },
  listWalletGiftCards: { graphql: ['Query.account.wallet.giftCards'] },
  getWalletGiftCard: { graphql: ['Query.account.wallet.giftCards'], note: 'the card of that token' },
  updateWalletGiftCard: { graphql: ['Mutation.updateWalletGiftCard'] },
  deleteWalletGiftCard: { graphql: ['Mutation.deleteWalletGiftCard'] },
  listWalletPartnerCards: { graphql: ['Query.account.wallet.partnerCards'] },
  getWalletPartnerCard: { graphql: ['Query.account.wallet.partnerCards'], note: 'the card of that token' },
  updateWalletPartnerCard: { graphql: ['Mutation.updateWalletPartnerCard'] },
  deleteWalletPartnerCard: { graphql: ['Mutation.deleteWalletPartnerCard'] },

  // Devices and personalized movies
  putDevice: { graphql: ['Mutation.registerDevice'] },
  getDevice: { graphql: ['Query.device', 'Query.account.devices'] },
  deleteDevice: { graphql: ['Mutation.unregisterDevice'] },
  listPersonalizedMovies: { graphql: ['Query.account.personalizedMovies', 'Query.me.personalizedMovies'] },
};
