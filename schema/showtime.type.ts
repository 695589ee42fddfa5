import { GraphQLLocalDateTime } from 'graphql-scalars';
import { GraphQLDateTime } from './scalars';
import { Field, Float, Int, ObjectType } from 'type-graphql';
import { type ShowtimeRecord, type TicketPriceRow, SHOWTIME_MEDIA_KEYS, showtimeFields } from '../src/services/showtime';
import { fieldTable } from '../src/services/shared/field-table';
import { PageOf } from './paging.type';

export { SHOWTIME_MEDIA_KEYS };

@ObjectType({ simpleResolvers: true, description: "Media URLs of a showtime (its movie's), keyed as the spec spells them." })
export class ShowtimeMedia {
  @Field(() => String, { description: 'Hero image for desktop layouts.', nullable: true })
  heroDesktopDynamic!: string | null;

  @Field(() => String, { description: 'Hero image for mobile layouts.', nullable: true })
  heroMobileDynamic!: string | null;

  @Field(() => String, { description: 'Poster image.', nullable: true })
  posterDynamic!: string | null;

  @Field(() => String, { description: 'Poster image, 120×74 thumbnail.', nullable: true })
  posterDynamic120x74!: string | null;

  @Field(() => String, { description: 'Alternate poster image.', nullable: true })
  posterAlternateDynamic!: string | null;

  @Field(() => String, { description: 'Poster image of the 3D release.', nullable: true })
  poster3DDynamic!: string | null;

  @Field(() => String, { description: 'Poster image of the large-format release.', nullable: true })
  posterLargeFormatDynamic!: string | null;

  @Field(() => String, { description: 'Teaser trailer.', nullable: true })
  trailerTeaserDynamic!: string | null;

  @Field(() => String, { description: 'Alternate trailer.', nullable: true })
  trailerAlternateDynamic!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'Display price of a ticket type (not final).' })
export class TicketPrice {
  @Field(() => Float, { description: 'Price, excluding tax.' })
  price!: number;

  @Field(() => String, { description: 'ADULT, CHILD or SENIOR.' })
  type!: string;

  @Field(() => String, { description: 'Stock-keeping unit of the ticket type.' })
  sku!: string;

  @Field(() => String, { description: 'Who the ticket type is for, e.g. ages 2-12.', nullable: true })
  agePolicy!: string | null;

  @Field(() => Float, { description: 'Tax per ticket.' })
  tax!: number;
}

/** A ticket price's fields from its row (src/services/shared/field-table.ts). */
export const TICKET_PRICE_FIELDS = fieldTable<TicketPriceRow>()({ price: 'price', type: 'type', sku: 'sku', agePolicy: 'agePolicy', tax: 'tax' });

export const toTicketPrice = (row: TicketPriceRow): TicketPrice => Object.assign(new TicketPrice(), TICKET_PRICE_FIELDS.all(row));

@ObjectType({ simpleResolvers: true, description: 'Per-ticket fee estimate.' })
export class EstimatedFee {
  @Field(() => String, { description: 'Fee type.' })
  name!: string;

  @Field(() => Float, { description: 'Excluding tax.' })
  cost!: number;

  @Field(() => Float, { description: 'Tax on the fee.' })
  tax!: number;

  @Field(() => Int, { description: 'How many times the fee applies per ticket.' })
  quantity!: number;
}

@ObjectType({ description: 'Languages of a performance.' })
export class ShowtimeLanguages {
  @Field(() => String, { description: 'The spoken language, e.g. English.', nullable: true })
  spoken!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'A performance of a movie in an auditorium of a theatre.' })
export class Showtime {
  @Field(() => Int, { description: 'The showtime id (the same integer as in REST).' })
  id!: number;

  @Field(() => Int, { description: 'Performance number of the ticketing system: unique within the theatre; the performance-number of seating paths.' })
  performanceNumber!: number;

  @Field(() => Int, { description: "The chain's internal release number of the movie.", nullable: true })
  internalReleaseNumber!: number | null;

  @Field(() => Int, { description: "The distributor's release number of the movie.", nullable: true })
  vendorReleaseNumber!: number | null;

