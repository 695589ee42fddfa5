import { z } from 'zod';
import { INT4_MAX } from '../../bounds';
import { MAX_PARTY, seatListSchema } from '../seating';
import { int4, intFrom, rowId, text } from '../shared/input-fields';
import { MAX_CONCESSION_QUANTITY, MAX_MODIFIER_QUANTITY, MAX_MODIFIERS } from './concessions';
import { PAYMENT_TYPES, TICKET_TYPES } from './model';
import { MAX_REFUND_LINES } from './refund';
import { MAX_SEATS_PER_CALL } from './tickets';

/**
 * The order inputs: their one description and validation (issue 27). Each surface parses an input once
 * with these schemas before the service runs (`parseFields`, src/services/shared/parse-input.ts): REST
 * where Fastify validates a body (`zodBody`, src/rest/schema-compilers.ts, which also derives the
 * OpenAPI body from them), GraphQL in the resolver. The services take the parsed values and keep what
 * needs the database or the clock (a card that exists, a seat of the layout, a pickup in the future).
 *
 * A GraphQL input is the REST body's fields plus what REST carries in its path (the order, the line),
 * so both are built from one set of fields; REST's own wrappers (the product body that takes tickets,
 * a party or a concession; `bestAvailable`) are built from the same fields.
 */

const oneOf = (field: string, values: readonly string[]) => ({ message: `${field} must be one of ${values.join(', ')}` });

/** The order or line a GraphQL input names (REST has it in the path, where an unknown id is a 404). */
const orderRef = () => int4();

// ---------------------------------------------------------------------------------------------------
// Create and update

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const reference = (field: string) => text(100, `${field} must be 1 to 100 characters`).min(1, `${field} must be 1 to 100 characters`).nullish();

/** Create and update take the same optional fields; on update `null` clears and an absent field is kept. */
export const orderFieldsSchema = z
  .object({
    email: text(254, 'email must be an email address').regex(EMAIL, 'email must be an email address').nullish().describe('An email address.'),
    loyaltyCardNumber: text(40).nullish().describe('An existing loyalty card.'),
    vendorTransactionId: reference('vendorTransactionId').describe("The vendor's own reference of the order."),
    shoppingCartId: reference('shoppingCartId').describe('Create the order from this shopping cart.'),
  })
  .strict();

// ---------------------------------------------------------------------------------------------------
// Tickets: given seats, or the best available for a party

const ticketType = z.enum(TICKET_TYPES, { errorMap: () => oneOf('ticketType', TICKET_TYPES) });
const seatsSchema = seatListSchema(MAX_SEATS_PER_CALL, `seats: at most ${MAX_SEATS_PER_CALL} per call`);

const ticketFields = {
  showtimeId: rowId('showtimeId must be a positive integer').describe('Tickets: the showtime.'),
  seats: seatsSchema.describe(`Tickets: 1–${MAX_SEATS_PER_CALL} distinct seats, all held or none.`),
  ticketType: ticketType.optional().describe('ADULT (default), CHILD or SENIOR.'),
};

const partyFields = {
  quantity: intFrom(1, MAX_PARTY, `quantity must be an integer from 1 to ${MAX_PARTY}`).describe(`People in the party, 1–${MAX_PARTY}.`),
  zoneNumber: intFrom(0, INT4_MAX, 'zoneNumber must be a zone number of the layout').nullish().describe('Only seats of this price zone of the layout.'),
  accessible: z.boolean().optional().describe('One wheelchair space and quantity − 1 companion seats beside it (default false).'),
  allowSplit: z.boolean().optional().describe('When no block seats the party together: the fewest rows, adjacent rows first (default false).'),
};

/** GraphQL `addTickets`. */
export const addTicketsSchema = z.object({ orderId: orderRef(), ...ticketFields }).strict();

/** GraphQL `addBestAvailableTickets`. */
export const addBestAvailableSchema = z
  .object({ orderId: orderRef(), showtimeId: ticketFields.showtimeId, ticketType: ticketFields.ticketType, ...partyFields })
  .strict();

