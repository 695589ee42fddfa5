/**
 * A subscription that resumes from its last cursor when its socket drops: for app teams (copy this file,
 * or import it from the package), documented in docs/clients.md.
 *
 * graphql-ws retries a dropped connection by sending each subscription again with the payload it was
 * first given, so `seatStatusChanged(showtimeId, after)` would start over with the whole map (or replay
 * from the first cursor again). This helper does the retrying itself instead, and subscribes again with
 * `after` set to the cursor of the last message it delivered: the server replays exactly what was missed,
 * then goes live (docs/realtime.md, "The cursor contract"). It depends on nothing but graphql-ws's
 * client interface, so it runs in browsers and Node alike.
 */
import type { Client, FormattedExecutionResult, Sink } from 'graphql-ws';

/** What the helper needs of a message: its cursor. Seat-map messages carry it in `seatStatusChanged`. */
export type CursorOf<Data> = (data: Data) => string | null | undefined;

export interface ResumableSubscriptionOptions<Data> {
  query: string;
  /** The operation's variables; `after` is set by the helper from then on. */
  variables?: Record<string, unknown>;
  /** The variable that carries the cursor (default `after`). */
  cursorVariable?: string;
  /** Reads a message's cursor (default: `data.seatStatusChanged.cursor`). */
  cursorOf?: CursorOf<Data>;
  /** Milliseconds before the n-th consecutive attempt, from 1 (default 250 ms doubling, at most 5 s). */
  retryDelay?: (attempt: number) => number;
  /** Consecutive failed attempts after which the sink gets the last error (default: never gives up). */
  retryAttempts?: number;
  /**
   * Called when the cursor was refused (CURSOR_EXPIRED: the log was pruned while the client was away):
   * the helper subscribes without `after`, so the next message is the whole map. Replace, do not patch.
   */
  onReset?: () => void;
}

const defaultCursorOf = (data: unknown): string | undefined =>
  (data as { seatStatusChanged?: { cursor?: string } } | null)?.seatStatusChanged?.cursor;

const defaultDelay = (attempt: number): number => Math.min(5000, 250 * 2 ** (attempt - 1));

const codeOf = (error: unknown): string | undefined =>
  (error as { extensions?: { code?: unknown } } | null)?.extensions?.code as string | undefined;

/**
 * Subscribes through `client` and keeps the subscription alive across dropped connections, resuming with
 * the last cursor seen. Create the client with `retryAttempts: 0`, so that graphql-ws does not re-send
 * the original payload itself. Returns a function that ends the subscription.
 *
 * GraphQL errors end it (the sink's `error` gets the list), except CURSOR_EXPIRED (see `onReset`); so
 * does an exception thrown by the sink. A closed socket or a failed connection is retried after
 * `retryDelay`, until `retryAttempts` fail in a row.
 */
export function subscribeResumable<Data = Record<string, unknown>>(
  client: Client,
  options: ResumableSubscriptionOptions<Data>,
  sink: Sink<FormattedExecutionResult<Data, unknown>>,
): () => void {
  const cursorVariable = options.cursorVariable ?? 'after';
  const cursorOf: CursorOf<Data> = options.cursorOf ?? defaultCursorOf;
  const retryDelay = options.retryDelay ?? defaultDelay;
  const retryAttempts = options.retryAttempts ?? Infinity;
  let cursor = (options.variables?.[cursorVariable] as string | null | undefined) ?? null;
  let failures = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dispose: (() => void) | undefined;

  /** GraphQL errors: CURSOR_EXPIRED starts over without a cursor; any other ends the subscription. */
  const refused = (errors: readonly unknown[]): void => {
    if (cursor !== null && errors.some((e) => codeOf(e) === 'CURSOR_EXPIRED')) {
      cursor = null;
      options.onReset?.();
      attempt();
      return;
    }
    stopped = true;
    sink.error(errors);
  };

  const attempt = (): void => {
    if (stopped) return;
    // Each attempt is a subscription of its own; a late call of an ended one must not touch the next.
    let current = true;
    const variables = { ...options.variables, [cursorVariable]: cursor };
    const end = dispose = client.subscribe<Data>(
      { query: options.query, variables },
      {
        next(result) {
          if (!current || stopped) return;
          // A refused subscribe (a bad or expired cursor, an unknown showtime) arrives as a result with
          // errors and no data, then `complete`.
          if (result.errors?.length && result.data == null) {
            current = false;
            end();
            refused(result.errors);
            return;
          }
          failures = 0;
          const next = result.data ? cursorOf(result.data) : undefined;
          if (next) cursor = next;
          sink.next(result);
        },
        error(error: unknown) {
          if (!current || stopped) return;
          current = false;
          if (Array.isArray(error)) return refused(error);
          // An exception (from the sink, or a protocol error) is not a lost connection: it ends here.
          if (error instanceof Error) {
            stopped = true;
            sink.error(error);
            return;
          }
          // A CloseEvent or the socket's error event: the socket is gone, the subscription is not.
          failures += 1;
          if (failures > retryAttempts) {
            stopped = true;
            sink.error(error);
            return;
          }
          timer = setTimeout(attempt, retryDelay(failures));
        },
        complete() {
          if (!current || stopped) return;
          current = false;
          stopped = true;
          sink.complete();
        },
      },
    );
  };

  attempt();
  return () => {
    stopped = true;
    clearTimeout(timer);
    dispose?.();
  };
}
