import { GraphQLDateTime } from './scalars';
import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MOVIE_MEDIA_KEYS, movieFields, type MovieRow } from '../src/services/movie';
import { PageOf } from './paging.type';

export enum MovieView {
  NOW_PLAYING = 'NOW_PLAYING',
  ADVANCE = 'ADVANCE',
  COMING_SOON = 'COMING_SOON',
  ACTIVE = 'ACTIVE',
}
registerEnumType(MovieView, {
  name: 'MovieView',
  description: 'NOW_PLAYING: released and showing in the next 14 days; ADVANCE: not yet released, showtimes on sale; COMING_SOON: not yet released, no showtimes yet; ACTIVE: every movie with a future showtime (released or not).',
  valuesConfig: {
    NOW_PLAYING: { description: 'Released, with a showtime in the next 14 days.' },
    ADVANCE: { description: 'Not yet released, with showtimes already on sale.' },
    COMING_SOON: { description: 'Not yet released, no showtimes yet.' },
    ACTIVE: { description: 'Every movie with a future showtime, released or not.' },
  },
});

export { MOVIE_MEDIA_KEYS };

@ObjectType({ simpleResolvers: true, description: "Media URLs of a movie, keyed as the spec spells them (the last six are legacy keys)." })
export class MovieMedia {
  @Field(() => String, { description: 'Hero image for desktop layouts.', nullable: true })
  heroDesktopDynamic!: string | null;

  @Field(() => String, { description: 'Hero image for mobile layouts.', nullable: true })
  heroMobileDynamic!: string | null;

  @Field(() => String, { description: 'Poster image.', nullable: true })
  posterDynamic!: string | null;

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

  @Field(() => String, { description: 'Video id of the on-demand trailer.', nullable: true })
  onDemandTrailerVideoId!: string | null;

  @Field(() => String, { description: 'External (provider) video id of the on-demand trailer.', nullable: true })
  onDemandTrailerExternalVideoId!: string | null;

  @Field(() => String, { description: 'Poster image for on-demand.', nullable: true })
  onDemandPosterDynamic!: string | null;

  @Field(() => String, { description: 'On-demand trailer, MP4.', nullable: true })
  onDemandTrailerMp4Dynamic!: string | null;

  @Field(() => String, { description: 'On-demand trailer, HD.', nullable: true })
  onDemandTrailerHdDynamic!: string | null;

  @Field(() => String, { description: 'Poster, thumbnail size.', nullable: true })
  posterThumbnail!: string | null;

  @Field(() => String, { description: 'Poster, standard size.', nullable: true })
  posterStandard!: string | null;

  @Field(() => String, { description: 'Poster, large size.', nullable: true })
  posterLarge!: string | null;

  @Field(() => String, { description: 'Trailer, FLV.', nullable: true })
  trailerFlv!: string | null;

  @Field(() => String, { description: 'Trailer, HD.', nullable: true })
  trailerHd!: string | null;

  @Field(() => String, { description: 'Trailer, MP4.', nullable: true })
  trailerMp4!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'A movie.' })
export class Movie {
  @Field(() => Int, { description: 'The movie id (the same integer as in REST).' })
  id!: number;

  @Field(() => String, { description: "The movie's title." })
  name!: string;

  @Field(() => String, { description: 'The title for sorting (leading articles moved).' })
  sortableName!: string;

  @Field(() => String, { description: 'Dash-separated title.' })
  slug!: string;

  @Field(() => String, { description: 'The genre, e.g. Action.' })
  genre!: string;

  @Field(() => String, { description: 'G, PG, PG13, 14A, R, NC17, 18A, X or NR.' })
  mpaaRating!: string;

  @Field(() => Int, { description: "The distributor's release number.", nullable: true })
  vendorReleaseNumber!: number | null;

  @Field(() => Int, { description: 'Minutes.' })
  runTime!: number;

  @Field(() => Float, { nullable: true, description: 'Estimate of relative performance, 0 to 1 (1 best).' })
  score!: number | null;

  @Field(() => String, { description: 'A summary of the plot.', nullable: true })
  synopsis!: string | null;

  @Field(() => String, { description: 'A one-line tag line.', nullable: true })
  synopsisTagLine!: string | null;

  @Field(() => GraphQLDateTime, { description: 'The release date (UTC).' })
  releaseDateUtc!: string;

  @Field(() => Boolean, { description: 'Whether to announce when online tickets go on sale.' })
  displayOnlineTicketAvailability!: boolean;

  @Field(() => GraphQLDateTime, { description: 'When online tickets go on sale (UTC).', nullable: true })
  onlineTicketAvailabilityDateUtc!: string | null;

  @Field(() => String, { description: "The movie's page on the chain's website.", nullable: true })
  websiteUrl!: string | null;

  @Field(() => String, { description: "The movie's showtimes page on the chain's website.", nullable: true })
  showtimesUrl!: string | null;

  @Field(() => Int, { description: 'The distributor.', nullable: true })
  distributorId!: number | null;

  @Field(() => String, { description: "The distributor's code.", nullable: true })
  distributorCode!: string | null;

  @Field(() => Boolean, { description: 'Eligible for the A-List subscription.' })
  availableForAList!: boolean;

  @Field(() => String, { description: 'Theatrical or OnDemand.' })
  preferredMediaType!: string;

  @Field(() => String, { nullable: true, description: 'Id in an external movie database.' })
  externalDbId!: string | null;

  @Field(() => String, { description: 'Price tier when booked for a private theatre rental; null when not offered.', nullable: true })
  privateTheatreRentalTier!: string | null;

  @Field(() => MovieMedia, { description: "The movie's media URLs, keyed as the spec spells them." })
  media!: MovieMedia;
}

@ObjectType({ description: 'A page of movies.' })
export class MoviePage extends PageOf(Movie) {}

/** Maps a movie row to its GraphQL type (fields from credits and showtimes come from field resolvers). */
export function toMovie(row: MovieRow): Movie {
  // A request maps the same loaded row once, however many showtimes show the movie.
  let movie = mapped.get(row);
  if (!movie) {
    const fields = movieFields(row);
    movie = Object.assign(new Movie(), { ...fields, media: Object.assign(new MovieMedia(), fields.media) });
    mapped.set(row, movie);
  }
  return movie;
}

const mapped = new WeakMap<MovieRow, Movie>();
