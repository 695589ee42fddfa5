import { notFound } from '../../errors';
import { assertAccountAccess } from '../account';
import { LABEL, UUID, type CardKind, type CardOf, type ExternalCardView, type WalletCtx, type WalletView } from './model';

/**
 * The wallet of `accountId`, for its own token or an admin (access.ts); NOT_FOUND when the account
 * does not exist. Read through the request's loader, so GraphQL asking for many accounts batches.
 */
export async function getWallet(ctx: WalletCtx, accountId: number): Promise<WalletView> {
  assertAccountAccess(ctx.principal, accountId);
  const wallet = await ctx.loaders.walletByAccountId.load(accountId);
  if (!wallet) throw notFound('Account', accountId);
  return wallet;
}

/** The cards of one kind in the wallet of `accountId`. */
export async function listCards<K extends CardKind>(ctx: WalletCtx, accountId: number, kind: K): Promise<CardOf<K>[]> {
  const wallet = await getWallet(ctx, accountId);
  const cards = kind === 'credit' ? wallet.creditCards : kind === 'gift' ? wallet.giftCards : wallet.partnerCards;
  return cards as CardOf<K>[];
}

/** One card of the wallet by its token; NOT_FOUND when the account has no such card (or it is not a UUID). */
export async function getCard<K extends CardKind>(ctx: WalletCtx, accountId: number, kind: K, token: string): Promise<CardOf<K>> {
  const cards = await listCards(ctx, accountId, kind);
  const card = UUID.test(token) ? cards.find((c) => c.token === token.toLowerCase()) : undefined;
  if (!card) throw notFound(`${LABEL[kind]} card`, '(given token)');
  return card;
}

/** The account's external cards usable for on-demand purchases (`/wallet/views/on-demand`). */
export async function onDemandCards(ctx: WalletCtx, accountId: number): Promise<ExternalCardView[]> {
  const wallet = await getWallet(ctx, accountId);
  return wallet.externalCards.filter((c) => c.onDemand);
}

