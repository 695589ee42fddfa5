import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import {
  concessions,
  loyaltyCards,
  modifierGroups,
  modifiers,
  orderProductModifiers,
  orderProducts,
  orders,
  seatClaims,
  showtimeTicketPrices,
  smsConfirmations,
  theatreConcessions,
} from '../../../db/schema';

/**
 * The statements of an order's lines (concessions.ts, product-edit.ts, cancel.ts's line removal,
 * loyalty-discounts.ts, sms.ts), each under its `// statement: <name>` tag. Every one runs in the
 * order's write transaction (`mutateOrder`, store.ts), so each takes it.
 */

type ProductRow = typeof orderProducts.$inferSelect;

/** A line of the order, or undefined. */
export async function orderLineOf(tx: Tx, orderId: number, lineNumber: number): Promise<ProductRow | undefined> {
  // statement: orderLineOf
  const [line] = await tx
    .select()
    .from(orderProducts)
    .where(and(eq(orderProducts.orderId, orderId), eq(orderProducts.lineNumber, lineNumber)));
  return line;
}

// ---- concession lines (concessions.ts, product-edit.ts) ------------------------------------------

/** The theatre's offer of a concession with the product's sku, name and flags, or undefined. */
export async function theatreConcessionForLine(tx: Tx, theatreConcessionId: number) {
  // statement: theatreConcessionForLine
  const [product] = await tx
    .select({
      theatreId: theatreConcessions.theatreId,
      price: theatreConcessions.price,
      tax: theatreConcessions.tax,
      isAvailable: theatreConcessions.isAvailable,
      concessionId: concessions.id,
      sku: concessions.sku,
      name: concessions.displayName,
      isModifierOnly: concessions.isModifierOnly,
    })
    .from(theatreConcessions)
    .innerJoin(concessions, eq(concessions.id, theatreConcessions.concessionId))
    .where(eq(theatreConcessions.id, theatreConcessionId));
  return product;
}

/** The modifier groups of a concession. */
export function modifierGroupsOfConcession(tx: Tx, concessionId: number) {
  // statement: modifierGroupsOfConcession
  return tx.select().from(modifierGroups).where(eq(modifierGroups.concessionId, concessionId));
}

/** The modifiers of these ids with their group and their product's sku and name. */
export function modifiersChosen(tx: Tx, modifierIds: number[]) {
  // statement: modifiersChosen
  return tx
    .select({
      id: modifiers.id,
      groupId: modifiers.modifierGroupId,
      price: modifiers.price,
      tax: modifiers.tax,
      sku: concessions.sku,
      name: concessions.displayName,
    })
    .from(modifiers)
    .innerJoin(concessions, eq(concessions.id, modifiers.concessionId))
    .where(inArray(modifiers.id, modifierIds));
}

/** Inserts a concession line and answers its id. */
export async function insertConcessionLine(tx: Tx, line: typeof orderProducts.$inferInsert): Promise<number> {
  // statement: insertConcessionLine
  const [row] = await tx.insert(orderProducts).values(line).returning({ id: orderProducts.id });
  return row.id;
}

/** Inserts the modifiers of a line. */
export async function insertLineModifiers(tx: Tx, rows: (typeof orderProductModifiers.$inferInsert)[]): Promise<void> {
  // statement: insertLineModifiers
  await tx.insert(orderProductModifiers).values(rows);
}

/** The concession a theatre's offer sells, or undefined. */
export async function concessionOfTheatreConcession(tx: Tx, theatreConcessionId: number): Promise<{ concessionId: number } | undefined> {
  // statement: concessionOfTheatreConcession
  const [product] = await tx
    .select({ concessionId: theatreConcessions.concessionId })
    .from(theatreConcessions)
    .where(eq(theatreConcessions.id, theatreConcessionId));
  return product;
}

/** The line's chosen modifiers, each with its group. */
export function modifiersOfLine(tx: Tx, lineId: number) {
  // statement: modifiersOfLine
  return tx
    .select({ row: orderProductModifiers, groupId: modifiers.modifierGroupId })
    .from(orderProductModifiers)
    .innerJoin(modifiers, eq(modifiers.id, orderProductModifiers.modifierId))
    .where(eq(orderProductModifiers.orderProductId, lineId));
}

/** One modifier with its group and its product's sku and name, or undefined. */
export async function modifierForLine(tx: Tx, modifierId: number) {
  // statement: modifierForLine
  const [mod] = await tx
    .select({ id: modifiers.id, groupId: modifiers.modifierGroupId, price: modifiers.price, tax: modifiers.tax, sku: concessions.sku, name: concessions.displayName })
    .from(modifiers)
    .innerJoin(concessions, eq(concessions.id, modifiers.concessionId))
    .where(eq(modifiers.id, modifierId));
  return mod;
}

