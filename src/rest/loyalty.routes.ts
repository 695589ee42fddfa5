import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import { parseIdempotencyKey } from '../services/shared/idempotency';
import { parseIndexedFields } from '../services/shared/parse-input';
import {
  earnForItems,
  earnForItemsSchema,
  getAccountLoyaltyCard,
  getLoyaltyCardByRef,
  validateLoyalty,
  validationSchema,
  waiveFees,
  waiveFeesSchema,
  type EarnForItemsInput,
  type ValidationInput,
  type WaiveFeesInput,
} from '../services/loyalty';
import type { RestKit } from './kit';
import { bool, int, nstr, obj, params, query, route, str } from './schemas';
import { zodBody } from './schema-compilers';
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

  app.post<{ Params: { cardNumber: string }; Body: EarnForItemsInput }>(
    '/v4/loyalty-cards/:cardNumber/earn-for-items',
    {
      schema: {
        ...route('Loyalty cards', "Earn rewards for purchased items (vendor key; by `id-{cardId}` with the holder's or an admin's token besides; Idempotency-Key honoured)", {
          params: cardParams,
          body: zodBody(earnForItemsSchema, parseIndexedFields),
          response: { 200: transactionSchema },
        }),
        headers: idempotencyHeaders,
        operationId: 'earnLoyaltyForItems',
      },
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const key = idempotencyKeyOf(request);
      const out = await earnForItems(ctx.db, ctx.principal, request.params.cardNumber, request.body, { idempotencyKey: key, piiKey: ctx.config.PII_KEY });
      return replayed(reply, out.replayed).send(toTransactionHal(kit.hal(request), out.result, request.params.cardNumber));
    },
  );

  app.post<{ Params: { cardNumber: string }; Body: WaiveFeesInput }>(
    '/v4/loyalty-cards/:cardNumber/waive-fees',
    {
      schema: {
        ...route('Loyalty cards', "Pay fees from the card's balance (vendor key; by `id-{cardId}` with the holder's or an admin's token besides; Idempotency-Key honoured)", {
          params: cardParams,
          body: zodBody(waiveFeesSchema, parseIndexedFields),
          response: { 200: transactionSchema },
        }),
        headers: idempotencyHeaders,
        operationId: 'waiveLoyaltyFees',
      },
    },
    async (request, reply) => {
      const ctx = await kit.context(request);
      const key = idempotencyKeyOf(request);
      const out = await waiveFees(ctx.db, ctx.principal, request.params.cardNumber, request.body, { idempotencyKey: key, piiKey: ctx.config.PII_KEY });
      return replayed(reply, out.replayed).send(toTransactionHal(kit.hal(request), out.result, request.params.cardNumber));
    },
  );

  app.post<{ Body: ValidationInput }>(
    '/v4/loyalty-cards/validations',
    {
      schema: {
        ...route('Loyalty cards', 'Validate a card number, or an associate id with its SSN (vendor key)', {
          body: zodBody(validationSchema, parseIndexedFields),
          response: { 200: validationResult },
        }),
        operationId: 'validateLoyalty',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      return validateLoyalty(ctx.db, ctx.principal, request.body, ctx.config.PII_KEY);
    },
  );
}

