import { z } from 'zod';
import { text } from '../shared/input-fields';
import { WEBHOOK_EVENT_TYPES } from './model';
import { MAX_HREF_LENGTH } from './target';

/**
 * The webhook subscription input: its one description and validation (issue 27). REST's body is parsed
 * with it where Fastify validates a body (`zodBody`, which derives its OpenAPI schema), GraphQL's
 * `createWebhook` input in the resolver (`parseFields`). The callback address's policy (https, a public
 * host that resolves) needs the settings and DNS: `checkHref`, in the service.
 */

const EVENT_TYPES = WEBHOOK_EVENT_TYPES.map((e) => e.type) as [string, ...string[]];

export const createWebhookSchema = z.object({
  eventType: z
    .enum(EVENT_TYPES, { errorMap: () => ({ message: `eventType must be one of ${EVENT_TYPES.join(', ')}` }) })
    .describe('Orders.Refund or Orders.BatchRefund (see the event types).'),
  href: text(MAX_HREF_LENGTH, `href: at most ${MAX_HREF_LENGTH} characters`).describe('Absolute https URL of a public host.'),
});
