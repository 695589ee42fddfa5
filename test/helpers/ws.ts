import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { GraphQLResponse } from './app';

export const wsUrl = (baseUrl: string) => `${baseUrl.replace(/^http/, 'ws')}/graphql`;

/** Runs one query or mutation over graphql-ws; resolves with its result or its errors. */
export async function wsOperation<T = Record<string, unknown>>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  connectionParams: Record<string, unknown> = {},
): Promise<GraphQLResponse<T>> {
  const client = createClient({ url: wsUrl(baseUrl), webSocketImpl: WebSocket, connectionParams, retryAttempts: 0, lazy: true });
  try {
    return await new Promise<GraphQLResponse<T>>((resolve) => {
      let result: GraphQLResponse<T> = {};
      client.subscribe<T>(
        { query, variables },
        {
          next: (msg) => {
            result = msg as GraphQLResponse<T>;
          },
          error: (err: unknown) => {
            if (Array.isArray(err)) return resolve({ errors: err });
            // A CloseEvent: the server closed the socket (e.g. 1009, message too big).
            const { code, reason } = err as { code?: number; reason?: string };
            resolve({ errors: [{ message: reason ?? String(err), extensions: { code: 'SOCKET_CLOSED', closeCode: code } }] });
          },
          complete: () => resolve(result),
        },
      );
    });
  } finally {
    await client.dispose();
  }
}

/**
 * A bare graphql-transport-ws socket, for what the client library hides: close codes, refused
 * upgrades, and many operations on one socket.
 */
export interface RawSocket {
  messages: { id?: string; type: string; payload?: unknown }[];
  /** Resolves with the close code and reason once the server (or we) close the socket. */
  closed: Promise<{ code: number; reason: string }>;
  send(message: object): void;
  /** Waits for a message matching `pred` (already received ones count). */
  waitFor(pred: (m: RawSocket['messages'][number]) => boolean, timeoutMs?: number): Promise<RawSocket['messages'][number]>;
  close(): void;
}

/** Opens a socket and sends `connection_init` with `payload`; rejects with the HTTP status of a refused upgrade. */
export function openSocket(baseUrl: string, payload?: unknown, headers: Record<string, string> = {}): Promise<RawSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(baseUrl), 'graphql-transport-ws', { headers });
    const messages: RawSocket['messages'] = [];
    const waiters: (() => void)[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.on('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    socket.on('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })));
    socket.on('error', reject);
    socket.on('message', (data) => {
      messages.push(JSON.parse(data.toString()) as RawSocket['messages'][number]);
      for (const w of [...waiters]) w();
    });
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'connection_init', ...(payload !== undefined ? { payload } : {}) }));
      resolve({
        messages,
        closed,
        send: (message) => socket.send(JSON.stringify(message)),
        waitFor(pred, timeoutMs = 5000) {
          return new Promise((res, rej) => {
            const check = () => {
              const found = messages.find(pred);
              if (!found) return false;
              waiters.splice(waiters.indexOf(check), 1);
              res(found);
              return true;
            };
            waiters.push(check);
            if (check()) return;
            setTimeout(() => {
              if (waiters.includes(check)) {
                waiters.splice(waiters.indexOf(check), 1);
                rej(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages).slice(0, 500)}`));
              }
            }, timeoutMs).unref();
          });
        },
        close: () => socket.close(),
      });
    });
  });
}
