import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import postgres from 'postgres';
import { databaseUrl, withAdmin } from '../helpers/db';

/**
 * How the real entry points (`npm start` = scripts/start.js, `npm run migrate`, `npm run token`) start
 * and fail: one line saying what to check, quickly, with a non-zero exit; nothing slow done first.
 */

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Our output, without the npm warnings of this machine's own npm configuration. */
const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));

function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, cwd: process.cwd() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** The environment of a demo-mode start, with its own (never created) PGlite directory. */
function startEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: path.join(os.tmpdir(), `marquee-never-${process.pid}`), ...extra };
  for (const key of ['DATABASE_URL', 'NODE_ENV', 'JWT_SECRET', 'PII_KEY']) if (!(key in extra)) delete env[key];
  return env;
}

const npmStart = (env: NodeJS.ProcessEnv) => run('node', ['scripts/start.js'], env);

describe('npm start fails like a good service', () => {
  test('an unreachable database host: non-zero exit within 10 s, one line naming host:port', async () => {
    // 10.255.255.1 is routable but answers nothing: the connection attempt hangs until a timeout.
    const r = await npmStart(startEnv({ DATABASE_URL: 'postgres://marquee@10.255.255.1:5432/marquee' }));
    expect(r.code).not.toBe(0);
    expect(r.code).not.toBeNull();
    expect(r.ms).toBeLessThan(10_000);
    expect(lines(r.stdout)).toEqual([]);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^Marquee did not start: .*10\.255\.255\.1:5432.*check DATABASE_URL/)]);
  }, 30_000);

  test('a refused connection names host:port and what to check', async () => {
    const r = await npmStart(startEnv({ DATABASE_URL: 'postgres://marquee@127.0.0.1:1/marquee' }));
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/127\.0\.0\.1:1.*Postgres is running/)]);
  }, 30_000);

  test('a busy port: one clear line, before migrating or seeding anything', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-busy-'));
    try {
      const r = await npmStart(startEnv({ PORT: String(port), DATA_DIR: dataDir }));
      expect(r.code).toBe(1);
      expect(lines(r.stderr)).toEqual([`Marquee did not start: port ${port} on 127.0.0.1 is already in use: stop the process using it, or set PORT to another port`]);
      expect(lines(r.stdout)).toEqual([]);
      // The embedded database was not even opened.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      blocker.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  test('a mysql:// DATABASE_URL is refused at configuration', async () => {
    const r = await npmStart(startEnv({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/marquee' }));
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      'Marquee did not start: Invalid configuration: DATABASE_URL: only postgres:// and postgresql:// URLs are supported (unset it for the embedded PGlite)',
    ]);
  }, 30_000);
});

describe('npm run migrate', () => {
  test('applies the migrations to DATABASE_URL', async () => {
    const name = `marquee_migrate_${process.pid}_${Date.now()}`;
    await withAdmin((sql) => sql.unsafe(`CREATE DATABASE "${name}"`));
    try {
      const r = await run('npm', ['run', '-s', 'migrate'], { ...process.env, DATABASE_URL: databaseUrl(name) }, 60_000);
      expect({ code: r.code, stderr: lines(r.stderr) }).toEqual({ code: 0, stderr: [] });
      expect(lines(r.stdout)).toEqual(['migrations applied']);
      const sql = postgres(databaseUrl(name), { max: 1, onnotice: () => undefined });
      const tables = await sql<{ n: number }[]>`select count(*)::int as n from information_schema.tables where table_name in ('theatres', 'showtimes', 'seat_claims')`;
      await sql.end();
      expect(tables[0].n).toBe(3);
    } finally {
      await withAdmin((sql) => sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    }
  }, 90_000);

  test('without DATABASE_URL, or with a bad one: one line, non-zero exit', async () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const unset = await run('npm', ['run', '-s', 'migrate'], env);
    expect(unset.code).toBe(1);
    expect(lines(unset.stderr)).toEqual([expect.stringMatching(/^Migration did not run: DATABASE_URL is not set/)]);
    const bad = await run('npm', ['run', '-s', 'migrate'], { ...env, DATABASE_URL: 'postgres://marquee@127.0.0.1:1/marquee' });
    expect(bad.code).toBe(1);
    expect(lines(bad.stderr)).toEqual([expect.stringMatching(/^Migration did not run: .*127\.0\.0\.1:1/)]);
  }, 60_000);
});

describe('npm run token', () => {
  test('`npm run -s token` prints the token and nothing else', async () => {
    const r = await run('npm', ['run', '-s', 'token', '--', '--account', '7', '--admin'], { ...process.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    expect(decodeJwt(r.stdout.trim())).toMatchObject({ sub: '7', scope: 'admin' });
  }, 30_000);

  test('--help prints the usage on stdout; a bad option is exit 2 with nothing on stdout', async () => {
    const help = await run('npm', ['run', '-s', 'token', '--', '--help'], { ...process.env });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run -s token -- --account <id>/);
    const bad = spawnSync('npm', ['run', '-s', 'token', '--', '--acount', '1'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/Unknown option '--acount'/);
  }, 30_000);
});
