import type { SeatFanout } from './fanout';
import type { RealtimeDeps } from './types';
import { startGraphqlWs } from './ws';

export type { RealtimeDeps } from './types';

/**
 * Starts graphql-ws on /graphql for this instance's seat-map subscribers, fed by `fanout` (the relay
 * and the other background loops start in src/background.ts). `close()` stops it.
 */
export function startRealtime(deps: RealtimeDeps, fanout: SeatFanout): { close(): Promise<void> } {
  return startGraphqlWs(deps, fanout);
}
