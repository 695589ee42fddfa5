import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  createSubscription,
  createWebhookSchema,
  deleteSubscription,
  getSubscription,
  listDeliveries,
  listSubscriptions,
  listWebhookEventTypes,
  redeliver,
  rotateSecret,
  testSubscriptions,
  webhookSettings,
  type DeliveryView,
  type SubscriptionView,
} from '../services/webhook';
import { parseBody } from '../services/shared/parse-input';
import { seg, type Hal } from './hal';
import type { RestKit } from './kit';
import { pagedFields, pageOf, pagingQuery, type PagingQuery } from './paging';
import { arr, id, int, links, obj, paged, params, query, route, str } from './schemas';
import { component } from './openapi';
import { fieldOf, resource } from './derive';
import { zodBody } from './schema-compilers';

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A subscription as REST prints it (WebhookSubscription): times in the spec's `…DateUtc` spelling, the
 * status capitalised (the values' REST spelling; GraphQL: the enum names).
 */
const subscriptionOptions = {
  omit: ['disabledAt', 'createdAt'],
  override: { status: str('Active, or Disabled (no further callbacks; see disabledReason).') },
  extra: { disabledDateUtc: fieldOf('WebhookSubscription', 'disabledAt'), createdDateUtc: fieldOf('WebhookSubscription', 'createdAt') },
  links: ['deliveries'],
  optional: ['status', 'disabledDateUtc', 'disabledReason', 'createdDateUtc'],
};
const subscriptionSchema = component('WebhookSubscription', resource('WebhookSubscription', subscriptionOptions));

const deliverySchema = component('WebhookDelivery', resource('WebhookDelivery', {
  // REST spells the times `…DateUtc` and the message id `webhookId` (the header it is), as the spec does.
  omit: ['messageId', 'lastAttemptAt', 'nextAttemptAt', 'createdAt', 'completedAt'],
  // REST capitalises the status (GraphQL: the enum names).
  override: { status: str('Pending, Succeeded or Failed (no further attempt).') },
  extra: {
    webhookId: fieldOf('WebhookDelivery', 'messageId'),
    lastAttemptDateUtc: fieldOf('WebhookDelivery', 'lastAttemptAt'),
    nextAttemptDateUtc: fieldOf('WebhookDelivery', 'nextAttemptAt'),
    createdDateUtc: fieldOf('WebhookDelivery', 'createdAt'),
    completedDateUtc: fieldOf('WebhookDelivery', 'completedAt'),
  },
  links: ['redeliver'],
}));

const tokenParams = params({ webhooktokenid: str('The subscription token.') });
/** The subscription body: src/services/webhook/input.ts. */
const createWebhookBody = zodBody(createWebhookSchema, parseBody);
const vendorOnly = 'Vendor key (X-Vendor-Key) required; another vendor’s subscription is 404.';

function toSubscription(hal: Hal, s: SubscriptionView) {
  const self = `/v1/webhooks/${seg(s.token)}`;
  return {
    token: s.token,
    eventType: s.eventType,
    href: s.href,
    status: capitalized(s.status),
    disabledDateUtc: iso(s.disabledAt),
    disabledReason: s.disabledReason,
    createdDateUtc: s.createdAt.toISOString(),
    _links: { self: hal.link(self), deliveries: hal.link(`${self}/deliveries`) },
  };
}

function toDelivery(hal: Hal, token: string, d: DeliveryView) {
  return {
    id: d.id,
    webhookId: d.messageId,
    eventType: d.eventType,
    status: capitalized(d.status),
    test: d.test,
    attempts: d.attempts,
    maxAttempts: d.maxAttempts,
    lastResponseStatus: d.lastResponseStatus,
    lastError: d.lastError,
    lastAttemptDateUtc: iso(d.lastAttemptAt),
    nextAttemptDateUtc: iso(d.nextAttemptAt),
    createdDateUtc: d.createdAt.toISOString(),
    completedDateUtc: iso(d.completedAt),
    _links: {
      self: hal.link(`/v1/webhooks/${seg(token)}/deliveries`),
      redeliver: hal.link(`/v1/webhooks/${seg(token)}/deliveries/${d.id}/redeliver`),
    },
  };
}

type TokenRequest = FastifyRequest<{ Params: { webhooktokenid: string } }>;

const webhookEventTypeListSchema = component('WebhookEventTypeList', obj({ events: arr(obj({ type: str(), description: str() })) }));
/** REST flattens GraphQL's CreatedWebhook: the subscription's own properties, then its secret. */
const createdWebhookSchema = component('CreatedWebhook', resource('WebhookSubscription', {
  ...subscriptionOptions,
  extra: { ...subscriptionOptions.extra, secret: fieldOf('CreatedWebhook', 'secret') },
}));
const webhookListSchema = component('WebhookList', obj({ count: int(), _embedded: obj({ events: arr(subscriptionSchema) }), _links: links() }));
const webhookTestDeliveriesSchema = component('WebhookTestDeliveries', obj({ count: int(), _embedded: obj({ deliveries: arr(deliverySchema) }) }));
const rotatedWebhookSecretSchema = component('RotatedWebhookSecret', resource('RotatedWebhookSecret', {
  // REST names the subscription by its token (and links it) and spells the time `…DateUtc`.
  omit: ['subscription', 'previousSecretExpiresAt'],
  extra: {
    token: fieldOf('WebhookSubscription', 'token'),
    previousSecretExpiresDateUtc: fieldOf('RotatedWebhookSecret', 'previousSecretExpiresAt'),
  },
  links: true,
}));
const webhookDeliveryPageSchema = component('WebhookDeliveryPage', paged({ _embedded: obj({ deliveries: arr(deliverySchema) }) }));

/**
 * Webhooks v1 (spec: Webhooks, Events; ours where it says "not shown"): event types, a vendor's
 * subscriptions with their signing secrets, the test ping, secret rotation and the delivery log.
 * docs/webhooks.md is the vendor's guide.
 */
export async function webhookRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  const settings = webhookSettings(kit.config);

  app.get(
    '/v1/webhook-events',
    {
      schema: {
        ...route('Webhooks', 'The event types a vendor can subscribe to', {
          response: { 200: webhookEventTypeListSchema },
        }),
        operationId: 'listWebhookEvents',
      },
    },
    async () => ({ events: listWebhookEventTypes() }),
  );

  app.post<{ Body: z.infer<typeof createWebhookSchema> }>(
    '/v1/webhooks',
    {
      schema: {
        ...route('Webhooks', `Subscribe to an event type: 201 with Location; the signing secret is returned this once. ${vendorOnly}`, {
          body: createWebhookBody,
          response: { 201: createdWebhookSchema },
        }),
        operationId: 'createWebhook',
      },
    },
    async (request, reply: FastifyReply) => {
      const ctx = await kit.context(request);
      const { subscription, secret } = await createSubscription(ctx.db, ctx.principal, request.body, settings);
      const body = toSubscription(kit.hal(request), subscription);
      reply.status(201).header('location', body._links.self.href);
      return { ...body, secret };
    },
  );

  app.get(
    '/v1/webhooks',
    {
      schema: {
        ...route('Webhooks', `The vendor's subscriptions (never their secrets). ${vendorOnly}`, {
          response: { 200: webhookListSchema },
        }),
        operationId: 'listWebhooks',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const subs = await listSubscriptions(ctx.db, ctx.principal);
      return { count: subs.length, _embedded: { events: subs.map((s) => toSubscription(hal, s)) }, _links: hal.self('/v1/webhooks') };
    },
  );

  // One subscription by its token: read it, or unsubscribe (the answer is the removed subscription).
  const byToken = [
    { method: 'GET', summary: 'One subscription.', operationId: 'getWebhook', act: getSubscription },
    { method: 'DELETE', summary: 'Unsubscribe (with its delivery log).', operationId: 'deleteWebhook', act: deleteSubscription },
  ] as const;
  for (const { method, summary, operationId, act } of byToken) {
    app.route({
      method,
      url: '/v1/webhooks/:webhooktokenid',
      schema: {
        ...route('Webhooks', `${summary} ${vendorOnly}`, { params: tokenParams, response: { 200: subscriptionSchema } }),
        operationId,
      },
      handler: async (request: TokenRequest) => {
        const ctx = await kit.context(request);
        return toSubscription(kit.hal(request), await act(ctx.db, ctx.principal, request.params.webhooktokenid));
      },
    });
  }

  app.post(
    '/v1/webhooks/:webhooktokenid/test',
    {
      schema: {
        ...route('Webhooks', `Call every active endpoint of the vendor with an empty template, once each (see the delivery log). ${vendorOnly}`, {
          params: tokenParams,
          response: { 200: webhookTestDeliveriesSchema },
        }),
        operationId: 'testWebhooks',
      },
    },
    async (request: TokenRequest) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const queued = await testSubscriptions(ctx.db, ctx.principal, request.params.webhooktokenid);
      return { count: queued.length, _embedded: { deliveries: queued.map((d) => toDelivery(hal, request.params.webhooktokenid, d)) } };
    },
  );

  app.post(
    '/v1/webhooks/:webhooktokenid/secret/rotate',
    {
      schema: {
        ...route('Webhooks', `A new signing secret, returned this once; the previous one also signs until previousSecretExpiresDateUtc. ${vendorOnly}`, {
          params: tokenParams,
          response: { 200: rotatedWebhookSecretSchema },
        }),
        operationId: 'rotateWebhookSecret',
      },
    },
    async (request: TokenRequest) => {
      const ctx = await kit.context(request);
      const rotated = await rotateSecret(ctx.db, ctx.principal, request.params.webhooktokenid, settings);
      return {
        token: rotated.subscription.token,
        secret: rotated.secret,
        previousSecretExpiresDateUtc: rotated.previousSecretExpiresAt.toISOString(),
        _links: kit.hal(request).self(`/v1/webhooks/${seg(rotated.subscription.token)}`),
      };
    },
  );

  app.get<{ Params: { webhooktokenid: string }; Querystring: PagingQuery }>(
    '/v1/webhooks/:webhooktokenid/deliveries',
    {
      schema: {
        ...route('Webhooks', `The delivery log of a subscription, newest first. ${vendorOnly}`, {
          params: tokenParams,
          querystring: query({ ...pagingQuery }),
          response: { 200: webhookDeliveryPageSchema },
        }),
        operationId: 'listWebhookDeliveries',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const page = pageOf(request.query);
      const result = await listDeliveries(ctx.db, ctx.principal, request.params.webhooktokenid, page);
      return {
        ...pagedFields(request, hal, page, result.totalCount),
        _embedded: { deliveries: result.items.map((d) => toDelivery(hal, request.params.webhooktokenid, d)) },
      };
    },
  );

  app.post<{ Params: { webhooktokenid: string; deliveryId: number } }>(
    '/v1/webhooks/:webhooktokenid/deliveries/:deliveryId/redeliver',
    {
      schema: {
        ...route('Webhooks', `Send a delivery again now, with a fresh retry schedule and the same webhook-id. ${vendorOnly}`, {
          params: params({ webhooktokenid: str('The subscription token.'), deliveryId: id() }),
          response: { 200: deliverySchema },
        }),
        operationId: 'redeliverWebhook',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      const { webhooktokenid, deliveryId } = request.params;
      return toDelivery(kit.hal(request), webhooktokenid, await redeliver(ctx.db, ctx.principal, webhooktokenid, deliveryId, settings));
    },
  );
}