// ---------------------------------------------------------------------------------------------------
// A concession line

const MODIFIER = `modifiers: quantity must be an integer from 1 to ${MAX_MODIFIER_QUANTITY}`;

const modifiersSchema = z
  .array(z.object({ modifierId: int4(), quantity: intFrom(1, MAX_MODIFIER_QUANTITY, MODIFIER) }))
  .max(MAX_MODIFIERS, `modifiers: at most ${MAX_MODIFIERS}`)
  .superRefine((mods, ctx) => {
    const seen = new Set<number>();
    for (const m of mods) {
      if (seen.has(m.modifierId)) ctx.addIssue({ code: 'custom', message: `modifiers: modifier ${m.modifierId} is given twice` });
      seen.add(m.modifierId);
    }
  });

const PICKUP = 'pickupDateTimeUtc must be an ISO-8601 date-time';
const concessionFields = {
  theatreConcessionId: int4().describe('A concession: the theatre product assignment id.'),
  quantity: intFrom(1, MAX_CONCESSION_QUANTITY, `quantity must be an integer from 1 to ${MAX_CONCESSION_QUANTITY}`)
    .optional()
    .describe(`A concession: 1–${MAX_CONCESSION_QUANTITY} (default 1).`),
  modifiers: modifiersSchema.nullish().describe(`A concession: at most ${MAX_MODIFIERS}.`),
  pickupDateTimeUtc: text(undefined, PICKUP)
    .regex(/^\d{4}-\d{2}-\d{2}T/, PICKUP)
    .refine((v) => !Number.isNaN(new Date(v).getTime()), PICKUP)
    .nullish()
    .describe('A concession: pickup time, ISO-8601 UTC, in the future.'),
};

/** GraphQL `addConcession`. */
export const addConcessionSchema = z.object({ orderId: orderRef(), ...concessionFields }).strict();

/**
 * REST `POST /v2/orders/{orderId}/products`: tickets (`showtimeId` with `seats`, or with `bestAvailable`)
 * or one concession (`theatreConcessionId`), every field of both optional; the route says which fields
 * go together.
 */
export const productBodySchema = z
  .object({
    showtimeId: ticketFields.showtimeId.optional(),
    seats: ticketFields.seats.optional(),
    bestAvailable: z
      .object(partyFields)
      .strict()
      .optional()
      .describe('Tickets, instead of seats: the service chooses the best seats for the party (docs/seating.md), all held or none.'),
    ticketType: ticketFields.ticketType,
    theatreConcessionId: concessionFields.theatreConcessionId.optional(),
    quantity: concessionFields.quantity,
    // REST's modifiers are a list or absent; GraphQL's nullable field reads null as absent.
    modifiers: modifiersSchema.optional().describe(`A concession: at most ${MAX_MODIFIERS}.`),
    pickupDateTimeUtc: concessionFields.pickupDateTimeUtc,
  })
  .strict();

// ---------------------------------------------------------------------------------------------------
// Changes of a line

const lineEdit = {
  ticketType: ticketFields.ticketType.describe('Tickets: the new ticket type (re-priced).'),
  quantity: concessionFields.quantity.describe(`A concession: 1–${MAX_CONCESSION_QUANTITY}.`),
};
const giveOne = (edit: { ticketType?: unknown; quantity?: unknown }, ctx: z.RefinementCtx) => {
  if (edit.ticketType === undefined && edit.quantity === undefined) {
    ctx.addIssue({ code: 'custom', path: ['ticketType'], message: 'Give ticketType (a ticket) or quantity (a concession)' });
  }
};

/** REST `PUT /v2/orders/{orderId}/products/{lineNumber}`. */
export const lineEditBodySchema = z.object(lineEdit).strict().superRefine(giveOne);
/** GraphQL `updateOrderProduct` (its nulls read as absent). */
export const updateOrderProductSchema = z.object({ orderId: orderRef(), lineNumber: orderRef(), ...lineEdit }).strict().superRefine(giveOne);