  @Field(() => Int, { description: 'The movie shown.' })
  movieId!: number;

  @Field(() => String, { description: "The movie's name." })
  movieName!: string;

  @Field(() => String, { description: "The movie's name for sorting (leading articles moved)." })
  sortableMovieName!: string;

  @Field(() => String, { description: "The movie's genre." })
  genre!: string;

  @Field(() => String, { description: "The movie's page on the chain's website." })
  movieUrl!: string;

  @Field(() => Int, { description: 'The theatre.' })
  theatreId!: number;

  @Field(() => Int, { description: 'The auditorium number within the theatre.' })
  auditorium!: number;

  @Field(() => GraphQLDateTime, { description: 'When the performance starts (UTC).' })
  showDateTimeUtc!: string;

  @Field(() => GraphQLLocalDateTime, { description: 'Theatre-local, without zone designator (YYYY-MM-DDTHH:mm:ss).' })
  showDateTimeLocal!: string;

  @Field(() => GraphQLDateTime, { description: 'Tickets are sold until then (UTC).' })
  sellUntilDateTimeUtc!: string;

  @Field(() => Int, { description: 'The seating layout of the auditorium.' })
  layoutId!: number;

  @Field(() => Int, { description: 'The version of the seating layout this showtime uses.' })
  layoutVersionNumber!: number;

  @Field(() => Boolean, { description: 'The showtime was canceled.' })
  isCanceled!: boolean;

  @Field(() => Boolean, { description: 'Tickets are sold only at the box office.' })
  inTheatreTicketingOnly!: boolean;

  @Field(() => String, { description: "The theatre's UTC offset at the start, e.g. -05:00." })
  utcOffset!: string;

  @Field(() => String, { description: "Where to buy tickets on the chain's website." })
  purchaseUrl!: string;

  @Field(() => String, { description: 'Where to buy tickets on the mobile website.' })
  mobilePurchaseUrl!: string;

  @Field(() => Int, { description: 'Minutes.' })
  runTime!: number;

  @Field(() => String, { description: "The movie's MPAA rating, e.g. PG-13." })
  mpaaRating!: string;

  @Field(() => GraphQLDateTime, { description: 'When the showtime was last changed (UTC).' })
  lastUpdatedDateUtc!: string;

  @Field(() => ShowtimeMedia, { description: "The movie's media URLs." })
  media!: ShowtimeMedia;

  @Field(() => Boolean, { nullable: true, description: 'False or null: not embargoed.' })
  isEmbargoed!: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'False or null: not coming soon.' })
  isComingSoon!: boolean | null;

  @Field(() => Boolean, { description: 'Matinee pricing applies.' })
  isDiscountMatineePriced!: boolean;

  @Field(() => String, { description: 'Text explaining the matinee discount.', nullable: true })
  discountMatineeMessage!: string | null;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When an embargoed showtime becomes displayable.' })
  visibilityDateTimeUtc!: string | null;

  @Field(() => [EstimatedFee], { description: 'Fees a ticket is expected to carry (estimates; the order prices them).' })
  estimatedFees!: EstimatedFee[];

  @Field(() => ShowtimeLanguages, { description: 'Languages of the performance.' })
  languages!: ShowtimeLanguages;

  /** The joined row it was mapped from (pickup times and seat maps load by it). */
  record!: ShowtimeRecord;
}

@ObjectType({ description: 'A page of showtimes.' })
export class ShowtimePage extends PageOf(Showtime) {}

/** Maps a showtime record (showtime + movie data + theatre zone) to its GraphQL type. */
export function toShowtime(record: ShowtimeRecord): Showtime {
  const fields = showtimeFields(record);
  const showtime = Object.assign(new Showtime(), fields);
  showtime.media = Object.assign(new ShowtimeMedia(), fields.media);
  showtime.estimatedFees = fields.estimatedFees.map((f) => Object.assign(new EstimatedFee(), f));
  showtime.languages = Object.assign(new ShowtimeLanguages(), fields.languages);
  showtime.record = record;
  return showtime;
}
