import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from './preflight';

/**
 * The lock file in a PGlite folder: the pid of the process that has the folder open, the start time of
 * that process (Linux: /proc/<pid>/stat, to tell a reused pid apart; `-` elsewhere) and a random token,
 * one per line. `kill $(head -1 .data/marquee.lock)` stops the holder.
 */
export const LOCK_FILE = 'marquee.lock';

/** Another live process holds the folder; the message names the folder and that process. */
export class DataDirLockedError extends StartupError {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`DATA_DIR ${dataDir} is in use by another Marquee process (pid ${pid}): stop it, or set DATA_DIR to another folder`);
  }
}

/** A hold on a PGlite folder; `release` once per `lockDataDir` call. */
export interface DataDirLock {
  readonly file: string;
  release(): void;
}

interface Holder {
  pid: number;
  started: string;
  token: string;
}

/** Folders this process holds (by real path), with how many `lockDataDir` calls hold each. */
const held = new Map<string, { file: string; token: string; count: number }>();

/** Files written aside and reap markers older than this are left over (their writer is long done). */
const LEFTOVER_AGE_MS = 60_000;

/** A reap marker is held for microseconds; one older than this is a killed start's. */
const STUCK_MARKER_MS = 5_000;

/**
 * Locks the PGlite folder `dataDir` (created if missing) for this process, or fails with
 * `DataDirLockedError` when a live process holds it. PGlite has no lock of its own: two processes on one
 * folder each write their own copy of the database, and one's writes are lost.
 *
 * The lock file appears whole or not at all (written aside, then hard-linked into place, which fails
 * when it exists), so two starts at the same instant cannot both win. A lock whose process is gone
 * (killed with -9, or a crash; a pid that now belongs to another process) is stale: one start removes
 * it and the others then find the winner's lock (`reap`). Calls in one process share the hold (counted).
 * The file is removed on the last `release` and when the process exits.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const dir = fs.realpathSync(dataDir);
  const file = path.join(dir, LOCK_FILE);
  const mine = held.get(dir);
  if (mine) {
    mine.count += 1;
    return handle(dir, file);
  }
  const token = randomBytes(8).toString('hex');
  const aside = `${file}.${process.pid}.${token}`;
  fs.writeFileSync(aside, `${process.pid}\n${procStat(process.pid)?.started ?? '-'}\n${token}\n`, { flag: 'wx' });
  try {
    const deadline = Date.now() + 2 * STUCK_MARKER_MS;
    for (;;) {
      try {
        fs.linkSync(aside, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = readHolder(file);
      const ours = held.get(dir);
      // Another call of this process took it while this one waited.
      if (ours && holder?.token === ours.token) {
        ours.count += 1;
        return handle(dir, file);
      }
      if (holder && isAlive(holder)) throw new DataDirLockedError(dir, holder.pid);
      if (holder && reap(file, holder)) continue;
      // Gone meanwhile (released, or reaped by another start), or being reaped by another start.
      if (Date.now() > deadline) throw new StartupError(`could not lock DATA_DIR ${dir}: other starts keep replacing ${file}`);
      await sleep(10 + Math.random() * 20);
    }
  } finally {
    fs.rmSync(aside, { force: true });
  }
  held.set(dir, { file, token, count: 1 });
  if (held.size === 1) process.once('exit', releaseAll);
  removeLeftovers(dir);
  return handle(dir, file);
}

function handle(dir: string, file: string): DataDirLock {
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      const entry = held.get(dir);
      if (!entry || --entry.count > 0) return;
      held.delete(dir);
      removeIfOurs(entry.file, entry.token);
      if (held.size === 0) process.removeListener('exit', releaseAll);
    },
  };
}

function releaseAll(): void {
  for (const { file, token } of held.values()) removeIfOurs(file, token);
  held.clear();
}

function removeIfOurs(file: string, token: string): void {
  // Never another process's lock (say, one that took over after this one's was deleted by hand).
  if (readHolder(file)?.token === token) fs.rmSync(file, { force: true });
}

/** The lock file's holder; null when the file is gone or not one of ours (taken as stale). */
function readHolder(file: string): Holder | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const [pid, started, token] = text.split('\n');
  // Written whole before it was linked into place: anything else was not written by this module.
  if (!/^\d+$/.test(pid ?? '') || !token) return { pid: 0, started: '-', token: `unreadable:${text}` };
  return { pid: Number(pid), started: started ?? '-', token };
}

/** Whether the holder process still runs (and is the same process, not a later one with its pid). */
function isAlive(holder: Holder): boolean {
  // Our own pid and not held by us: a previous process with the same pid (a restarted container).
  if (holder.pid <= 0 || holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: it runs, as another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(holder.pid);
  if (!stat) return true;
  // A killed process whose parent has not reaped it yet still answers kill(pid, 0).
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return holder.started === '-' || stat.started === holder.started;
}

/**
 * Removes the stale lock `holder` read from `file`, if it is still there. The reap marker of its token,
 * created exclusively (`wx`), makes reading it again and removing it one step among several starts that
 * found the same stale lock: a start that comes later reads the lock a faster one has taken since, and
 * leaves it. Returns whether this call removed the lock.
 */
function reap(file: string, holder: Holder): boolean {
  const marker = `${file}.reap-${/^[0-9a-f]{16}$/.test(holder.token) ? holder.token : 'unreadable'}`;
  try {
    fs.writeFileSync(marker, `${process.pid}\n`, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another start reaps it now; a marker this old belongs to one killed while reaping.
    if (ageMs(marker) > STUCK_MARKER_MS) fs.rmSync(marker, { force: true });
    return false;
  }
  try {
    if (readHolder(file)?.token !== holder.token) return false;
    fs.rmSync(file, { force: true });
    return true;
  } finally {
    fs.rmSync(marker, { force: true });
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Reap markers and files written aside by starts that were killed before cleaning up. */
function removeLeftovers(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(`${LOCK_FILE}.`)) continue;
    const leftover = path.join(dir, name);
    if (ageMs(leftover) > LEFTOVER_AGE_MS) fs.rmSync(leftover, { force: true });
  }
}

/** The state and start time (clock ticks since boot) of process `pid` (Linux); null where /proc has none. */
function procStat(pid: number): { state: string; started: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is field 3, starttime 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ? { state: fields[0], started: fields[19] } : null;
  } catch {
    return null;
  }
}
