import { z } from 'zod';
import { text } from '../shared/input-fields';

/**
 * The subscription inputs: their one description and validation (issue 27). REST's opt-in body is
 * parsed with `optInBodySchema` where Fastify validates a body (`zodBody`, which derives its OpenAPI
 * schema), GraphQL's inputs in the resolver (`parseFields`). What needs the catalog or the database (a
 * channel that takes a confirmation, the contact's formats and enrolment, the texted code) stays in the
 * services.
 */

const CODE = 'confirmationCode must be 6 digits';
const confirmationCode = text(6, CODE).regex(/^\d{6}$/, CODE).describe('The 6-digit code texted to the number: confirms a pending SMS opt-in.');
const confirmed = z.boolean().describe('Vendor or admin only: the guest confirmed by replying to the text; confirms a pending SMS opt-in.');

/** REST `POST /v2/subscriptions/{name}/{channel}/{contact}`: no body, null or `{}` opt in. */
export const optInBodySchema = z.object({ confirmationCode: confirmationCode.optional(), confirmed: confirmed.optional() }).strict().nullable();

/** A contact as GraphQL gives it: the service checks that exactly one is given and its format. */
export const contactFieldsSchema = z
  .object({ emailAddress: text(254).nullish(), phoneNumber: text(30).nullish(), subscriberGuid: text(36).nullish() })
  .strict();

const channelFields = { subscriptionName: text(100), channelType: text(40), contact: contactFieldsSchema };

/** GraphQL `subscribeContact`. */
export const subscribeContactSchema = z
  .object({ ...channelFields, confirmationCode: confirmationCode.nullish(), confirmed: confirmed.nullish() })
  .strict();
/** GraphQL `unsubscribeContact`. */
export const unsubscribeContactSchema = z.object(channelFields).strict();
