import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MOVIE_MEDIA_KEYS, movieFields, type MovieRow } from '../src/services/movie.service';
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
  @Field(() => String, { nullable: true })
  heroDesktopDynamic!: string | null;

  @Field(() => String, { nullable: true })
  heroMobileDynamic!: string | null;

  @Field(() => String, { nullable: true })
  posterDynamic!: string | null;

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

  @Field(() => String, { nullable: true })
  onDemandTrailerVideoId!: string | null;

  @Field(() => String, { nullable: true })
  onDemandTrailerExternalVideoId!: string | null;

  @Field(() => String, { nullable: true })
  onDemandPosterDynamic!: string | null;

  @Field(() => String, { nullable: true })
  onDemandTrailerMp4Dynamic!: string | null;

  @Field(() => String, { nullable: true })
  onDemandTrailerHdDynamic!: string | null;

  @Field(() => String, { nullable: true })
  posterThumbnail!: string | null;

  @Field(() => String, { nullable: true })
  posterStandard!: string | null;

  @Field(() => String, { nullable: true })
  posterLarge!: string | null;

  @Field(() => String, { nullable: true })
  trailerFlv!: string | null;

  @Field(() => String, { nullable: true })
  trailerHd!: string | null;

  @Field(() => String, { nullable: true })
  trailerMp4!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'A movie.' })
export class Movie {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  sortableName!: string;

  @Field(() => String, { description: 'Dash-separated title.' })
  slug!: string;

  @Field(() => String)
  genre!: string;

  @Field(() => String, { description: 'G, PG, PG13, 14A, R, NC17, 18A, X or NR.' })
  mpaaRating!: string;

  @Field(() => Int, { nullable: true })
  vendorReleaseNumber!: number | null;

  @Field(() => Int, { description: 'Minutes.' })
  runTime!: number;

  @Field(() => Float, { nullable: true, description: 'Estimate of relative performance, 0 to 1 (1 best).' })
  score!: number | null;

  @Field(() => String, { nullable: true })
  synopsis!: string | null;

  @Field(() => String, { nullable: true })
  synopsisTagLine!: string | null;

  @Field(() => String)
  releaseDateUtc!: string;

  @Field(() => Boolean)
  displayOnlineTicketAvailability!: boolean;

  @Field(() => String, { nullable: true })
  onlineTicketAvailabilityDateUtc!: string | null;

  @Field(() => String, { nullable: true })
  websiteUrl!: string | null;

  @Field(() => String, { nullable: true })
  showtimesUrl!: string | null;

  @Field(() => Int, { nullable: true })
  distributorId!: number | null;

  @Field(() => String, { nullable: true })
  distributorCode!: string | null;

  @Field(() => Boolean)
  availableForAList!: boolean;

  @Field(() => String, { description: 'Theatrical or OnDemand.' })
  preferredMediaType!: string;

  @Field(() => String, { nullable: true, description: 'Id in an external movie database.' })
  externalDbId!: string | null;

  @Field(() => String, { nullable: true })
  privateTheatreRentalTier!: string | null;

  @Field(() => MovieMedia)
  media!: MovieMedia;
}

@ObjectType()
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
