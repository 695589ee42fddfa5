import { Field, Float, Int, ObjectType } from 'type-graphql';
import { theatreFields, type TheatreRow } from '../src/services/theatre.service';
import { PageOf } from './paging.type';

@ObjectType({ simpleResolvers: true, description: 'Where a theatre is.' })
export class TheatreLocation {
  @Field(() => String)
  addressLine1!: string;

  @Field(() => String)
  city!: string;

  @Field(() => String)
  postalCode!: string;

  @Field(() => String, { description: 'Two-letter state code.' })
  state!: string;

  @Field(() => String)
  stateName!: string;

  @Field(() => String)
  country!: string;

  @Field(() => Float)
  latitude!: number;

  @Field(() => Float)
  longitude!: number;

  @Field(() => String, { description: 'A maps URL with driving directions to the theatre.' })
  directionsUrl!: string;
}

@ObjectType({ simpleResolvers: true, description: 'A theatre of the chain.' })
export class Theatre {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  longName!: string;

  @Field(() => String)
  slug!: string;

  @Field(() => String, { description: 'IANA time zone; every `…Local` value of the theatre uses it.' })
  timezone!: string;

  @Field(() => String, { nullable: true })
  showtimesPhoneNumber!: string | null;

  @Field(() => String, { nullable: true })
  guestServicesPhoneNumber!: string | null;

  @Field(() => String, { nullable: true })
  facebookUrl!: string | null;

  @Field(() => String, { nullable: true })
  websiteUrl!: string | null;

  @Field(() => Boolean)
  ticketable!: boolean;

  @Field(() => Int)
  marketId!: number;

  @Field(() => TheatreLocation)
  location!: TheatreLocation;
}

@ObjectType()
export class TheatrePage extends PageOf(Theatre) {}

/** Maps a theatre row to its GraphQL type (the address columns become `location`). */
export function toTheatre(row: TheatreRow): Theatre {
  const fields = theatreFields(row);
  return Object.assign(new Theatre(), { ...fields, location: Object.assign(new TheatreLocation(), fields.location) });
}
