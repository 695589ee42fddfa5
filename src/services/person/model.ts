import type { movieCredits, people } from '../../../db/schema';

export type PersonRow = typeof people.$inferSelect;
export type CreditRow = typeof movieCredits.$inferSelect;
