import type postgres from 'postgres';
import { screamingCase } from '../../schema/seat.type';
import { collectSeatFacts, deriveSeatMap } from '../../src/services/seating';
import type { ExitRecord, LogScan } from './instances';
import type { DoubleClaim } from './monitor';
import type { Subscriber } from './subscribers';
import { sleep } from './util';

/** One line of the verdict. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** The seat maps the database holds now (a non-member's view, as the subscribers have) and each log's head. */
export interface DatabaseMaps {
  heads: Map<number, number>;
  maps: Map<number, Map<string, string>>;
}

/**
 * Reads the heads of the showtimes' seat-event logs and derives their seat maps from seat_claims,
 * seat_blocks and the layout with the service's own pure rule (seat-status.ts), in one snapshot.
 */
export async function databaseMaps(sql: postgres.Sql, showtimeIds: number[]): Promise<DatabaseMaps> {
  return sql.begin('isolation level repeatable read', async (tx) => {
    const heads = new Map<number, number>(showtimeIds.map((id) => [id, 0]));
    for (const h of await tx<{ showtime_id: number; seq: string }[]>`
      select showtime_id, seq::text from seat_event_heads where showtime_id = any(${showtimeIds}::int[])`) {
      heads.set(h.showtime_id, Number(h.seq));
    }
    const maps = new Map<number, Map<string, string>>();
    for (const id of showtimeIds) {
      const [st] = await tx<{ layout_version_id: number; social_distancing: boolean }[]>`
        select layout_version_id, social_distancing from showtimes where id = ${id}`;
      const seats = await tx<{ row: number; column: number; type: string; tier: string }[]>`
        select "row", "column", type, tier from layout_seats where layout_version_id = ${st.layout_version_id}`;
      const claims = await tx<{ row: number; column: number; status: string }[]>`
        select "row", "column", status from seat_claims where showtime_id = ${id}`;
      const blocks = await tx<{ row: number; column: number; kind: string }[]>`
        select "row", "column", kind from seat_blocks where showtime_id = ${id}`;
      const derived = deriveSeatMap(seats, collectSeatFacts(claims, blocks), { isPremiereMember: false }, { socialDistancing: st.social_distancing });
      maps.set(id, new Map(derived.map((d) => [`${d.seat.row}:${d.seat.column}`, screamingCase(d.status)])));
    }
    return { heads, maps };
  });
}

/**
 * Waits (up to `timeoutMs`) until every subscriber has reached its showtime's head, re-reading the
 * database when a subscriber is past it (a change committed meanwhile); returns the last snapshot.
 */
export async function settleSubscribers(sql: postgres.Sql, subs: Subscriber[], showtimeIds: number[], timeoutMs: number): Promise<DatabaseMaps> {
  const until = Date.now() + timeoutMs;
  let db = await databaseMaps(sql, showtimeIds);
  while (Date.now() < until) {
    if (subs.some((s) => s.lastSeq > db.heads.get(s.showtimeId)!)) db = await databaseMaps(sql, showtimeIds);
    if (subs.every((s) => s.lastSeq === db.heads.get(s.showtimeId))) break;
    await sleep(250);
  }
  return db;
}

export interface SubscriberFigures {
  subscribers: number;
  messages: number;
  resumes: number;
  resyncs: number;
  expired: number;
  gaps: number;
  repeats: number;
  withGap: number;
  behindHead: number;
  mapsDiffering: number;
  seatsDiffering: number;
  ends: Map<string, number>;
}

