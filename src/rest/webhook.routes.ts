import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createSubscription,
  deleteSubscription,
  getSubscription,
  listDeliveries,
  listSubscriptions,
  listWebhookEventTypes,
  MAX_HREF_LENGTH,
  redeliver,
  rotateSecret,
  testSubscriptions,
  WEBHOOK_EVENT_TYPES,
  webhookSettings,
  type DeliveryView,
  type SubscriptionView,
} from '../services/webhook';
import { seg, type Hal } from './hal';
import type { RestKit } from './kit';
import { pagedFields, pageOf, pagingQuery, type PagingQuery } from './paging';
import { arr, bool, id, int, links, nint, nstr, obj, paged, params, query, route, str } from './schemas';
import { component } from './openapi';

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const subscriptionFields = {
  token: str('The subscription token (the `webhooktokenid` of its paths).'),
  eventType: str('Orders.Refund or Orders.BatchRefund.'),
  href: str('The vendor callback URL.'),
  status: str('Active, or Disabled (no further callbacks; see disabledReason).'),
  disabledDateUtc: nstr('When it was disabled.'),
  disabledReason: nstr('Why it was disabled: 410 Gone, or every attempt of a whole retry schedule failed.'),
  createdDateUtc: str(),
  _links: links(['deliveries']),
};
const subscriptionOptional = ['status', 'disabledDateUtc', 'disabledReason', 'createdDateUtc'];
const subscriptionSchema = component('WebhookSubscription', obj(subscriptionFields, subscriptionOptional));

const deliverySchema = component('WebhookDelivery', obj({
  id: int('The delivery id (of its redeliver path).'),
  webhookId: str('The `webhook-id` header: the same on every attempt of this delivery.'),
  eventType: str(),
  status: str('Pending, Succeeded or Failed (no further attempt).'),
  test: bool('A test ping (POST …/test) rather than an event.'),
  attempts: int('Attempts made so far.'),
  maxAttempts: int('Attempts allowed in all (the retry schedule + 1; 1 for a test ping).'),
  lastResponseStatus: nint('HTTP status of the last answer; null when there was none (timeout, connection error).'),
  lastError: nstr('What went wrong last (HTTP 500, timeout, ECONNREFUSED: …).'),
  lastAttemptDateUtc: nstr(),
  nextAttemptDateUtc: nstr('When the next attempt is due, while Pending.'),
  createdDateUtc: str(),
  completedDateUtc: nstr(),
  _links: links(['redeliver']),
}));

const tokenParams = params({ webhooktokenid: str('The subscription token.') });
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
const createdWebhookSchema = component('CreatedWebhook', obj({ ...subscriptionFields, secret: str('whsec_… — shown once; keep it to verify signatures.') }, subscriptionOptional));
const webhookListSchema = component('WebhookList', obj({ count: int(), _embedded: obj({ events: arr(subscriptionSchema) }), _links: links() }));
const webhookTestDeliveriesSchema = component('WebhookTestDeliveries', obj({ count: int(), _embedded: obj({ deliveries: arr(deliverySchema) }) }));
const rotatedWebhookSecretSchema = component('RotatedWebhookSecret', obj({ token: str(), secret: str('whsec_…'), previousSecretExpiresDateUtc: str(), _links: links() }));
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

  app.post<{ Body: { eventType: string; href: string } }>(
    '/v1/webhooks',
    {
      schema: {
        ...route('Webhooks', `Subscribe to an event type: 201 with Location; the signing secret is returned this once. ${vendorOnly}`, {
          body: {
            type: 'object',
            properties: {
              eventType: { type: 'string', enum: WEBHOOK_EVENT_TYPES.map((e) => e.type) },
              href: { ...str('Absolute https URL of a public host.'), maxLength: MAX_HREF_LENGTH },
            },
            required: ['eventType', 'href'],
          },
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
