import { z } from 'zod';
import { notFound } from '../../errors';
import { assertAccountAccess } from '../account';
import { LABEL, UUID, type CardKind, type CardOf, type WalletCtx } from './model';
import { getCard } from './read';
import { deleteCardRow, lockCard, makeDefaultCredit, updateCardFields } from './store';

/** Removes a card from the wallet (one statement); NOT_FOUND when the account has no such card. */
export async function deleteCard(ctx: WalletCtx, accountId: number, kind: CardKind, token: string): Promise<void> {
  assertAccountAccess(ctx.principal, accountId);
  const gone = UUID.test(token) && (await deleteCardRow(ctx.db, kind, accountId, token.toLowerCase()));
  if (!gone) throw notFound(`${LABEL[kind]} card`, '(given token)');
  ctx.loaders.walletByAccountId.clear(accountId);
}

const text = (max: number) => z.string().trim().min(1).max(max);
const address = {
  address1: text(100).nullable().optional(),
  address2: text(100).nullable().optional(),
  city: text(60).nullable().optional(),
  state: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code').max(2, 'must be a two-letter state code').nullable().optional().describe('Two-letter code.'),
  postalCode: z
    .string()
    .regex(/^\d{5}(-\d{4})?$/, 'must be a ZIP code (12345 or 12345-6789)')
    .max(10, 'must be a ZIP code (12345 or 12345-6789)')
    .nullable()
    .optional()
    .describe('12345 or 12345-6789.'),
};

/**
 * What a PUT on a card's self link may change: the display name, the billing address and, for credit
 * cards, which card is the default. Numbers, PINs, balances and tokens come from the processor and
 * cannot be written (docs/accounts.md). The one description and validation of the PUT bodies: the REST
 * route parses the body with it where Fastify validates bodies and publishes the JSON schema derived
 * from it (`zodBody`, src/rest/schema-compilers.ts); `updateCard` takes the parsed value.
 */
export const CARD_UPDATE = {
  credit: z.object({ name: text(60).optional(), default: z.literal(true).optional().describe('Make this the default card.'), ...address }).strict(),
  gift: z.object({ name: text(60).optional(), ...address }).strict(),
  partner: z.object({ name: text(60).optional(), ...address }).strict(),
} as const;
export type CardUpdate = z.infer<(typeof CARD_UPDATE)['credit']>;

/**
 * Changes a card's name, address or (credit cards) default flag (`input` parsed with CARD_UPDATE by the route); making a
 * card the default clears the flag on the account's other credit cards in the same transaction.
 */
export async function updateCard<K extends CardKind>(ctx: WalletCtx, accountId: number, kind: K, token: string, input: CardUpdate): Promise<CardOf<K>> {
  assertAccountAccess(ctx.principal, accountId);
  const { default: makeDefault, ...fields } = input;
  const found = UUID.test(token)
    ? await ctx.db.transaction(async (tx) => {
        const cardId = await lockCard(tx, kind, accountId, token.toLowerCase());
        if (cardId === null) return false;
        if (Object.keys(fields).length) await updateCardFields(tx, kind, cardId, fields);
        if (makeDefault && kind === 'credit') await makeDefaultCredit(tx, accountId, cardId);
        return true;
      })
    : false;
  if (!found) throw notFound(`${LABEL[kind]} card`, '(given token)');
  ctx.loaders.walletByAccountId.clear(accountId);
  return getCard(ctx, accountId, kind, token);
}
