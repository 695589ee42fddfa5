import type { Check, SubscriberFigures } from './checks';
import type { FaultOutcome } from './faults';
import type { LogScan } from './instances';
import type { PhaseStats } from './stats';
import type { PhaseCounts } from './subscribers';
import { secs } from './util';
import type { WebhookFigures } from './webhooks';

/** A plain-text table with aligned columns (numbers right-aligned). */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r.map((c, i) => (/^-?[\d.]+( s)?$/.test(c) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** One phase of the run: the baseline, or a fault with the settling after it. */
export interface PhaseResult {
  name: string;
  target: string;
  outcome: FaultOutcome | null;
  /** From the fault's end until both instances answered 2xx for good; null: not within the phase. */
  recoveryMs: number | null;
  stats: PhaseStats;
  /** What the live seat-map subscribers saw in the phase. */
  seatMaps?: PhaseCounts;
  extra?: string;
}

export const RECOVERY_LIMIT_MS = 10_000;

export function phaseChecks(phases: PhaseResult[]): Check[] {
  const checks: Check[] = [];
  for (const p of phases) {
    const s = p.stats;
    const problems: string[] = [];
    if (p.outcome && !p.outcome.exercised) problems.push(`the fault did not take place (${p.outcome.evidence})`);
    if (p.outcome?.failure) problems.push(p.outcome.failure);
    if (p.outcome && (p.recoveryMs === null || p.recoveryMs > RECOVERY_LIMIT_MS)) {
      problems.push(`both instances answered 2xx again ${p.recoveryMs === null ? 'not within the phase' : `after ${secs(p.recoveryMs)} s`} (limit ${RECOVERY_LIMIT_MS / 1000} s)`);
    }
    if (!p.outcome && s.http5xx) problems.push(`${s.http5xx} answers with 5xx without any fault`);
    if (s.outcomes.internal) problems.push(`${s.outcomes.internal} internal errors (HTTP 500 / INTERNAL_SERVER_ERROR) instead of 503`);
    if (s.slow || s.outcomes.timeout) problems.push(`${s.slow} requests longer than the statement timeout + 5 s (${s.outcomes.timeout} unanswered after 30 s)`);
    checks.push({ name: `${p.name}${p.outcome ? '' : ' (no fault)'}`, ok: problems.length === 0, detail: problems.join('; ') || 'ok' });
  }
  return checks;
}

export function phaseTable(phases: PhaseResult[]): string {
  return table(
    ['phase', 'target', 'requests', 'ok', '5xx', '503/unavail', '500/internal', 'refused', 'reset', 'timeout', 'slow', 'max ms', 'recovered in',
      'map msgs', 'resumes', 'gaps', 'resyncs', 'expired'],
    phases.map((p) => {
      const s = p.stats;
      const m = p.seatMaps;
      return [
        p.name, p.target, s.requests, s.outcomes.ok, s.http5xx, s.outcomes.unavailable, s.outcomes.internal,
        s.outcomes.refused, s.outcomes.reset, s.outcomes.timeout, s.slow, s.maxMs,
        p.outcome ? (p.recoveryMs === null ? 'never' : `${secs(p.recoveryMs)} s`) : '-',
        m?.messages ?? 0, m?.resumes ?? 0, m ? m.gaps + m.repeats : 0, m?.resyncs ?? 0, m?.expired ?? 0,
      ];
    }),
  );
}

export function evidenceLines(phases: PhaseResult[]): string {
  return phases
    .filter((p) => p.outcome)
    .map((p) => `  ${p.name}: ${p.outcome!.evidence}${p.extra ? `; ${p.extra}` : ''}`)
    .join('\n');
}

export function codeLines(phases: PhaseResult[]): string {
  return phases
    .map((p) => {
      const codes = [...p.stats.codes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
      return `  ${p.name}: ${codes.map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}`;
    })
    .join('\n');
}

export function sampleLines(phases: PhaseResult[]): string {
  return phases
    .filter((p) => p.stats.samples.length)
    .map((p) => `  ${p.name}: ${p.stats.samples.join('; ')}`)
    .join('\n') || '  none';
}

export function subscriberTable(f: SubscriberFigures): string {
  return table(
    ['subscribers', 'messages', 'resumes', 'resyncs', 'CURSOR_EXPIRED', 'gaps', 'repeats', 'maps differing', 'behind head'],
    [[f.subscribers, f.messages, f.resumes, f.resyncs, f.expired, f.gaps, f.repeats, f.mapsDiffering, f.behindHead]],
  ) + `\n  subscriptions ended by: ${[...f.ends.entries()].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`).join(', ') || 'nothing'}`;
}

export function webhookTable(f: WebhookFigures): string {
  return table(
    ['refunds acked', 'refund events', 'delivered', 'pending', 'failed', 'callbacks', 'answered 500', 'bad signature', 'duplicates', 'missing'],
    [[f.acknowledged, f.events, f.delivered, f.pending, f.failed, f.receipts, f.answered500, f.invalid, f.duplicates, f.missing.length]],
  );
}

export function memoryTable(readings: { when: string; rss: Record<string, { mb: number | null; generation: number }> }[]): string {
  const names = Object.keys(readings[0]?.rss ?? {});
  return table(
    ['when', ...names.map((n) => `${n} RSS MB (process #)`)],
    readings.map((r) => [r.when, ...names.map((n) => `${r.rss[n].mb ?? '-'} (#${r.rss[n].generation})`)]),
  );
}

export function errorLogLines(scans: LogScan[]): string {
  const byMsg = new Map<string, number>();
  for (const s of scans) for (const [m, n] of s.errors) byMsg.set(m, (byMsg.get(m) ?? 0) + n);
  const top = [...byMsg.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
  const shutdown = scans.flatMap((s) => s.shutdown.map((m) => `${s.file.split('/').pop()}: ${m}`));
  return [
    `  error-level lines: ${top.map(([m, n]) => `"${m}" ×${n}`).join(', ') || 'none'}`,
    `  shutdown lines: ${[...new Set(shutdown)].slice(0, 6).join(' | ') || 'none'}`,
  ].join('\n');
}

export function verdict(checks: Check[]): string {
  return checks.map((c) => `  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`).join('\n');
}
