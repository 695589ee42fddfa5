import { startExpirySweeper } from '../services/order/expiry';
import { FIRST_MESSAGE_TIMEOUT_MS, SeatFanout } from './fanout';
import { SeatEventRelay } from './relay';
import { startSeatEventSweeper } from './sweeper';
import type { RealtimeDeps } from './types';
import { startGraphqlWs } from './ws';

export type { RealtimeDeps } from './types';

/** How often the expiry sweeper looks for expired orders. */
export const SWEEP_INTERVAL_MS = 1000;

/**
 * Starts the live parts of one instance: the seat-event relay (reads the log) and fan-out (to this
 * instance's subscribers), graphql-ws on /graphql, the order-expiry sweeper and the seat-event log
 * sweeper (both safe to run on every instance). `close()` stops them all.
 */
export async function startRealtime(deps: RealtimeDeps): Promise<{ close(): Promise<void>; fanout: SeatFanout; relay: SeatEventRelay }> {
  const log = (obj: object, msg: string) => deps.app.log.error(obj, msg);
  const { config, database } = deps;
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
  const ws = startGraphqlWs(deps, fanout);
  const sweeper = startExpirySweeper(database.db, {
    intervalMs: SWEEP_INTERVAL_MS,
    onError: (err) => log({ err }, 'order expiry sweep failed'),
  });
  const logSweeper = startSeatEventSweeper(database.db, {
    retentionMs: config.SEAT_EVENT_RETENTION,
    onError: (err) => log({ err }, 'seat event prune failed'),
  });
  return {
    fanout,
    relay,
    async close() {
      await sweeper.stop();
      await logSweeper.stop();
      await ws.close();
      await relay.stop();
      await fanout.stop();
    },
  };
}
