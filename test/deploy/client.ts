import http from 'node:http';
import WebSocket from 'ws';
import { SERVED_BY } from './haproxy';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Answer {
  status: number;
  body: Json;
  /** The instance that served it (the proxy's header), or '' when it came straight from an instance. */
  servedBy: string;
}

/**
 * A client machine: every connection it opens leaves from its own loopback address (127.0.0.2, …), so
 * that the proxy puts a different address in `X-Forwarded-For` for each, as it would for real clients.
 */
export class ClientHost {
  private readonly agent: http.Agent;

  constructor(readonly address: string) {
    this.agent = new http.Agent({ keepAlive: true, localAddress: address, maxSockets: 4 });
  }

  request(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(`${base}${path}`, {
        method,
        agent: this.agent,
        headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        timeout: 30_000,
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Json = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, servedBy: String(res.headers[SERVED_BY] ?? '') });
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(payload);
    });
  }

  graphql(base: string, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    return this.request(base, 'POST', '/graphql', { query, variables }, headers);
  }

  /**
   * A WebSocket class for graphql-ws whose sockets leave from this host's address; `onUpgrade` hears
   * which instance the proxy chose (its header on the 101 answer).
   */
  webSocket(onUpgrade: (servedBy: string) => void) {
    const localAddress = this.address;
    return class extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { localAddress });
        this.on('upgrade', (res: http.IncomingMessage) => onUpgrade(String(res.headers[SERVED_BY] ?? '')));
      }
    };
  }

  close() {
    this.agent.destroy();
  }
}

/** `count` client hosts on 127.0.0.2 and up. */
export const clientHosts = (count: number) => Array.from({ length: count }, (_, i) => new ClientHost(`127.0.0.${i + 2}`));

/** One sample of an instance's /metrics: the value of every series whose name starts with `prefix`. */
export async function scrape(url: string, token: string, prefix = 'marquee_db_'): Promise<Map<string, number>> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`/metrics of ${url}: ${res.status} ${text.slice(0, 200)}`);
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(prefix)) continue;
    const m = /^(\S+)\s+(\S+)$/.exec(line);
    if (m) out.set(m[1], Number(m[2]));
  }
  return out;
}

/** The sum of the series of `name` whose labels contain every `labels` pair (a label value matched as a substring). */
export function sumOf(sample: Map<string, number>, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const [series, value] of sample) {
    const m = /^([^{]+)(?:\{(.*)\})?$/.exec(series);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => (have[k] ?? '').includes(v))) sum += value;
  }
  return sum;
}