const modifierAdd = {
  modifierId: rowId('modifierId must be a positive integer').describe('The modifier (its product id).'),
  quantity: intFrom(1, MAX_MODIFIER_QUANTITY, `quantity must be an integer from 1 to ${MAX_MODIFIER_QUANTITY}`)
    .optional()
    .describe(`1–${MAX_MODIFIER_QUANTITY}, default 1.`),
};
const lineToken = () => text(64).describe("The line's token (OrderProduct.token).");

/** REST `POST …/products/{lineNumber}/token-{token}/modifiers`. */
export const modifierBodySchema = z.object(modifierAdd).strict();
/** GraphQL `addProductModifier`. */
export const addProductModifierSchema = z.object({ orderId: orderRef(), lineNumber: orderRef(), token: lineToken(), ...modifierAdd }).strict();
/** GraphQL `removeProductModifier` (REST has every part in its path). */
export const removeProductModifierSchema = z
  .object({ orderId: orderRef(), lineNumber: orderRef(), token: lineToken(), modifierSku: text(64).describe("The modifier's stock-keeping unit.") })
  .strict();

// ---------------------------------------------------------------------------------------------------
// Payments, refunds, loyalty discounts

const AMOUNT = 'amount must be a positive amount of dollars with at most two decimals';
const CARD = 'cardNumber must be 4 to 19 digits';

const paymentFields = {
  type: z.enum(PAYMENT_TYPES, { errorMap: () => oneOf('type', PAYMENT_TYPES) }).describe('The tender type.'),
  amount: z
    .number({ invalid_type_error: AMOUNT, required_error: 'amount is required' })
    .positive(AMOUNT)
    .max(100_000, AMOUNT)
    .refine((a) => Math.abs(a * 100 - Math.round(a * 100)) <= 1e-6, AMOUNT)
    .describe('Decimal USD, > 0, at most two decimals.'),
  cardNumber: text(23, CARD)
    .refine((c) => /^\d{4,19}$/.test(c.replace(/[\s-]/g, '')), CARD)
    .nullish()
    .describe('4–19 digits (spaces and dashes allowed); only the last four are kept.'),
};

/** REST `POST /v2/orders/{orderId}/payments`. */
export const paymentBodySchema = z.object(paymentFields).strict();
/** GraphQL `addPayment`. */
export const addPaymentSchema = z.object({ orderId: orderRef(), ...paymentFields }).strict();

const LINES = 'lineNumbers must be distinct positive integers';
const refundFields = {
  reason: text(undefined, 'reason is required').min(1, 'reason is required').describe('A refund reason name (GET /v1/refund-reasons).'),
  lineNumbers: z
    .array(rowId(LINES))
    .max(MAX_REFUND_LINES, `lineNumbers: at most ${MAX_REFUND_LINES}`)
    .refine((lines) => new Set(lines).size === lines.length, LINES)
    .optional()
    .describe(`Fulfilled lines to refund (at most ${MAX_REFUND_LINES}); absent or empty: all.`),
};

/** REST `POST /v2/orders/{orderId}/refunds`. */
export const refundBodySchema = z.object(refundFields).strict();
/** GraphQL `refundOrder` (a null lineNumbers reads as absent). */
export const refundOrderSchema = z.object({ orderId: orderRef(), ...refundFields }).strict();

const CARD_REQUIRED = 'loyaltyCardNumber is required';
/** REST `POST /v2/orders/{orderId}/loyalty-discounts`; GraphQL `applyLoyaltyDiscounts(orderId, loyaltyCardNumber)`. */
export const loyaltyDiscountsSchema = z
  .object({ loyaltyCardNumber: text(40, CARD_REQUIRED).min(1, CARD_REQUIRED).describe('An active loyalty card (Premiere waives convenience fees).') })
  .strict();
