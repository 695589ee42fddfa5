/**
 * Retention: the sweeper that prunes what is kept for a while only — idempotency keys
 * (shared/idempotency.ts), the outbox and webhook deliveries (webhook's face) — started by
 * src/background.ts. The face of the folder: sweeper.ts.
 */
export * from './sweeper';
