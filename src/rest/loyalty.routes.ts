import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badInput, notFound } from '../errors';
import { parseIdempotencyKey } from '../services/shared/idempotency';
import { earnForItems, getAccountLoyaltyCard, getLoyaltyCardByRef, validateLoyalty, waiveFees } from '../services/loyalty';
import type { RestKit } from './kit';
import { arr, bool, int, nstr, num, obj, params, query, route, str } from './schemas';
import { isValidatedByService, validatedByService } from './schema-compilers';
import {
  aListPath,
  aListSchema,
  cardIdRef,
  cardPath,
  cardSchema,
  cardV3Schema,
  toCardHal,
  toCardV3Hal,
  toTransactionHal,
  transactionSchema,
} from './shapes/loyalty';
import { component } from './openapi';

/** When v3 cards were deprecated and when they go away (RFC 9745 `Deprecation`, RFC 8594 `Sunset`). */
export const V3_DEPRECATED_AT = new Date('2024-01-01T00:00:00Z');
export const V3_SUNSET_AT = new Date('2027-06-30T23:59:59Z');

const cardParams = params({ cardNumber: str('The card number, or `id-{cardId}` as links write it (see `x-security-variants` for what each form needs).') });
const idempotencyHeaders = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: 'A retry with the same key returns the first answer and changes nothing (IETF draft, as Stripe).',
    },
  },
};

const earnItem = obj(
  {
    productId: str('Identifies the sold item among the vendor\'s sales; an item earns once.'),
    description: nstr(),
    ticketType: nstr(),
    feature: nstr(),
    featureId: nstr(),
    auditoriumId: nstr(),
    price: num('Positive USD, at most two decimals.'),
  },
  ['description', 'ticketType', 'feature', 'featureId', 'auditoriumId'],
);
const validationResult = component('LoyaltyValidation', obj({
  valid: bool(),
  reason: nstr('NotFound, Closed, Fraud, Inactive; null when valid.'),
  loyaltyCard: { ...obj({ cardNumber: str('Masked.'), accountType: str(), status: str(), statusInfo: str() }), type: ['object', 'null'] },
  associate: { ...obj({ associateId: int(), ssnLastFour: str() }), type: ['object', 'null'] },
}));

const idempotencyKeyOf = (request: FastifyRequest) => parseIdempotencyKey(request.headers['idempotency-key']);
const replayed = (reply: FastifyReply, was: boolean) => reply.header('idempotent-replayed', was ? 'true' : 'false');

