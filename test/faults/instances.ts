import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { rssMb, sleep, waitUntil } from './util';

const run = promisify(execFile);

/** How an instance's process ended, and whether the suite caused it. */
export interface ExitRecord {
  instance: string;
  pid: number;
  at: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The signal the suite sent, or null: an exit nobody asked for (a crash). */
  causedBy: 'SIGKILL' | 'SIGTERM' | 'teardown' | null;
  /** From the suite's signal to the exit. */
  ms: number;
}

/** One of the two Marquee instances: a slot with a fixed port that the suite (re)starts processes in. */
export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess | null;
  pid: number;
  /** Processes started in this slot so far. */
  generation: number;
  logFiles: string[];
  /** Set while the suite is stopping the process on purpose. */
  stopping: { signal: ExitRecord['causedBy']; at: number } | null;
  /** Settings of this instance only, over the shared ones (say, its DB_APPLICATION_NAME). */
  env: Record<string, string>;
}

/**
 * Builds the service as production runs it (`npm run build`) and copies dist/ into the run's folder,
 * next to a link to the project's node_modules: a restarted instance runs the code the run started
 * with even if someone rebuilds dist/ meanwhile.
 */
export async function prepareBuild(root: string, workDir: string): Promise<string> {
  await run('npm', ['run', '-s', 'build'], { cwd: root, timeout: 300_000 }).catch((err: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`npm run build failed in ${root}:\n${`${err.stdout ?? ''}${err.stderr ?? ''}`.trim() || err.message}`);
  });
  const appDir = path.join(workDir, 'app');
  fs.cpSync(path.join(root, 'dist'), path.join(appDir, 'dist'), { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(appDir, 'node_modules'), 'dir');
  return appDir;
}

/** Starts, signals and watches the instances' processes; records every exit. */
export class Instances {
  readonly exits: ExitRecord[] = [];
  private closing = false;

  constructor(
    readonly slots: Instance[],
    private readonly appDir: string,
    private readonly env: Record<string, string>,
    private readonly logDir: string,
    private readonly log: (line: string) => void,
  ) {}

  static async create(
    names: string[],
    ports: number[],
    appDir: string,
    env: Record<string, string>,
    logDir: string,
    log: (l: string) => void,
    envOf: (name: string) => Record<string, string> = () => ({}),
  ) {
    const slots = names.map((name, i): Instance => ({
      name,
      port: ports[i],
      url: `http://127.0.0.1:${ports[i]}`,
      child: null,
      pid: 0,
      generation: 0,
      logFiles: [],
      stopping: null,
      env: envOf(name),
    }));
    return new Instances(slots, appDir, env, logDir, log);
  }

