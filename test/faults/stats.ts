/**
 * What the load's clients saw, per phase of the run (the phase current when a request ended: a request
 * that a fault cut off counts in the fault's phase), and the HTTP client they share.
 */

/** ok: 2xx (GraphQL without errors) · business: a 4xx or a domain error code · unavailable: 503 or
 * SERVICE_UNAVAILABLE · internal: 500 or INTERNAL_SERVER_ERROR · refused: no connection · reset: the
 * connection dropped mid-request · timeout: no answer within the client's limit. */
export type Outcome = 'ok' | 'business' | 'unavailable' | 'internal' | 'other5xx' | 'refused' | 'reset' | 'timeout';
export const OUTCOMES: Outcome[] = ['ok', 'business', 'unavailable', 'internal', 'other5xx', 'refused', 'reset', 'timeout'];

export interface PhaseStats {
  requests: number;
  outcomes: Record<Outcome, number>;
  /** Answers with an HTTP status ≥ 500. */
  http5xx: number;
  /** Requests that took longer than the bound (statement timeout + 5 s), answered or not. */
  slow: number;
  maxMs: number;
  /** Error codes (GraphQL extensions.code, REST code) by count. */
  codes: Map<string, number>;
  /** The first few dropped connections and timeouts: when, which request. */
  samples: string[];
}

export class Stats {
  phase = 'setup';
  readonly phases = new Map<string, PhaseStats>();

  constructor(readonly slowMs: number) {}

  of(phase: string): PhaseStats {
    let s = this.phases.get(phase);
    if (!s) {
      s = { requests: 0, outcomes: Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>, http5xx: 0, slow: 0, maxMs: 0, codes: new Map(), samples: [] };
      this.phases.set(phase, s);
    }
    return s;
  }

  record(phase: string, outcome: Outcome, status: number, ms: number, code?: string) {
    const s = this.of(phase);
    s.requests += 1;
    s.outcomes[outcome] += 1;
    if (status >= 500) s.http5xx += 1;
    if (ms > this.slowMs) s.slow += 1;
    s.maxMs = Math.max(s.maxMs, ms);
    if (code) s.codes.set(code, (s.codes.get(code) ?? 0) + 1);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Reply {
  status: number;
  body: Json;
  outcome: Outcome;
  code?: string;
}

const CLIENT_TIMEOUT_MS = 30_000;

function outcomeOfStatus(status: number): Outcome {
  if (status < 400) return 'ok';
  if (status === 503) return 'unavailable';
  if (status === 500) return 'internal';
  if (status >= 500) return 'other5xx';
  return 'business';
}

function outcomeOfError(err: unknown): Outcome {
  const e = err as { name?: string; cause?: { code?: string; name?: string } };
  if (e.name === 'TimeoutError' || e.cause?.name === 'TimeoutError') return 'timeout';
  if (e.cause?.code === 'ECONNREFUSED') return 'refused';
  return 'reset';
}

/** One HTTP request; every answer and every failure is counted in `stats` under the phase it ended in. */
export async function request(stats: Stats, base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const started = Date.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: Json = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    let outcome = outcomeOfStatus(res.status);
    let code: string | undefined;
    const gqlErrors = path === '/graphql' && Array.isArray(parsed?.errors) ? (parsed.errors as Json[]) : null;
    if (gqlErrors?.length) {
      code = String(gqlErrors[0]?.extensions?.code ?? 'NO_CODE');
      if (outcome === 'ok' || outcome === 'business') {
        outcome = code === 'SERVICE_UNAVAILABLE' ? 'unavailable' : code === 'INTERNAL_SERVER_ERROR' ? 'internal' : 'business';
      }
    } else if (res.status >= 400) {
      code = `HTTP ${res.status}${parsed?.errors?.[0]?.code ? ` ${parsed.errors[0].code}` : ''}`;
    }
    stats.record(stats.phase, outcome, res.status, Date.now() - started, code);
    return { status: res.status, body: parsed, outcome, code };
  } catch (err) {
    const outcome = outcomeOfError(err);
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const code = outcome === 'reset' ? `reset (${cause?.code ?? cause?.message ?? String(err)})` : outcome;
    stats.record(stats.phase, outcome, 0, Date.now() - started, code);
    const samples = stats.of(stats.phase).samples;
    if ((outcome === 'reset' || outcome === 'timeout') && samples.length < 5) {
      samples.push(`${new Date(started).toISOString().slice(11, 23)} ${method} ${base}${path} → ${code} after ${Date.now() - started} ms`);
    }
    return { status: 0, body: null, outcome, code };
  }
}

/** A GraphQL operation over HTTP POST; `data` is null unless it succeeded. */
export async function graphql(stats: Stats, base: string, query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const reply = await request(stats, base, 'POST', '/graphql', { query, variables }, headers);
  return { ...reply, data: reply.outcome === 'ok' ? (reply.body?.data as Json) : null };
}
