import WebSocket from 'ws';
import { parseCursor } from '../../src/realtime/cursor';
import { useTestApp } from '../helpers/app';
import { pickShowtimes, type ShowtimeFixture } from '../helpers/orders';
import { wsUrl } from '../helpers/ws';

/**
 * The fan-out's direct path over a real socket: each message is written to the WebSocket as it is made
 * (no buffer per subscriber), and the socket's own send buffer decides who is too slow.
 */
const LIMIT = 64;
const BATCHES = 80;
const PER_BATCH = 10;
const QUERY =
  'subscription($id: Int!) { seatStatusChanged(showtimeId: $id) { showtimeId cursor resync seats { row column seatName type seatTier zoneNumber available seatStatus } } }';

let show: ShowtimeFixture;

const { app, sql } = useTestApp({ env: { SEAT_SUBSCRIBER_BUFFER: String(LIMIT) } });
beforeAll(async () => {
  [show] = await pickShowtimes(sql, 1, 60);
});

interface Viewer {
  socket: WebSocket;
  /** Raw text of every `next` after the first. */
  frames: string[];
  seqs: number[];
  first: Promise<number>;
  closed: Promise<{ code: number; reason: string }>;
}

/** A graphql-ws subscriber on a bare `ws` socket, so the test can stop reading (pause) like a stalled client. */
function subscribe(id: string): Viewer {
  const socket = new WebSocket(wsUrl(app.url), 'graphql-transport-ws');
  const viewer = { socket, frames: [] as string[], seqs: [] as number[] } as unknown as Viewer;
  viewer.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  viewer.first = new Promise((resolve, reject) => {
    let first = true;
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    socket.on('error', reject);
    socket.on('message', (data, isBinary) => {
      const text = data.toString();
      const msg = JSON.parse(text) as { type: string; id?: string; payload?: { data?: { seatStatusChanged: { cursor: string } } } };
      if (msg.type === 'connection_ack') {
        socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query: QUERY, variables: { id: show.showtimeId } } }));
        return;
      }
      if (msg.type !== 'next') return;
      // graphql-ws clients (the seat-map page, GraphiQL) need text frames.
      expect(isBinary).toBe(false);
      const seq = parseCursor(msg.payload!.data!.seatStatusChanged.cursor)!.seq;
      if (first) {
        first = false;
        resolve(seq);
        return;
      }
      viewer.frames.push(text);
      viewer.seqs.push(seq);
    });
  });
  return viewer;
}

/** Appends `count` events of every regular seat to the showtime's log, as a writer would, and wakes the relay. */
async function appendEvents(count: number): Promise<void> {
  const seats = JSON.stringify(show.regular.map((s) => [s.row, s.column, 'held']));
  await sql.begin(async (tx) => {
    const [head] = await tx<{ seq: string }[]>`
      insert into seat_event_heads (showtime_id, seq) values (${show.showtimeId}, ${count})
      on conflict (showtime_id) do update set seq = seat_event_heads.seq + ${count} returning seq`;
    const last = Number(head.seq);
    await tx`
      insert into seat_events (showtime_id, seq, seats, cause)
      select ${show.showtimeId}, ${last - count} + g, ${seats}::text::jsonb, 'hold' from generate_series(1, ${count}) g`;
  });
  await sql`select pg_notify('seat_events_wake', '')`;
}

const contiguous = (seqs: number[], from: number) => seqs.every((s, i) => s === from + i);

describe('the fan-out over WebSocket', () => {
  it('writes every event to a reading subscriber and drops one that stopped reading with 4009, after an in-order prefix', async () => {
    const fast = subscribe('fast-1');
    const slow = subscribe('slow-1');
    const head = await fast.first;
    expect(await slow.first).toBe(head);
    slow.socket.pause();

    // Batch after batch, each once the reader has it: the reader never has more than one batch
    // outstanding, however slow the machine, while the stalled one falls further behind with each.
    const total = BATCHES * PER_BATCH;
    const deadline = Date.now() + 40_000;
    for (let b = 1; b <= BATCHES && Date.now() < deadline; b += 1) {
      await appendEvents(PER_BATCH);
      while (fast.seqs.length < b * PER_BATCH && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    }

    // The reader got every event, in order, each exactly once, as graphql-ws `next` messages of its id.
    expect(fast.seqs.length).toBe(total);
    expect(contiguous(fast.seqs, head + 1)).toBe(true);
    const one = JSON.parse(fast.frames[0]) as { id: string; type: string; payload: { data: { seatStatusChanged: { seats: unknown[] } } } };
    expect(Object.keys(one)).toEqual(['id', 'type', 'payload']);
    expect(one).toMatchObject({ id: 'fast-1', type: 'next' });
    expect(one.payload.data.seatStatusChanged.seats).toHaveLength(show.regular.length);
    // The same bytes graphql-ws itself would write.
    expect(fast.frames[0]).toBe(JSON.stringify({ id: 'fast-1', type: 'next', payload: one.payload }));

    // The stalled one: dropped with the explicit close code, never a silent gap.
    slow.socket.resume();
    const closed = await slow.closed;
    expect(closed.code).toBe(4009);
    expect(closed.reason).toMatch(/fell behind/);
    expect(slow.seqs.length).toBeLessThan(total);
    expect(contiguous(slow.seqs, head + 1)).toBe(true);
    fast.socket.close();
    await fast.closed;
  }, 60_000);

  it('stops writing to an operation the client completed, and the socket stays open', async () => {
    const viewer = subscribe('done-1');
    await viewer.first;
    viewer.socket.send(JSON.stringify({ id: 'done-1', type: 'complete' }));
    await new Promise((r) => setTimeout(r, 100));
    await appendEvents(3);
    await new Promise((r) => setTimeout(r, 500));
    expect(viewer.seqs).toEqual([]);
    expect(viewer.socket.readyState).toBe(WebSocket.OPEN);
    viewer.socket.close();
    await viewer.closed;
  });
});
