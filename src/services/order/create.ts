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

/**
 * The id of the loyalty card an order's fields name (null without one); BAD_USER_INPUT when it does not
 * exist. The fields' formats are checked where each surface parses them (`orderFieldsSchema`, input.ts).
 */
export async function validateOrderFields(db: Db, input: CreateOrderInput): Promise<{ loyaltyCardId: number | null }> {
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
