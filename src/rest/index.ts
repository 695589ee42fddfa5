import type { GraphQLSchema } from 'graphql';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Config } from '../config';
import type { BuildContext } from '../context';
import { installErrorHandling } from './errors';
import { baseUrlOf } from './hal';
import { addComponentSchemas, documentFor, swaggerOptions } from './openapi';
import { installAuthRules } from './auth-rules';
import { installCacheRules } from './cache-rules';
import { installInputGuard } from './input-guard';
import { createRestKit, type RestKit } from './kit';
import { catalogRoutes } from './catalog.routes';
import { concessionRoutes } from './concession.routes';
import { locationRoutes } from './location.routes';
import { mediaRoutes } from './media.routes';
import { movieListRoutes } from './movie-list.routes';
import { referenceRoutes } from './reference.routes';
import { seatingRoutes } from './seating.routes';
import { showtimeRoutes } from './showtime.routes';
import { orderRoutes } from './order.routes';
import { subscriptionRoutes } from './subscription.routes';
import { webhookRoutes } from './webhook.routes';
import { showtimeCancellationRoutes } from './showtime-cancellation.routes';
import { loyaltyAccountRoutes } from './loyalty-account.routes';
import { loyaltyRoutes } from './loyalty.routes';
import { walletRoutes } from './wallet.routes';
import { deviceRoutes } from './device.routes';
import { personalizedRoutes } from './personalized.routes';

export interface RestDeps {
  config: Config;
  database: Database;
  buildContext: BuildContext;
  schema: GraphQLSchema;
}

/** A route group: `src/rest/<area>.routes.ts` exports one. */
export type RouteGroup = (app: FastifyInstance, kit: RestKit) => Promise<void>;

const ROUTE_GROUPS: RouteGroup[] = [referenceRoutes, movieListRoutes, catalogRoutes, locationRoutes, mediaRoutes, showtimeRoutes, seatingRoutes, concessionRoutes, orderRoutes, subscriptionRoutes, webhookRoutes, showtimeCancellationRoutes, loyaltyRoutes, loyaltyAccountRoutes, walletRoutes, deviceRoutes, personalizedRoutes];

/**
 * Registers the REST compatibility layer (the spec's /v1…/v4 paths): the error and not-found
 * handlers, the input guard, every route group, and the OpenAPI 3.1 document of those routes at
 * /openapi.json.
 */
export async function registerRest(app: FastifyInstance, deps: RestDeps): Promise<void> {
  installErrorHandling(app);
  // Registered before the routes: swagger collects the routes added after it (GraphQL is not REST).
  await app.register(swagger, swaggerOptions());
  addComponentSchemas(app, deps.schema);
  const kit = createRestKit(deps.config, deps.buildContext, deps.schema);
  // One scope around every route group, so the input guard and the credential rules cover REST and
  // nothing else (not GraphQL). The rules declare each route's OpenAPI `security` and enforce it.
  await app.register(async (rest) => {
    installAuthRules(rest, kit);
    // After the credential rules: a route's cache class is bounded by the credential it needs.
    installCacheRules(rest);
    installInputGuard(rest);
    for (const group of ROUTE_GROUPS) {
      await rest.register(async (scope) => group(scope, kit));
    }
  });
  app.get('/openapi.json', { schema: { hide: true } }, async (request) =>
    documentFor(app.swagger() as unknown as Record<string, unknown>, baseUrlOf(request, deps.config)),
  );
}