  /** Starts a process in the slot (`node dist/src/main.js`, production mode) and waits until /readyz is 200. */
  async start(slot: Instance, readyWithinMs = 60_000): Promise<number> {
    slot.generation += 1;
    const file = path.join(this.logDir, `${slot.name}-${slot.generation}.log`);
    slot.logFiles.push(file);
    const fd = fs.openSync(file, 'a');
    const started = Date.now();
    // As docs/operations.md says to start it without npm: with the young-generation flag of `npm start`.
    const child = spawn(process.execPath, ['--max-semi-space-size=32', path.join(this.appDir, 'dist', 'src', 'main.js')], {
      cwd: this.appDir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...this.env, ...slot.env, PORT: String(slot.port) },
      stdio: ['ignore', fd, fd],
    });
    fs.closeSync(fd);
    slot.child = child;
    slot.pid = child.pid ?? 0;
    slot.stopping = null;
    child.once('exit', (code, signal) => this.onExit(slot, child, code, signal));
    const ready = await waitUntil(async () => child.exitCode === null && child.signalCode === null && (await isReady(slot.url)), readyWithinMs, 200);
    if (!ready) throw new Error(`instance ${slot.name} (pid ${slot.pid}) not ready within ${readyWithinMs} ms; log: ${file}`);
    return Date.now() - started;
  }

  private onExit(slot: Instance, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null) {
    const stopping = slot.child === child ? slot.stopping : null;
    const record: ExitRecord = {
      instance: slot.name,
      pid: child.pid ?? 0,
      at: Date.now(),
      code,
      signal,
      causedBy: stopping?.signal ?? null,
      ms: stopping ? Date.now() - stopping.at : 0,
    };
    this.exits.push(record);
    if (slot.child === child) slot.child = null;
    if (!record.causedBy && !this.closing) {
      // A crash: say so, and put the instance back so the run goes on (the check reports it).
      this.log(`instance ${slot.name} (pid ${record.pid}) exited unexpectedly: code ${code}, signal ${signal}; restarting it`);
      void sleep(1000).then(() => (this.closing || slot.child ? undefined : this.start(slot).catch((e: Error) => this.log(e.message))));
    }
  }

  /** Sends `signal` and waits for the exit (SIGKILL after `timeoutMs`); returns the exit record. */
  async stop(slot: Instance, signal: 'SIGKILL' | 'SIGTERM', timeoutMs = 30_000): Promise<ExitRecord> {
    const child = slot.child;
    if (!child) throw new Error(`instance ${slot.name} is not running`);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    slot.stopping = { signal, at: Date.now() };
    child.kill(signal);
    const inTime = await Promise.race([exited.then(() => true), sleep(timeoutMs).then(() => false)]);
    if (!inTime) {
      this.log(`instance ${slot.name} (pid ${child.pid}) still running ${timeoutMs} ms after ${signal}: SIGKILL`);
      child.kill('SIGKILL');
      await exited;
    }
    // The exit handler of start() ran first (registered first) and recorded it.
    const record = this.exits.findLast((e) => e.pid === child.pid)!;
    return { ...record, ms: inTime ? record.ms : timeoutMs };
  }

  /** RSS (MB) of each slot's current process. */
  rss(): Record<string, { mb: number | null; generation: number }> {
    return Object.fromEntries(this.slots.map((s) => [s.name, { mb: s.child ? rssMb(s.pid) : null, generation: s.generation }]));
  }

  /** Kills every process at once (teardown; synchronous so it also runs on exit and interrupts). */
  killAllSync(): void {
    this.closing = true;
    for (const slot of this.slots) {
      if (slot.child && slot.child.exitCode === null && slot.child.signalCode === null) {
        slot.stopping = { signal: 'teardown', at: Date.now() };
        slot.child.kill('SIGKILL');
      }
    }
  }

  /** Stops every instance with SIGTERM (end of the run), SIGKILL after 15 s. */
  async closeAll(): Promise<void> {
    this.closing = true;
    await Promise.all(
      this.slots.map(async (slot) => {
        if (!slot.child) return;
        const child = slot.child;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        slot.stopping = { signal: 'teardown', at: Date.now() };
        child.kill('SIGTERM');
        if (!(await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]))) child.kill('SIGKILL');
      }),
    );
  }
}

/** GET /readyz answers 200 (database and the LISTEN connection up). */
export async function isReady(url: string, timeoutMs = 2000): Promise<boolean> {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** What the logs of the instances say that nobody should see. */
export interface LogScan {
  file: string;
  uncaught: string[];
  fatal: string[];
  /** Error-level (50) lines by message. */
  errors: Map<string, number>;
  /** Lines that mention draining or shutting down (info). */
  shutdown: string[];
}

const UNCAUGHT = /Unhandled rejection|Uncaught exception|UnhandledPromiseRejection|unhandledRejection|uncaughtException|triggerUncaughtException/;

/** Reads every log file of the run. */
export function scanLogs(files: string[]): LogScan[] {
  return files.map((file) => {
    const scan: LogScan = { file, uncaught: [], fatal: [], errors: new Map(), shutdown: [] };
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    for (const line of text.split('\n')) {
      if (!line) continue;
      if (UNCAUGHT.test(line)) scan.uncaught.push(line.slice(0, 300));
      let entry: { level?: number; msg?: string } | null = null;
      try {
        entry = line.startsWith('{') ? (JSON.parse(line) as { level?: number; msg?: string }) : null;
      } catch {
        entry = null;
      }
      if (!entry) continue;
      if (entry.level === 60) scan.fatal.push(line.slice(0, 300));
      if (entry.level === 50) {
        const msg = String(entry.msg ?? '').slice(0, 80);
        scan.errors.set(msg, (scan.errors.get(msg) ?? 0) + 1);
      }
      if (/drain|shutting down|shutdown|stopp/i.test(String(entry.msg ?? ''))) scan.shutdown.push(String(entry.msg).slice(0, 120));
    }
    return scan;
  });
}