/** Loyalty cards: v4 reads, earn, fee waivers and validations; the deprecated v3 card; the A-List subscription. */
export async function loyaltyRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  rejectUnknownBodyFields(app);
  app.get<{ Querystring: { 'loyalty-account-id'?: number; email?: string } }>(
    '/v4/loyalty-cards',
    {
      schema: {
        ...route(
          'Loyalty cards',
          "The loyalty card of an account, by its id or e-mail (exactly one): the account's active card, else its newest (the spec: \"loyalty card of that account or e-mail\"); the same 404 for an unknown account, one not the caller's, and one without a card",
          {
            querystring: query({ 'loyalty-account-id': int('Loyalty account id.'), email: str('E-mail of the loyalty account.') }),
            response: { 200: cardSchema },
          },
        ),
        operationId: 'getLoyaltyCardOfAccount',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      const card = await getAccountLoyaltyCard(ctx.db, ctx.principal, { loyaltyAccountId: request.query['loyalty-account-id'], email: request.query.email });
      // The card is linked by id: the request carried no number (docs/accounts.md).
      return toCardHal(kit.hal(request), card, cardIdRef(card));
    },
  );

  app.get<{ Params: { cardNumber: string } }>(
    '/v4/loyalty-cards/:cardNumber',
    {
      schema: {
        ...route('Loyalty cards', 'A loyalty card (vendor key; the same 404 for unknown and not yours)', {
          params: cardParams,
          response: { 200: cardSchema },
        }),
        operationId: 'getLoyaltyCard',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      const card = await getLoyaltyCardByRef(ctx.db, ctx.principal, request.params.cardNumber);
      return toCardHal(kit.hal(request), card, request.params.cardNumber);
    },
  );

  app.get<{ Params: { cardNumber: string } }>(
    '/v3/loyalty-cards/:cardNumber',
    {
      schema: {
        ...route('Loyalty cards', 'Deprecated (see the Deprecation, Sunset and Link headers): the v3 card', {
          params: cardParams,
          response: { 200: cardV3Schema },
        }),
        operationId: 'getLoyaltyCardV3',
        deprecated: true,
      },
    },
    async (request, reply) => {
      const hal = kit.hal(request);
      reply
        .header('deprecation', `@${Math.floor(V3_DEPRECATED_AT.getTime() / 1000)}`)
        .header('sunset', V3_SUNSET_AT.toUTCString())
        .header('link', `<${hal.url(cardPath(request.params.cardNumber))}>; rel="successor-version"`);
      const ctx = await kit.context(request);
      const card = await getLoyaltyCardByRef(ctx.db, ctx.principal, request.params.cardNumber);
      return toCardV3Hal(hal, card, request.params.cardNumber);
    },
  );

  app.get<{ Params: { cardNumber: string } }>(
    '/v2/loyalty-cards/:cardNumber/product-subscriptions/alist',
    {
      schema: {
        ...route('Loyalty cards', "The card's A-List product subscription (404 when it has none)", {
          params: cardParams,
          response: { 200: aListSchema },
        }),
        operationId: 'getLoyaltyCardAListSubscription',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      const card = await getLoyaltyCardByRef(ctx.db, ctx.principal, request.params.cardNumber);
      if (!card.hasAListSubscription) throw notFound('A-List subscription of card', `…${card.lastFour}`);
      const hal = kit.hal(request);
      return {
        name: 'A-List',
        cardNumber: card.cardNumber,
        status: card.status,
        startDateUtc: card.activationDate?.toISOString() ?? null,
        _links: { self: hal.link(aListPath(request.params.cardNumber)), 'loyalty-card': hal.link(cardPath(request.params.cardNumber)) },
      };
    },
  );

  app.post<{ Params: { cardNumber: string }; Body: unknown }>(
    '/v4/loyalty-cards/:cardNumber/earn-for-items',
    {
      schema: {
        ...route('Loyalty cards', "Earn rewards for purchased items (vendor key; by `id-{cardId}` with the holder's or an admin's token besides; Idempotency-Key honoured)", {
          params: cardParams,
          body: validatedByService(obj({ total: num('Positive USD, at most two decimals.'), earnItems: arr(earnItem) })),
          response: { 200: transactionSchema },
        }),
        headers: idempotencyHeaders,
        operationId: 'earnLoyaltyForItems',
      },
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const key = idempotencyKeyOf(request);
      const out = await earnForItems(ctx.db, ctx.principal, request.params.cardNumber, rawBodyOf(request), { idempotencyKey: key, piiKey: ctx.config.PII_KEY });
      return replayed(reply, out.replayed).send(toTransactionHal(kit.hal(request), out.result, request.params.cardNumber));
    },
  );

  app.post<{ Params: { cardNumber: string }; Body: unknown }>(
    '/v4/loyalty-cards/:cardNumber/waive-fees',
    {
      schema: {
        ...route('Loyalty cards', "Pay fees from the card's balance (vendor key; by `id-{cardId}` with the holder's or an admin's token besides; Idempotency-Key honoured)", {
          params: cardParams,
          body: validatedByService(obj({ amount: num('Positive USD, at most two decimals.') })),
          response: { 200: transactionSchema },
        }),
        headers: idempotencyHeaders,
        operationId: 'waiveLoyaltyFees',
      },
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const key = idempotencyKeyOf(request);
      const out = await waiveFees(ctx.db, ctx.principal, request.params.cardNumber, rawBodyOf(request), { idempotencyKey: key, piiKey: ctx.config.PII_KEY });
      return replayed(reply, out.replayed).send(toTransactionHal(kit.hal(request), out.result, request.params.cardNumber));
    },
  );

  app.post<{ Body: unknown }>(
    '/v4/loyalty-cards/validations',
    {
      schema: {
        ...route('Loyalty cards', 'Validate a card number, or an associate id with its SSN (vendor key)', {
          body: validatedByService({
            type: 'object',
            properties: {
              loyaltyCard: obj({ number: str('A card number, or `id-{cardId}` (answered only to a caller who may read that card by id; else NotFound).') }),
              associate: obj({ ssn: { anyOf: [int(), str()], description: 'Nine digits (an integer, or a string such as 123-45-6789).' }, associateId: int() }),
            },
          }),
          response: { 200: validationResult },
        }),
        operationId: 'validateLoyalty',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      return validateLoyalty(ctx.db, ctx.principal, rawBodyOf(request), ctx.config.PII_KEY);
    },
  );
}


/**
 * Fastify's Ajv silently drops body fields its schema does not list (removeAdditional); in a loyalty
 * write an unknown field is the caller's mistake (a misspelt `amount`), so it is a 400 naming the field
 * before anything runs — checked before Ajv, at every nesting level the schema describes.
 */
const rawBodies = new WeakMap<FastifyRequest, unknown>();
/** The body as the client sent it, before Ajv fills defaults (for the services' zod validation). */
export const rawBodyOf = (request: FastifyRequest): unknown => (rawBodies.has(request) ? rawBodies.get(request) : request.body);

export function rejectUnknownBodyFields(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.body as Record<string, unknown> | undefined;
    if (!schema || isValidatedByService(schema)) return;
    if (request.body === undefined) request.body = {};
    // Ajv fills defaults (bodies are not type-coerced: src/rest/schema-compilers.ts); the services' zod schemas see the body as sent.
    rawBodies.set(request, structuredClone(request.body));
    const unknown = firstUnknownField(schema, request.body, '');
    if (unknown !== null) throw badInput(`body parameter '${unknown}' is not a field of this request`, unknown);
  });
}

function firstUnknownField(schema: Record<string, unknown>, value: unknown, at: string): string | null {
  if (Array.isArray(value) && schema.items) {
    for (let i = 0; i < value.length; i++) {
      const found = firstUnknownField(schema.items as Record<string, unknown>, value[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
  if (!properties || value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    if (!(key in properties)) return path;
    const found = firstUnknownField(properties[key], child, path);
    if (found) return found;
  }
  return null;
}
