import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { clusterLogFile, newDebianCluster, type Cluster } from '../faults/cluster';
import { waitUntil } from '../faults/util';

const run = promisify(execFile);

/** A streaming replica of `primary`: a Cluster whose `sql` is read-only, plus replay control. */
export interface Replica extends Cluster {
  /** `pg_wal_replay_pause()` / `pg_wal_replay_resume()` on the replica. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Seconds since the last replayed transaction, and whether the replay position equals the primary's WAL position. */
  replayState(): Promise<{ caughtUp: boolean; lagSeconds: number | null }>;
}

/**
 * Makes a streaming replica of `primary` as an operator would: a Debian cluster of its own on a free port
 * (pg_createcluster, for its configuration, service and log), its data folder replaced by
 * `pg_basebackup -R` of the primary (standby.signal and primary_conninfo written by it), `settings` in its
 * conf.d, started, and waited for until it has replayed everything the primary had written.
 */
export async function createReplica(primary: Cluster, log: (line: string) => void, settings: Record<string, string>): Promise<Replica> {
  const cluster = await newDebianCluster(primary.version, `${primary.name}_replica_${randomBytes(2).toString('hex')}`, log, settings);
  const { version, name, port, dataDir, url, ctl, ready, dropSync } = cluster;
  try {
    fs.rmSync(dataDir, { recursive: true, force: true });
    // Run as root, then given to postgres: the server refuses a data folder it does not own.
    await run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', dataDir, '-R', '-X', 'stream', '-c', 'fast'], { timeout: 300_000 });
    await run('chown', ['-R', 'postgres:postgres', dataDir]);
    fs.chmodSync(dataDir, 0o700);
    await ctl('start');
    const sql = postgres(url('marquee'), { max: 2, onnotice: () => undefined, connect_timeout: 3, idle_timeout: 5 });
    const replayState = async () => {
      const [{ lsn }] = await primary.sql<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`;
      const [r] = await sql<{ caught_up: boolean; lag: number | null }[]>`
        select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as caught_up,
               extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as lag`;
      return { caughtUp: r.caught_up, lagSeconds: r.lag };
    };
    if (!(await waitUntil(async () => (await replayState().catch(() => null))?.caughtUp === true, 60_000, 250))) {
      throw new Error(`replica ${version}/${name} did not catch up with the primary within 60 s`);
    }
    log(`replica ${version}/${name} on port ${port} (pg_basebackup -R of port ${primary.port}), streaming`);
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
      terminateBackendsOf: () => Promise.reject(new Error('not used on the replica')),
      dropSync,
      pauseReplay: async () => void (await sql`select pg_wal_replay_pause()`),
      resumeReplay: async () => void (await sql`select pg_wal_replay_resume()`),
      replayState,
    };
  } catch (err) {
    dropSync();
    throw err;
  }
}
