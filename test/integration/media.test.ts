import { and, asc, eq } from 'drizzle-orm';
import { mediaItems, renditions } from '../../db/schema';
import { useTestApp } from '../helpers/app';

// The spec's reference values ("Media"), written out independently of the seed.
const SPEC_CONTENT_TYPES = [
  'Poster', 'PosterAlternate', 'Poster3D', 'PosterLargeFormat', 'MovieStill', 'Publicity', 'Trailer', 'TrailerTeaser',
  'TrailerAlternate', 'MovieClip', 'News', 'Interview', 'Interior', 'Exterior', 'Primary', 'StoreIcon', 'Promotional',
  'Hero', 'Digital Gift Card',
];
const SPEC_SIZE_NAMES = ['Digital Gift Card', 'FullRes', 'HeroLarge', 'HeroNewsletter', 'Large', 'Standard', 'Thumb'];
const POSTER_FAMILY = ['Poster', 'PosterAlternate', 'Poster3D', 'PosterLargeFormat'];
const POSTER_SIZES = ['Thumb 100x150', 'Standard 200x300', 'Large 400x600', 'FullRes 1080x1620'];
const VENUE_TYPES = ['Interior', 'Exterior', 'Primary'];
const VENUE_SIZES = ['Thumb 317x133', 'Standard 650x273', 'Large 1300x546'];
const MULTIPLE = { MovieStill: true, Interior: true, Exterior: true, Primary: false, StoreIcon: false } as Record<string, boolean>;

interface ContentTypeItem {
  id: number;
  name: string;
  mediaType: 'IMAGE' | 'VIDEO';
  allowMultipleMedia: boolean;
  imageSizeTypes: { name: string; width: number; height: number; resizeMode: string; contentType: string }[];
}

const { app } = useTestApp();

const sizeLabel = (s: { name: string; width: number; height: number }) => `${s.name} ${s.width}x${s.height}`;

