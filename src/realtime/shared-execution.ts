import {
  createSourceEventStream,
  execute,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
} from 'graphql';
import { isSeatStream } from './fanout';
import { textFrame } from './frame';
import type { Wire } from './types';
import { endFailed, SpanKind, tracer } from '../tracing';

type Result = ExecutionResult | Promise<ExecutionResult>;

/** One message's execution for one distinct query, and its `next` frames (by operation id). */
interface Shared {
  result: Result;
  /** `,"type":"next","payload":{…}}`: everything of the frame after the operation id. */
  tail: string | null;
  frames: Map<string, Buffer> | null;
}

const isPromise = (value: Result): value is Promise<ExecutionResult> => typeof (value as Promise<unknown>).then === 'function';

/** The operation's `id` as the start of a graphql-ws message (`JSON.stringify` of `{ id, type, payload }`). */
const idPrefix = (id: string) => `{"id":${JSON.stringify(id)}`;

/**
 * graphql-js runs a subscription's selection set once per event *per subscriber*, and graphql-ws then
 * serialises each result and writes it through a chain of promises per subscriber; with thousands of
 * viewers of one showtime that is thousands of identical executions and serialisations of the same
 * small message. The fan-out hands every subscriber of a membership class the very same message object,
 * so here the result of executing a document on it is kept (per message object, per query text,
 * operation name and variables) and shared: one execution per event, class and distinct query instead
 * of one per subscriber.
 *
 * When the subscription's context carries a `wire` (graphql-ws over `ws`, see ws.ts) and its source is
 * a seat stream, messages do not go through graphql-ws' per-subscriber iterator at all: each is written
 * to the socket as it is made, as the graphql-ws `next` message graphql-ws would have written (the same
 * bytes: `JSON.stringify({ id, type: 'next', payload: result })`), serialised once per message and
 * query and shared as one Buffer by every socket whose operation has the same id. A result with
 * errors is formatted by the wire (as graphql-ws' onNext hook does) and written on its own.
 *
 * Safe because nothing under `Subscription.seatStatusChanged` reads the context: its fields are plain
 * properties of the message (the viewer's membership is already in the statuses the fan-out computed).
 */
/**
 * Executes a subscription's selection on one message; while tracing, in a span per message made (once
 * per event, membership class and distinct query: not per socket it is written to, see above).
 */
function tracedExecute(args: ExecutionArgs, payload: object): Result {
  const t = tracer();
  if (!t) return execute({ ...args, rootValue: payload });
  const showtimeId = (payload as { showtimeId?: unknown }).showtimeId;
  const span = t.startSpan('graphql subscription message', {
    kind: SpanKind.PRODUCER,
    attributes: {
      'graphql.operation.type': 'subscription',
      ...(args.operationName ? { 'graphql.operation.name': args.operationName } : {}),
      ...(typeof showtimeId === 'number' ? { 'marquee.showtime.id': showtimeId } : {}),
    },
  });
  try {
    const result = execute({ ...args, rootValue: payload });
    if (isPromise(result)) void result.then(() => span.end(), (error: unknown) => endFailed(span, error));
    else span.end();
    return result;
  } catch (error) {
    endFailed(span, error);
    throw error;
  }
}

export function createSharedSubscribe(queryOf: (document: DocumentNode) => string | undefined, wireOf: (context: unknown) => Wire | null) {
  const shared = new WeakMap<object, Map<string, Shared>>();

  const sharedOf = (args: ExecutionArgs, key: string, payload: object): Shared => {
    let byQuery = shared.get(payload);
    if (!byQuery) shared.set(payload, (byQuery = new Map()));
    let entry = byQuery.get(key);
    if (!entry) {
      entry = { result: tracedExecute(args, payload), tail: null, frames: null };
      byQuery.set(key, entry);
    }
    return entry;
  };

  /** The frame for `wire`'s operation: shared by every operation of that id. */
  const frameOf = (entry: Shared, result: ExecutionResult, wire: Wire): Buffer => {
    entry.tail ??= `,"type":"next","payload":${JSON.stringify(result)}}`;
    entry.frames ??= new Map();
    let frame = entry.frames.get(wire.id);
    if (!frame) entry.frames.set(wire.id, (frame = textFrame(Buffer.from(idPrefix(wire.id) + entry.tail))));
    return frame;
  };

  const write = (entry: Shared, result: ExecutionResult, wire: Wire) => {
    if (result.errors?.length) wire.writeFrame(textFrame(Buffer.from(wire.formatNext(result))));
    else wire.writeFrame(frameOf(entry, result, wire));
  };

  return async function subscribe(args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> {
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in source)) return source as ExecutionResult;
    const done = (): IteratorResult<ExecutionResult> => ({ done: true, value: undefined });
    const query = queryOf(args.document);
    const key = query === undefined ? null : `${args.operationName ?? ''}\u0000${JSON.stringify(args.variableValues ?? {})}\u0000${query}`;
    const wire = wireOf(args.contextValue);

    if (key !== null && wire && isSeatStream(source)) {
      // Results that are promises (none today: every field is a property) wait in one chain, in order.
      let chain: Promise<void> | null = null;
      const subscription = source.direct({
        send: (change) => {
          const entry = sharedOf(args, key, change);
          if (chain === null && !isPromise(entry.result)) {
            write(entry, entry.result, wire);
            return;
          }
          chain = (chain ?? Promise.resolve())
            .then(() => entry.result)
            .then((result) => write(entry, result, wire))
            .catch(() => undefined);
        },
        backlog: () => wire.backlog(),
      });
      // graphql-ws waits on `next` (until the subscriber ends) and calls `return` when the client
      // completes the operation or the socket closes.
      const parked: AsyncGenerator<ExecutionResult> = {
        async next() {
          await subscription.done;
          return done();
        },
        async return() {
          subscription.stop();
          return done();
        },
        async throw(error: unknown) {
          subscription.stop();
          throw error;
        },
        [Symbol.asyncIterator]() {
          return parked;
        },
      };
      return parked;
    }

    const events = (source as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    const executeOnce = (payload: unknown): Result =>
      key === null || typeof payload !== 'object' || payload === null
        ? execute({ ...args, rootValue: payload })
        : sharedOf(args, key, payload).result;
    // A plain iterator, not an async generator: a suspended generator keeps the last payload and its
    // result alive while it waits for the next event (for a new subscriber, a whole map), and that
    // doubled the memory of every subscriber.
    const mapped: AsyncGenerator<ExecutionResult> = {
      async next() {
        const step = await events.next();
        return step.done ? done() : { done: false, value: await executeOnce(step.value) };
      },
      async return() {
        await events.return?.();
        return done();
      },
      async throw(error: unknown) {
        await events.return?.();
        throw error;
      },
      [Symbol.asyncIterator]() {
        return mapped;
      },
    };
    return mapped;
  };
}
