import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { badInput, notFound } from '../../errors';
import type { OrderView } from './model';
import { mutateOrder, nextLineNumber, requireVendor, type OrderSettings } from './store';
import { insertConcessionLine, insertLineModifiers, modifierGroupsOfConcession, modifiersChosen, theatreConcessionForLine } from './store-lines';

/** Body of addConcession (GraphQL `AddConcessionInput`, REST `POST /v2/orders/{orderId}/products` with a concession). */
export interface AddConcessionInput {
  orderId: number;
  /** The theatre's product assignment id (the spec's theatre-product-assignment-id). */
  theatreConcessionId: number;
  /** 1 when absent. */
  quantity?: number;
  modifiers?: { modifierId: number; quantity: number }[] | null;
  /** When to pick the order up (ISO-8601 UTC); in the future. */
  pickupDateTimeUtc?: string | null;
}

export const MAX_CONCESSION_QUANTITY = 20;
export const MAX_MODIFIER_QUANTITY = 10;
/** The most modifiers one line takes (the demo chain's richest concession has 8). */
export const MAX_MODIFIERS = 20;

/**
 * The pickup time of a concession line, which must be in the future (null without one). The input's
 * formats, bounds and distinct modifiers are checked where each surface parses it (`addConcessionSchema`,
 * input.ts).
 */
export function pickupTimeOf(input: AddConcessionInput, now: Date): Date | null {
  if (input.pickupDateTimeUtc == null) return null;
  const pickup = new Date(input.pickupDateTimeUtc);
  if (pickup.getTime() <= now.getTime()) throw badInput('pickupDateTimeUtc must be in the future', 'pickupDateTimeUtc');
  return pickup;
}

/**
 * Adds a concession line (with its modifiers) to a pending order. The product must be offered and
 * available at its theatre; each modifier must belong to one of the product's modifier groups, and
 * every group's minimum and maximum quantities hold.
 */
export async function addConcession(
  db: Db,
  principal: Principal,
  input: AddConcessionInput,
  settings: OrderSettings,
): Promise<OrderView> {
  requireVendor(principal);
  const pickup = pickupTimeOf(input, new Date());
  const wanted = input.modifiers ?? [];
  return mutateOrder(db, principal, input.orderId, settings, async ({ tx, order }) => {
    const product = await theatreConcessionForLine(tx, input.theatreConcessionId);
    if (!product) throw notFound('Theatre concession', input.theatreConcessionId);
    if (!product.isAvailable || product.isModifierOnly) {
      throw badInput(`Concession ${input.theatreConcessionId} is not available`, 'theatreConcessionId');
    }
    const groups = await modifierGroupsOfConcession(tx, product.concessionId);
    const chosen = wanted.length ? await modifiersChosen(tx, wanted.map((m) => m.modifierId)) : [];
    const groupIds = new Set(groups.map((g) => g.id));
    const byId = new Map(chosen.filter((m) => groupIds.has(m.groupId)).map((m) => [m.id, m]));
    const foreign = wanted.filter((m) => !byId.has(m.modifierId)).map((m) => m.modifierId);
    if (foreign.length > 0) throw badInput(`modifiers: ${foreign.join(', ')} are not modifiers of this concession`, 'modifiers');
    for (const g of groups) {
      const n = wanted.filter((m) => byId.get(m.modifierId)!.groupId === g.id).reduce((s, m) => s + m.quantity, 0);
      const min = Math.max(g.minimumQuantity, g.required ? 1 : 0);
      if (n < min || n > g.maximumQuantity) {
        throw badInput(`modifiers: group ${g.groupName} takes ${min} to ${g.maximumQuantity}, got ${n}`, 'modifiers');
      }
    }
    const lineNumber = await nextLineNumber(tx, order.id);
    const lineId = await insertConcessionLine(tx, {
      orderId: order.id,
      lineNumber,
      kind: 'Concession',
      status: 'Pending',
      sku: product.sku,
      name: product.name,
      quantity: input.quantity ?? 1,
      cost: product.price,
      tax: product.tax,
      theatreId: product.theatreId,
      theatreConcessionId: input.theatreConcessionId,
      pickupDateTimeUtc: pickup,
    });
    if (wanted.length > 0) {
      await insertLineModifiers(
        tx,
        wanted.map((m) => {
          const mod = byId.get(m.modifierId)!;
          return { orderProductId: lineId, modifierId: mod.id, sku: mod.sku, name: mod.name, price: mod.price, tax: mod.tax, quantity: m.quantity };
        }),
      );
    }
  });
}
