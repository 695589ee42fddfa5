import type { Db, Tx } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { DomainError, unauthenticated } from '../../errors';
import { maskCardNumber, piiKeys } from '../../pii';
import { runIdempotent } from '../shared/idempotency';
import { assertIdFormWriter, isCardHolder, loyaltyCardNotFound, mayUseCard } from './access';
import { parseCardRef, type CardRef } from './identifiers';
import type { EarnForItemsInput, WaiveFeesInput } from './input';
import { cents, EARN_RATE, pointsOf, POINTS_PER_DOLLAR, type CardRow } from './model';
import { addToBalance, earnedProductIds, insertEarnItems, insertLedger, lockCard, loyaltyAccountById, takeFromBalance, type LedgerRow } from './store';

/** The answer of an earn or a waiver (plain JSON: it is what an Idempotency-Key replays). */
export interface LoyaltyTransactionResult {
  transactionId: number;
  kind: 'Earn' | 'WaiveFees';
  cardNumber: string;
  /** Earn: reward added (USD); WaiveFees: fees paid from the balance (USD). */
  amount: number;
  pointsChange: number;
  balance: number;
  pointsEarned: number;
  items: { productId: string; earned: number; pointsEarned: number }[];
  createdDateUtc: string;
}

interface LoyaltyWriteOptions {
  idempotencyKey?: string;
  piiKey: string;
}

/**
 * Locks the card for a balance change and checks it may take one: it exists and is the caller's to use
 * (access.ts: by number card-level rights; by `id-{cardId}` only its holder or an admin), is not Closed
 * (LOYALTY_CARD_CLOSED) or fraud-flagged (LOYALTY_CARD_FRAUD), is Active, and its account allows
 * earning / redeeming (LOYALTY_CARD_INACTIVE).
 */
async function lockUsableCard(tx: Tx, principal: Principal, ref: CardRef, purpose: 'earn' | 'redeem'): Promise<CardRow> {
  const card = await lockCard(tx, ref);
  if (!card) throw loyaltyCardNotFound();
  const account = card.loyaltyAccountId ? await loyaltyAccountById(tx, card.loyaltyAccountId) : null;
  const allowed = ref.kind === 'id' ? isCardHolder(principal, card, account ?? null) : await mayUseCard(tx, principal, card.cardNumber, card.siteAccountId);
  if (!allowed) throw loyaltyCardNotFound();
  if (card.status === 'Closed' || account?.status === 'Closed') {
    throw new DomainError('LOYALTY_CARD_CLOSED', 'The loyalty card is closed', { status: card.status, statusInfo: card.statusInfo });
  }
  if (card.statusInfo === 'Fraud' || account?.statusInfo === 'Fraud') {
    throw new DomainError('LOYALTY_CARD_FRAUD', 'The loyalty card is flagged for fraud', { status: card.status, statusInfo: card.statusInfo });
  }
  if (card.status !== 'Active') {
    throw new DomainError('LOYALTY_CARD_INACTIVE', `The loyalty card is ${card.status} (${card.statusInfo})`, {
      status: card.status,
      statusInfo: card.statusInfo,
    });
  }
  if (account && (purpose === 'earn' ? !account.isEarn : !account.isRedeem)) {
    throw new DomainError('LOYALTY_CARD_INACTIVE', `The loyalty account may not ${purpose}`, { status: card.status, statusInfo: card.statusInfo });
  }
  return card;
}

function requireVendor(principal: Principal): number {
  if (principal.vendorId === null) throw unauthenticated('Loyalty earn and fee waivers need an X-Vendor-Key');
  return principal.vendorId;
}

type LoyaltyWriteAnswer = { result: LoyaltyTransactionResult; replayed: boolean };

/**
 * A balance change of a card as a service function `(db, principal, cardNumber, input, options)`, `input`
 * being the body its surface already parsed with input.ts: vendor key first (and, for a card named
 * `id-{cardId}`, an account token: FORBIDDEN without one), then in one transaction the card locked and checked for `purpose`
 * (`lockUsableCard`) and `step` — under the Idempotency-Key when given, scoped by vendor, route and the
 * whole request (card, body, account), so a retry replays the first answer.
 */
