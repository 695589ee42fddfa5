import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sleep, waitUntil } from '../faults/util';

/** Debian's haproxy (2.6 on bookworm); `.ci/run` installs it when missing. */
export const HAPROXY_BIN = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

/** The header the proxy adds to every answer: which instance (server) served it. */
export const SERVED_BY = 'x-served-by';

export interface ProxyServer {
  name: string;
  port: number;
}

/**
 * The configuration a chain would run in front of its instances (docs/deployment.md, "The deployment
 * picture"): round-robin per request for HTTP, per connection for WebSocket upgrades (a backend of their
 * own, so the runtime API can cut the sockets alone), `/readyz` as the health check, the client's
 * address appended to `X-Forwarded-For` (the instances run with `TRUST_PROXY=1`), and long-lived tunnels.
 */
export function haproxyConfig(port: number, servers: ProxyServer[], socket: string): string {
  const lines = servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check inter 1s fall 2 rise 1`).join('\n');
  return `global
  stats socket ${socket} mode 600 level admin
  maxconn 4000

defaults
  mode http
  option forwardfor
  option httpchk GET /readyz
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  timeout http-keep-alive 10s

frontend marquee
  bind 127.0.0.1:${port}
  acl websocket hdr(upgrade) -i websocket
  use_backend sockets if websocket
  default_backend requests
  http-response set-header ${SERVED_BY} %s

backend requests
  balance roundrobin
${lines}

backend sockets
  balance roundrobin
${lines}
`;
}

/** HAProxy as a child process (foreground, `-db`), which the suite can kill, start again and command. */
export class HAProxy {
  private child: ChildProcess | null = null;
  readonly socket: string;
  readonly url: string;

  constructor(
    readonly port: number,
    private readonly servers: ProxyServer[],
    private readonly dir: string,
  ) {
    this.socket = path.join(dir, 'haproxy.sock');
    this.url = `http://127.0.0.1:${port}`;
    fs.writeFileSync(path.join(dir, 'haproxy.cfg'), haproxyConfig(port, servers, this.socket));
  }

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  /** Starts it and waits until every server passed its health check. */
  async start(): Promise<void> {
    const logFile = path.join(this.dir, 'haproxy.log');
    const fd = fs.openSync(logFile, 'a');
    const child = spawn(HAPROXY_BIN, ['-db', '-f', path.join(this.dir, 'haproxy.cfg')], { stdio: ['ignore', fd, fd] });
    fs.closeSync(fd);
    this.child = child;
    const up = await waitUntil(async () => child.exitCode === null && (await this.serversUp().catch(() => 0)) === this.servers.length * 2, 15_000, 200);
    if (!up) throw new Error(`haproxy did not come up with every server within 15 s: ${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
  }

  /** kill -9: every connection through it drops at once. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  killSync(): void {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
  }

  /** One command of the runtime API (the stats socket); returns its answer. */
  command(line: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const conn = net.connect(this.socket);
      let answer = '';
      conn.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      conn.on('end', () => resolve(answer));
      conn.on('error', reject);
      conn.end(`${line}\n`);
    });
  }

  /** Servers (of both backends) whose status is UP. */
  async serversUp(): Promise<number> {
    return (await this.stat()).filter((r) => r.svname !== 'FRONTEND' && r.svname !== 'BACKEND' && r.status === 'UP').length;
  }

  /** `show stat` as rows keyed by column. */
  async stat(): Promise<Record<string, string>[]> {
    const text = await this.command('show stat');
    const [head, ...rows] = text.trim().split('\n');
    const columns = head.replace(/^# /, '').split(',');
    return rows.filter(Boolean).map((row) => Object.fromEntries(row.split(',').map((v, i) => [columns[i], v])));
  }

  /** Current WebSocket connections per instance. */
  async sockets(): Promise<Record<string, number>> {
    const rows = (await this.stat()).filter((r) => r.pxname === 'sockets' && r.svname !== 'BACKEND' && r.svname !== 'FRONTEND');
    return Object.fromEntries(rows.map((r) => [r.svname, Number(r.scur)]));
  }

  /** Cuts every WebSocket connection (HTTP keeps flowing): `shutdown sessions server sockets/<name>`. */
  async cutSockets(): Promise<number> {
    const before = Object.values(await this.sockets()).reduce((a, b) => a + b, 0);
    for (const s of this.servers) await this.command(`shutdown sessions server sockets/${s.name}`);
    await sleep(100);
    return before;
  }
}
