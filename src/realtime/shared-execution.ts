import {
  createSourceEventStream,
  execute,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
} from 'graphql';

/**
 * graphql-js runs a subscription's selection set once per event *per subscriber*; with thousands of
 * viewers of one showtime that is thousands of identical executions of the same small message. The
 * fan-out hands every subscriber of a membership class the very same message object, so here the
 * result of executing a document on it is kept (per message object, per query text and variables) and
 * shared: one execution per event, class and distinct query instead of one per subscriber.
 *
 * Safe because nothing under `Subscription.seatStatusChanged` reads the context: its fields are plain
 * properties of the message (the viewer's membership is already in the statuses the fan-out computed).
 */
export function createSharedSubscribe(queryOf: (document: DocumentNode) => string | undefined) {
  const results = new WeakMap<object, Map<string, Promise<ExecutionResult>>>();

  const executeOnce = (args: ExecutionArgs, payload: unknown): Promise<ExecutionResult> => {
    const query = queryOf(args.document);
    if (query === undefined || typeof payload !== 'object' || payload === null) {
      return Promise.resolve(execute({ ...args, rootValue: payload }));
    }
    const key = `${args.operationName ?? ''}\u0000${JSON.stringify(args.variableValues ?? {})}\u0000${query}`;
    let byQuery = results.get(payload);
    if (!byQuery) results.set(payload, (byQuery = new Map()));
    let result = byQuery.get(key);
    if (!result) {
      result = Promise.resolve(execute({ ...args, rootValue: payload }));
      byQuery.set(key, result);
    }
    return result;
  };

  return async function subscribe(args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> {
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in source)) return source as ExecutionResult;
    const events = source as AsyncIterable<unknown> & AsyncIterator<unknown>;
    async function* mapped(): AsyncGenerator<ExecutionResult> {
      try {
        for await (const payload of events) yield await executeOnce(args, payload);
      } finally {
        await events.return?.();
      }
    }
    return mapped();
  };
}
