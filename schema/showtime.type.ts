import { Field, Float, Int, ObjectType } from 'type-graphql';
import type { ShowtimeRecord, TicketPriceRow } from '../src/services/showtime.service';
import { SHOWTIME_MEDIA_KEYS, showtimeFields } from '../src/services/showtime-view';
import { PageOf } from './paging.type';

export { SHOWTIME_MEDIA_KEYS };

@ObjectType({ simpleResolvers: true, description: "Media URLs of a showtime (its movie's), keyed as the spec spells them." })
export class ShowtimeMedia {
  @Field(() => String, { nullable: true })
  heroDesktopDynamic!: string | null;

  @Field(() => String, { nullable: true })
  heroMobileDynamic!: string | null;

  @Field(() => String, { nullable: true })
  posterDynamic!: string | null;

  @Field(() => String, { nullable: true })
  posterDynamic120x74!: string | null;

  @Field(() => String, { nullable: true })
  posterAlternateDynamic!: string | null;

  @Field(() => String, { nullable: true })
  poster3DDynamic!: string | null;

  @Field(() => String, { nullable: true })
  posterLargeFormatDynamic!: string | null;

  @Field(() => String, { nullable: true })
  trailerTeaserDynamic!: string | null;

  @Field(() => String, { nullable: true })
  trailerAlternateDynamic!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'Display price of a ticket type (not final).' })
export class TicketPrice {
  @Field(() => Float)
  price!: number;

  @Field(() => String, { description: 'ADULT, CHILD or SENIOR.' })
  type!: string;

  @Field(() => String)
  sku!: string;

  @Field(() => String, { nullable: true })
  agePolicy!: string | null;

  @Field(() => Float)
  tax!: number;
}

export const toTicketPrice = (row: TicketPriceRow): TicketPrice =>
  Object.assign(new TicketPrice(), { price: row.price, type: row.type, sku: row.sku, agePolicy: row.agePolicy, tax: row.tax });

@ObjectType({ simpleResolvers: true, description: 'Per-ticket fee estimate.' })
export class EstimatedFee {
  @Field(() => String, { description: 'Fee type.' })
  name!: string;

  @Field(() => Float, { description: 'Excluding tax.' })
  cost!: number;

  @Field(() => Float)
  tax!: number;

  @Field(() => Int)
  quantity!: number;
}

@ObjectType()
export class ShowtimeLanguages {
  @Field(() => String, { nullable: true })
  spoken!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'A performance of a movie in an auditorium of a theatre.' })
export class Showtime {
  @Field(() => Int)
  id!: number;

  @Field(() => Int, { description: 'Performance number of the ticketing system.' })
  performanceNumber!: number;

  @Field(() => Int, { nullable: true })
  internalReleaseNumber!: number | null;

  @Field(() => Int, { nullable: true })
  vendorReleaseNumber!: number | null;

  @Field(() => Int)
  movieId!: number;

  @Field(() => String)
  movieName!: string;

  @Field(() => String)
  sortableMovieName!: string;

  @Field(() => String)
  genre!: string;

  @Field(() => String)
  movieUrl!: string;

  @Field(() => Int)
  theatreId!: number;

  @Field(() => Int)
  auditorium!: number;

  @Field(() => String)
  showDateTimeUtc!: string;

  @Field(() => String, { description: 'Theatre-local, without zone designator (YYYY-MM-DDTHH:mm:ss).' })
  showDateTimeLocal!: string;

  @Field(() => String)
  sellUntilDateTimeUtc!: string;

  @Field(() => Int)
  layoutId!: number;

  @Field(() => Int)
  layoutVersionNumber!: number;

  @Field(() => Boolean)
  isCanceled!: boolean;

  @Field(() => Boolean)
  inTheatreTicketingOnly!: boolean;

  @Field(() => String, { description: "The theatre's UTC offset at the start, e.g. -05:00." })
  utcOffset!: string;

  @Field(() => String)
  purchaseUrl!: string;

  @Field(() => String)
  mobilePurchaseUrl!: string;

  @Field(() => Int, { description: 'Minutes.' })
  runTime!: number;

  @Field(() => String)
  mpaaRating!: string;

  @Field(() => String)
  lastUpdatedDateUtc!: string;

  @Field(() => ShowtimeMedia)
  media!: ShowtimeMedia;

  @Field(() => Boolean, { nullable: true, description: 'False or null: not embargoed.' })
  isEmbargoed!: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'False or null: not coming soon.' })
  isComingSoon!: boolean | null;

  @Field(() => Boolean)
  isDiscountMatineePriced!: boolean;

  @Field(() => String, { nullable: true })
  discountMatineeMessage!: string | null;

  @Field(() => String, { nullable: true, description: 'When an embargoed showtime becomes displayable.' })
  visibilityDateTimeUtc!: string | null;

  @Field(() => [EstimatedFee])
  estimatedFees!: EstimatedFee[];

  @Field(() => ShowtimeLanguages)
  languages!: ShowtimeLanguages;

  /** The joined row it was mapped from (pickup times and seat maps load by it). */
  record!: ShowtimeRecord;
}

@ObjectType()
export class ShowtimePage extends PageOf(Showtime) {}

/** Maps a showtime record (showtime + movie data + theatre zone) to its GraphQL type. */
export function toShowtime(record: ShowtimeRecord): Showtime {
  const fields = showtimeFields(record);
  return Object.assign(new Showtime(), {
    ...fields,
    media: Object.assign(new ShowtimeMedia(), fields.media),
    estimatedFees: fields.estimatedFees.map((f) => Object.assign(new EstimatedFee(), f)),
    languages: Object.assign(new ShowtimeLanguages(), fields.languages),
    record,
  });
}
