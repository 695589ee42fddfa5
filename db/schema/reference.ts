import { bigint, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

/** The spec's refund reasons; a name may appear under two types (PowerOutage, UnforeseenMaintenance). */
export const refundReasons = pgTable(
  'refund_reasons',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    typeDescription: text('type_description').notNull(),
  },
  (t) => [unique('refund_reasons_type_name_uq').on(t.typeDescription, t.name)],
);

/**
 * One row whose `version` moves with every write to reference data (attributes and their groups,
 * markets, refund reasons, content types, image sizes): statement triggers bump it in the writing
 * transaction, so it changes exactly when such a write commits. Instances keep reference data in
 * process and compare this number to drop it (src/loaders/reference-cache.ts, docs/decisions.md).
 */
export const referenceVersion = pgTable('reference_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
