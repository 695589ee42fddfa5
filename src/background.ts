import type { Registry } from 'prom-client';
import type { Database } from '../db/client';
import type { Config } from './config';
import { FIRST_MESSAGE_TIMEOUT_MS, SeatFanout } from './realtime/fanout';
import { SeatEventRelay } from './realtime/relay';
import { startExpirySweeper } from './services/order';
import { startRetentionSweeper } from './services/retention';
import { startSeatEventSweeper } from './services/seating';
import { startRefundBatchSweeper } from './services/showtime';
import { startWebhooks } from './services/webhook';
import type { ReplicaMonitor } from './replica-health';

/** How often the expiry sweeper looks for expired orders. */
export const SWEEP_INTERVAL_MS = 1000;

/** The background loops of one instance, started together by `startBackground`. */
export interface Background {
  /** This instance's fan-out of seat events, fed by the relay; graphql-ws (src/realtime/ws.ts) subscribes through it. */
  fanout: SeatFanout;
  relay: SeatEventRelay;
  /**
   * Stops the loops that write (sweepers, webhook dispatcher), then runs `drain` (the subscribers'
   * sockets, which still read from the fan-out), then stops the relay and the fan-out.
   */
  close(drain?: () => Promise<void>): Promise<void>;
}

/**
 * Starts every background loop of an instance in one place (src/server.ts calls it): the replicas'
 * lag checks, the seat-event relay and this instance's fan-out, the order-expiry sweeper, the seat-event log sweeper, the
 * retention sweeper, the webhook dispatcher and the refund-batch sweeper. Every one is safe to run on
 * every instance (docs/realtime.md and docs/operations.md give each loop's failure rule).
 */
export async function startBackground(args: {
  config: Config;
  database: Database;
  registry: Registry;
  log: (obj: object, msg: string) => void;
  /** The replicas' lag checks (src/replicas.ts), when there are replicas. */
  replicaMonitor?: ReplicaMonitor | null;
}): Promise<Background> {
  const { config, database, registry, log, replicaMonitor } = args;
  await replicaMonitor?.start();
  const fanout = new SeatFanout(database.db, log, {
    bufferLimit: config.SEAT_SUBSCRIBER_BUFFER,
    // A first message waits on the database as a request does: at most its statement timeout + 5 s
    // (20 s when statement timeouts are off).
    firstMessageTimeoutMs: config.DB_STATEMENT_TIMEOUT > 0 ? config.DB_STATEMENT_TIMEOUT + 5000 : FIRST_MESSAGE_TIMEOUT_MS,
  });
  const relay = new SeatEventRelay(database.db, database.relayDb, database.notifier, fanout, {
    pollMs: config.SEAT_EVENT_POLL_INTERVAL,
    log,
  });
  fanout.attach(relay);
  await relay.start();
  const expiry = startExpirySweeper(database.db, {
    intervalMs: SWEEP_INTERVAL_MS,
    onError: (err) => log({ err }, 'order expiry sweep failed'),
  });
  const seatLog = startSeatEventSweeper(database.db, {
    retentionMs: config.SEAT_EVENT_RETENTION,
    onError: (err) => log({ err }, 'seat event prune failed'),
  });
  const webhooks = startWebhooks({ db: database.db, config, registry, log });
  const refundBatches = startRefundBatchSweeper(database.db, { onError: (err) => log({ err }, 'refund batch resume failed') });
  const retention = startRetentionSweeper(database.db, {
    outboxRetentionMs: config.OUTBOX_RETENTION,
    deliveryRetentionMs: config.WEBHOOK_DELIVERY_RETENTION,
    intervalMs: config.RETENTION_SWEEP_INTERVAL,
    onError: (err) => log({ err }, 'retention sweep failed'),
  });
  return {
    fanout,
    relay,
    async close(drain) {
      await replicaMonitor?.stop();
      await retention.stop();
      await refundBatches.stop();
      await webhooks.close();
      await expiry.stop();
      await seatLog.stop();
      await drain?.();
      await relay.stop();
      await fanout.stop();
    },
  };
}
