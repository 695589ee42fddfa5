import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { countingDb, type Database } from '../../db/client';
import { DEMO_VENDOR_KEYS } from '../../db/seed/accounts';
import type { Showtime } from '../../schema/showtime.type';
import type { Theatre } from '../../schema/theatre.type';
import { rowIdOf } from '../bounds';
import type { Config } from '../config';
import type { BuildContext } from '../context';
import { fixedRead, plannedOf } from '../read-planner';
import { getShowtime } from '../services/showtime';
import type { Page } from '../services/shared/paging';
import { theatreList } from '../services/theatre';
import { ownHtml, registerAssets } from './assets';
import { seatMapIndexPage, seatMapPage, sendPage, showtimeNotFoundPage, type ListedShowtime } from './pages';

export interface WebDeps {
  config: Config;
  database: Database;
  /** A request's context and the schema: the index reads through the read planner. */
  buildContext: BuildContext;
  schema: GraphQLSchema;
}

/** Theatres and showtimes per theatre on the seat-map index. */
const INDEX_THEATRES = 3;
const INDEX_SHOWTIMES = 4;

const hidden = { schema: { hide: true } } as const;

/** A browser navigating (Accept: text/html) to GET /graphql without an operation: a person, not a client. */
function isBrowserVisit(request: FastifyRequest): boolean {
  if (request.method !== 'GET' || request.routeOptions.url !== '/graphql') return false;
  const query = request.query as Record<string, unknown> | undefined;
  return !query?.query && !query?.extensions && /\btext\/html\b/.test(String(request.headers.accept ?? ''));
}

/**
 * The service's pages for people (docs/web.md), each a client of the public API like any other:
 * - `/seat-map/{showtimeId}`: the live seat map (a static page and one script over GraphQL and
 *   graphql-ws), in demo mode also a box office that holds seats with the demo vendor key; an id that is
 *   not a showtime answers a 404 page; `/seat-map` lists upcoming showtimes;
 * - `/graphiql`: GraphiQL from the service's own assets (off in production unless GRAPHIQL=true); a
 *   browser visiting GET /graphql is sent there;
 * - `/docs`: Swagger UI over /openapi.json.
 * Every page and asset comes from the service itself, under a CSP of 'self' (src/web/pages.ts).
 */
export async function registerWeb(app: FastifyInstance, { config, database, buildContext, schema }: WebDeps): Promise<void> {
  registerAssets(app);
  const ide = config.GRAPHIQL;
  // Demo mode only: the seat map is also a box office, holding seats with the demo vendor key, which
  // production neither seeds nor may hand to a page (docs/web.md, "Box office").
  const boxOffice = config.demoMode ? { html: ownHtml('seat-map-box-office.html')(), vendorKey: DEMO_VENDOR_KEYS[0] } : null;
  const seatMapHtml = seatMapPage(ownHtml('seat-map.html')(), boxOffice);
  const graphiqlHtml = ownHtml('graphiql.html');
  const docsHtml = ownHtml('docs.html');

  // The request's own handle, so its statements count like every request's (db/client.ts `countingDb`).
  const dbOf = (request: FastifyRequest) => (request.sqlCount ? countingDb(database.db, request.sqlCount) : database.db);

  // The first theatres by name with their next showtimes, read as GraphQL reads them: one statement.
  const INDEX = fixedRead(schema, 'Theatre', `{ showtimesPage(pageSize: ${INDEX_SHOWTIMES}) { items { id } } }`);
  app.get('/seat-map', hidden, async (request, reply) => {
    // A public page: the request's credentials, if any, are not read.
    const ctx = await buildContext({}, request.id, request.sqlCount, 'catalog');
    const theatres = (await INDEX.page(ctx, theatreList({}), { pageNumber: 1, pageSize: INDEX_THEATRES })).items as Theatre[];
    const listed = theatres.map((theatre) => {
      const showtimes: ListedShowtime[] = (plannedOf(theatre, { path: { key: 'showtimesPage' } }) as Page<Showtime>).items;
      return { name: theatre.name, showtimes };
    });
    return sendPage(reply, seatMapIndexPage(listed, ide));
  });

  app.get<{ Params: { showtimeId: string } }>('/seat-map/:showtimeId', hidden, async (request, reply) => {
    const id = rowIdOf(request.params.showtimeId);
    const showtime = id === null ? null : await getShowtime(dbOf(request), id);
    if (!showtime) return sendPage(reply, showtimeNotFoundPage(request.params.showtimeId, ide), { status: 404 });
    // One page for every showtime: its script reads the id from the path. The view-only map may be framed
    // by any site; the box office, which acts with a vendor key, only by the service's own pages.
    return sendPage(reply, seatMapHtml, { frameable: !config.demoMode });
  });

  app.get('/docs', hidden, async (_request, reply) => sendPage(reply, docsHtml()));

  if (ide) {
    if (!config.GRAPHQL_INTROSPECTION) {
      app.log.warn('GRAPHIQL is on but GRAPHQL_INTROSPECTION is off: the IDE cannot load the schema');
    }
    app.get('/graphiql', hidden, async (_request, reply) => sendPage(reply, graphiqlHtml()));
    app.addHook('onRequest', async (request, reply) => {
      if (isBrowserVisit(request)) return reply.redirect('/graphiql', 302);
    });
  }
}
