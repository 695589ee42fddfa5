import fs from 'node:fs';
import type { Check, SubscriberFigures } from '../faults/checks';
import { secs } from '../faults/util';
import type { WebhookFigures } from '../faults/webhooks';
import type { Viewer } from './live';

/** What the live-map part measured besides the faults suite's subscriber figures. */
export interface LiveFigures {
  /** Viewers per instance when they first had their maps. */
  spread: Map<string, number>;
  /** Per instance written through: how long until every viewer on the other instances showed the hold. */
  crossInstanceMs: { via: string; viewers: number; ms: number | null }[];
  cuts: { what: string; sockets: number; resumedMs: number | null }[];
}

/**
 * Live maps across instances: viewers on every instance, each hold through one instance seen by the
 * viewers on the others, and after each proxy-side cut every viewer resumed with its cursor (one map,
 * at the start; no gap, no repeat) and ended on the database's map.
 */
export function liveCheck(viewers: Viewer[], f: SubscriberFigures, live: LiveFigures): Check {
  const restarted = viewers.filter((v) => v.snapshots > 1 && v.expired === 0).length;
  const notResumed = live.cuts.filter((c) => c.resumedMs === null || c.sockets === 0).length;
  const crossOk = live.crossInstanceMs.length > 0 && live.crossInstanceMs.every((c) => c.ms !== null && c.viewers > 0);
  return {
    name: '2. live maps across instances, resumed by cursor after proxy-side cuts',
    ok: live.spread.size >= 3 && crossOk && notResumed === 0 && restarted === 0 && f.gaps === 0 && f.repeats === 0 && f.mapsDiffering === 0 && f.behindHead === 0 && f.resumes > 0,
    detail: `${f.subscribers} viewers through the proxy (on ${[...live.spread.entries()].sort().map(([k, n]) => `${k || '?'} ${n}`).join(', ')}); ` +
      `a hold through one instance shown by every viewer on the others after ${live.crossInstanceMs.map((c) => `${c.ms === null ? 'never' : `${c.ms} ms`} (via ${c.via}, ${c.viewers} viewers)`).join(', ')}; ` +
      `${live.cuts.map((c) => `${c.what}: ${c.sockets} sockets cut, all resumed ${c.resumedMs === null ? 'NOT within 30 s' : `within ${secs(c.resumedMs)} s`}`).join('; ')}; ` +
      `${f.messages} messages, ${f.resumes} resumes, ${f.gaps} gaps, ${f.repeats} repeats, ${f.resyncs} resyncs, ${f.expired} CURSOR_EXPIRED, ` +
      `${restarted} viewers started over without being told to; ${f.mapsDiffering} final maps differ from the database, ${f.behindHead} behind the log's head`,
  };
}

/** Webhooks while the receivers answer: each refund event delivered exactly once to each subscription. */
export function webhookOnceCheck(per: WebhookFigures[]): Check {
  const ok = per.length > 0 && per.every((f) => f.events > 0 && f.missing.length === 0 && f.duplicates === 0 && f.invalid === 0 && f.unannounced.length === 0 && !f.disabled && f.answered500 === 0);
  return {
    name: '3. webhooks exactly once per subscription',
    ok,
    detail: per.map((f, i) => `subscription ${i + 1}: ${f.events} refund events (${f.acknowledged} refunds acknowledged), ${f.receipts} callbacks, ` +
      `${f.delivered} delivered, ${f.missing.length} missing, ${f.duplicates} duplicates, ${f.invalid} bad signatures, ${f.pending} pending`).join('; '),
  };
}

/**
 * `TRUST_PROXY=1`: the instances' request lines carry the clients' own addresses (from the proxy's
 * X-Forwarded-For), one per client host, not the proxy's.
 */
export function addressCheck(logFiles: string[], hostAddresses: string[]): Check {
  const seen = new Map<string, number>();
  for (const file of logFiles) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    for (const m of text.matchAll(/"remoteAddress":"([^"]+)"/g)) seen.set(m[1], (seen.get(m[1]) ?? 0) + 1);
  }
  const missing = hostAddresses.filter((a) => !seen.has(a));
  return {
    name: 'clients told apart behind the proxy (TRUST_PROXY=1)',
    ok: missing.length === 0 && hostAddresses.length > 1,
    detail: `${seen.size} distinct client addresses in the instances' request lines; ${hostAddresses.length - missing.length} of the ${hostAddresses.length} client hosts' addresses among them` +
      `${missing.length ? ` (missing ${missing.slice(0, 5).join(', ')})` : ''}`,
  };
}
