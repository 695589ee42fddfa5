import net from 'node:net';

/**
 * How a cut looks to the client:
 * - `refuse`: the port is closed (connection refused), as when Postgres is down on a reachable host;
 * - `blackhole`: connections are accepted and never answered, as behind a partition or a dead host.
 * Either way every open connection is destroyed when the cut starts.
 */
export type CutMode = 'refuse' | 'blackhole';

/**
 * A TCP proxy in front of a server (Postgres in the tests) that a test can cut and restore, to see
 * what the app does while its database is unreachable.
 */
export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | null = null;
  private mode: 'forward' | CutMode = 'forward';

  private constructor(
    private readonly target: { host: string; port: number },
    public port: number,
  ) {}

  /** Starts forwarding from a free local port to `target`. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    await proxy.listen();
    return proxy;
  }

  /** The URL of `url` rewritten to go through this proxy. */
  urlThrough(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  /** Cuts the database off: destroys every open connection and refuses or black-holes new ones. */
  async cut(mode: CutMode = 'refuse'): Promise<void> {
    this.mode = mode;
    if (mode === 'refuse') await this.stopListening();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** Forwards again (on the same port). Black-holed connections stay dead, as after a real partition. */
  async restore(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.mode = 'forward';
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.cut('refuse');
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private listen(): Promise<void> {
    const server = net.createServer((client) => {
      this.track(client);
      if (this.mode !== 'forward') return; // black hole: hold the connection, never answer
      const upstream = net.connect(this.target.port, this.target.host);
      this.track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  private stopListening(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return Promise.resolve();
    // close() waits for open connections, which cut() destroys right after: do not await it.
    server.close();
    return Promise.resolve();
  }
}
