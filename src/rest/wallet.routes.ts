import type { FastifyInstance } from 'fastify';
import { CARD_UPDATE, deleteCard, getCard, getWallet, listCards, onDemandCards, updateCard, type CardKind, type CardUpdate } from '../services/wallet';
import { parseInput } from '../services/shared/parse-input';
import { zodBody } from './schema-compilers';
import type { Hal } from './hal';
import type { RestKit } from './kit';
import { component } from './openapi';
import { arr, id, int, links, obj, params, route, str } from './schemas';
import {
  CARD_KINDS,
  cardsPath,
  creditCardSchema,
  giftCardSchema,
  walletLoyaltySchema,
  onDemandCardSchema,
  partnerCardSchema,
  toCreditCardHal,
  toGiftCardHal,
  toOnDemandCard,
  toPartnerCardHal,
  toWalletHal,
  walletPath,
  walletSchema,
} from './shapes/wallet';

type AccountParams = { accountId: number };
type CardParams = AccountParams & { cardToken: string };

const accountParams = params({ accountId: id('Site account id.') });
const cardParams = params({ accountId: id('Site account id.'), cardToken: str("The card's token (a UUID); anything else is 404.") });

/** The PUT bodies: described and parsed by the service's zod schemas (CARD_UPDATE), once. */
const UPDATE_BODY: Record<CardKind, Record<string, unknown>> = {
  credit: zodBody(CARD_UPDATE.credit, parseInput),
  gift: zodBody(CARD_UPDATE.gift, parseInput),
  partner: zodBody(CARD_UPDATE.partner, parseInput),
};
const CARD_SCHEMA = { credit: creditCardSchema, gift: giftCardSchema, partner: partnerCardSchema } as const;
const onDemandWalletSchema = component('OnDemandWallet', obj({ externalWallet: arr(onDemandCardSchema) }));
const NAMES: Record<CardKind, string> = { credit: 'CreditCard', gift: 'GiftCard', partner: 'PartnerCard' };
const cardList = (kind: CardKind) =>
  component(`${NAMES[kind]}List`, obj({ count: int(), _embedded: obj({ [CARD_KINDS[kind].embedded]: arr(CARD_SCHEMA[kind]) }), _links: links(['wallet']) }));
const CARD_LIST_SCHEMA = { credit: cardList('credit'), gift: cardList('gift'), partner: cardList('partner') } as const;

function cardHal(hal: Hal, accountId: number, kind: CardKind, card: unknown) {
  if (kind === 'credit') return toCreditCardHal(hal, accountId, card as Parameters<typeof toCreditCardHal>[2]);
  if (kind === 'gift') return toGiftCardHal(hal, accountId, card as Parameters<typeof toGiftCardHal>[2]);
  return toPartnerCardHal(hal, accountId, card as Parameters<typeof toPartnerCardHal>[2]);
}

/**
 * Wallet v4 (docs/accounts.md, "Wallet"): the wallet, the lists and cards its links point at, and the
 * on-demand view. Every route is the account's own token or an admin (src/services/account/access.ts);
 * no response carries a full card number, gift-card number or PIN.
 */
export async function walletRoutes(app: FastifyInstance, kit: RestKit): Promise<void> {
  app.get<{ Params: AccountParams }>(
    '/v4/site-accounts/:accountId/wallet',
    {
      schema: {
        ...route('Wallet', "An account's wallet: summaries and its credit, gift, partner and external cards", {
          params: accountParams,
          response: { 200: walletSchema },
        }),
        operationId: 'getWallet',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      return toWalletHal(kit.hal(request), await getWallet(ctx, request.params.accountId));
    },
  );

  app.get<{ Params: AccountParams }>(
    '/v4/site-accounts/:accountId/wallet/loyalty',
    {
      schema: {
        ...route('Wallet', "The wallet's loyalty summary (the wallet's `loyalty` link)", {
          params: accountParams,
          response: { 200: walletLoyaltySchema },
        }),
        operationId: 'getWalletLoyalty',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      const hal = kit.hal(request);
      const wallet = await getWallet(ctx, request.params.accountId);
      const path = walletPath(wallet.accountId);
      return { ...wallet.loyaltySummary, _links: { ...hal.self(`${path}/loyalty`), wallet: hal.link(path) } };
    },
  );

  app.get<{ Params: AccountParams }>(
    '/v4/site-accounts/:accountId/wallet/views/on-demand',
    {
      schema: {
        ...route('Wallet', "The account's external cards usable for on-demand purchases", {
          params: accountParams,
          response: { 200: onDemandWalletSchema },
        }),
        operationId: 'getWalletOnDemandView',
      },
    },
    async (request) => {
      const ctx = await kit.context(request);
      return { externalWallet: (await onDemandCards(ctx, request.params.accountId)).map(toOnDemandCard) };
    },
  );

  for (const kind of ['credit', 'gift', 'partner'] as const) {
    const { segment, embedded } = CARD_KINDS[kind];
    const name = NAMES[kind];
    const one = `/v4/site-accounts/:accountId/wallet/${segment}/:cardToken`;

    app.get<{ Params: AccountParams }>(
      `/v4/site-accounts/:accountId/wallet/${segment}`,
      {
        schema: {
          ...route('Wallet', `The ${kind} cards of the wallet`, {
            params: accountParams,
            response: { 200: CARD_LIST_SCHEMA[kind] },
          }),
          operationId: `listWallet${name}s`,
        },
      },
      async (request) => {
        const ctx = await kit.context(request);
        const hal = kit.hal(request);
        const { accountId } = request.params;
        const cards = await listCards(ctx, accountId, kind);
        return {
          count: cards.length,
          _embedded: { [embedded]: cards.map((c) => cardHal(hal, accountId, kind, c)) },
          _links: { ...hal.self(cardsPath(accountId, kind)), wallet: hal.link(walletPath(accountId)) },
        };
      },
    );

    app.get<{ Params: CardParams }>(
      one,
      {
        schema: {
          ...route('Wallet', `One ${kind} card of the wallet`, { params: cardParams, response: { 200: CARD_SCHEMA[kind] } }),
          operationId: `getWallet${name}`,
        },
      },
      async (request) => {
        const ctx = await kit.context(request);
        const { accountId, cardToken } = request.params;
        return cardHal(kit.hal(request), accountId, kind, await getCard(ctx, accountId, kind, cardToken));
      },
    );

    app.put<{ Params: CardParams; Body: CardUpdate }>(
      one,
      {
        schema: {
          ...route('Wallet', `Rename a ${kind} card or change its billing address${kind === 'credit' ? ' or make it the default' : ''}`, {
            params: cardParams,
            body: UPDATE_BODY[kind],
            response: { 200: CARD_SCHEMA[kind] },
          }),
          operationId: `updateWallet${name}`,
        },
      },
      async (request) => {
        const ctx = await kit.context(request);
        const { accountId, cardToken } = request.params;
        return cardHal(kit.hal(request), accountId, kind, await updateCard(ctx, accountId, kind, cardToken, request.body));
      },
    );

    app.delete<{ Params: CardParams }>(
      one,
      {
        schema: {
          ...route('Wallet', `Remove a ${kind} card from the wallet`, { params: cardParams, response: { 200: { type: 'null' } } }),
          operationId: `deleteWallet${name}`,
        },
      },
      async (request, reply) => {
        const ctx = await kit.context(request);
        await deleteCard(ctx, request.params.accountId, kind, request.params.cardToken);
        return reply.status(200).send();
      },
    );
  }
}
