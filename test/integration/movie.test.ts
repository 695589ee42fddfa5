import { and, asc, eq, gte, min } from 'drizzle-orm';
import { movieAttributes, movieCredits, movies, showtimes } from '../../db/schema';
import { useTestApp } from '../helpers/app';

interface MovieItem {
  id: number;
  name: string;
  genre: string;
  releaseDateUtc: string;
}
interface MoviePage {
  items: MovieItem[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  hasNextPage: boolean;
}

const DAY = 86_400_000;

const { app } = useTestApp();

async function moviesPage(args: string): Promise<MoviePage> {
  const res = await app.gql<{ movies: MoviePage }>(
    `{ movies(${args}) { items { id name genre releaseDateUtc } totalCount pageNumber pageSize hasNextPage } }`,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.movies;
}

/** Every movie's release date and future, not canceled showtimes, straight from the database. */
async function catalogFacts(now: Date) {
  const db = app.database.db;
  const all = await db.select({ id: movies.id, release: movies.releaseDateUtc }).from(movies);
  const future = await db
    .select({ movieId: showtimes.movieId, at: showtimes.showDateTimeUtc })
    .from(showtimes)
    .where(and(eq(showtimes.isCanceled, false), gte(showtimes.showDateTimeUtc, now)));
  const times = new Map<number, Date[]>();
  for (const s of future) times.set(s.movieId, [...(times.get(s.movieId) ?? []), s.at]);
  return { all, times };
}

describe('movie(id)', () => {
  it('answers every spec field of a demo movie', async () => {
    const [row] = await app.database.db.select().from(movies).orderBy(asc(movies.id)).limit(1);
    const res = await app.gql<{ movie: Record<string, unknown> }>(
      `query ($id: Int!) { movie(id: $id) {
        id name sortableName starringActors directors genre mpaaRating vendorReleaseNumber runTime score slug
        synopsis synopsisTagLine releaseDateUtc earliestShowingUtc hasScheduledShowtimes
        displayOnlineTicketAvailability onlineTicketAvailabilityDateUtc websiteUrl showtimesUrl distributorId
        distributorCode availableForAList preferredMediaType externalDbId privateTheatreRentalTier
        media { posterDynamic heroDesktopDynamic posterThumbnail trailerHd onDemandTrailerVideoId }
        attributes { code name description }
        castAndCrew { personId job role person { id name } }
      } }`,
      { id: row.id },
    );
    expect(res.errors).toBeUndefined();
    const movie = res.data!.movie;
    expect(movie).toMatchObject({
      id: row.id,
      name: row.name,
      sortableName: row.sortableName,
      slug: row.slug,
      genre: row.genre,
      mpaaRating: row.mpaaRating,
      runTime: row.runTime,
      releaseDateUtc: row.releaseDateUtc.toISOString(),
      websiteUrl: row.websiteUrl,
      externalDbId: row.externalDbId,
      media: { posterDynamic: row.media.posterDynamic ?? null, onDemandTrailerVideoId: row.media.onDemandTrailerVideoId ?? null },
    });
    expect(movie.showtimesUrl).toBe(`${row.websiteUrl}/showtimes`);
    expect(typeof movie.hasScheduledShowtimes).toBe('boolean');
  });

  it('answers null for an unknown id', async () => {
    const res = await app.gql<{ movie: unknown }>('{ movie(id: 987654) { id } }');
    expect(res.errors).toBeUndefined();
    expect(res.data!.movie).toBeNull();
  });

  it('gives earliestShowingUtc as the first future showtime and hasScheduledShowtimes to match', async () => {
    const page = await app.gql<{ movies: { items: { id: number; earliestShowingUtc: string | null; hasScheduledShowtimes: boolean }[] } }>(
      '{ movies(pageSize: 100) { items { id earliestShowingUtc hasScheduledShowtimes } } }',
    );
    const now = new Date();
    const rows = await app.database.db
      .select({ movieId: showtimes.movieId, first: min(showtimes.showDateTimeUtc) })
      .from(showtimes)
      .where(and(eq(showtimes.isCanceled, false), gte(showtimes.showDateTimeUtc, now)))
      .groupBy(showtimes.movieId);
    const expected = new Map(rows.map((r) => [r.movieId, r.first!.toISOString()]));
    const items = page.data!.movies.items;
    expect(items.some((m) => m.hasScheduledShowtimes)).toBe(true);
    expect(items.some((m) => !m.hasScheduledShowtimes)).toBe(true);
    for (const m of items) {
      expect(m.earliestShowingUtc).toBe(expected.get(m.id) ?? null);
      expect(m.hasScheduledShowtimes).toBe(expected.has(m.id));
    }
  });

  it('lists the attributes linked to the movie', async () => {
    const links = await app.database.db.select().from(movieAttributes).orderBy(asc(movieAttributes.movieId));
    const movieId = links[0].movieId;
    const res = await app.gql<{ movie: { attributes: { id: number; code: string }[] } }>(
      'query ($id: Int!) { movie(id: $id) { attributes { id code } } }',
      { id: movieId },
    );
    const expected = links.filter((l) => l.movieId === movieId).map((l) => l.attributeId).sort();
    expect(res.data!.movie.attributes.map((a) => a.id).sort()).toEqual(expected);
  });
});

describe('cast and crew', () => {
  it('derives starringActors and directors from the credits, in billing order', async () => {
    const [credit] = await app.database.db.select().from(movieCredits).where(eq(movieCredits.job, 'Director')).limit(1);
    expect(credit).toBeDefined();
    const res = await app.gql<{
      movie: { starringActors: string | null; directors: string | null; castAndCrew: { job: string; role: string | null; person: { name: string } }[] };
    }>(
      'query ($id: Int!) { movie(id: $id) { starringActors directors castAndCrew { job role person { name } } } }',
      { id: credit.movieId },
    );
    expect(res.errors).toBeUndefined();
    const movie = res.data!.movie;
    const names = (job: string) => movie.castAndCrew.filter((c) => c.job === job).map((c) => c.person.name);
    expect(names('Director').length).toBeGreaterThan(0);
    expect(movie.directors).toBe(names('Director').join(', '));
    expect(movie.starringActors).toBe(names('Actor').length ? names('Actor').join(', ') : null);
    for (const c of movie.castAndCrew) if (c.job !== 'Actor') expect(c.role).toBeNull();
  });

  it('answers person(id) with their credits, and null for an unknown person', async () => {
    const [credit] = await app.database.db.select().from(movieCredits).limit(1);
    const res = await app.gql<{ person: { id: number; name: string; media: { profileDynamic: string | null }; credits: { movieId: number; movie: { id: number } }[] }; missing: unknown }>(
      'query ($id: Int!) { person(id: $id) { id name biography biographyUrl media { profileDynamic } credits { movieId movie { id } } } missing: person(id: 987654) { id } }',
      { id: credit.personId },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.person.id).toBe(credit.personId);
    expect(res.data!.person.credits.map((c) => c.movieId)).toContain(credit.movieId);
    for (const c of res.data!.person.credits) expect(c.movie.id).toBe(c.movieId);
    expect(res.data!.missing).toBeNull();
  });
});

describe('movies(view)', () => {
  it('splits movies into disjoint views that follow their definitions', async () => {
    const [nowPlaying, advance, comingSoon] = await Promise.all(
      ['NOW_PLAYING', 'ADVANCE', 'COMING_SOON'].map((view) => moviesPage(`view: ${view}, pageSize: 100`)),
    );
    const now = new Date();
    const { all, times } = await catalogFacts(now);
    const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    const within14 = (id: number) => (times.get(id) ?? []).some((t) => t.getTime() < now.getTime() + 14 * DAY);
    const ids = (predicate: (m: (typeof all)[number]) => boolean) =>
      all.filter(predicate).map((m) => m.id).sort((a, b) => a - b);
    const got = (p: MoviePage) => p.items.map((m) => m.id).sort((a, b) => a - b);

    expect(got(nowPlaying)).toEqual(ids((m) => m.release.getTime() < tomorrow && within14(m.id)));
    expect(got(advance)).toEqual(ids((m) => m.release.getTime() >= tomorrow && times.has(m.id)));
    expect(got(comingSoon)).toEqual(ids((m) => m.release.getTime() >= tomorrow && !times.has(m.id)));
    for (const page of [nowPlaying, advance, comingSoon]) {
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.totalCount).toBe(page.items.length);
    }
    const seen = [...got(nowPlaying), ...got(advance), ...got(comingSoon)];
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('movies filters and paging', () => {
  it('filters by genre, case-insensitively', async () => {
    const rows = await app.database.db.select({ id: movies.id }).from(movies).where(eq(movies.genre, 'Drama'));
    expect(rows.length).toBeGreaterThan(0);
    const page = await moviesPage('genre: "dRAMA", pageSize: 100');
    expect(page.totalCount).toBe(rows.length);
    expect(page.items.every((m) => m.genre === 'Drama')).toBe(true);
  });

  it('searches names by case-insensitive substring', async () => {
    const all = await app.database.db.select({ id: movies.id, name: movies.name }).from(movies);
    const target = all[5];
    const needle = target.name.slice(1, 5).toUpperCase();
    const expected = all.filter((m) => m.name.toLowerCase().includes(needle.toLowerCase())).map((m) => m.id).sort();
    const page = await moviesPage(`name: ${JSON.stringify(needle)}, pageSize: 100`);
    expect(page.items.map((m) => m.id).sort()).toEqual(expected);
    expect(page.items.map((m) => m.id)).toContain(target.id);
  });

  it('takes LIKE wildcards in a name literally', async () => {
    const page = await moviesPage('name: "%", pageSize: 100');
    expect(page.totalCount).toBe(0);
  });

  it('pages through the full list with a total count', async () => {
    const all = await moviesPage('pageSize: 100');
    const total = (await app.database.db.select({ id: movies.id }).from(movies)).length;
    expect(all.totalCount).toBe(total);
    const second = await moviesPage('pageNumber: 2, pageSize: 5');
    expect(second).toMatchObject({ pageNumber: 2, pageSize: 5, totalCount: total, hasNextPage: true });
    expect(second.items.map((m) => m.id)).toEqual(all.items.slice(5, 10).map((m) => m.id));
  });

  it('rejects a page size over 100 naming the argument', async () => {
    const res = await app.gql('{ movies(pageSize: 1000) { totalCount } }');
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].message).toMatch(/pageSize/);
  });

  it('costs the same number of statements for 50 movies as for 1 (batched nested fields)', async () => {
    const query = (n: number) =>
      `{ movies(pageSize: ${n}) { items { id earliestShowingUtc attributes { code } castAndCrew { person { name } } } } }`;
    const one = await app.gql<{ movies: { items: unknown[] } }>(query(1));
    const fifty = await app.gql<{ movies: { items: unknown[] } }>(query(50));
    expect(one.errors).toBeUndefined();
    expect(fifty.errors).toBeUndefined();
    expect(fifty.data!.movies.items).toHaveLength(50);
    expect(Number.isFinite(one.statements)).toBe(true);
    expect(fifty.statements).toBe(one.statements);
  });
});
