import { movieAttributes, movies } from '../schema';
import type { AttributeIndex } from './attributes';
import {
  SYNOPSIS_ENDINGS,
  SYNOPSIS_MIDDLES,
  SYNOPSIS_OPENINGS,
  TAGLINES,
  TITLE_ADJECTIVES,
  TITLE_NOUNS,
  TITLE_PATTERNS,
} from './data/words';
import { insertRows, slugify, syncSequence, type SeedTx } from './insert';
import { createRandom } from './random';

/** The spec's genres and ratings, spelled exactly as it spells them. */
export const GENRES = [
  'Adventure', 'Animation', 'Comedy', 'Western', 'Special Events', 'Fantasy', 'Musical', 'SCI-FI',
  'Film Festival', 'Suspense', 'Family', 'URBAN', 'Romantic Comedy', 'Action', 'SPECIALTY', 'Documentary',
  'Horror', 'Drama', 'Science Fiction',
];
export const RATINGS = ['G', 'PG', 'PG13', '14A', 'R', 'NC17', '18A', 'X', 'NR'];

/** now: released in the last 120 days; advance: releases within the 14 days; soon: later, no showtimes. */
export type MovieStatus = 'now' | 'advance' | 'soon';

export interface MovieSeed {
  id: number;
  name: string;
  slug: string;
  genre: string;
  rating: string;
  runTime: number;
  score: number;
  status: MovieStatus;
  /** Release day, "YYYY-MM-DD": showtimes are scheduled only on local days on or after it. */
  releaseDay: string;
  is3D: boolean;
  /** Movie attribute codes (IMAX, 3D, SENSORYFRIENDLY, …). */
  codes: Set<string>;
  /** Relative share of screens. */
  popularity: number;
}

const POPULAR_GENRES = ['Action', 'Adventure', 'Comedy', 'Drama', 'Animation', 'Horror', 'Science Fiction', 'Family', 'Suspense', 'Romantic Comedy', 'Fantasy'];
const FORCED_RATING: Record<number, string> = { 4: 'NR', 8: 'NC17', 14: '18A', 15: '14A', 16: 'R', 27: 'X' };
const DISTRIBUTORS = ['WB', 'UNI', 'DIS', 'SONY', 'PAR', 'LGF', 'A24', 'NEON'];
const THREE_D_GENRES = new Set(['Action', 'Adventure', 'Animation', 'SCI-FI', 'Science Fiction', 'Fantasy']);

/** Movies at a scale: 72 at scale 1, a few more as the chain grows. */
export function movieCount(scale: number): number {
  return Math.max(72, 72 + Math.round(8 * (scale - 1)));
}

function ratingFor(genre: string, rng: ReturnType<typeof createRandom>): string {
  if (genre === 'Animation' || genre === 'Family') return rng.pick(['G', 'PG', 'PG']);
  if (genre === 'Horror' || genre === 'Suspense') return rng.pick(['R', 'R', 'PG13']);
  return rng.pick(['PG13', 'PG13', 'PG13', 'R', 'R', 'PG', 'NR']);
}

function sortable(name: string): string {
  return name.replace(/^(The|A|An)\s+/, '');
}

/** `day` is a UTC midnight; returns "YYYY-MM-DD". */
function isoDay(day: Date): string {
  return day.toISOString().slice(0, 10);
}

