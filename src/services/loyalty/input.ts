import { z } from 'zod';

/**
 * Bodies of the loyalty writes: their one description and validation. Each surface parses a body once
 * with these schemas before the service runs (REST where Fastify validates a body, `zodBody` in
 * src/rest/schema-compilers.ts, which also derives the OpenAPI schema from them; GraphQL in the
 * resolver), and the services take the parsed values. A failure is BAD_USER_INPUT naming the field
 * (`earnItems[2].price`). What needs the database (an item already earned, the card's state) is the
 * services' own.
 */

/** A positive USD amount with at most two decimal places, at most 1,000,000. */
export const amount = (field: string) =>
  z
    .number({ invalid_type_error: `${field} must be a number`, required_error: `${field} is required` })
    .finite()
    .positive(`${field} must be positive`)
    .max(1_000_000, `${field} must be at most 1000000`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${field} must have at most two decimal places`);

const USD = 'Positive USD, at most two decimals.';
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().max(max).nullish();

const earnItemSchema = z
  .object({
    productId: text(100).describe("Identifies the sold item among the vendor's sales; an item earns once."),
    description: optionalText(200),
    ticketType: optionalText(40),
    feature: optionalText(200),
    featureId: optionalText(40),
    auditoriumId: optionalText(40),
    price: amount('price').describe(USD),
  })
  .strict();

export const earnForItemsSchema = z
  .object({
    total: amount('total').describe(USD),
    earnItems: z.array(earnItemSchema).min(1, 'earnItems needs at least one item').max(100, 'earnItems takes at most 100 items'),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.earnItems.forEach((item, i) => {
      if (seen.has(item.productId)) ctx.addIssue({ code: 'custom', path: ['earnItems', i, 'productId'], message: 'productId appears twice' });
      seen.add(item.productId);
    });
    const sum = body.earnItems.reduce((s, item) => s + item.price, 0);
    if (sum - body.total > 0.005) ctx.addIssue({ code: 'custom', path: ['total'], message: 'total must be at least the sum of the item prices' });
  });
export type EarnForItemsInput = z.infer<typeof earnForItemsSchema>;

export const waiveFeesSchema = z.object({ amount: amount('amount').describe(USD) }).strict();
export type WaiveFeesInput = z.infer<typeof waiveFeesSchema>;

/** An SSN: nine digits, as an integer (the spec) or a string (`123-45-6789` allowed). */
const ssn = z
  .union([z.number().int().min(1).max(999_999_999), z.string().regex(/^\d{3}-?\d{2}-?\d{4}$/, 'ssn must be nine digits')])
  .describe('Nine digits (an integer, or a string such as 123-45-6789).');

export const validationSchema = z
  .object({
    loyaltyCard: z
      .object({
        number: text(40)
          .regex(/^(?:[A-Za-z0-9]+|id-[1-9][0-9]{0,9})$/, 'number must be letters and digits, or id-{cardId} as links write it')
          .describe('A card number, or `id-{cardId}` (answered only to a caller who may read that card by id; else NotFound).'),
      })
      .strict()
      .optional(),
    associate: z.object({ ssn, associateId: z.number().int().min(1).max(2_147_483_647) }).strict().optional(),
  })
  .strict()
  .refine((b) => (b.loyaltyCard === undefined) !== (b.associate === undefined), {
    message: 'give exactly one of loyaltyCard and associate',
    path: ['loyaltyCard'],
  });
export type ValidationInput = z.infer<typeof validationSchema>;
