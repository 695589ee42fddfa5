/**
 * Retention: the sweeper that prunes what is kept for a while only — idempotency keys
 * (shared/idempotency.ts), the outbox and webhook deliveries (webhook's face) — started by
 * src/background.ts. The face of the folder: sweeper.ts. It has no SQL and no types of its own (the
 * prunes are the statements of their owners), so no store.ts and no model.ts.
 */
export { startRetentionSweeper } from './sweeper';
