import net from 'node:net';

/**
 * A TCP proxy in front of Postgres that counts the statements its clients run, from the wire: every
 * frontend Query message ('Q', the simple protocol) and every Execute message ('E', the extended
 * protocol: a prepared or unnamed statement run once). Parse, Bind, Describe and Sync run nothing by
 * themselves and are not counted. It counts the same way for any client library (postgres.js for
 * Marquee, node-postgres for PostGraphile), outside both servers. Bytes pass unchanged both ways.
 * Used for the peer comparison's counting pass only, never while a side is being timed.
 */
export interface StatementProxy {
  port: number;
  /** Statements since the last reset. */
  count(): number;
  reset(): void;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

export async function startStatementProxy(target: { host: string; port: number }): Promise<StatementProxy> {
  let statements = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const forget = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
    upstream.pipe(client);
    const counter = frontendCounter(() => {
      statements += 1;
    });
    client.on('data', (chunk: Buffer) => {
      counter(chunk);
      upstream.write(chunk);
    });
    client.on('end', () => upstream.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    count: () => statements,
    reset: () => {
      statements = 0;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Splits one connection's frontend stream into messages. Until the startup message, messages have no
 * type byte (an SSL or GSS encryption request may come first, and the server's one-byte answer keeps
 * the stream plain: the bench connects without TLS); after it, a type byte and a length.
 */
function frontendCounter(onStatement: () => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  let started = false;
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (!started) {
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) started = true;
        pending = pending.subarray(length);
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1);
      if (pending.length < 1 + length) return;
      const type = pending[0];
      if (type === 0x51 /* Q */ || type === 0x45 /* E */) onStatement();
      pending = pending.subarray(1 + length);
    }
  };
}
