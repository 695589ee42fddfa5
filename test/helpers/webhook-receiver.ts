import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One callback as a test receiver saw it. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What the receiver does with the n-th request (0-based) to a path: answer a status, or never answer. */
export type Behaviour = (n: number, req: Received) => number | 'hang';

/**
 * A real HTTP receiver on loopback for webhook tests: records every request per path and answers as
 * `behaviour` says (default 200). `url(path)` is a callback URL; `waitFor` waits for a count.
 */
export interface Receiver {
  url(path?: string): string;
  received(path?: string): Received[];
  waitFor(path: string, count: number, timeoutMs?: number): Promise<Received[]>;
  /** Requests being held ('hang') right now. */
  hanging(): number;
  setBehaviour(path: string, behaviour: Behaviour): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const byPath = new Map<string, Received[]>();
  const behaviours = new Map<string, Behaviour>();
  const held = new Set<http.ServerResponse>();
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const entry: Received = { path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      const list = byPath.get(path) ?? [];
      byPath.set(path, list);
      const n = list.length;
      list.push(entry);
      for (const w of [...waiters]) w();
      const answer = (behaviours.get(path) ?? (() => 200))(n, entry);
      if (answer === 'hang') {
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received: (path) => (path ? (byPath.get(path) ?? []) : [...byPath.values()].flat()),
    waitFor(path, count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const list = byPath.get(path) ?? [];
          if (list.length < count) return false;
          waiters.splice(waiters.indexOf(check), 1);
          clearTimeout(timer);
          resolve(list);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(check), 1);
          reject(new Error(`${path}: ${byPath.get(path)?.length ?? 0} of ${count} requests within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(check);
        check();
      });
    },
    hanging: () => held.size,
    setBehaviour: (path, behaviour) => behaviours.set(path, behaviour),
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
