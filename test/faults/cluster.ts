import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { freePort } from './util';

const run = promisify(execFile);

/**
 * A Postgres cluster of the suite's own (Debian's pg_createcluster), on a free port, so that stopping
 * and restarting it touches nothing else on the machine. Trust authentication over TCP on loopback.
 */
export interface Cluster {
  name: string;
  version: string;
  port: number;
  /** The server's log (pg_ctlcluster's), for checks that count statements (`log_statement`). */
  logFile: string;
  /** A URL of database `db` on the cluster (TCP, user postgres). */
  url(db: string): string;
  /** The suite's own client of the `marquee` database (checks, polls, fault injection). */
  sql: postgres.Sql;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** `pg_ctlcluster … restart` (fast shutdown: open sessions are ended). */
  restart(): Promise<void>;
  /** True when the server accepts connections (pg_isready). */
  ready(): Promise<boolean>;
  /**
   * Terminates every backend whose client is process `pid`: its TCP connections to the cluster are
   * read from `ss` and matched to pg_stat_activity.client_port, so it works whatever the connections'
   * application names are. Returns how many backends were terminated.
   */
  terminateBackendsOf(pid: number): Promise<number>;
  /** Stops and removes the cluster, its data and configuration; synchronous, so it also runs on exit. */
  dropSync(): void;
}

const CTL = ['--skip-systemctl-redirect'];

/** The installed major version (the one folder under /etc/postgresql, or the newest). */
export function installedVersion(): string {
  const versions = fs.readdirSync('/etc/postgresql').filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error('no Postgres in /etc/postgresql: install postgresql (apt-get install postgresql)');
  return versions[0];
}

/** What a suite may choose about its cluster. */
export interface ClusterOptions {
  /** The start of the cluster's name (`<prefix>_<random>`); default `faults`. */
  prefix?: string;
  /** Server settings, written to the cluster's conf.d before its first start. */
  settings?: Record<string, string>;
}

/** postgresql.conf lines for `settings` (values quoted as strings, which Postgres accepts for every type). */
export function settingLines(settings: Record<string, string>): string {
  return Object.entries(settings).map(([key, value]) => `${key} = '${value.replace(/'/g, "''")}'`).join('\n') + '\n';
}

/**
 * A Debian cluster (pg_createcluster) named `name` on a free port, `settings` in its conf.d, not started:
 * its control, a readiness probe, and its removal. What the suites' primaries and replicas share.
 */
export interface DebianCluster {
  version: string;
  name: string;
  port: number;
  /** Its data folder (a replica replaces it with a base backup before the first start). */
  dataDir: string;
  url(db: string): string;
  ctl(action: 'start' | 'stop' | 'restart'): Promise<void>;
  /** True when the server accepts connections (pg_isready). */
  ready(): Promise<boolean>;
  /** Stops and removes the cluster, its data and configuration; synchronous, so it also runs on exit. */
  dropSync(): void;
}

export async function newDebianCluster(version: string, name: string, log: (line: string) => void, settings?: Record<string, string>): Promise<DebianCluster> {
  const port = await freePort();
  let dropped = false;
  const dropSync = () => {
    if (dropped) return;
    dropped = true;
    try {
      execFileSync('pg_dropcluster', ['--stop', version, name], { stdio: 'ignore', timeout: 60_000 });
      // pg_dropcluster leaves the configuration folder behind while it holds a file it did not write (conf.d/suite.conf).
      fs.rmSync(`/etc/postgresql/${version}/${name}`, { recursive: true, force: true });
    } catch {
      // already gone, or stop failed: say so, the operator can remove it
      log(`could not drop cluster ${version}/${name}: run pg_dropcluster --stop ${version} ${name}`);
    }
  };
  // Options after `--` go to initdb: trust on local and host, so the suites need no password.
  await run('pg_createcluster', [version, name, '-p', String(port), '--start-conf=manual', '--', '--auth=trust'], { timeout: 120_000 });
  try {
    if (settings) fs.writeFileSync(`/etc/postgresql/${version}/${name}/conf.d/suite.conf`, settingLines(settings));
  } catch (err) {
    dropSync();
    throw err;
  }
  return {
    version,
    name,
    port,
    dataDir: `/var/lib/postgresql/${version}/${name}`,
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    ctl: (action) => run('pg_ctlcluster', [...CTL, version, name, action], { timeout: 120_000 }).then(() => undefined),
    async ready() {
      try {
        await run('pg_isready', ['-q', '-h', '127.0.0.1', '-p', String(port)], { timeout: 5000 });
        return true;
      } catch {
        return false;
      }
    },
    dropSync,
  };
}

/** Creates, starts and fills a new cluster; the caller must `dropSync()` it (also on failure). */
export async function createCluster(log: (line: string) => void, options: ClusterOptions = {}): Promise<Cluster> {
  const cluster = await newDebianCluster(installedVersion(), `${options.prefix ?? 'faults'}_${randomBytes(4).toString('hex')}`, log, options.settings);
  const { version, name, port, url, ctl, ready, dropSync } = cluster;
  try {
    await ctl('start');
    const admin = postgres(url('postgres'), { max: 1, onnotice: () => undefined });
    await admin`create database marquee`;
    await admin.end();
    const sql = postgres(url('marquee'), { max: 3, onnotice: () => undefined, connect_timeout: 3, idle_timeout: 5 });
    log(`cluster ${version}/${name} on port ${port}`);
    return {
      name,
      version,
      port,
      logFile: clusterLogFile(version, name),
      url,
      sql,
      start: () => ctl('start'),
      stop: () => ctl('stop'),
      restart: () => ctl('restart'),
      ready,
      async terminateBackendsOf(pid) {
        const ports = await clientPortsOf(pid, port);
        if (!ports.length) return 0;
        const rows = await sql<{ done: boolean }[]>`
          select pg_terminate_backend(pid) as done from pg_stat_activity
          where client_addr = '127.0.0.1' and client_port = any(${ports}::int[]) and pid <> pg_backend_pid()`;
        return rows.filter((r) => r.done).length;
      },
      dropSync,
    };
  } catch (err) {
    dropSync();
    throw err;
  }
}

/** Where pg_ctlcluster sends a Debian cluster's server log. */
export function clusterLogFile(version: string, name: string): string {
  return `/var/log/postgresql/postgresql-${version}-${name}.log`;
}

/** Local ports of process `pid`'s established TCP connections to `serverPort` on loopback. */
export async function clientPortsOf(pid: number, serverPort: number): Promise<number[]> {
  const { stdout } = await run('ss', ['-tnpH', 'state', 'established', `( dport = :${serverPort} )`], { timeout: 5000 });
  const ports: number[] = [];
  for (const line of stdout.split('\n')) {
    // "0 0 127.0.0.1:40122 127.0.0.1:5433 users:(("node",pid=123,fd=21))"
    const m = /\s127\.0\.0\.1:(\d+)\s+127\.0\.0\.1:(\d+)\s+users:\((.*)\)\s*$/.exec(line);
    if (!m || Number(m[2]) !== serverPort) continue;
    if (new RegExp(`pid=${pid},`).test(m[3])) ports.push(Number(m[1]));
  }
  return ports;
}