function cardWrite<I>(
  action: 'earn-for-items' | 'waive-fees',
  purpose: 'earn' | 'redeem',
  step: (s: { tx: Tx; card: CardRow; input: I; vendorId: number }) => Promise<LoyaltyTransactionResult>,
) {
  return async (db: Db, principal: Principal, cardNumber: string, input: I, options: LoyaltyWriteOptions): Promise<LoyaltyWriteAnswer> => {
    const vendorId = requireVendor(principal);
    const ref = parseCardRef(cardNumber);
    if (ref?.kind === 'id') assertIdFormWriter(principal);
    const scope = options.idempotencyKey
      ? { vendorId, route: `loyalty-cards/${action}`, key: options.idempotencyKey, request: { cardNumber, input, accountId: principal.accountId } }
      : null;
    const { value, replayed } = await runIdempotent(db, scope, piiKeys(options.piiKey).hashKey, async (tx) => {
      if (!ref) throw loyaltyCardNotFound();
      return step({ tx, card: await lockUsableCard(tx, principal, ref, purpose), input, vendorId });
    });
    return { result: value, replayed };
  };
}

/**
 * Earns rewards for purchased items (REST `POST /v4/loyalty-cards/{n}/earn-for-items`): each item earns
 * EARN_RATE of its price; an item is (vendor, productId) and earns once ever, on any card (ALREADY_EARNED
 * names them, nothing is earned). One transaction: ledger row, items, balance. With an idempotency key a
 * retry returns the first answer.
 */
export const earnForItems = cardWrite<EarnForItemsInput>('earn-for-items', 'earn', async ({ tx, card, input, vendorId }) => {
  const productIds = input.earnItems.map((i) => i.productId);
  const earnedBefore = await earnedProductIds(tx, vendorId, productIds);
  if (earnedBefore.length > 0) throw alreadyEarned(earnedBefore);
  const items = input.earnItems.map((item) => ({ ...item, earned: cents(item.price * EARN_RATE) }));
  const earned = cents(items.reduce((s, i) => s + i.earned, 0));
  const balance = await addToBalance(tx, card.id, earned);
  const ledger = await insertLedger(tx, { cardId: card.id, kind: 'Earn', balanceChange: earned, balanceAfter: balance, amount: input.total, vendorId });
  // The unique (vendor, productId) index is the guarantee: a concurrent earn of the same item on
  // another card waits here and then conflicts, and this whole transaction is undone.
  const inserted = await insertEarnItems(
    tx,
    items.map((i) => ({
      transactionId: ledger.id,
      vendorId,
      productId: i.productId,
      description: i.description ?? null,
      ticketType: i.ticketType ?? null,
      feature: i.feature ?? null,
      featureId: i.featureId ?? null,
      auditoriumId: i.auditoriumId ?? null,
      price: i.price,
      earned: i.earned,
    })),
  );
  if (inserted.length !== items.length) {
    const got = new Set(inserted);
    throw alreadyEarned(productIds.filter((p) => !got.has(p)));
  }
  return resultOf(card, 'Earn', ledger, balance, items.map((i) => ({ productId: i.productId, earned: i.earned, pointsEarned: pointsOf(i.earned) })));
});

/**
 * Waives fees by paying them from the card's balance (REST `POST …/waive-fees {amount}`): the guarded
 * UPDATE (`balance >= amount`) under the row lock, backed by the CHECK, means no interleaving of
 * concurrent waivers can drive the balance below zero (INSUFFICIENT_BALANCE, nothing spent).
 */
export const waiveFees = cardWrite<WaiveFeesInput>('waive-fees', 'redeem', async ({ tx, card, input, vendorId }) => {
  const balance = await takeFromBalance(tx, card.id, input.amount);
  if (balance === null) {
    throw new DomainError('INSUFFICIENT_BALANCE', `The card's balance (${card.balance.toFixed(2)}) is less than the amount`, {
      argument: 'amount',
    });
  }
  const ledger = await insertLedger(tx, { cardId: card.id, kind: 'WaiveFees', balanceChange: -input.amount, balanceAfter: balance, amount: input.amount, vendorId });
  return resultOf(card, 'WaiveFees', ledger, balance, []);
});

function alreadyEarned(productIds: string[]): DomainError {
  return new DomainError('ALREADY_EARNED', `These items already earned rewards: ${productIds.slice(0, 10).join(', ')}`, {
    productIds: productIds.slice(0, 100),
  });
}

function resultOf(
  card: CardRow,
  kind: 'Earn' | 'WaiveFees',
  ledger: LedgerRow,
  balance: number,
  items: LoyaltyTransactionResult['items'],
): LoyaltyTransactionResult {
  const amount = Math.abs(ledger.balanceChange);
  return {
    transactionId: ledger.id,
    kind,
    cardNumber: maskCardNumber(card.cardNumber),
    amount,
    pointsChange: Math.round(ledger.balanceChange * POINTS_PER_DOLLAR),
    balance,
    pointsEarned: pointsOf(balance),
    items,
    createdDateUtc: ledger.createdAt.toISOString(),
  };
}
