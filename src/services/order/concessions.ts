import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { concessions, modifierGroups, modifiers, orderProductModifiers, orderProducts, theatreConcessions } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { badInput, notFound } from '../../errors';
import type { OrderView } from './model';
import { mutateOrder, nextLineNumber, requireVendor, type OrderSettings } from './store';

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
      .where(eq(theatreConcessions.id, input.theatreConcessionId));
    if (!product) throw notFound('Theatre concession', input.theatreConcessionId);
    if (!product.isAvailable || product.isModifierOnly) {
      throw badInput(`Concession ${input.theatreConcessionId} is not available`, 'theatreConcessionId');
    }
    // statement: modifierGroupsOfConcession
    const groups = await tx.select().from(modifierGroups).where(eq(modifierGroups.concessionId, product.concessionId));
    const chosen = wanted.length
      // statement: modifiersChosen
      ? await tx
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
          .where(inArray(modifiers.id, wanted.map((m) => m.modifierId)))
      : [];
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
    // statement: insertConcessionLine
    const [line] = await tx
      .insert(orderProducts)
      .values({
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
      })
      .returning({ id: orderProducts.id });
    if (wanted.length > 0) {
      // statement: insertLineModifiers
      await tx.insert(orderProductModifiers).values(
        wanted.map((m) => {
          const mod = byId.get(m.modifierId)!;
          return { orderProductId: line.id, modifierId: mod.id, sku: mod.sku, name: mod.name, price: mod.price, tax: mod.tax, quantity: m.quantity };
        }),
      );
    }
  });
}
