import http from 'node:http';
import https from 'node:https';
import { guardedLookup, literalRefused, parseHref, type TargetPolicy } from './target';

/** How much of a receiver's answer is read: enough to finish the exchange, never a stranger's megabytes. */
export const MAX_RESPONSE_BYTES = 4096;

/** The outcome of one callback attempt. */
export type SendResult =
  | { kind: 'answered'; status: number }
  | { kind: 'failed'; error: string }
  /** The instance is shutting down: nothing is recorded, the lease runs out and another instance retries. */
  | { kind: 'aborted' };

export interface SendOptions extends TargetPolicy {
  timeoutMs: number;
  signal: AbortSignal;
}

/**
 * POSTs `body` to `href` once: no redirect is followed (a 3xx is an answer like any other non-2xx), the
 * whole exchange (connect, answer, body) must finish within `timeoutMs`, at most MAX_RESPONSE_BYTES of
 * the body are read, and the address connected to is checked against the target policy.
 */
export function postCallback(href: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<SendResult> {
  let url: URL;
  try {
    url = parseHref(href, options);
  } catch (err) {
    return Promise.resolve({ kind: 'failed', error: (err as Error).message });
  }
  if (literalRefused(url, options)) return Promise.resolve({ kind: 'failed', error: `${url.hostname} is a private address` });
  if (options.signal.aborted) return Promise.resolve({ kind: 'aborted' });
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup(options) as never,
      agent: false,
    });
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      resolve(result);
      req.destroy();
    };
    const timer = setTimeout(() => finish({ kind: 'failed', error: `timeout after ${options.timeoutMs} ms` }), options.timeoutMs);
    const onAbort = () => finish({ kind: 'aborted' });
    options.signal.addEventListener('abort', onAbort);
    req.on('error', (err: NodeJS.ErrnoException) => finish({ kind: 'failed', error: describe(err) }));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= MAX_RESPONSE_BYTES) finish({ kind: 'answered', status });
      });
      res.on('end', () => finish({ kind: 'answered', status }));
      res.on('error', () => finish({ kind: 'answered', status }));
    });
    req.end(body);
  });
}

/** A connection error as the delivery log shows it: the code and a short message, no stack. */
function describe(err: NodeJS.ErrnoException): string {
  const text = `${err.code ? `${err.code}: ` : ''}${err.message}`;
  return text.slice(0, 200);
}
