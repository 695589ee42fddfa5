import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { subscribeResumable } from '../../src/clients/resumable-subscription';
import { parseCursor } from '../../src/realtime/cursor';
import { useTestApp } from '../helpers/app';
import { holdSeats, pickShowtimes, seatsOf, type ShowtimeFixture } from '../helpers/orders';
import { TcpProxy } from '../helpers/tcp-proxy';
import { wsUrl } from '../helpers/ws';

/**
 * The client helper of docs/clients.md over a real socket through a TCP proxy that drops it: it
 * subscribes again with `after` = the last cursor it delivered, and the stream goes on with no gap and
 * no second whole map. (graphql-ws's own retry would send the first payload again.)
 */
interface Change {
  cursor: string;
  resync: boolean;
  seats: { id: string; seatStatus: string }[];
}
const QUERY =
  'subscription Seats($id: Int!, $after: String) { seatStatusChanged(showtimeId: $id, after: $after) { cursor resync seats { id seatStatus } } }';

let proxy: TcpProxy;
let show: ShowtimeFixture;
let other: ShowtimeFixture;
let client: Client;
/** The variables of every `subscribe` frame the client sent. */
const subscribes: Record<string, unknown>[] = [];

/** A `ws` WebSocket that records the variables of the subscriptions it sends. */
class RecordingWebSocket extends WebSocket {
  override send(data: string, ...rest: unknown[]): void {
    const message = JSON.parse(data) as { type: string; payload?: { variables?: Record<string, unknown> } };
    if (message.type === 'subscribe') subscribes.push(message.payload?.variables ?? {});
    (super.send as (...args: unknown[]) => void)(data, ...rest);
  }
}

const { app, sql } = useTestApp();
beforeAll(async () => {
  [show, other] = await pickShowtimes(sql, 2, 50);
  const { hostname, port } = new URL(app.url);
  proxy = await TcpProxy.start({ host: hostname, port: Number(port) });
  client = createClient({ url: wsUrl(proxy.urlThrough(app.url).replace(/\/$/, '')), webSocketImpl: RecordingWebSocket, retryAttempts: 0, lazy: true });
});
afterAll(async () => {
  await client?.dispose();
  await proxy?.close();
});

const seqOf = (c: Change) => parseCursor(c.cursor)!.seq;
const seatId = (s: { row: number; column: number }) => `${show.showtimeId}:${s.row}:${s.column}`;

test('a dropped socket resumes from the last cursor: the resubscription carries `after`, the stream continues gap-free', async () => {
  const changes: Change[] = [];
  const waiters: { pred: () => boolean; resolve: () => void }[] = [];
  const until = (pred: () => boolean) => new Promise<void>((resolve) => (pred() ? resolve() : waiters.push({ pred, resolve })));
  const failures: unknown[] = [];
  const stop = subscribeResumable<{ seatStatusChanged: Change }>(
    client,
    { query: QUERY, variables: { id: show.showtimeId }, retryDelay: () => 100 },
    {
      next: (result) => {
        changes.push(result.data!.seatStatusChanged);
        for (const w of waiters.splice(0)) (w.pred() ? w.resolve : () => waiters.push(w))();
      },
      error: (e) => failures.push(e),
      complete: () => undefined,
    },
  );
  const locked = (seat: { row: number; column: number }) => () =>
    changes.some((c) => c.seats.some((s) => s.id === seatId(seat) && s.seatStatus === 'LOCKED'));
  try {
    await until(() => changes.length >= 1);
    const [a, b, c, d] = show.regular;
    await holdSeats(app.gql, show.showtimeId, seatsOf([a]));
    await until(locked(a));
    const lastBeforeCut = changes[changes.length - 1].cursor;

    await proxy.cut('refuse');
    // While the client is away: two holds it must not miss.
    await holdSeats(app.gql, show.showtimeId, seatsOf([b]));
    await holdSeats(app.gql, show.showtimeId, seatsOf([c]));
    await new Promise((r) => setTimeout(r, 300)); // at least one refused attempt
    await proxy.restore();
    await until(() => locked(b)() && locked(c)());
    await holdSeats(app.gql, show.showtimeId, seatsOf([d]));
    await until(locked(d));

    expect(failures).toEqual([]);
    // First subscription without a cursor; every later one with the cursor of the last message delivered.
    expect(subscribes[0].after ?? null).toBeNull();
    expect(subscribes.length).toBeGreaterThanOrEqual(2);
    expect(subscribes.slice(1).map((v) => v.after)).toContain(lastBeforeCut);
    expect(subscribes.slice(1).every((v) => typeof v.after === 'string')).toBe(true);
    // One whole map (the first message), then one message per change, each the next in the log.
    const later = changes.slice(1);
    expect(later.filter((m) => m.resync)).toEqual([]);
    expect(later.map(seqOf)).toEqual(later.map((_, i) => seqOf(changes[0]) + i + 1));
    expect(later.every((m) => m.seats.length < changes[0].seats.length)).toBe(true);
  } finally {
    stop();
  }
});

test('a cursor refused on return (CURSOR_EXPIRED: the log was pruned meanwhile) starts over with the whole map, after onReset', async () => {
  subscribes.length = 0;
  const changes: Change[] = [];
  let resets = 0;
  const failures: unknown[] = [];
  let wake = () => undefined as void;
  const until = async (pred: () => boolean) => {
    while (!pred()) await new Promise<void>((resolve) => (wake = resolve));
  };
  const stop = subscribeResumable<{ seatStatusChanged: Change }>(
    client,
    { query: QUERY, variables: { id: other.showtimeId }, retryDelay: () => 100, onReset: () => (resets += 1) },
    {
      next: (result) => {
        changes.push(result.data!.seatStatusChanged);
        wake();
      },
      error: (e) => failures.push(e),
      complete: () => undefined,
    },
  );
  try {
    await until(() => changes.length >= 1);
    const whole = changes[0].seats.length;
    await proxy.cut('refuse');
    const [seat] = other.regular;
    await holdSeats(app.gql, other.showtimeId, seatsOf([seat]));
    await sql`delete from seat_events where showtime_id = ${other.showtimeId}`;
    await proxy.restore();
    await until(() => changes.length >= 2);
    expect(failures).toEqual([]);
    expect(resets).toBe(1);
    // Resumed with the cursor, refused, then subscribed without one: the next message is the whole map.
    expect(subscribes.map((v) => typeof v.after)).toEqual(['object', 'string', 'object']);
    expect(changes[1].seats.length).toBe(whole);
    expect(changes[1].seats.find((s) => s.id === `${other.showtimeId}:${seat.row}:${seat.column}`)?.seatStatus).toBe('LOCKED');
  } finally {
    stop();
  }
});
