import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../../db/pglite-lock';

/**
 * The lock of a PGlite folder (db/pglite-lock.ts), which `npm start` takes before opening it: one
 * process at a time, even when several start at the same instant, and a lock whose process is gone
 * blocks nobody. test/integration/start.test.ts shows it through `npm start` itself.
 */

/**
 * A process that loads the lock module and says `ready`; then, for each line `{"dir", "at"}` on its
 * stdin, spins until the clock reads `at` and locks `dir`, answering `locked <pid>` or `refused <message>`.
 * It holds its locks until its stdin ends. Spinning to one instant lines the starts up more closely than
 * a message to each does.
 */
function locker(): { child: ChildProcess; next: () => Promise<string> } {
  const script = `
    require('tsx/cjs');
    const { lockDataDir } = require('./db/pglite-lock.ts');
    const readline = require('node:readline');
    readline.createInterface({ input: process.stdin }).on('line', (line) => {
      const { dir, at } = JSON.parse(line);
      while (Date.now() < at);
      lockDataDir(dir).then(
        () => process.stdout.write('locked ' + process.pid + '\\n'),
        (err) => process.stdout.write('refused ' + err.message + '\\n'),
      );
    }).on('close', () => process.exit(0));
    process.stdout.write('ready\\n');
  `;
  const child = spawn(process.execPath, ['-e', script], { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let buffered = '';
  let waiter: (() => void) | null = null;
  child.stdout?.on('data', (d: Buffer) => {
    buffered += d.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
    waiter?.();
  });
  child.once('exit', () => waiter?.());
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (lines.length > 0) {
          waiter = null;
          return resolve(lines.shift() as string);
        }
        if (child.exitCode !== null) return reject(new Error('locker exited'));
        waiter = check;
      };
      check();
    });
  return { child, next };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

/** The pid of a process that has exited (and was reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await exited(child);
  return child.pid ?? 0;
}

/**
 * `rounds` times, `n` lockers lock a fresh folder (prepared by `prepare`) at the same instant. Returns per
 * round the pids that got the lock, the pid the lock file names, and the refusals.
 */
async function race(base: string, n: number, rounds: number, prepare: (dir: string) => void | Promise<void> = () => undefined) {
  const lockers = Array.from({ length: n }, () => locker());
  const results: { winners: number[]; holder: string; refusals: string[] }[] = [];
  try {
    for (const l of lockers) expect(await l.next()).toBe('ready');
    for (let round = 0; round < rounds; round++) {
      const dir = path.join(base, `round-${round}`);
      fs.mkdirSync(dir);
      await prepare(dir);
      const at = Date.now() + 50;
      for (const l of lockers) l.child.stdin?.write(`${JSON.stringify({ dir, at })}\n`);
      const answers = await Promise.all(lockers.map((l) => l.next()));
      results.push({
        winners: lockers.filter((_, i) => answers[i].startsWith('locked')).map((l) => l.child.pid ?? 0),
        holder: fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').split('\n')[0],
        refusals: answers.filter((a) => !a.startsWith('locked')),
      });
    }
  } finally {
    for (const l of lockers) l.child.stdin?.end();
    await Promise.all(lockers.map((l) => exited(l.child)));
  }
  return results;
}

/** Every folder of `base` holds nothing once the lockers have exited: each holder removed its lock. */
const leftovers = (base: string) => fs.readdirSync(base).flatMap((d) => fs.readdirSync(path.join(base, d)));

describe('the PGlite folder lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-lock-')));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('four processes locking one folder at the same instant, 25 times: each time exactly one holds it, the others are told its pid', async () => {
    const results = await race(dir, 4, 25);
    results.forEach(({ winners, holder, refusals }, round) => {
      expect(winners).toHaveLength(1);
      expect(holder).toBe(String(winners[0]));
      const refusal = `refused DATA_DIR ${path.join(dir, `round-${round}`)} is in use by another Marquee process (pid ${winners[0]}): stop it, or set DATA_DIR to another folder`;
      expect(refusals).toEqual([refusal, refusal, refusal]);
    });
    expect(leftovers(dir)).toEqual([]);
  }, 120_000);

  test('a stale lock (its process is gone) found by four starts at once, 25 times: one takes it over, the others see the new holder', async () => {
    const pid = await deadPid();
    const results = await race(dir, 4, 25, (d) => fs.writeFileSync(path.join(d, LOCK_FILE), `${pid}\n-\n0123456789abcdef\n`));
    for (const { winners, holder, refusals } of results) {
      expect(winners).toHaveLength(1);
      expect(holder).toBe(String(winners[0]));
      expect(refusals).toHaveLength(3);
      for (const r of refusals) expect(r).toContain(`(pid ${winners[0]})`);
    }
    expect(leftovers(dir)).toEqual([]);
  }, 120_000);

  test('in one process: a live holder refuses; a dead pid, a reused pid or an unreadable file does not; release removes the file', async () => {
    const file = path.join(dir, LOCK_FILE);
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      const started = fs.readFileSync(`/proc/${holder.pid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
      // The holder as the lock module writes it: pid, start time, token.
      fs.writeFileSync(file, `${holder.pid}\n${started}\nfedcba9876543210\n`);
      const refused = await lockDataDir(dir).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect((refused as DataDirLockedError).pid).toBe(holder.pid);

      // The same pid with another start time: a later process that got the pid of a killed holder.
      fs.writeFileSync(file, `${holder.pid}\n${Number(started) - 1}\nfedcba9876543210\n`);
      const lock = await lockDataDir(dir);
      expect(fs.readFileSync(file, 'utf8').split('\n')[0]).toBe(String(process.pid));
      // A second call in the same process shares the hold; the file goes with the last release.
      const again = await lockDataDir(path.join(dir, '.'));
      lock.release();
      expect(fs.existsSync(file)).toBe(true);
      again.release();
      expect(fs.existsSync(file)).toBe(false);

      fs.writeFileSync(file, `${await deadPid()}\n-\n0123456789abcdef\n`);
      (await lockDataDir(dir)).release();
      fs.writeFileSync(file, 'garbage');
      (await lockDataDir(dir)).release();
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      holder.kill('SIGKILL');
      await exited(holder);
    }
  });
});
