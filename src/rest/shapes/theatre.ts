import type { Context } from '../../context';
import { theatreFields, type TheatreRow } from '../../services/theatre.service';
import type { Hal } from '../hal';
import { arr, bool, int, links, nstr, num, obj, str, stringMap } from '../schemas';
import { attributeRefSchema, toAttributeRef } from './attribute';
import { component } from '../openapi';

export const theatreSchema = component('Theatre', obj({
  id: int('The theatre number of showtime and seating paths.'),
  name: str(),
  longName: str(),
  slug: str(),
  timezone: str('IANA time zone of every …Local value.'),
  showtimesPhoneNumber: nstr(),
  guestServicesPhoneNumber: nstr(),
  facebookUrl: nstr(),
  websiteUrl: nstr(),
  ticketable: bool(),
  marketId: int(),
  attributes: arr(attributeRefSchema),
  location: obj({
    addressLine1: str(),
    city: str(),
    postalCode: str(),
    state: str(),
    stateName: str(),
    country: str(),
    latitude: num(),
    longitude: num(),
    directionsUrl: str(),
  }),
  media: stringMap(),
  _links: links(),
}));

export const theatrePath = (id: number) => `/v2/theatres/${id}`;

/** Links of a theatre: itself, its showtimes, seating layouts, concessions and media. */
export function theatreLinks(hal: Hal, id: number) {
  return {
    ...hal.self(theatrePath(id)),
    [hal.rel('v2/showtimes')]: hal.link(`/v2/theatres/${id}/showtimes`),
    [hal.rel('v3/seating-layouts')]: hal.link(`/v3/theatres/${id}/seating-layouts`),
    [hal.rel('v1/concessions')]: hal.link(`/v1/theatres/${id}/concessions`),
    [hal.rel('v2/media')]: hal.link(`/v2/media/theatre/${id}/{media-type}`, true),
  };
}

/**
 * A theatre with its attributes and media (each through a per-request loader, so a page of theatres
 * costs one statement per relation). `media` maps a content type name to the first image of that type.
 */
export async function toTheatre(ctx: Context, hal: Hal, row: TheatreRow) {
  const [attributes, mediaItems] = await Promise.all([
    ctx.loaders.attributesByTheatreId.load(row.id),
    ctx.loaders.mediaItemsByResource.load({ type: 'theatre', key: String(row.id) }),
  ]);
  const media: Record<string, string> = {};
  for (const item of mediaItems) {
    const url = item.imageUrl ?? item.videoUrl;
    if (url && !(item.contentType in media)) media[item.contentType] = url;
  }
  return {
    ...theatreFields(row),
    attributes: attributes.map(toAttributeRef),
    media,
    _links: theatreLinks(hal, row.id),
  };
}
