import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's pgbouncer (1.18: no prepared-statement support); `.ci/run` installs it when missing. */
export const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

/** Where the global setup leaves the run's PgBouncer (TEST_THROUGH_PGBOUNCER=1) for the teardown. */
export const RUN_PGBOUNCER = '__marqueeRunPgBouncer';

export interface PgBouncer {
  port: number;
  pid: number;
  /** `url` (a Postgres URL) with its host and port replaced by this PgBouncer's. */
  through(url: string): string;
  /** Its log so far (connection errors, refused startup parameters). */
  log(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
  throw new Error(`pgbouncer did not listen on ${port} (exit ${child.exitCode}):\n${log}`);
}

/**
 * Starts PgBouncer in transaction pooling mode on a free port, in front of the Postgres of
 * `backendUrl` (every database name passes through: `* =`), with its own configuration in a temporary
 * folder. The configuration is the one docs/scale-out.md gives ("Through PgBouncer"). Runs as the
 * `postgres` user when started as root (PgBouncer refuses root).
 */
export async function startPgBouncer(backendUrl: string, settings: Record<string, string | number> = {}): Promise<PgBouncer> {
  const backend = new URL(backendUrl);
  const user = decodeURIComponent(backend.username || 'postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pgbouncer-'));
  const port = await freePort();
  const logFile = path.join(dir, 'pgbouncer.log');
  const config = {
    listen_addr: '127.0.0.1',
    listen_port: port,
    unix_socket_dir: '',
    auth_type: 'trust',
    auth_file: path.join(dir, 'userlist.txt'),
    pool_mode: 'transaction',
    max_client_conn: 500,
    default_pool_size: 20,
    // postgres.js sends none of the refused ones in pooler mode; listed for clients that do (JDBC).
    ignore_startup_parameters: 'extra_float_digits',
    logfile: logFile,
    pidfile: path.join(dir, 'pgbouncer.pid'),
    ...settings,
  };
  fs.writeFileSync(config.auth_file, `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${backend.hostname} port=${backend.port || 5432}`,
      '[pgbouncer]',
      ...Object.entries(config).map(([key, value]) => `${key} = ${value}`),
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chmodSync(dir, 0o777);
  const child = spawn(PGBOUNCER_BIN, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // PgBouncer outlives its parent: a run that ends without stop() (an interrupted jest) must not leave it
  // holding server connections.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    await waitForPort(port, child, logFile);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  return {
    port,
    pid: child.pid ?? 0,
    through(url: string) {
      const target = new URL(url);
      target.hostname = '127.0.0.1';
      target.port = String(port);
      return target.toString();
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      process.removeListener('exit', killOnExit);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
