import type { NonEmptyArray } from 'type-graphql';
import { ReferenceResolver } from './reference.resolver';
import { AccountResolver } from './account.resolver';
import { AccountSubscriptionsResolver, MarketingSubscriptionResolver } from './subscription.resolver';
import { AccountLoyaltyResolver, LoyaltyResolver } from './loyalty.resolver';
import { AccountWalletResolver, WalletMutationResolver } from './wallet.resolver';
import { AccountDeviceResolver, DeviceResolver } from './device.resolver';
import { OrderResolver } from './order.resolver';
import { OrderMutationResolver } from './order-mutation.resolver';
import { OrderProductResolver } from './order-product.resolver';
import { OrderProductMutationResolver } from './order-product-mutation.resolver';
import { SeatBlockResolver } from './seat-block.resolver';
import { WebhookResolver } from './webhook.resolver';
import { SeatEventResolver } from './seat-event.resolver';
import { AttributeResolver } from './attribute.resolver';
import { LocationResolver } from './location.resolver';
import { MarketResolver } from './market.resolver';
import { ContentTypeResolver, MediaItemResolver } from './media.resolver';
import { MovieResolver } from './movie.resolver';
import { MovieListEntryResolver, MovieListResolver } from './movie-list.resolver';
import { CreditResolver, PersonResolver } from './person.resolver';
import { TheatreResolver } from './theatre.resolver';
import { ShowtimeResolver } from './showtime.resolver';
import { MovieShowtimesResolver, TheatreShowtimesResolver } from './theatre-showtimes.resolver';
import { LayoutResolver, SeatingLayoutResolver, ShowtimeSeatingResolver, TheatreSeatingResolver } from './seating.resolver';
import { ShowtimePickupResolver, TheatrePickupResolver } from './pickup.resolver';
import {
  ComboComponentResolver,
  ConcessionResolver,
  ModifierGroupResolver,
  TheatreConcessionsResolver,
  UpsellGroupResolver,
} from './concession.resolver';

/** Every resolver class of the schema; add a domain's resolvers here. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [
  ReferenceResolver,
  AccountResolver,
  AccountSubscriptionsResolver,
  MarketingSubscriptionResolver,
  AccountLoyaltyResolver,
  LoyaltyResolver,
  AccountWalletResolver,
  WalletMutationResolver,
  AccountDeviceResolver,
  DeviceResolver,
  OrderResolver,
  OrderMutationResolver,
  OrderProductResolver,
  SeatEventResolver,
  SeatBlockResolver,
  OrderProductMutationResolver,
  MovieResolver,
  MovieListResolver,
  MovieListEntryResolver,
  TheatreResolver,
  MarketResolver,
  LocationResolver,
  AttributeResolver,
  ContentTypeResolver,
  MediaItemResolver,
  PersonResolver,
  CreditResolver,
  ShowtimeResolver,
  TheatreShowtimesResolver,
  MovieShowtimesResolver,
  ShowtimeSeatingResolver,
  SeatingLayoutResolver,
  TheatreSeatingResolver,
  LayoutResolver,
  ShowtimePickupResolver,
  TheatrePickupResolver,
  ConcessionResolver,
  ModifierGroupResolver,
  ComboComponentResolver,
  UpsellGroupResolver,
  TheatreConcessionsResolver,
  WebhookResolver,
];