export function subscriberFigures(subs: Subscriber[], db: DatabaseMaps): SubscriberFigures {
  const f: SubscriberFigures = {
    subscribers: subs.length, messages: 0, resumes: 0, resyncs: 0, expired: 0, gaps: 0, repeats: 0,
    withGap: 0, behindHead: 0, mapsDiffering: 0, seatsDiffering: 0, ends: new Map(),
  };
  for (const s of subs) {
    f.messages += s.messages;
    f.resumes += s.resumes;
    f.resyncs += s.resyncs;
    f.expired += s.expired;
    f.gaps += s.gaps.length;
    f.repeats += s.repeats.length;
    if (s.gaps.length || s.repeats.length) f.withGap += 1;
    if (s.lastSeq !== db.heads.get(s.showtimeId)) f.behindHead += 1;
    const want = db.maps.get(s.showtimeId)!;
    let differing = 0;
    for (const [key, status] of want) if (s.map.get(key) !== status) differing += 1;
    if (s.map.size !== want.size) differing += Math.abs(s.map.size - want.size);
    if (differing) f.mapsDiffering += 1;
    f.seatsDiffering += differing;
    for (const [reason, n] of s.ends) f.ends.set(reason, (f.ends.get(reason) ?? 0) + n);
  }
  return f;
}

export function subscriberChecks(f: SubscriberFigures, subs: Subscriber[]): Check[] {
  const firstGap = subs.find((s) => s.gaps.length || s.repeats.length);
  const example = firstGap
    ? `; e.g. subscriber ${firstGap.id} (showtime ${firstGap.showtimeId}): ${[
        ...firstGap.gaps.map((g) => `after ${g.after} got ${g.got} (${g.phase}, on ${g.url})`),
        ...firstGap.repeats.map((g) => `after ${g.after} got ${g.got} again (${g.phase}, on ${g.url})`),
      ].slice(0, 3).join(', ')}`
    : '';
  return [
    {
      name: 'subscribers: gap-free cursors (or resync / CURSOR_EXPIRED)',
      ok: f.gaps === 0 && f.repeats === 0,
      detail: `${f.withGap} of ${f.subscribers} subscribers saw ${f.gaps} gaps and ${f.repeats} repeats without a resync${example}`,
    },
    {
      name: 'subscribers: final map equals the database',
      ok: f.mapsDiffering === 0 && f.behindHead === 0,
      detail: `${f.mapsDiffering} maps differ (${f.seatsDiffering} seats), ${f.behindHead} subscribers not at their log's head`,
    },
  ];
}

export function claimCheck(found: DoubleClaim[], polls: number, failedPolls: number, indexValid: boolean): Check {
  const seats = new Set(found.map((d) => `${d.showtimeId}:${d.row}:${d.column}`));
  return {
    name: 'no seat with two active claims',
    ok: seats.size === 0 && polls > 0 && indexValid,
    detail: `${polls} polls (${failedPolls} failed while Postgres was down): ${seats.size} seats with two or more held/sold claims; partial unique index ${indexValid ? 'present and valid' : 'MISSING or invalid'}`,
  };
}

/** Whether seat_claims_active_seat_uq exists, is valid and unique. */
export async function claimIndexValid(sql: postgres.Sql): Promise<boolean> {
  const rows = await sql<{ ok: boolean }[]>`
    select i.indisvalid and i.indisunique as ok from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relname = 'seat_claims_active_seat_uq'`;
  return rows.length === 1 && rows[0].ok;
}

export function processChecks(exits: ExitRecord[], scans: LogScan[]): Check[] {
  const crashes = exits.filter((e) => e.causedBy === null);
  const uncaught = scans.flatMap((s) => s.uncaught.map((l) => `${s.file.split('/').pop()}: ${l}`));
  const fatal = scans.flatMap((s) => s.fatal.map((l) => `${s.file.split('/').pop()}: ${l}`));
  return [
    {
      name: 'no process exited unexpectedly',
      ok: crashes.length === 0,
      detail: crashes.length ? crashes.map((c) => `${c.instance} pid ${c.pid}: ${c.signal ?? `code ${c.code}`}`).join('; ') : `${exits.length} exits, each caused by the suite`,
    },
    {
      name: 'no uncaught error or fatal line in the logs',
      ok: uncaught.length === 0 && fatal.length === 0,
      detail: uncaught.length || fatal.length ? [...uncaught, ...fatal].slice(0, 3).join(' | ') + ` (${uncaught.length} uncaught, ${fatal.length} fatal)` : `${scans.length} log files clean`,
    },
  ];
}
