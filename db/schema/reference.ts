import { pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

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
