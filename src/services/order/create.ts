import type { Db } from '../../../db/client';
import type { orders } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { badInput } from '../../errors';
import type { OrderView } from './model';
import { cardIdByNumber, expiryFrom, insertOrder, mutateOrder, requireVendor, updateOrderFields, type OrderSettings } from './store';
import { drizzleRow, emptyOrderView, ORDER_DATES, type OrderRow } from './view';
import { maskCardNumber } from '../../pii';
import { cardNumberForWrite } from '../loyalty';

/** Body of createOrder (GraphQL `CreateOrderInput`, REST `POST /v2/orders`). Every field optional. */
export interface CreateOrderInput {
  email?: string | null;
  loyaltyCardNumber?: string | null;
  vendorTransactionId?: string | null;
  shoppingCartId?: string | null;
}

/** Body of updateOrder (REST `PUT /v2/orders/{orderId}`): the fields to change; null clears. */
export type UpdateOrderInput = CreateOrderInput;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks the order fields a caller may set; throws BAD_USER_INPUT naming the field. Answers the id of
 * the loyalty card given (null without one).
 */
export async function validateOrderFields(db: Db, input: CreateOrderInput): Promise<{ loyaltyCardId: number | null }> {
  if (input.email != null && (input.email.length > 254 || !EMAIL.test(input.email))) {
    throw badInput('email must be an email address', 'email');
  }
  for (const key of ['vendorTransactionId', 'shoppingCartId'] as const) {
    const v = input[key];
    if (v != null && (v.length === 0 || v.length > 100)) throw badInput(`${key} must be 1 to 100 characters`, key);
  }
  if (input.loyaltyCardNumber != null) {
    const loyaltyCardId = await cardIdByNumber(db, input.loyaltyCardNumber);
    if (loyaltyCardId === null) throw badInput(`Loyalty card ${maskCardNumber(input.loyaltyCardNumber)} does not exist`, 'loyaltyCardNumber');
    return { loyaltyCardId };
  }
  return { loyaltyCardId: null };
}

/**
 * Creates an empty pending order for the calling vendor; the owner account is the JWT's subject when
 * one is given. It expires `holdSeconds` after creation unless modified.
 */
export async function createOrder(
  db: Db,
  principal: Principal,
  input: CreateOrderInput,
  settings: OrderSettings,
): Promise<OrderView> {
  requireVendor(principal);
  input = { ...input, loyaltyCardNumber: await cardNumberForWrite(db, principal, input.loyaltyCardNumber) };
  const { loyaltyCardId } = await validateOrderFields(db, input);
  const now = new Date();
  // One prepared statement (the hot path of every sale).
  const raw = await insertOrder(db, {
    vendorId: principal.vendorId,
    accountId: principal.accountId,
    email: input.email ?? null,
    loyaltyCardNumber: input.loyaltyCardNumber ?? null,
    vendorTransactionId: input.vendorTransactionId ?? null,
    shoppingCartId: input.shoppingCartId ?? null,
    at: now.toISOString(),
    expiresAt: expiryFrom(now, settings).toISOString(),
  });
  const row = drizzleRow<OrderRow>(raw, ORDER_DATES);
  // A new order has no lines or tenders: its view follows from the row alone.
  return emptyOrderView(row, loyaltyCardId, now);
}

/** Changes email, vendor transaction id, shopping cart id or loyalty card of a pending order. */
export async function updateOrder(
  db: Db,
  principal: Principal,
  orderId: number,
  input: UpdateOrderInput,
  settings: OrderSettings,
): Promise<OrderView> {
  requireVendor(principal);
  input = { ...input, loyaltyCardNumber: await cardNumberForWrite(db, principal, input.loyaltyCardNumber) };
  await validateOrderFields(db, input);
  return mutateOrder(db, principal, orderId, settings, async ({ tx }) => {
    const set: Partial<typeof orders.$inferInsert> = {};
    if (input.email !== undefined) set.email = input.email;
    if (input.vendorTransactionId !== undefined) set.vendorTransactionId = input.vendorTransactionId;
    if (input.shoppingCartId !== undefined) set.shoppingCartId = input.shoppingCartId;
    if (input.loyaltyCardNumber !== undefined) set.loyaltyCardNumber = input.loyaltyCardNumber;
    if (Object.keys(set).length > 0) await updateOrderFields(tx, orderId, set);
  });
}
