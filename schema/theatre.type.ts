import { Field, Float, Int, ObjectType } from 'type-graphql';
import { theatreFields, type TheatreRow } from '../src/services/theatre';
import { PageOf } from './paging.type';

@ObjectType({ simpleResolvers: true, description: 'Where a theatre is.' })
export class TheatreLocation {
  @Field(() => String, { description: 'Street address.' })
  addressLine1!: string;

  @Field(() => String, { description: 'City.' })
  city!: string;

  @Field(() => String, { description: 'Postal code.' })
  postalCode!: string;

  @Field(() => String, { description: 'Two-letter state code.' })
  state!: string;

  @Field(() => String, { description: 'State name, e.g. Texas.' })
  stateName!: string;

  @Field(() => String, { description: 'Country code.' })
  country!: string;

  @Field(() => Float, { description: 'Latitude.' })
  latitude!: number;

  @Field(() => Float, { description: 'Longitude.' })
  longitude!: number;

  @Field(() => String, { description: 'A maps URL with driving directions to the theatre.' })
  directionsUrl!: string;
}

@ObjectType({ simpleResolvers: true, description: 'A theatre of the chain.' })
export class Theatre {
  @Field(() => Int, { description: 'The theatre id (the theatre number of REST paths).' })
  id!: number;

  @Field(() => String, { description: 'Display name.' })
  name!: string;

  @Field(() => String, { description: 'Full name.' })
  longName!: string;

  @Field(() => String, { description: 'URL-friendly name.' })
  slug!: string;

  @Field(() => String, { description: 'IANA time zone; every `…Local` value of the theatre uses it.' })
  timezone!: string;

  @Field(() => String, { description: 'Phone number for showtimes.', nullable: true })
  showtimesPhoneNumber!: string | null;

  @Field(() => String, { description: 'Phone number of guest services.', nullable: true })
  guestServicesPhoneNumber!: string | null;

  @Field(() => String, { description: "The theatre's Facebook page.", nullable: true })
  facebookUrl!: string | null;

  @Field(() => String, { description: "The theatre's page on the chain's website.", nullable: true })
  websiteUrl!: string | null;

  @Field(() => Boolean, { description: 'Tickets can be bought online.' })
  ticketable!: boolean;

  @Field(() => Int, { description: 'The market the theatre belongs to.' })
  marketId!: number;

  @Field(() => TheatreLocation, { description: 'Address and coordinates.' })
  location!: TheatreLocation;
}

@ObjectType({ description: 'A page of theatres.' })
export class TheatrePage extends PageOf(Theatre) {}

/** Maps a theatre row to its GraphQL type (the address columns become `location`). */
export function toTheatre(row: TheatreRow): Theatre {
  const fields = theatreFields(row);
  return Object.assign(new Theatre(), { ...fields, location: Object.assign(new TheatreLocation(), fields.location) });
}
