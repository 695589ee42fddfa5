import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRODUCTION_ENV } from '../helpers/app';
import { databaseUrl, withAdmin } from '../helpers/db';

/**
 * `npm run build` compiles the service to dist/, and `npm start` with NODE_ENV=production runs that
 * JavaScript (not tsx): it migrates the database from dist/ and answers /healthz.
 */
describe('production: build, then run the compiled output', () => {
  let child: ChildProcess | undefined;
  let dbName: string | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dbName) await withAdmin((sql) => sql.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
  });

  test('npm run build, then NODE_ENV=production npm start answers /healthz', async () => {
    const build = spawnSync('npm', ['run', '-s', 'build'], { encoding: 'utf8', timeout: 240_000 });
    expect({ status: build.status, stdout: build.stdout }).toEqual({ status: 0, stdout: '' });
    expect(fs.existsSync('dist/src/main.js')).toBe(true);
    expect(fs.existsSync('dist/db/migrations/meta/_journal.json')).toBe(true);

    // An empty database: the compiled code must find the migrations (dist/db/migrations) and apply them.
    dbName = `marquee_prod_${process.pid}_${Date.now()}`;
    await withAdmin((sql) => sql.unsafe(`CREATE DATABASE "${dbName}"`));
    const url = databaseUrl(dbName);

    const env: NodeJS.ProcessEnv = { ...process.env, ...PRODUCTION_ENV, DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1' };
    let output = '';
    child = spawn('node', ['scripts/start.js'], { env });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const started = Date.now();
    let health: { status: string; driver: string } | null = null;
    // PORT=0: the server picks a free port and logs it.
    let base = '';
    while (!health && Date.now() - started < 60_000 && child.exitCode === null) {
      base ||= /Marquee on (http:\/\/[^/\s"]+)\/graphql/.exec(output)?.[1] ?? '';
      try {
        if (!base) throw new Error('not listening yet');
        const res = await fetch(`${base}/healthz`);
        if (res.ok) health = (await res.json()) as { status: string; driver: string };
      } catch {
        await new Promise((r) => setTimeout(r, 300));
      }
    }
    if (!health) throw new Error(`the compiled service did not answer /healthz:\n${output}`);
    expect(health).toMatchObject({ status: 'ok', driver: 'postgres' });
    // The process runs the compiled file, not TypeScript.
    const cmdline = fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8');
    expect(cmdline).toContain('scripts/start.js');
    expect(output).not.toMatch(/tsx/);
    const graphql = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ theatres(pageSize: 1) { totalCount } }' }),
    });
    // Production seeds no demo chain: an empty, migrated database.
    expect(await graphql.json()).toEqual({ data: { theatres: { totalCount: 0 } } });
  }, 300_000);

  test('without dist/, production start says to build first', () => {
    // The start script, alone in a directory with no dist/.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-nodist-'));
    fs.mkdirSync(path.join(dir, 'scripts'));
    fs.copyFileSync('scripts/start.js', path.join(dir, 'scripts', 'start.js'));
    const r = spawnSync('node', [path.join(dir, 'scripts', 'start.js')], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      'Marquee did not start: dist/src/main.js is missing. NODE_ENV=production runs the compiled service: run `npm run build` first.',
    );
  });
});
