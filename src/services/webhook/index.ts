/**
 * Webhooks (docs/webhooks.md): subscriptions of vendors, the outbox of events, and the dispatcher that
 * delivers them. The face of the folder: other layers and other domains import from here only.
 *
 * model.ts (types, event types, settings), store.ts (its SQL, each statement tagged: the
 * dispatcher's deliveries, was delivery-store.ts, and the subscriptions'), subscriptions.ts (create,
 * read, change, delete subscriptions), dispatcher.ts (lease, send, retry), send.ts (the HTTP post),
 * input.ts (the subscription input's zod schema), signing.ts (secrets and signatures), target.ts (which callback addresses are allowed), wake.ts (the
 * in-process wake-up), retention.ts (pruning, run by the retention domain's sweeper), start.ts (the dispatcher of an
 * instance, with its metrics).
 */
export { WEBHOOK_EVENT_TYPES, webhookSettings, type DeliveryView, type SubscriptionView } from './model';
export {
  createSubscription,
  deleteSubscription,
  getSubscription,
  listDeliveries,
  listSubscriptions,
  listWebhookEventTypes,
  redeliver,
  rotateSecret,
  testSubscriptions,
} from './subscriptions';
export { WebhookDispatcher, jittered } from './dispatcher';
export { startWebhooks } from './start';
export { checkHref, isPrivateAddress, MAX_HREF_LENGTH } from './target';
export { createWebhookSchema } from './input';
export { callbackBody, signatureHeader } from './signing';
export { onWebhookWork, wakeWebhooks } from './wake';
export { pruneOutboxEvents, pruneWebhookDeliveries } from './retention';
