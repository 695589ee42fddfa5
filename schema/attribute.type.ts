import { Field, Int, ObjectType } from 'type-graphql';
import type { AttributeGroupRow, AttributeRow } from '../src/services/attribute';

@ObjectType({ simpleResolvers: true, description: 'A group of attributes (formats, amenities, …).' })
export class AttributeGroup {
  @Field(() => Int, { description: 'The group id.' })
  id!: number;

  @Field(() => String, { description: 'Display name of the group.' })
  name!: string;

  @Field(() => String, { description: 'What the group gathers.', nullable: true })
  description!: string | null;

  @Field(() => Int, { description: 'Display order.' })
  sort!: number;
}

@ObjectType({ simpleResolvers: true, description: "Image URLs of an attribute, keyed as the spec spells them." })
export class AttributeMedia {
  @Field(() => String, { description: 'Logo image.', nullable: true })
  LogoDynamic!: string | null;

  @Field(() => String, { description: 'Hero image for desktop layouts.', nullable: true })
  HeroDesktopDynamic!: string | null;

  @Field(() => String, { description: 'Hero image for mobile layouts.', nullable: true })
  HeroMobileDynamic!: string | null;

  @Field(() => String, { description: 'Background image for mobile layouts.', nullable: true })
  BackgroundMobileDynamicUrl!: string | null;

  @Field(() => String, { description: 'Background image for desktop layouts.', nullable: true })
  BackgroundDesktopDynamicUrl!: string | null;

  @Field(() => String, { description: 'Icon image.', nullable: true })
  IconDynamic!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'A filterable label of movies, theatres and showtimes.' })
export class Attribute {
  @Field(() => Int, { description: 'The attribute id.' })
  id!: number;

  @Field(() => String, { description: 'The value include/exclude filters take.' })
  code!: string;

  @Field(() => String, { description: 'Display name, e.g. IMAX.' })
  name!: string;

  @Field(() => String, { description: 'Short form for tight layouts.', nullable: true })
  abbreviation!: string | null;

  @Field(() => String, { description: 'One-line description.', nullable: true })
  shortDescription!: string | null;

  @Field(() => String, { description: 'Full description.', nullable: true })
  longDescription!: string | null;

  @Field(() => String, { nullable: true, description: 'The short description (the spec\'s `description` of embedded attributes).' })
  description!: string | null;

  @Field(() => Boolean, { description: 'The attribute can describe a theatre.' })
  appliesToTheatre!: boolean;

  @Field(() => Boolean, { description: 'The attribute can describe a showtime.' })
  appliesToShowtime!: boolean;

  @Field(() => Boolean, { description: 'The attribute can describe a movie.' })
  appliesToMovie!: boolean;

  @Field(() => Boolean, { description: 'A premium format (IMAX, Dolby, …).' })
  isPremiumFormat!: boolean;

  @Field(() => String, { description: 'A page about the attribute.', nullable: true })
  url!: string | null;

  @Field(() => Int, { description: 'Display order.' })
  sort!: number;

  @Field(() => Int, { description: 'The attribute group.', nullable: true })
  groupId!: number | null;

  @Field(() => AttributeMedia, { description: "The attribute's media URLs, keyed as the spec spells them." })
  media!: AttributeMedia;
}

/** Maps an attribute row to its GraphQL type. */
export function toAttribute(row: AttributeRow): Attribute {
  // Rows come from the reference cache and are never changed: each maps once, not once per showtime.
  let attribute = mapped.get(row);
  if (!attribute) {
    attribute = mapAttribute(row);
    mapped.set(row, attribute);
  }
  return attribute;
}

const mapped = new WeakMap<AttributeRow, Attribute>();

function mapAttribute(row: AttributeRow): Attribute {
  const m = row.media ?? {};
  return Object.assign(new Attribute(), {
    id: row.id,
    code: row.code,
    name: row.name,
    abbreviation: row.abbreviation,
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    description: row.shortDescription,
    appliesToTheatre: row.appliesToTheatre,
    appliesToShowtime: row.appliesToShowtime,
    appliesToMovie: row.appliesToMovie,
    isPremiumFormat: row.isPremiumFormat,
    url: row.url,
    sort: row.sort,
    groupId: row.groupId,
    media: Object.assign(new AttributeMedia(), {
      LogoDynamic: m.LogoDynamic ?? null,
      HeroDesktopDynamic: m.HeroDesktopDynamic ?? null,
      HeroMobileDynamic: m.HeroMobileDynamic ?? null,
      BackgroundMobileDynamicUrl: m.BackgroundMobileDynamicUrl ?? null,
      BackgroundDesktopDynamicUrl: m.BackgroundDesktopDynamicUrl ?? null,
      IconDynamic: m.IconDynamic ?? null,
    }),
  });
}

/** Maps an attribute group row to its GraphQL type. */
export function toAttributeGroup(row: AttributeGroupRow): AttributeGroup {
  return Object.assign(new AttributeGroup(), row);
}
