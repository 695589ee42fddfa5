import WebSocket from 'ws';
import { MAX_WS_PAYLOAD } from '../../src/realtime/ws';
import type { GenCase } from './graphql-gen';
import { httpOutcome, wsOutcome, type Outcome } from './graphql-gen-compare';
import { wsUrl } from './ws';

/**
 * The served side of the differential suite: a generated case sent to a running app over POST
 * /graphql, GET /graphql and graphql-ws, each answer read as an Outcome (graphql-gen-compare.ts).
 */

/** A running app and its sockets, one per set of credentials. */
export interface Served {
  url: string;
  sockets: Map<string, GenSocket>;
}

/** GET requests whose URL would pass Node's header limit are sent only as POST. */
const MAX_GET_URL = 8_000;

/** The request body's JSON text (the variables as the case wrote them). */
export function payloadJson(c: GenCase): string {
  const parts = [`"query": ${JSON.stringify(c.query)}`];
  if (c.variablesJson !== undefined) parts.push(`"variables": ${c.variablesJson}`);
  if (c.operationName !== undefined) parts.push(`"operationName": ${JSON.stringify(c.operationName)}`);
  return `{${parts.join(', ')}}`;
}

export async function post(served: Served, c: GenCase, headers: Record<string, string>): Promise<Outcome> {
  const res = await fetch(`${served.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: payloadJson(c),
  });
  return httpOutcome(res.status, (await res.json().catch(() => null)) as never);
}

/** GET /graphql (Apollo's CSRF rule wants a preflight header); null when the URL would be too long. */
export async function get(served: Served, c: GenCase, headers: Record<string, string>): Promise<Outcome | null> {
  const params = new URLSearchParams({ query: c.query });
  if (c.variablesJson !== undefined) params.set('variables', c.variablesJson);
  if (typeof c.operationName === 'string') params.set('operationName', c.operationName);
  const url = `${served.url}/graphql?${params}`;
  if (url.length > MAX_GET_URL) return null;
  const res = await fetch(url, { headers: { 'apollo-require-preflight': 'true', ...headers } });
  return httpOutcome(res.status, (await res.json().catch(() => null)) as never);
}

/**
 * Runs `c` over graphql-ws on the socket of its caller (opened with `headers` as connectionParams).
 * 'frame limit': the message was over MAX_WS_PAYLOAD and the server closed the socket with 1009, as
 * it should — Marquee's own limit, like the cost budget.
 */
export async function overWs(served: Served, c: GenCase, headers: Record<string, string>): Promise<Outcome | 'frame limit'> {
  let socket = served.sockets.get(c.caller);
  if (!socket) {
    const params = {
      ...(headers['x-vendor-key'] ? { vendorKey: headers['x-vendor-key'] } : {}),
      ...(headers.authorization ? { authorization: headers.authorization } : {}),
    };
    socket = await GenSocket.open(served.url, params);
    served.sockets.set(c.caller, socket);
  }
  const payload = payloadJson(c);
  const answer = await socket.run(payload, { subscription: c.operation === 'subscription' });
  if (answer.type !== 'closed') return wsOutcome(answer);
  served.sockets.delete(c.caller);
  const { code } = answer.payload as { code: number };
  if (code === 1009 && Buffer.byteLength(payload) > MAX_WS_PAYLOAD) return 'frame limit';
  throw new Error(`the server closed the socket: ${JSON.stringify(answer.payload)}`);
}

export interface WsAnswer {
  /** `error`, `next` (the first result), or `closed` when the server closed the socket instead. */
  type: 'error' | 'next' | 'closed';
  payload?: unknown;
}

/**
 * One graphql-transport-ws socket that runs generated operations one after another. Each subscribe
 * message is sent as JSON text the caller wrote, so variables such as `1e400` (no JSON.stringify
 * form) reach the server as they would from any client.
 */
export class GenSocket {
  /** Operations awaiting their answer: whether each is a subscription, its first result, how to answer. */
  private pending = new Map<string, { subscription: boolean; first?: { payload: unknown }; done(answer: WsAnswer): void }>();
  private closed: { code: number; reason: string } | null = null;
  private nextId = 0;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { id?: string; type: string; payload?: unknown };
      const op = message.id ? this.pending.get(message.id) : undefined;
      if (!op) return;
      if (message.type === 'error') op.done({ type: 'error', payload: message.payload });
      else if (message.type === 'next' && op.subscription) {
        // A live subscription never completes: its first message is its answer, and it is stopped.
        this.socket.send(JSON.stringify({ id: message.id, type: 'complete' }));
        op.done({ type: 'next', payload: message.payload });
      } else if (message.type === 'next') op.first ??= { payload: message.payload };
      else if (message.type === 'complete') op.done({ type: 'next', payload: op.first?.payload });
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const op of [...this.pending.values()]) op.done({ type: 'closed', payload: this.closed });
    });
  }

  /** Opens a socket at `baseUrl`'s /graphql and waits for the server's connection_ack. */
  static open(baseUrl: string, connectionParams: Record<string, string>): Promise<GenSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(wsUrl(baseUrl), 'graphql-transport-ws');
      const timer = setTimeout(() => {
        socket.terminate();
        reject(new Error('no connection_ack within 5 s'));
      }, 5_000);
      socket.once('error', reject);
      socket.once('close', (code, reason) => reject(new Error(`socket closed before connection_ack: ${code} ${reason.toString()}`)));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: connectionParams })));
      socket.once('message', (data) => {
        clearTimeout(timer);
        const message = JSON.parse(data.toString()) as { type: string };
        if (message.type === 'connection_ack') resolve(new GenSocket(socket));
        else reject(new Error(`expected connection_ack, got ${data.toString()}`));
      });
    });
  }

  /**
   * Runs one operation whose subscribe payload is `payloadJson`: resolves with its error, or its first
   * result — once complete for a query or mutation, at once for a subscription.
   */
  run(payloadJson: string, options: { subscription: boolean; timeoutMs?: number }): Promise<WsAnswer> {
    if (this.closed) return Promise.resolve({ type: 'closed', payload: this.closed });
    const id = `gen-${++this.nextId}`;
    const timeoutMs = options.timeoutMs ?? 10_000;
    return new Promise<WsAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no answer to ${id} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        subscription: options.subscription,
        done: (answer) => {
          clearTimeout(timer);
          this.pending.delete(id);
          resolve(answer);
        },
      });
      this.socket.send(`{"id": ${JSON.stringify(id)}, "type": "subscribe", "payload": ${payloadJson}}`);
    });
  }

  close(): void {
    this.socket.close();
  }
}
