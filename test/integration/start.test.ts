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
  const port = 40000 + Math.floor(Math.random() * 20000);
  let child: ChildProcess;
  let output = '';

  afterAll(() => {
    child?.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, seeds and serves the demo data', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    delete env.DATABASE_URL;
    delete env.NODE_ENV;
    child = spawn(path.join('node_modules', '.bin', 'tsx'), ['src/main.ts'], { env, cwd: process.cwd() });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

    const started = Date.now();
    let healthy = false;
    while (Date.now() - started < 150_000 && child.exitCode === null) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
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
    const health = (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as { driver: string };
    expect(health.driver).toBe('pglite');

    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
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
