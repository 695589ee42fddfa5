import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The README's start command on a fresh machine: no DATABASE_URL → embedded PGlite in DATA_DIR,
 * migrated and seeded with the demo chain, serving GraphQL. Runs the real entry point as a process.
 */
describe('npm start on the embedded default', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-start-'));
  let child: ChildProcess;
  let output = '';

  afterAll(() => {
    child?.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, seeds and serves the demo data', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
    delete env.DATABASE_URL;
    delete env.NODE_ENV;
    child = spawn(path.join('node_modules', '.bin', 'tsx'), ['src/main.ts'], { env, cwd: process.cwd() });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

    const started = Date.now();
    let healthy = false;
    // PORT=0: the server picks a free port and logs it (a random fixed port can be taken meanwhile).
    let base = '';
    while (Date.now() - started < 150_000 && child.exitCode === null) {
      base ||= /Marquee on (http:\/\/[^/\s"]+)\/graphql/.exec(output)?.[1] ?? '';
      try {
        if (!base) throw new Error('not listening yet');
        const res = await fetch(`${base}/healthz`);
        if (res.ok) {
          healthy = true;
          break;
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    if (!healthy) throw new Error(`server did not become healthy:\n${output}`);
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
    process.stdout.write(`[start] healthy after ${Date.now() - started} ms\n`);
  }, 180_000);
});