/** Sets the quantity of a line's modifier. */
export async function setModifierQuantity(tx: Tx, lineModifierId: number, quantity: number): Promise<void> {
  // statement: addModifierQuantity
  await tx.update(orderProductModifiers).set({ quantity }).where(eq(orderProductModifiers.id, lineModifierId));
}

/** Adds a modifier to a line. */
export async function insertLineModifier(tx: Tx, row: typeof orderProductModifiers.$inferInsert): Promise<void> {
  // statement: insertLineModifier
  await tx.insert(orderProductModifiers).values(row);
}

/** Removes a modifier from a line. */
export async function deleteLineModifier(tx: Tx, lineModifierId: number): Promise<void> {
  // statement: deleteLineModifier
  await tx.delete(orderProductModifiers).where(eq(orderProductModifiers.id, lineModifierId));
}

/** Sets a concession line's quantity. */
export async function setLineQuantity(tx: Tx, lineId: number, quantity: number): Promise<void> {
  // statement: setLineQuantity
  await tx.update(orderProducts).set({ quantity }).where(eq(orderProducts.id, lineId));
}

// ---- ticket lines (product-edit.ts, cancel.ts, loyalty-discounts.ts) -----------------------------

/** The showtime's price of a ticket type, or undefined. */
export async function ticketPriceOfShowtime(tx: Tx, showtimeId: number, ticketType: string) {
  // statement: ticketPriceOfShowtime
  const [price] = await tx
    .select()
    .from(showtimeTicketPrices)
    .where(and(eq(showtimeTicketPrices.showtimeId, showtimeId), eq(showtimeTicketPrices.type, ticketType)));
  return price;
}

/** Re-prices a ticket line as another type. */
export async function setLineTicketType(
  tx: Tx,
  lineId: number,
  set: Pick<typeof orderProducts.$inferInsert, 'ticketType' | 'cost' | 'tax' | 'sku'>,
): Promise<void> {
  // statement: setLineTicketType
  await tx.update(orderProducts).set(set).where(eq(orderProducts.id, lineId));
}

/** Cancels a line (it stays for history). */
export async function cancelLine(tx: Tx, lineId: number): Promise<void> {
  // statement: cancelLine
  await tx.update(orderProducts).set({ status: 'Cancelled', expiresAt: null }).where(eq(orderProducts.id, lineId));
}

/** Releases the seat the order holds for a ticket line; answers the seat released (none if it held none). */
export function releaseLineSeat(tx: Tx, orderId: number, seat: { showtimeId: number; row: number; column: number }, now: Date) {
  // statement: releaseLineSeat
  return tx
    .update(seatClaims)
    .set({ status: 'released', expiresAt: null, updatedAt: now })
    .where(
      and(
        eq(seatClaims.orderId, orderId),
        eq(seatClaims.showtimeId, seat.showtimeId),
        eq(seatClaims.row, seat.row),
        eq(seatClaims.column, seat.column),
        eq(seatClaims.status, 'held'),
      ),
    )
    .returning({ row: seatClaims.row, column: seatClaims.column });
}

/** A loyalty card by its number, or undefined. */
export async function cardByNumber(tx: Tx, cardNumber: string): Promise<typeof loyaltyCards.$inferSelect | undefined> {
  // statement: cardByNumber
  const [card] = await tx.select().from(loyaltyCards).where(eq(loyaltyCards.cardNumber, cardNumber)).limit(1);
  return card;
}

/** Makes a card the order's card. */
export async function setOrderCard(tx: Tx, orderId: number, loyaltyCardNumber: string): Promise<void> {
  // statement: setOrderCard
  await tx.update(orders).set({ loyaltyCardNumber }).where(eq(orders.id, orderId));
}

/** The order's open ticket lines (Held or Pending) with their fees. */
export function ticketLinesOfOrder(tx: Tx, orderId: number) {
  // statement: ticketLinesOfOrder
  return tx
    .select({ id: orderProducts.id, fees: orderProducts.fees })
    .from(orderProducts)
    .where(and(eq(orderProducts.orderId, orderId), eq(orderProducts.kind, 'Ticket'), inArray(orderProducts.status, ['Held', 'Pending'])));
}

/** Writes a line's fees. */
export async function setLineFees(tx: Tx, lineId: number, fees: ProductRow['fees']): Promise<void> {
  // statement: setLineFees
  await tx.update(orderProducts).set({ fees }).where(eq(orderProducts.id, lineId));
}

/** Records a request to text a ticket's confirmation (sms.ts). */
export async function insertSmsConfirmation(tx: Tx, orderProductId: number, phoneNumber: string, now: Date): Promise<void> {
  // statement: insertSmsConfirmation
  await tx.insert(smsConfirmations).values({ orderProductId, phoneNumber, createdAt: now });
}
