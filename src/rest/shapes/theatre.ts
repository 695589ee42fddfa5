import type { Theatre } from '../../../schema/theatre.type';
import type { Context } from '../../context';
import { NOT_PLANNED, plannedOf } from '../../read-planner';
import type { AttributeRow } from '../../services/attribute';
import type { MediaItemRow } from '../../services/media';
import type { theatreFields } from '../../services/theatre';
import type { Hal } from '../hal';
import { resource } from '../derive';
import { arr, stringMap } from '../schemas';
import { attributeRefSchema, toAttributeRef } from './attribute';
import { component } from '../openapi';

export const theatreSchema = component('Theatre', resource('Theatre', {
  // Relations: REST links to the theatre's showtimes, seating layouts and concessions (theatreLinks).
  omit: ['market', 'showtimes', 'showtimesPage', 'seatingLayouts', 'pickupTimes', 'concessions', 'concession', 'concessionCategories'],
  override: {
    attributes: arr(attributeRefSchema),
    // REST: content type name → the URL of its first image or video (GraphQL: the media items themselves).
    media: { ...stringMap(), description: 'Content type name → the URL of the first image (or video) of that type.' },
  },
  links: true,
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

/** What the theatre routes read through the read planner with each theatre (src/read-planner/). */
export const THEATRE_SELECTION = '{ attributes { id } media { contentType imageUrl videoUrl } }';
const ATTRIBUTES = { path: { key: 'attributes', prev: undefined, typename: 'Theatre' } };
const MEDIA = { path: { key: 'media', prev: undefined, typename: 'Theatre' } };

/** The media fields the REST shape reads (a media item row, or a media item the planner read). */
type MediaOf = Pick<MediaItemRow, 'contentType' | 'imageUrl' | 'videoUrl'>;

/** A theatre read through the planner with THEATRE_SELECTION: its attribute ids and media came with it. */
export async function toPlannedTheatre(ctx: Context, hal: Hal, theatre: Theatre) {
  const ids = plannedOf(theatre, ATTRIBUTES);
  const media = plannedOf(theatre, MEDIA);
  if (ids === NOT_PLANNED || media === NOT_PLANNED) throw new Error('read planner: a theatre read without THEATRE_SELECTION');
  return theatreOf(hal, theatre, await ctx.loaders.attributesOfIds(ids as number[]), media as MediaOf[]);
}

/** A theatre with its attributes and media: `media` maps a content type name to the first image (or video) of that type. */
function theatreOf(hal: Hal, fields: ReturnType<typeof theatreFields>, attributes: AttributeRow[], mediaItems: readonly MediaOf[]) {
  const media: Record<string, string> = {};
  for (const item of mediaItems) {
    const url = item.imageUrl ?? item.videoUrl;
    if (url && !(item.contentType in media)) media[item.contentType] = url;
  }
  return {
    ...fields,
    attributes: attributes.map(toAttributeRef),
    media,
    _links: theatreLinks(hal, fields.id),
  };
}
