import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The README's start command on a fresh machine, as a user runs it: `npm start` with no DATABASE_URL →
 * embedded PGlite in DATA_DIR, migrated and seeded with the demo chain, serving GraphQL on 127.0.0.1;
 * then what `npm start` promises around it: one process per PGlite folder, SIGTERM drains and stops the
 * whole process tree. Real processes, real HTTP; the tests run in order on one folder.
 */

interface Proc {
  child: ChildProcess;
  output: () => string;
}

function launch(command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(command, args, { env, cwd: process.cwd() });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number, proc?: Proc): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await probe();
    if (value !== undefined) return value;
    if (proc && proc.child.exitCode !== null) break;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms${proc ? `\n${proc.output()}` : ''}`);
}

/** Waits until `proc` logs its address and answers /healthz; returns the base URL. */
async function healthy(proc: Proc, timeoutMs: number): Promise<string> {
  return waitFor(
    'server healthy',
    async () => {
      const base = /Marquee on (http:\/\/[^/\s"]+)\/graphql/.exec(proc.output())?.[1];
      if (!base) return undefined;
      const res = await fetch(`${base}/healthz`).catch(() => null);
      return res?.ok ? base : undefined;
    },
    timeoutMs,
    proc,
  );
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

/** The outcome of connecting to `host:port`: `connected`, or the error code. */
const connect = (port: number, host: string) =>
  new Promise<string>((resolve) => {
    const socket = net.connect({ port, host, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** This machine's addresses other than loopback (empty on a machine without a network interface). */
const otherAddresses = Object.values(os.networkInterfaces())
  .flat()
  .filter((a): a is os.NetworkInterfaceInfo => !!a && !a.internal && !(a.family === 'IPv6' && a.address.startsWith('fe80')))
  .map((a) => a.address);

/** Log lines whose message contains `text`. */
const logged = (proc: Proc, text: string) => proc.output().split('\n').filter((l) => l.includes(text));

describe('npm start on the embedded default', () => {
  const dataDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-start-')));
  const lockFile = path.join(dataDir, 'marquee.lock');
  const running: Proc[] = [];
  // A user's environment: no DATABASE_URL, NODE_ENV or HOST. SHUTDOWN_DELAY makes the drain observable.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', SHUTDOWN_DELAY: '2s' };
  for (const key of ['DATABASE_URL', 'NODE_ENV', 'HOST', 'JWT_SECRET', 'PII_KEY']) delete env[key];

  let first: Proc;
  let firstNode = 0;
  let base = '';

  afterAll(async () => {
    for (const p of running) {
      if (p.child.exitCode === null && p.child.signalCode === null) {
        p.child.kill('SIGKILL');
        await exited(p.child);
      }
    }
    if (firstNode && alive(firstNode)) process.kill(firstNode, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('`npm start` migrates, seeds and serves the demo data, as node in place of the shell, on 127.0.0.1 only', async () => {
    const started = Date.now();
    first = launch('npm', ['start'], env);
    running.push(first);
    base = await healthy(first, 150_000);
    process.stdout.write(`[start] healthy after ${Date.now() - started} ms\n`);

    const health = (await (await fetch(`${base}/healthz`)).json()) as { driver: string };
    expect(health.driver).toBe('pglite');
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ refundReasons { name } theatres(pageSize: 1) { totalCount } }' }),
    });
    const body = (await res.json()) as { data: { refundReasons: unknown[]; theatres: { totalCount: number } } };
    expect(body.data.refundReasons).toHaveLength(36);
    expect(body.data.theatres.totalCount).toBeGreaterThanOrEqual(40);
    // A planned root on PGlite: its kept statement runs through PGlite's own parameterised query.
    const nested = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ theatre(id: 1) { name showtimes { id movie { name } attributes { code } } } }' }),
    });
    const planned = (await nested.json()) as { data: { theatre: { name: string; showtimes: { movie: { name: string } }[] } }; errors?: unknown };
    expect(planned.errors).toBeUndefined();
    expect(planned.data.theatre.name).toBeTruthy();
    expect(planned.data.theatre.showtimes.length).toBeGreaterThan(0);
    expect(planned.data.theatre.showtimes.every((s) => s.movie.name)).toBe(true);

    // npm runs the script through `sh -c`; `exec` replaces the shell, so node is npm's own child and gets
    // the SIGTERM npm forwards (a shell in between dies of it and leaves node running).
    const children = fs.readFileSync(`/proc/${first.child.pid}/task/${first.child.pid}/children`, 'utf8').trim().split(/\s+/);
    expect(children).toHaveLength(1);
    firstNode = Number(children[0]);
    expect(fs.readFileSync(`/proc/${firstNode}/cmdline`, 'utf8').split('\0').slice(0, 3)).toEqual([
      'node',
      '--max-semi-space-size=32',
      'scripts/start.js',
    ]);
    expect(fs.readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(firstNode));

    // Demo mode's secrets are public: it listens on loopback only unless HOST says otherwise.
    const port = Number(new URL(base).port);
    expect(base).toBe(`http://127.0.0.1:${port}`);
    expect(await connect(port, '127.0.0.1')).toBe('connected');
    process.stdout.write(`[start] other addresses of this machine: ${otherAddresses.join(', ') || 'none'}\n`);
    for (const address of otherAddresses) expect(`${address}: ${await connect(port, address)}`).toBe(`${address}: ECONNREFUSED`);
  }, 180_000);

  test('a second start on the same DATA_DIR exits at once with one line naming the folder and the first process', async () => {
    expect(firstNode).toBeGreaterThan(0);
    const started = Date.now();
    const second = launch('node', ['scripts/start.js'], env);
    running.push(second);
    const { code } = await exited(second.child);
    const ms = Date.now() - started;
    expect(code).toBe(1);
    expect(ms).toBeLessThan(5000);
    expect(second.output().trim().split('\n')).toEqual([
      `Marquee did not start: DATA_DIR ${dataDir} is in use by another Marquee process (pid ${firstNode}): stop it, or set DATA_DIR to another folder`,
    ]);
    process.stdout.write(`[start] second start refused in ${ms} ms\n`);
    // The first one goes on, still holding the folder.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(fs.readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(firstNode));
  }, 30_000);

  test('SIGTERM to the `npm start` process drains: /readyz 503 while serving for SHUTDOWN_DELAY, the request in flight answered, every process gone, port and folder free', async () => {
    expect(firstNode).toBeGreaterThan(0);
    const port = Number(new URL(base).port);

    // A request in flight across the stop: headers and half the body now, the rest after the port closed.
    const body = JSON.stringify({ query: '{ refundReasons { name } }' });
    const inFlight = net.connect({ port, host: '127.0.0.1' });
    let answer = '';
    inFlight.on('data', (d: Buffer) => (answer += d.toString()));
    const answered = new Promise<void>((resolve) => inFlight.once('end', resolve));
    await new Promise<void>((resolve) => inFlight.once('connect', resolve));
    inFlight.write(
      `POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(300);

    const signalled = Date.now();
    first.child.kill('SIGTERM');
    await waitFor('drain logged', () => (logged(first, 'SIGTERM received: draining').length ? true : undefined), 5000, first);

    // During SHUTDOWN_DELAY: not ready, but still serving new requests.
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ reason: 'shutting down' });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    // A second signal during the drain (a terminal's Ctrl-C can reach node twice) is logged, not fatal.
    process.kill(firstNode, 'SIGTERM');
    await waitFor('second signal logged', () => (logged(first, 'SIGTERM received while draining').length ? true : undefined), 5000, first);

    await waitFor('delay over', () => (logged(first, 'SHUTDOWN_DELAY over').length ? true : undefined), 10_000, first);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1900);
    // The port stops accepting, while node waits for the request in flight.
    await waitFor('port closed', async () => ((await connect(port, '127.0.0.1')) === 'ECONNREFUSED' ? true : undefined), 8000, first);
    expect(alive(firstNode)).toBe(true);
    expect(first.child.exitCode).toBeNull();

    inFlight.write(body.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"refundReasons":[{"name":');

    const { code, signal } = await exited(first.child);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    process.stdout.write(`[start] npm start stopped ${Date.now() - signalled} ms after SIGTERM\n`);
    expect(alive(firstNode)).toBe(false);
    const messages = ['SIGTERM received: draining', 'SHUTDOWN_DELAY over', 'server closed', 'Marquee stopped'].map(
      (m) => first.output().indexOf(m),
    );
    expect(messages.every((at) => at > 0)).toBe(true);
    expect([...messages].sort((a, b) => a - b)).toEqual(messages);

    // The port is free, and so is the folder.
    const probe = net.createServer();
    await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((resolve) => probe.close(resolve));
    expect(fs.existsSync(lockFile)).toBe(false);
  }, 60_000);

  test('the next start takes the folder; after kill -9 its stale lock blocks no one; HOST=0.0.0.0 listens beyond loopback', async () => {
    const wide = launch('node', ['scripts/start.js'], { ...env, HOST: '0.0.0.0' });
    running.push(wide);
    const wideBase = await healthy(wide, 60_000);
    const port = Number(new URL(wideBase).port);
    // 0.0.0.0 is every IPv4 address (`::` would be IPv6 too).
    for (const address of otherAddresses.filter((a) => net.isIPv4(a))) {
      expect((await fetch(`http://${address}:${port}/healthz`)).status).toBe(200);
    }

    wide.child.kill('SIGKILL');
    expect(await exited(wide.child)).toEqual({ code: null, signal: 'SIGKILL' });
    expect(fs.readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(wide.child.pid));

    const next = launch('node', ['scripts/start.js'], env);
    running.push(next);
    const nextBase = await healthy(next, 60_000);
    expect(fs.readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(next.child.pid));
    expect(nextBase).toMatch(/^http:\/\/127\.0\.0\.1:/);

    // SIGTERM to node itself: the drain, and exit status 0 (not 143, Apollo's handler re-sending the signal).
    next.child.kill('SIGTERM');
    expect(await exited(next.child)).toEqual({ code: 0, signal: null });
    expect(logged(next, 'Marquee stopped')).toHaveLength(1);
    expect(fs.existsSync(lockFile)).toBe(false);
  }, 150_000);
});
