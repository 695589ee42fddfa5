import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { walletCreditCards, walletGiftCards, walletPartnerCards } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { notFound } from '../../errors';
import type { Loaders } from '../../loaders';
import { assertAccountAccess } from '../account/access';
import { parseInput } from '../zod-input';
import type { CardKind, CreditCardView, ExternalCardView, GiftCardView, PartnerCardView, WalletView } from './model';

/** What wallet services need of a request: the database, the caller and the request's loaders. */
export interface WalletCtx {
  db: Db;
  principal: Principal;
  loaders: Pick<Loaders, 'walletByAccountId'>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

type CardOf<K extends CardKind> = K extends 'credit' ? CreditCardView : K extends 'gift' ? GiftCardView : PartnerCardView;

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

const LABEL: Record<CardKind, string> = { credit: 'Credit', gift: 'Gift', partner: 'Partner' };
const TABLE = { credit: walletCreditCards, gift: walletGiftCards, partner: walletPartnerCards } as const;

/** Removes a card from the wallet (one statement); NOT_FOUND when the account has no such card. */
export async function deleteCard(ctx: WalletCtx, accountId: number, kind: CardKind, token: string): Promise<void> {
  assertAccountAccess(ctx.principal, accountId);
  const table = TABLE[kind];
  const gone = UUID.test(token)
    ? await ctx.db
        .delete(table)
        .where(and(eq(table.siteAccountId, accountId), eq(table.token, token.toLowerCase())))
        .returning({ id: table.id })
    : [];
  if (!gone.length) throw notFound(`${LABEL[kind]} card`, '(given token)');
  ctx.loaders.walletByAccountId.clear(accountId);
}

const text = (max: number) => z.string().trim().min(1).max(max);
const address = {
  address1: text(100).nullable().optional(),
  address2: text(100).nullable().optional(),
  city: text(60).nullable().optional(),
  state: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code').nullable().optional(),
  postalCode: z.string().regex(/^\d{5}(-\d{4})?$/, 'must be a ZIP code (12345 or 12345-6789)').nullable().optional(),
};

/**
 * What a PUT on a card's self link may change: the display name, the billing address and, for credit
 * cards, which card is the default. Numbers, PINs, balances and tokens come from the processor and
 * cannot be written (docs/accounts.md).
 */
export const CARD_UPDATE = {
  credit: z.object({ name: text(60).optional(), default: z.literal(true).optional(), ...address }).strict(),
  gift: z.object({ name: text(60).optional(), ...address }).strict(),
  partner: z.object({ name: text(60).optional(), ...address }).strict(),
} as const;
export type CardUpdate = z.infer<(typeof CARD_UPDATE)['credit']>;

/**
 * Changes a card's name, address or (credit cards) default flag, validated with CARD_UPDATE; making a
 * card the default clears the flag on the account's other credit cards in the same transaction.
 */
export async function updateCard<K extends CardKind>(ctx: WalletCtx, accountId: number, kind: K, token: string, body: unknown): Promise<CardOf<K>> {
  assertAccountAccess(ctx.principal, accountId);
  const input = parseInput(CARD_UPDATE[kind], body) as CardUpdate;
  // The three tables share every column used here (id, owner, token, name, address); drizzle cannot
  // type a union of tables, so one of them stands for all.
  const table = TABLE[kind] as typeof walletPartnerCards;
  const { default: makeDefault, ...fields } = input;
  const found = UUID.test(token)
    ? await ctx.db.transaction(async (tx) => {
        const where = and(eq(table.siteAccountId, accountId), eq(table.token, token.toLowerCase()));
        const [row] = await tx.select({ id: table.id }).from(table).where(where).for('update');
        if (!row) return false;
        if (Object.keys(fields).length) await tx.update(table).set(fields).where(eq(table.id, row.id));
        if (makeDefault && kind === 'credit') {
          await tx
            .update(walletCreditCards)
            .set({ isDefault: false })
            .where(and(eq(walletCreditCards.siteAccountId, accountId), ne(walletCreditCards.id, row.id)));
          await tx.update(walletCreditCards).set({ isDefault: true }).where(eq(walletCreditCards.id, row.id));
        }
        return true;
      })
    : false;
  if (!found) throw notFound(`${LABEL[kind]} card`, '(given token)');
  ctx.loaders.walletByAccountId.clear(accountId);
  return getCard(ctx, accountId, kind, token);
}
