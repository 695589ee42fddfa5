import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PRODUCTION_ENV } from '../helpers/app';
import { databaseUrl, withAdmin } from '../helpers/db';

/**
 * `npm run build` compiles the service to dist/, and `npm start` with NODE_ENV=production runs that
 * JavaScript (not tsx): it migrates the database from dist/, answers /healthz on every address, and
 * drains and stops on SIGTERM to `npm start`. It refuses to start without DATABASE_URL or with a short
 * secret.
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

    // No HOST: production listens on 0.0.0.0 by default.
    const env: NodeJS.ProcessEnv = { ...process.env, ...PRODUCTION_ENV, DATABASE_URL: url, PORT: '0' };
    delete env.HOST;
    let output = '';
    // As an operator runs it: `npm start`, which execs node in place of npm's shell.
    child = spawn('npm', ['start'], { env });
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
    // npm's only child is node (no shell between), running the compiled file, not TypeScript.
    const nodePid = Number(fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim());
    const cmdline = fs.readFileSync(`/proc/${nodePid}/cmdline`, 'utf8');
    expect(cmdline.split('\0')[0]).toBe('node');
    expect(cmdline).toContain('scripts/start.js');
    expect(output).not.toMatch(/tsx/);
    const port = Number(new URL(base).port);
    for (const address of Object.values(os.networkInterfaces()).flat()) {
      if (address && !address.internal && address.family === 'IPv4') {
        expect((await fetch(`http://${address.address}:${port}/healthz`)).status).toBe(200);
      }
    }
    const graphql = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ theatres(pageSize: 1) { totalCount } }' }),
    });
    // Production seeds no demo chain: an empty, migrated database.
    expect(await graphql.json()).toEqual({ data: { theatres: { totalCount: 0 } } });

    // SIGTERM to `npm start`: node drains and exits 0, npm with it; nothing listens on the port.
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child?.once('exit', (code, signal) => resolve([code, signal])));
    child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
    expect(output).toContain('SIGTERM received: draining');
    expect(output).toContain('Marquee stopped');
    expect(() => process.kill(nodePid, 0)).toThrow();
    const refused = await new Promise<string>((resolve) =>
      net.connect({ port, host: '127.0.0.1' }).once('connect', () => resolve('connected')).once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? '')),
    );
    expect(refused).toBe('ECONNREFUSED');
  }, 300_000);

  test('production refuses to start without DATABASE_URL, and with a secret under 32 bytes: one line each', () => {
    expect(fs.existsSync('dist/src/main.js')).toBe(true);
    const start = (env: Record<string, string>) => {
      const full: NodeJS.ProcessEnv = { ...process.env, ...PRODUCTION_ENV, PORT: '0', DATA_DIR: path.join(os.tmpdir(), `marquee-never-${process.pid}`), ...env };
      if (!('DATABASE_URL' in env)) delete full.DATABASE_URL;
      const r = spawnSync('node', ['scripts/start.js'], { encoding: 'utf8', env: full, timeout: 30_000 });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr.trim().split('\n') };
    };
    expect(start({})).toEqual({
      status: 1,
      stdout: '',
      stderr: [
        'Marquee did not start: NODE_ENV=production needs DATABASE_URL: set it to the Postgres database (postgres://user:password@host:5432/name); the embedded PGlite is for demo mode only',
      ],
    });
    // Nothing was created for the embedded database.
    expect(fs.existsSync(path.join(os.tmpdir(), `marquee-never-${process.pid}`))).toBe(false);
    expect(start({ DATABASE_URL: databaseUrl('unused'), JWT_SECRET: 'x'.repeat(31) })).toEqual({
      status: 1,
      stdout: '',
      stderr: [
        'Marquee did not start: Invalid configuration: JWT_SECRET must be at least 32 bytes in production (it has 31); generate one with `openssl rand -base64 32`',
      ],
    });
  });

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
