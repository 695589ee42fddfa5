import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { clusterLogFile, installedVersion, newDebianCluster } from '../faults/cluster';

const run = promisify(execFile);

/**
 * A Postgres cluster of a test's own (Debian's pg_createcluster) on a free port, trust over TCP on
 * loopback, replication connections included. The machine's cluster on 5432 is never touched.
 */
export interface PgCluster {
  version: string;
  name: string;
  port: number;
  /** The server's log (Debian's /var/log/postgresql/postgresql-<version>-<name>.log). */
  logFile: string;
  /** A URL of database `db` on it (TCP, user postgres). */
  url(db: string): string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops and removes it (data and configuration); synchronous, so that it also runs on exit. */
  dropSync(): void;
}

/** A primary and one streaming replica of it (physical, from pg_basebackup -R). */
export interface ReplicaPair {
  primary: PgCluster;
  replica: PgCluster;
  /** Both removed (replica first); safe to call twice. */
  dropSync(): void;
}

/** A cluster of `settings` on a free port, not started (test/faults/cluster.ts makes it), as a PgCluster. */
async function createCluster(prefix: string, settings: Record<string, string>): Promise<PgCluster & { dataDir: string }> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  // initdb's --auth=trust also applies to the replication lines of pg_hba.conf.
  const cluster = await newDebianCluster(installedVersion(), `${prefix}_${randomBytes(4).toString('hex')}`, log, settings);
  return {
    version: cluster.version,
    name: cluster.name,
    port: cluster.port,
    dataDir: cluster.dataDir,
    logFile: clusterLogFile(cluster.version, cluster.name),
    url: cluster.url,
    start: () => cluster.ctl('start'),
    stop: () => cluster.ctl('stop'),
    dropSync: cluster.dropSync,
  };
}

/**
 * A new primary (wal_level=replica, room for WAL senders), started, with an empty database `db`.
 * `settings` go to its postgresql.conf. The caller must `dropSync()` it, also on failure.
 */
export async function createPrimaryCluster(db = 'marquee', settings: Record<string, string> = {}): Promise<PgCluster> {
  const cluster = await createCluster('primary', { wal_level: 'replica', max_wal_senders: '5', ...settings });
  try {
    await cluster.start();
    const admin = postgres(cluster.url('postgres'), { max: 1, onnotice: () => undefined });
    try {
      await admin.unsafe(`create database "${db}"`);
    } finally {
      await admin.end();
    }
    return cluster;
  } catch (err) {
    cluster.dropSync();
    throw err;
  }
}

/**
 * A streaming replica of `primary`: a cluster whose data directory is a pg_basebackup -R of the primary
 * (standby.signal and primary_conninfo written by it), started. `settings` go to the replica's own
 * postgresql.conf, e.g. `log_statement: 'all'` to see what it is asked.
 */
export async function createStreamingReplica(primary: PgCluster, settings: Record<string, string> = {}): Promise<PgCluster> {
  const cluster = await createCluster('replica', { hot_standby: 'on', ...settings });
  try {
    // Emptied, not removed: the directory stays the server's (postgres, 0700), pg_basebackup fills it.
    for (const entry of fs.readdirSync(cluster.dataDir)) fs.rmSync(`${cluster.dataDir}/${entry}`, { recursive: true, force: true });
    const bin = `/usr/lib/postgresql/${cluster.version}/bin/pg_basebackup`;
    // As postgres: the data directory must be the server's.
    await run(
      'runuser',
      ['-u', 'postgres', '--', bin, '-D', cluster.dataDir, '-R', '-X', 'stream', '-c', 'fast', '-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
      { timeout: 120_000 },
    );
    await cluster.start();
    return cluster;
  } catch (err) {
    cluster.dropSync();
    throw err;
  }
}

/**
 * A primary with database `db` and a streaming replica of it; `replicaSettings` go to the replica,
 * `primarySettings` to the primary.
 */
export async function createReplicaPair(
  db = 'marquee',
  replicaSettings: Record<string, string> = {},
  primarySettings: Record<string, string> = {},
): Promise<ReplicaPair> {
  const primary = await createPrimaryCluster(db, primarySettings);
  try {
    const replica = await createStreamingReplica(primary, replicaSettings);
    return {
      primary,
      replica,
      dropSync() {
        replica.dropSync();
        primary.dropSync();
      },
    };
  } catch (err) {
    primary.dropSync();
    throw err;
  }
}

/** Waits until the replica has replayed everything the primary had written when called. */
export async function waitForReplay(primary: postgres.Sql, replica: postgres.Sql, timeoutMs = 30_000): Promise<void> {
  const [{ lsn }] = await primary<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ done }] = await replica<{ done: boolean | null }[]>`select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as done`;
    if (done) return;
    if (Date.now() > deadline) throw new Error(`replica has not replayed up to ${lsn} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
