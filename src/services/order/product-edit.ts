import type { Db, Tx } from '../../../db/client';
import type { orderProducts } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { badInput, DomainError, notFound } from '../../errors';
import { MAX_MODIFIER_QUANTITY } from './concessions';
import type { OrderView, TicketType } from './model';
import { mutateOrder, requireVendor, type OrderSettings } from './store';
import {
  concessionOfTheatreConcession,
  deleteLineModifier,
  insertLineModifier,
  modifierForLine,
  modifierGroupsOfConcession,
  modifiersOfLine,
  orderLineOf,
  setLineQuantity,
  setLineTicketType,
  setModifierQuantity,
  ticketPriceOfShowtime,
} from './store-lines';

/**
 * Edits of one product line of a pending order (REST `PUT …/products/{lineNumber}` and the modifier
 * routes `…/products/{lineNumber}/token-{guid}/modifiers`). Each runs in the order's write transaction
 * (order row locked, expiry extended), so a rejected edit writes nothing.
 */

/** Body of updateOrderProduct: a ticket's type, or a concession's quantity. */
export interface UpdateOrderProductInput {
  orderId: number;
  lineNumber: number;
  ticketType?: TicketType;
  quantity?: number;
}

export interface AddProductModifierInput {
  orderId: number;
  lineNumber: number;
  /** The line's token (the spec's modifiedOrderItemGuid). */
  token: string;
  modifierId: number;
  quantity?: number;
}

export interface RemoveProductModifierInput {
  orderId: number;
  lineNumber: number;
  token: string;
  modifierSku: string;
}

type ProductRow = typeof orderProducts.$inferSelect;

/** The line, which must exist (NOT_FOUND) and still be open (Held or Pending, else ORDER_STATE). */
async function openLine(tx: Tx, orderId: number, lineNumber: number, token?: string): Promise<ProductRow> {
  const line = await orderLineOf(tx, orderId, lineNumber);
  if (!line) throw notFound('Order product', lineNumber);
  if (token !== undefined && line.token !== token.toLowerCase()) throw notFound('Order product token', token);
  if (line.status !== 'Held' && line.status !== 'Pending') {
    throw new DomainError('ORDER_STATE', `Product ${lineNumber} is ${line.status}`, { lineNumber });
  }
  return line;
}

function concessionLine(line: ProductRow): number {
  if (line.kind !== 'Concession' || line.theatreConcessionId === null) {
    throw badInput(`Product ${line.lineNumber} is a ticket; only concessions take modifiers`, 'lineNumber');
  }
  return line.theatreConcessionId;
}

/**
 * Changes a ticket's type (re-priced from the showtime's ticket prices; its seat and fees stay) or a
 * concession's quantity (1–20). A ticket is one seat: its quantity stays 1.
 */
export async function updateOrderProduct(
  db: Db,
  principal: Principal,
  input: UpdateOrderProductInput,
  settings: OrderSettings,
): Promise<OrderView> {
  requireVendor(principal);
  return mutateOrder(db, principal, input.orderId, settings, async ({ tx, order }) => {
    const line = await openLine(tx, order.id, input.lineNumber);
    if (line.kind === 'Ticket') {
      if (input.quantity !== undefined && input.quantity !== 1) {
        throw badInput('quantity: a ticket is one seat; add or remove seats instead', 'quantity');
      }
      if (input.ticketType === undefined || input.ticketType === line.ticketType) return;
      const price = await ticketPriceOfShowtime(tx, line.showtimeId!, input.ticketType);
      if (!price) throw badInput(`Showtime ${line.showtimeId} has no ${input.ticketType} price`, 'ticketType');
      await setLineTicketType(tx, line.id, { ticketType: input.ticketType, cost: price.price, tax: price.tax, sku: price.sku });
      return;
    }
    if (input.ticketType !== undefined) throw badInput('ticketType applies to tickets only', 'ticketType');
    await setLineQuantity(tx, line.id, input.quantity!);
  });
}

/** The groups of a line's concession, and the line's chosen modifiers with their group. */
async function modifierState(tx: Tx, line: ProductRow, theatreConcessionId: number) {
  const product = await concessionOfTheatreConcession(tx, theatreConcessionId);
  const groups = product ? await modifierGroupsOfConcession(tx, product.concessionId) : [];
  const chosen = await modifiersOfLine(tx, line.id);
  const countIn = (groupId: number) => chosen.filter((c) => c.groupId === groupId).reduce((s, c) => s + c.row.quantity, 0);
  return { groups, chosen, countIn };
}

/**
 * Adds a modifier of the line's concession (or more of one already chosen): it must belong to one of
 * the concession's modifier groups, its quantity stays 1–10, and the group's maximum holds.
 */
export async function addProductModifier(
  db: Db,
  principal: Principal,
  input: AddProductModifierInput,
  settings: OrderSettings,
): Promise<OrderView> {
  requireVendor(principal);
  const quantity = input.quantity ?? 1;
  return mutateOrder(db, principal, input.orderId, settings, async ({ tx, order }) => {
    const line = await openLine(tx, order.id, input.lineNumber, input.token);
    const { groups, chosen, countIn } = await modifierState(tx, line, concessionLine(line));
    const mod = await modifierForLine(tx, input.modifierId);
    const group = mod ? groups.find((g) => g.id === mod.groupId) : undefined;
    if (!mod || !group) throw badInput(`modifierId ${input.modifierId} is not a modifier of this concession`, 'modifierId');
    if (countIn(group.id) + quantity > group.maximumQuantity) {
      throw badInput(`modifiers: group ${group.groupName} takes at most ${group.maximumQuantity}`, 'quantity');
    }
    const existing = chosen.find((c) => c.row.modifierId === mod.id)?.row;
    if (existing) {
      if (existing.quantity + quantity > MAX_MODIFIER_QUANTITY) {
        throw badInput(`quantity: at most ${MAX_MODIFIER_QUANTITY} of one modifier`, 'quantity');
      }
      await setModifierQuantity(tx, existing.id, existing.quantity + quantity);
      return;
    }
    await insertLineModifier(tx, { orderProductId: line.id, modifierId: mod.id, sku: mod.sku, name: mod.name, price: mod.price, tax: mod.tax, quantity });
  });
}

/** Removes a chosen modifier (by its sku) from a concession line; the group's minimum must still hold. */
export async function removeProductModifier(
  db: Db,
  principal: Principal,
  input: RemoveProductModifierInput,
  settings: OrderSettings,
): Promise<OrderView> {
  requireVendor(principal);
  return mutateOrder(db, principal, input.orderId, settings, async ({ tx, order }) => {
    const line = await openLine(tx, order.id, input.lineNumber, input.token);
    const { groups, chosen, countIn } = await modifierState(tx, line, concessionLine(line));
    const target = chosen.find((c) => c.row.sku === input.modifierSku);
    if (!target) throw notFound('Modifier', input.modifierSku);
    const group = groups.find((g) => g.id === target.groupId);
    const min = group ? Math.max(group.minimumQuantity, group.required ? 1 : 0) : 0;
    if (group && countIn(group.id) - target.row.quantity < min) {
      throw badInput(`modifiers: group ${group.groupName} needs at least ${min}`, 'modifierSku');
    }
    await deleteLineModifier(tx, target.row.id);
  });
}
