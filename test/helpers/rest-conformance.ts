import { useTestApp, type TestApp } from './app';

/**
 * The shared setup of the REST conformance tests (rest-conformance-*.test.ts): each file calls
 * `useRestConformance()` once at its top level, which starts its own app over its own database copy
 * and finds, on the demo data, the theatre, showtime, movies, media and concessions the paths use.
 */

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Ids and rows of the demo data that the documented paths are built from. */
export interface ConformanceFixture {
  theatre: Json;
  showtime: Json;
  date: string;
  movieId: number;
  castMovieId: number;
  mediaMovieId: number;
  imageId: number;
  videoId: number;
  renditionHref: string;
  attributeCode: string;
  concessionId: number;
  assignmentId: number;
  marketSlug: string;
  comboAssignmentId: number | null;
}

export interface RestConformance {
  /** Set in the file's first beforeAll. */
  app: TestApp;
  /** Filled in the file's first beforeAll. */
  f: ConformanceFixture;
  get<T = Json>(path: string, headers?: Record<string, string>): Promise<{ status: number; body: T; headers: Headers }>;
  pathOf(href: string): string;
  /** GETs a path that must answer 200; returns the body. */
  ok<T = Json>(path: string): Promise<T>;
}

/** Registers the file's beforeAll/afterAll (own app, fixture discovery) and returns the helpers. */
export function useRestConformance(): RestConformance {
  const { app } = useTestApp();
  const f = {} as ConformanceFixture;
  const get = <T = Json>(path: string, headers?: Record<string, string>) => app.get<T>(path, headers);
  const pathOf = (href: string) => href.slice(app.url.length);

  async function ok<T = Json>(path: string): Promise<T> {
    const res = await get<T>(path);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  beforeAll(async () => {
    const theatres = await ok('/v2/theatres?page-size=20');
    for (const t of theatres._embedded.theatres) {
      const list = await ok(`/v2/theatres/${t.id}/showtimes?page-size=1`);
      const concessions = await ok(`/v1/theatres/${t.id}/concessions?page-size=1`);
      if (list.count > 0 && concessions.count > 0) {
        f.theatre = t;
        f.showtime = list._embedded.showtimes[0];
        f.concessionId = concessions._embedded.concessions[0].concessionId;
        f.assignmentId = Number(pathOf(concessions._embedded.concessions[0]._links.self.href).split('/').pop());
        break;
      }
    }
    expect(f.theatre).toBeDefined();
    f.date = f.showtime.showDateTimeLocal.slice(0, 10);
    f.movieId = f.showtime.movieId;

    const movies = await ok('/v2/movies/views/now-playing?page-size=100');
    for (const m of movies._embedded.movies) {
      if (!f.castMovieId && (await ok(`/v1/movie/${m.id}/cast-crew`)).cast.length > 0) f.castMovieId = m.id;
      if (!f.mediaMovieId) {
        const [images, videos] = await Promise.all([ok(`/v2/media/movie/${m.id}/images`), ok(`/v2/media/movie/${m.id}/videos`)]);
        if (images.count > 0 && videos.count > 0 && images._embedded.media[0]._embedded.renditions.length > 0) {
          f.mediaMovieId = m.id;
          f.imageId = images._embedded.media[0].id;
          f.videoId = videos._embedded.media[0].id;
          f.renditionHref = images._embedded.media[0]._embedded.renditions[0]._links.self.href;
        }
      }
    }
    expect(f.castMovieId).toBeDefined();
    expect(f.mediaMovieId).toBeDefined();
    f.attributeCode = (await ok('/v1/attributes'))._embedded.attributes[0].code;
    f.marketSlug = (await ok('/v1/markets'))._embedded.markets[0].slug;
    const all = await ok(`/v1/theatres/${f.theatre.id}/concessions?page-size=100`);
    const combo = all._embedded.concessions.find((c: Json) => c._embedded.comboComponents);
    f.comboAssignmentId = combo ? Number(pathOf(combo._links.self.href).split('/').pop()) : null;
  });
  return {
    get app() {
      return app;
    },
    f,
    get,
    pathOf,
    ok,
  };
}
