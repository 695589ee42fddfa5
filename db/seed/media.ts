import { mediaItems, renditions } from '../schema';
import { ATTRIBUTES } from './attributes';
import type { ConcessionCounts } from './concessions';
import { insertRows, syncSequence, type SeedTx } from './insert';
import type { MovieSeed } from './movies';
import type { PersonSeed } from './people';
import { createRandom } from './random';
import type { ContentTypeIndex } from './reference';
import type { TheatreSeed } from './theatres';

const BASE = 'https://media.marquee.example';
const VIDEO_SIZES = [
  { name: 'SD', width: 640, height: 360, bitRate: 1_200_000 },
  { name: 'HD', width: 1280, height: 720, bitRate: 3_500_000 },
  { name: 'FullHD', width: 1920, height: 1080, bitRate: 6_000_000 },
];

interface MediaInput {
  resourceType: string;
  resourceKey: string;
  contentType: string;
  /** URL folder of the item's files, below the media host. */
  path: string;
  name: string;
  description: string;
  tags: string;
  sortOrder?: number;
  effective?: [Date, Date];
}

/** Media items with a rendition per image size of their content type (videos: SD/HD/FullHD). */
export async function seedMedia(
  tx: SeedTx,
  today: Date,
  contentTypes: ContentTypeIndex,
  theatres: TheatreSeed[],
  movies: MovieSeed[],
  people: PersonSeed[],
  menu: ConcessionCounts,
): Promise<{ items: number; renditions: number }> {
  const rng = createRandom('media');
  const inputs: MediaInput[] = [];
  for (const t of theatres) {
    const path = `theatres/${t.id}`;
    const common = { resourceType: 'theatre', resourceKey: String(t.id), tags: `theatre,${t.city.name}` };
    inputs.push({ ...common, contentType: 'Primary', path: `${path}/primary`, name: `Theatre ${t.id}`, description: 'The theatre' });
    inputs.push({ ...common, contentType: 'Exterior', path: `${path}/exterior`, name: `Theatre ${t.id} exterior`, description: 'Outside the theatre' });
    for (const n of [1, 2]) {
      inputs.push({ ...common, contentType: 'Interior', path: `${path}/interior-${n}`, name: `Theatre ${t.id} interior ${n}`, description: n === 1 ? 'The lobby' : 'An auditorium', sortOrder: n });
    }
  }
  for (const m of movies) {
    const common = { resourceType: 'movie', resourceKey: String(m.id), tags: `movie,${m.genre}` };
    const path = `movies/${m.slug}`;
    inputs.push({ ...common, contentType: 'Poster', path: `${path}/poster`, name: `${m.name} poster`, description: `Poster of ${m.name}` });
    inputs.push({ ...common, contentType: 'PosterAlternate', path: `${path}/poster-alternate`, name: `${m.name} alternate poster`, description: `Alternate poster of ${m.name}` });
    if (m.is3D) inputs.push({ ...common, contentType: 'Poster3D', path: `${path}/poster-3d`, name: `${m.name} 3D poster`, description: `3D poster of ${m.name}` });
    for (const n of [1, 2, 3]) {
      inputs.push({ ...common, contentType: 'MovieStill', path: `${path}/still-${n}`, name: `${m.name} still ${n}`, description: `A scene from ${m.name}`, sortOrder: n });
    }
    inputs.push({ ...common, contentType: 'Trailer', path: `${path}/trailer`, name: `${m.name} trailer`, description: `Official trailer of ${m.name}` });
    if (m.status !== 'now') {
      inputs.push({ ...common, contentType: 'TrailerTeaser', path: `${path}/teaser`, name: `${m.name} teaser`, description: `Teaser of ${m.name}` });
    }
  }
  for (const a of ATTRIBUTES) {
    const common = { resourceType: 'attribute', resourceKey: a.code, tags: `attribute,${a.group}` };
    const path = `attributes/${a.code.toLowerCase()}`;
    inputs.push({ ...common, contentType: 'StoreIcon', path: `${path}/icon`, name: `${a.name} icon`, description: a.description });
    inputs.push({ ...common, contentType: 'Hero', path: `${path}/hero`, name: `${a.name} hero`, description: a.description });
  }
  for (const p of people) {
    inputs.push({ resourceType: 'person', resourceKey: String(p.id), contentType: 'Publicity', path: `people/${p.id}-${p.slug}/publicity`, name: p.name, description: `Publicity photo of ${p.name}`, tags: 'person' });
  }
  const day = 86400000;
  const promoWindow: [Date, Date] = [new Date(today.getTime() - 7 * day), new Date(today.getTime() + 30 * day)];
  inputs.push(
    { resourceType: 'promotion', resourceKey: 'premiere-membership', contentType: 'Promotional', path: 'promotions/premiere-membership', name: 'Go Premiere', description: 'Premiere members reserve Premiere recliners.', tags: 'promotion,loyalty', effective: promoWindow },
    { resourceType: 'promotion', resourceKey: 'discount-tuesdays', contentType: 'Promotional', path: 'promotions/discount-tuesdays', name: 'Discount Tuesdays', description: 'Every Tuesday, tickets at a discount.', tags: 'promotion,offers', effective: promoWindow },
    { resourceType: 'promotion', resourceKey: 'premiere-membership', contentType: 'Hero', path: 'promotions/premiere-membership-hero', name: 'Go Premiere hero', description: 'Premiere membership', tags: 'promotion,hero', effective: promoWindow },
    { resourceType: 'promotion', resourceKey: 'gift-cards', contentType: 'Digital Gift Card', path: 'promotions/gift-card', name: 'Digital gift card', description: 'Give the movies.', tags: 'promotion,gift-card' },
  );
  for (const p of menu.products.slice(0, 60)) {
    inputs.push({ resourceType: 'product', resourceKey: String(p.id), contentType: 'StoreIcon', path: `concessions/products/${p.slug}`, name: p.name, description: p.name, tags: 'product' });
  }
  for (const c of menu.categories) {
    inputs.push({ resourceType: 'product-category', resourceKey: String(c.id), contentType: 'StoreIcon', path: `concessions/categories/${c.id}`, name: c.name, description: c.name, tags: 'product-category' });
  }

  const items: (typeof mediaItems.$inferInsert)[] = [];
  const rends: (typeof renditions.$inferInsert)[] = [];
  for (const input of inputs) {
    const ct = contentTypes.get(input.contentType);
    if (!ct) throw new Error(`unknown content type ${input.contentType}`);
    const id = items.length + 1;
    const url = `${BASE}/${input.path}`;
    const video = ct.sizes.length === 0;
    const sizes = video ? VIDEO_SIZES : ct.sizes;
    const duration = video ? rng.int(60, 180) * 1000 : null;
    for (const s of sizes) {
      const bitRate = video ? (s as (typeof VIDEO_SIZES)[number]).bitRate : null;
      rends.push({
        id: rends.length + 1,
        mediaItemId: id,
        externalId: `R-${id}-${s.name}`,
        size: s.name,
        url: `${url}/${slug(s.name)}.${video ? 'mp4' : 'jpg'}`,
        width: s.width,
        height: s.height,
        bitRate,
        bytes: video ? Math.round(((bitRate ?? 0) / 8) * ((duration ?? 0) / 1000)) : Math.round(s.width * s.height * 0.3),
        duration,
        isActive: true,
      });
    }
    const largest = sizes[sizes.length - 1];
    items.push({
      id,
      resourceType: input.resourceType,
      resourceKey: input.resourceKey,
      contentTypeId: ct.id,
      externalId: `MQ-${100000 + id}`,
      name: input.name,
      shortDescription: input.description,
      longDescription: `${input.description}.`,
      imageUrl: video ? `${url}/still.jpg` : `${url}/${slug(largest.name)}.jpg`,
      stillImageUrl: video ? `${url}/still.jpg` : null,
      thumbnailUrl: video ? `${url}/thumb.jpg` : `${url}/${slug(sizes[0].name)}.jpg`,
      videoUrl: video ? `${url}/${slug(largest.name)}.mp4` : null,
      relatedLinkDisplayText: input.resourceType === 'promotion' ? 'Learn more' : null,
      relatedLinkUrl: input.resourceType === 'promotion' ? `https://www.marquee.example/${input.resourceKey}` : null,
      tags: input.tags,
      sortOrder: input.sortOrder ?? 0,
      isActive: true,
      effectiveStartDate: input.effective?.[0] ?? null,
      effectiveEndDate: input.effective?.[1] ?? null,
    });
  }
  await insertRows(tx, mediaItems, items);
  await insertRows(tx, renditions, rends);
  await syncSequence(tx, mediaItems);
  await syncSequence(tx, renditions);
  return { items: items.length, renditions: rends.length };
}

function slug(size: string): string {
  return size.toLowerCase().replace(/\s+/g, '-');
}
