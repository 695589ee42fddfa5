import WebSocket from 'ws';

/**
 * One load-generator process of the fan-out bench (bench/fanout.ts forks several). It holds raw `ws`
 * sockets that speak graphql-ws themselves: `connection_init`, wait for `connection_ack`, `subscribe`
 * with id "1", and the first `next` (the whole map) parsed to check it. After that no message is
 * parsed: the parent announces the cursor the next event will carry, and a message is that event when
 * its bytes contain `"cursor":"<cursor>"` (one `Buffer.indexOf`); the first receipt of each event in
 * this process is parsed in full to check the seat and status. Receipt times are wall-clock
 * milliseconds (`Date.now()`, the clock Postgres' `clock_timestamp()` reads), so the parent can time
 * them from the event row's insert.
 */

export type ToClient =
  | { type: 'init'; url: string; query: string; showtimeIds: number[] }
  | { type: 'open'; indexes: number[] }
  | { type: 'expect'; showtimeId: number; cursor: string; row: number; column: number; status: string }
  | { type: 'collect' }
  | { type: 'close' };

export type FromClient =
  | { type: 'opened'; count: number }
  | { type: 'open-failed'; error: string }
  | { type: 'armed'; expected: number }
  | { type: 'received'; times: number[]; complete: boolean; checked: string | null; cpuMs: number }
  | { type: 'failure'; error: string };

interface Sub {
  socket: WebSocket;
  showtimeId: number;
  seen: boolean;
}

interface Expect {
  showtimeId: number;
  marker: Buffer;
  row: number;
  column: number;
  status: string;
  expected: number;
  times: number[];
  checked: string | null;
  cpu: NodeJS.CpuUsage;
}

const send = (msg: FromClient) => process.send!(msg);

let url = '';
let query = '';
let showtimeIds: number[] = [];
const subs: Sub[] = [];
let current: Expect | null = null;

function report(e: Expect): void {
  if (current !== e) return;
  current = null;
  const cpu = process.cpuUsage(e.cpu);
  send({ type: 'received', times: e.times, complete: e.times.length === e.expected, checked: e.checked, cpuMs: (cpu.user + cpu.system) / 1000 });
}

/** The event's seat with its status in a full parse of one message ('ok' or what was wrong). */
function check(data: Buffer, e: Expect): string {
  try {
    const msg = JSON.parse(data.toString()) as { type: string; payload?: { data?: { seatStatusChanged?: { seats?: { row: number; column: number; seatStatus: string }[] } } } };
    const seats = msg.payload?.data?.seatStatusChanged?.seats ?? [];
    if (msg.type !== 'next') return `type ${msg.type}`;
    return seats.some((s) => s.row === e.row && s.column === e.column && s.seatStatus === e.status) ? 'ok' : `seat not ${e.status}: ${data.toString().slice(0, 200)}`;
  } catch (err) {
    return `unparsable: ${String(err)}`;
  }
}

/** Opens one subscriber; resolves on its first `next` (the whole map). */
function open(index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const showtimeId = showtimeIds[index % showtimeIds.length];
    const socket = new WebSocket(url, 'graphql-transport-ws', { perMessageDeflate: false });
    const sub: Sub = { socket, showtimeId, seen: false };
    let state: 'ack' | 'first' | 'live' = 'ack';
    socket.on('open', () => socket.send('{"type":"connection_init","payload":{}}'));
    socket.on('error', (err) => (state === 'live' ? send({ type: 'failure', error: String(err) }) : reject(err)));
    socket.on('close', (code, reason) => {
      if (state !== 'live') reject(new Error(`closed ${code} ${reason.toString()}`));
      else if (code !== 1000 && code !== 1001 && code !== 1005) send({ type: 'failure', error: `closed ${code} ${reason.toString()}` });
    });
    socket.on('message', (data: Buffer) => {
      if (state === 'live') {
        const e = current;
        if (e === null || sub.seen || sub.showtimeId !== e.showtimeId || data.indexOf(e.marker) === -1) return;
        e.times.push(Date.now());
        sub.seen = true;
        if (e.checked === null) e.checked = check(data, e);
        if (e.times.length === e.expected) report(e);
        return;
      }
      const msg = JSON.parse(data.toString()) as { type: string; payload?: { errors?: unknown } };
      if (state === 'ack') {
        if (msg.type !== 'connection_ack') return reject(new Error(`expected connection_ack, got ${data.toString().slice(0, 200)}`));
        state = 'first';
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables: { id: showtimeId } } }));
      } else if (msg.type === 'next' && !msg.payload?.errors) {
        state = 'live';
        subs.push(sub);
        resolve();
      } else if (msg.type !== 'ping' && msg.type !== 'pong') {
        reject(new Error(`first message: ${data.toString().slice(0, 300)}`));
      }
    });
  });
}

process.on('message', (msg: ToClient) => {
  switch (msg.type) {
    case 'init':
      ({ url, query, showtimeIds } = msg);
      return;
    case 'open':
      Promise.all(msg.indexes.map(open)).then(
        () => send({ type: 'opened', count: subs.length }),
        (err: unknown) => send({ type: 'open-failed', error: err instanceof Error ? err.message : String(err) }),
      );
      return;
    case 'expect': {
      let expected = 0;
      for (const s of subs) {
        s.seen = false;
        if (s.showtimeId === msg.showtimeId) expected += 1;
      }
      current = {
        showtimeId: msg.showtimeId,
        marker: Buffer.from(`"cursor":${JSON.stringify(msg.cursor)}`),
        row: msg.row,
        column: msg.column,
        status: msg.status,
        expected,
        times: [],
        checked: null,
        cpu: process.cpuUsage(),
      };
      send({ type: 'armed', expected });
      if (expected === 0) report(current);
      return;
    }
    case 'collect':
      if (current) report(current);
      return;
    case 'close':
      for (const s of subs) s.socket.close(1000);
      setTimeout(() => process.exit(0), 500).unref();
      process.disconnect();
      return;
  }
});
