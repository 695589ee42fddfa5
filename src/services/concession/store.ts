import { and, asc, countDistinct, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  concessions,
  orderProducts,
  pickupTimeSlots,
  theatreConcessions,
  theatres,
} from '../../../db/schema';
import type { ConcessionFilters } from './model';

/**
 * Concessions' SQL: the statements of the menu that are not the read planner's (the upsell loader's, the
 * planner's list conditions) and of the pickup times (pickup.ts), each under its `// statement: <name>` tag.
 */

/** Order-product statuses that hold a pickup slot. */
export const ACTIVE_PICKUP_STATUSES = ['Pending', 'Held', 'Submitted', 'Fulfilled'];

/**
 * Listed products: available at the theatre, not modifier-only, matching the filters (in SQL). The
 * conditions name the tables `theatre_concessions` and `concessions` themselves: the read planner's
 * concession page (src/read-planner/catalog.ts) applies the same conditions to the same two tables.
 */
export function concessionListConditions(filters: ConcessionFilters): SQL[] {
  const conditions: SQL[] = [eq(theatreConcessions.isAvailable, true), eq(concessions.isModifierOnly, false)];
  if (filters.category) {
    // A category matches itself and up to two levels of parents (the menu has three levels).
    conditions.push(sql`exists (select 1 from concession_category_assignments cca
      join concession_categories c on c.id = cca.category_id
      left join concession_categories p on p.id = c.parent_id
      left join concession_categories gp on gp.id = p.parent_id
      where cca.concession_id = concessions.id
        and lower(${filters.category}) in (lower(c.name), lower(p.name), lower(gp.name)))`);
  }
  if (filters.group) {
    conditions.push(sql`exists (select 1 from concession_groups g
      where g.concession_id = concessions.id and lower(g.name) = lower(${filters.group}))`);
  }
  return conditions;
}

// --- pickup times ------------------------------------------------------------------------------

/** The daily pickup slot templates of theatres, by theatre and local time. */
export function pickupSlotsOf(db: Db, theatreIds: number[]) {
  // statement: pickupSlotsOf
  return db
    .select()
    .from(pickupTimeSlots)
    .where(inArray(pickupTimeSlots.theatreId, theatreIds))
    .orderBy(asc(pickupTimeSlots.theatreId), asc(pickupTimeSlots.timeLocal));
}

/** The distinct orders with an active concession line picked up at each time of theatres, between `from` and `to`. */
export function pickupBookingsOf(db: Db, theatreIds: number[], from: Date, to: Date) {
  // statement: pickupBookingsOf
  return db
    .select({
      theatreId: sql<number>`coalesce(${orderProducts.theatreId}, ${theatreConcessions.theatreId})`.mapWith(Number),
      at: orderProducts.pickupDateTimeUtc,
      orders: countDistinct(orderProducts.orderId),
    })
    .from(orderProducts)
    .leftJoin(theatreConcessions, eq(theatreConcessions.id, orderProducts.theatreConcessionId))
    .where(
      and(
        gte(orderProducts.pickupDateTimeUtc, from),
        lte(orderProducts.pickupDateTimeUtc, to),
        inArray(orderProducts.status, ACTIVE_PICKUP_STATUSES),
        sql`coalesce(${orderProducts.theatreId}, ${theatreConcessions.theatreId}) in (${sql.join(
          theatreIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
    .groupBy(sql`1`, orderProducts.pickupDateTimeUtc);
}

/** The timezones of theatres. */
export function timezonesOfTheatres(db: Db, theatreIds: number[]): Promise<{ id: number; timezone: string }[]> {
  // statement: timezonesOfTheatres
  return db.select({ id: theatres.id, timezone: theatres.timezone }).from(theatres).where(inArray(theatres.id, theatreIds));
}