export async function seedMovies(tx: SeedTx, scale: number, today: Date, attrs: AttributeIndex): Promise<MovieSeed[]> {
  const rng = createRandom('movies');
  const count = movieCount(scale);
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const advance = Math.round(count * 0.125);
  const soon = Math.round(count * 0.18);
  const statuses = rng.shuffle<MovieStatus>([
    ...Array<MovieStatus>(count - advance - soon).fill('now'),
    ...Array<MovieStatus>(advance).fill('advance'),
    ...Array<MovieStatus>(soon).fill('soon'),
  ]);

  const names = new Set<string>();
  const slugs = new Set<string>();
  const seeds: MovieSeed[] = [];
  const rows: (typeof movies.$inferInsert)[] = [];
  const links: (typeof movieAttributes.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    let name = '';
    while (!name || names.has(name)) {
      const adj = rng.pick(TITLE_ADJECTIVES);
      const [noun, noun2] = rng.sample(TITLE_NOUNS, 2);
      name = rng.pick(TITLE_PATTERNS).replace('{Adj}', adj).replace('{Noun}', noun).replace('{Noun2}', noun2);
      if (names.has(name) && rng.chance(0.5)) name = `${name} ${rng.pick(['II', 'Returns', 'Reborn'])}`;
    }
    names.add(name);
    let slug = slugify(name);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
    slugs.add(slug);

    const id = i + 1;
    const genre = i < GENRES.length ? GENRES[i] : rng.pick(POPULAR_GENRES);
    const rating = FORCED_RATING[i] ?? (i < RATINGS.length && !Object.values(FORCED_RATING).includes(RATINGS[i]) ? RATINGS[i] : ratingFor(genre, rng));
    const status = statuses[i];
    const offset =
      status === 'now' ? -rng.int(1, rng.chance(0.7) ? 45 : 120) : status === 'advance' ? rng.int(1, 12) : rng.int(20, 180);
    const release = new Date(todayUtc + offset * 86400000);
    const runTime = rng.chance(0.85) ? rng.int(88, 150) : rng.pick([80, 84, 155, 162, 171, 180]);
    const score = Math.round(rng.next() * 1000) / 1000;
    const is3D = THREE_D_GENRES.has(genre) && rng.chance(0.6);
    const ticketsFrom =
      status === 'now'
        ? new Date(release.getTime() - 21 * 86400000)
        : status === 'advance'
          ? new Date(todayUtc - rng.int(1, 10) * 86400000)
          : new Date(release.getTime() - 14 * 86400000);
    const m = `https://media.marquee.example/movies/${slug}`;
    rows.push({
      id,
      name,
      sortableName: sortable(name),
      slug,
      genre,
      mpaaRating: rating,
      vendorReleaseNumber: 100000 + id * 7,
      internalReleaseNumber: 50000 + id,
      runTime,
      score,
      synopsis: `${rng.pick(SYNOPSIS_OPENINGS)} ${rng.pick(SYNOPSIS_MIDDLES)} ${rng.pick(SYNOPSIS_ENDINGS)}`,
      synopsisTagLine: rng.pick(TAGLINES),
      releaseDateUtc: release,
      displayOnlineTicketAvailability: true,
      onlineTicketAvailabilityDateUtc: ticketsFrom,
      websiteUrl: `https://www.marquee.example/movies/${slug}`,
      distributorId: (id % DISTRIBUTORS.length) + 1,
      distributorCode: DISTRIBUTORS[id % DISTRIBUTORS.length],
      availableForAList: rng.chance(0.9),
      preferredMediaType: 'Theatrical',
      externalDbId: `tt${String(1000000 + id * 7919).padStart(7, '0')}`,
      privateTheatreRentalTier: status === 'now' ? rng.pick(['Tier 1', 'Tier 2', 'Tier 3']) : null,
      media: {
        posterDynamic: `${m}/poster.jpg`,
        posterAlternateDynamic: `${m}/poster-alternate.jpg`,
        ...(is3D ? { poster3DDynamic: `${m}/poster-3d.jpg` } : {}),
        posterLargeFormatDynamic: `${m}/poster-large-format.jpg`,
        heroDesktopDynamic: `${m}/hero-desktop.jpg`,
        heroMobileDynamic: `${m}/hero-mobile.jpg`,
        trailerTeaserDynamic: `${m}/trailer-teaser.mp4`,
        trailerAlternateDynamic: `${m}/trailer-alternate.mp4`,
        posterThumbnail: `${m}/poster-thumb.jpg`,
        posterStandard: `${m}/poster-standard.jpg`,
        posterLarge: `${m}/poster-large.jpg`,
        trailerHd: `${m}/trailer-hd.mp4`,
        trailerMp4: `${m}/trailer.mp4`,
        trailerFlv: `${m}/trailer.flv`,
      },
    });
    const codes = new Set<string>();
    if (is3D) codes.add('3D');
    if (['Action', 'Adventure', 'SCI-FI', 'Science Fiction', 'Fantasy'].includes(genre) && rng.chance(0.6)) codes.add('IMAX');
    if (genre !== 'Documentary' && rng.chance(0.3)) codes.add('DOLBYCINEMA');
    if ((genre === 'Animation' || genre === 'Family') && (rating === 'G' || rating === 'PG')) codes.add('FAMILYFRIENDLY');
    if (genre === 'Animation' || genre === 'Family') codes.add('SENSORYFRIENDLY');
    if (genre === 'Horror' || genre === 'Suspense') codes.add('THRILLSANDCHILLS');
    if (['Film Festival', 'SPECIALTY', 'Documentary'].includes(genre)) codes.add('INDIEFILM');
    if (genre === 'Special Events') codes.add('FANFAVES');
    if (status === 'advance') codes.add('EARLYACCESS');
    if (i % 23 === 11) codes.add('SPANISHLANGUAGE');
    for (const code of codes) links.push({ movieId: id, attributeId: attrs.get(code)! });

    seeds.push({
      id,
      name,
      slug,
      genre,
      rating,
      runTime,
      score,
      status,
      releaseDay: isoDay(release),
      is3D,
      codes,
      popularity: status === 'soon' ? 0 : 0.3 + score + (offset > -21 ? 1 : 0),
    });
  }
  await insertRows(tx, movies, rows);
  await insertRows(tx, movieAttributes, links);
  await syncSequence(tx, movies);
  return seeds;
}
