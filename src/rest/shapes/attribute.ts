import type { Context } from '../../context';
import type { AttributeRow } from '../../services/attribute';
import { seg, type Hal } from '../hal';
import { resource } from '../derive';
import { obj, stringMap } from '../schemas';
import { component } from '../openapi';

/** The short form of an attribute inside movies, theatres and showtimes (the spec's name, description, code). */
export const attributeRefSchema = component('AttributeRef', resource('Attribute', { pick: ['code', 'name', 'description'] }));

export const attributeGroupSchema = component('AttributeGroup', resource('AttributeGroup', { links: true }));

export const attributeSchema = component('Attribute', resource('Attribute', {
  // `description` is the short form's copy of shortDescription; the ids and the flag are GraphQL's own.
  omit: ['description', 'isPremiumFormat', 'groupId', 'group'],
  // REST lists only the media keys that have a URL (GraphQL: every key, null when none).
  override: { media: stringMap() },
  extra: { _embedded: obj({ group: attributeGroupSchema }) },
  links: true,
  optional: ['_embedded'],
}));

export const attributeGroupPath = (id: number) => `/v1/attribute-groups/${id}`;
export const attributePath = (code: string) => `/v1/attributes/${seg(code)}`;

export function toAttributeRef(row: AttributeRow): AttributeRef {
  // Rows come from the reference cache and are never changed: each maps once, not once per showtime.
  let ref = refs.get(row);
  if (!ref) {
    ref = { code: row.code, name: row.name, description: row.shortDescription };
    refs.set(row, ref);
  }
  return ref;
}

type AttributeRef = { readonly code: string; readonly name: string; readonly description: AttributeRow['shortDescription'] };
const refs = new WeakMap<AttributeRow, AttributeRef>();

/** The full attribute with its group (through the per-request loader) and media links. */
export async function toAttribute(ctx: Context, hal: Hal, row: AttributeRow) {
  const group = row.groupId !== null ? await ctx.loaders.attributeGroupById.load(row.groupId) : null;
  const media: Record<string, string> = {};
  for (const [key, url] of Object.entries(row.media ?? {})) if (url) media[key] = url;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    abbreviation: row.abbreviation,
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    appliesToTheatre: row.appliesToTheatre,
    appliesToShowtime: row.appliesToShowtime,
    appliesToMovie: row.appliesToMovie,
    url: row.url,
    sort: row.sort,
    media,
    ...(group
      ? {
          _embedded: {
            group: {
              id: group.id,
              name: group.name,
              description: group.description,
              sort: group.sort,
              _links: hal.self(attributeGroupPath(group.id)),
            },
          },
        }
      : {}),
    _links: {
      ...hal.self(attributePath(row.code)),
      [hal.rel('v2/media')]: hal.link(`/v2/media/attribute/${seg(row.code)}/{media-type}`, true),
    },
  };
}