describe('content types and image sizes', () => {
  it("equal the spec's reference values", async () => {
    const res = await app.gql<{ contentTypes: ContentTypeItem[] }>(
      '{ contentTypes { id name mediaType allowMultipleMedia imageSizeTypes { name width height resizeMode contentType } } }',
    );
    expect(res.errors).toBeUndefined();
    const types = res.data!.contentTypes;
    expect(types.map((t) => t.name).sort()).toEqual([...SPEC_CONTENT_TYPES].sort());
    const byName = new Map(types.map((t) => [t.name, t]));
    for (const name of POSTER_FAMILY) {
      expect(byName.get(name)).toMatchObject({ mediaType: 'IMAGE', allowMultipleMedia: false });
      expect(byName.get(name)!.imageSizeTypes.map(sizeLabel)).toEqual(POSTER_SIZES);
    }
    for (const name of VENUE_TYPES) expect(byName.get(name)!.imageSizeTypes.map(sizeLabel)).toEqual(VENUE_SIZES);
    for (const [name, multiple] of Object.entries(MULTIPLE)) expect(byName.get(name)!.allowMultipleMedia).toBe(multiple);
    for (const t of types) {
      for (const s of t.imageSizeTypes) {
        expect(SPEC_SIZE_NAMES).toContain(s.name);
        expect(s).toMatchObject({ resizeMode: 'crop', contentType: t.name });
      }
    }
  });

  it('filters content types by media type', async () => {
    const res = await app.gql<{ images: ContentTypeItem[]; videos: ContentTypeItem[] }>(
      '{ images: contentTypes(mediaType: IMAGE) { name mediaType } videos: contentTypes(mediaType: VIDEO) { name mediaType } }',
    );
    const { images, videos } = res.data!;
    expect(images.every((t) => t.mediaType === 'IMAGE')).toBe(true);
    expect(videos.every((t) => t.mediaType === 'VIDEO')).toBe(true);
    expect(videos.map((t) => t.name)).toEqual(expect.arrayContaining(['Trailer', 'TrailerTeaser']));
    expect(images.length + videos.length).toBe(SPEC_CONTENT_TYPES.length);
  });

  it('answers image sizes by content type name', async () => {
    const res = await app.gql<{ poster: { name: string; width: number; height: number }[]; all: { name: string }[]; none: unknown[] }>(
      '{ poster: imageSizes(contentType: "Poster") { name width height } all: imageSizes { name } none: imageSizes(contentType: "Nope") { name } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.poster.map(sizeLabel)).toEqual(POSTER_SIZES);
    expect(res.data!.all.length).toBeGreaterThan(POSTER_SIZES.length * POSTER_FAMILY.length);
    expect(res.data!.none).toEqual([]);
  });
});

describe('media of a resource', () => {
  async function firstItemWithRenditions() {
    const [row] = await app.database.db
      .select({ item: mediaItems })
      .from(mediaItems)
      .innerJoin(renditions, eq(renditions.mediaItemId, mediaItems.id))
      .where(eq(mediaItems.isActive, true))
      .orderBy(asc(mediaItems.id))
      .limit(1);
    expect(row).toBeDefined();
    return row.item;
  }

  it('lists the active media of a resource with renditions, and narrows by size', async () => {
    const item = await firstItemWithRenditions();
    const resourceType = item.resourceType.toUpperCase().replace(/-/g, '_');
    const expected = await app.database.db
      .select({ id: mediaItems.id })
      .from(mediaItems)
      .where(and(eq(mediaItems.resourceType, item.resourceType), eq(mediaItems.resourceKey, item.resourceKey), eq(mediaItems.isActive, true)));
    const sizes = await app.database.db.select().from(renditions).where(eq(renditions.mediaItemId, item.id));
    const size = sizes[0].size;

    const res = await app.gql<{
      all: { totalCount: number; items: { id: number; resourceId: string; renditions: { size: string }[] }[] };
      sized: { items: { id: number; renditions: { size: string; url: string }[] }[] };
    }>(
      `query ($type: ResourceType!, $id: String!, $size: String!) {
        all: media(resourceType: $type, resourceId: $id, pageSize: 100) { totalCount items { id resourceId contentType mediaType renditions { size } } }
        sized: media(resourceType: $type, resourceId: $id, size: $size, pageSize: 100) { items { id renditions { size url } } }
      }`,
      { type: resourceType, id: item.resourceKey, size },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.all.totalCount).toBe(expected.length);
    expect(res.data!.all.items.map((m) => m.id).sort()).toEqual(expected.map((e) => e.id).sort());
    expect(res.data!.all.items.every((m) => m.resourceId === item.resourceKey)).toBe(true);
    const sized = res.data!.sized.items;
    expect(sized.map((m) => m.id)).toContain(item.id);
    for (const m of sized) {
      expect(m.renditions.length).toBeGreaterThan(0);
      expect(m.renditions.every((r) => r.size === size)).toBe(true);
    }
  });

  it('answers mediaItem(id), and null for an unknown id', async () => {
    const item = await firstItemWithRenditions();
    const res = await app.gql<{ mediaItem: { id: number; name: string; renditions: unknown[] }; missing: unknown }>(
      'query ($id: Int!) { mediaItem(id: $id) { id name contentType renditions { id size url width height } } missing: mediaItem(id: 987654) { id } }',
      { id: item.id },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.mediaItem).toMatchObject({ id: item.id, name: item.name });
    expect(res.data!.mediaItem.renditions.length).toBeGreaterThan(0);
    expect(res.data!.missing).toBeNull();
  });

  it('answers NOT_FOUND for an unknown resource', async () => {
    const res = await app.gql('{ media(resourceType: MOVIE, resourceId: "987654") { totalCount } }');
    expect(res.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const attr = await app.gql('{ media(resourceType: ATTRIBUTE, resourceId: "NO-SUCH-CODE") { totalCount } }');
    expect(attr.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('batches Movie.mediaItems and their renditions', async () => {
    const query = (n: number) => `{ movies(pageSize: ${n}) { items { mediaItems { id renditions { size } } } } }`;
    const one = await app.gql<{ movies: { items: { mediaItems: unknown[] }[] } }>(query(1));
    const many = await app.gql<{ movies: { items: { mediaItems: unknown[] }[] } }>(query(40));
    expect(many.errors).toBeUndefined();
    expect(many.data!.movies.items.some((m) => m.mediaItems.length > 0)).toBe(true);
    // movies + count, media items, renditions: bounded by depth, not by the 40 movies.
    expect(many.statements).toBeLessThanOrEqual(4);
    expect(one.statements).toBeLessThanOrEqual(many.statements);
  });
});
