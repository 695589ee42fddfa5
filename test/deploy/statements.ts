import fs from 'node:fs';
import type { Check } from '../faults/checks';

/**
 * The statements a Postgres server logged (`log_statement = 'all'`, `log_line_prefix` with `app=%a `),
 * read from `fromByte` of its log on: simple-protocol `statement:` and extended-protocol `execute`
 * lines, with their continuation lines joined.
 */
export function loggedStatements(logFile: string, fromByte = 0, toByte?: number): { app: string; text: string }[] {
  if (!fs.existsSync(logFile)) return [];
  const fd = fs.openSync(logFile, 'r');
  const end = toByte ?? fs.fstatSync(fd).size;
  const buffer = Buffer.alloc(Math.max(0, end - fromByte));
  fs.readSync(fd, buffer, 0, buffer.length, fromByte);
  fs.closeSync(fd);
  const out: { app: string; text: string }[] = [];
  let current: { app: string; text: string } | null = null;
  for (const line of buffer.toString('utf8').split('\n')) {
    const head = /^\d{4}-\d\d-\d\d [\d:.]+ \w+ \[\d+\] app=(\S*) (\w+):\s+(.*)$/.exec(line);
    if (head) {
      current = null;
      const m = /^(?:statement|execute [^:]*): (.*)$/.exec(head[3]);
      if (head[2] === 'LOG' && m) {
        current = { app: head[1], text: m[1] };
        out.push(current);
      }
    } else if (current && /^\s/.test(line)) current.text += ` ${line.trim()}`;
  }
  return out;
}

/** The size of a file now (a log's position to read from later). */
export const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

/**
 * The tables that stay on the primary (docs/scale-out.md, "Read replicas"): orders, seat maps and claims,
 * accounts, loyalty, wallet, idempotency, webhooks and the outbox.
 */
export const PRIMARY_ONLY = /^(orders|order_\w+|seat_claims|seat_blocks|seat_events|seat_event_heads|site_accounts|loyalty_(?!campaigns$)\w+|wallet_\w+|idempotency_keys|webhook_\w+|outbox_events|refund_batches)$/;

/** The public tables a statement names (quoted or not), out of `tables`. */
export function tablesOf(text: string, tables: Set<string>): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/"?([a-z_][a-z0-9_]*)"?/g)) if (tables.has(m[1])) found.add(m[1]);
  return [...found];
}

/**
 * A count of active claims inside a catalog statement: the sold-out flags of a catalog list, which the
 * issue lets a replica answer within the lag bound. Any other statement naming seat_claims is a claim read.
 */
const OCCUPANCY = /count\s*\(\s*\*?\s*\)[^;]*seat_claims|seat_claims[^;]*status\s+in\s*\(\s*'held'\s*,\s*'sold'\s*\)/i;

export interface ReplicaStatementFigures {
  statements: number;
  byApp: Map<string, number>;
  /** Catalog tables and how many statements named each. */
  catalog: Map<string, number>;
  occupancy: number;
  /** Statements naming a primary-only table (the first few, shortened). */
  forbidden: string[];
  forbiddenCount: number;
}

/** What the instances sent the replica: statements by application, by catalog table, and any on a primary-only table. */
export function replicaStatementFigures(statements: { app: string; text: string }[], tables: Set<string>, instanceApps: RegExp): ReplicaStatementFigures {
  const f: ReplicaStatementFigures = { statements: 0, byApp: new Map(), catalog: new Map(), occupancy: 0, forbidden: [], forbiddenCount: 0 };
  for (const s of statements) {
    if (!instanceApps.test(s.app)) continue;
    f.statements += 1;
    f.byApp.set(s.app, (f.byApp.get(s.app) ?? 0) + 1);
    const named = tablesOf(s.text, tables);
    const privateOnes = named.filter((t) => PRIMARY_ONLY.test(t));
    const onlyOccupancy = privateOnes.length === 1 && privateOnes[0] === 'seat_claims' && OCCUPANCY.test(s.text);
    if (onlyOccupancy) f.occupancy += 1;
    else if (privateOnes.length) {
      f.forbiddenCount += 1;
      if (f.forbidden.length < 3) f.forbidden.push(`${s.app}: ${s.text.slice(0, 160)}`);
    }
    for (const t of named) if (!PRIMARY_ONLY.test(t)) f.catalog.set(t, (f.catalog.get(t) ?? 0) + 1);
  }
  return f;
}

export function replicaStatementCheck(f: ReplicaStatementFigures, replicaReads: number, primaryReads: number): Check {
  const top = [...f.catalog.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([t, n]) => `${t} ${n}`).join(', ');
  return {
    name: '4. catalog reads on the replica, no order reads there',
    ok: f.catalog.size > 0 && f.forbiddenCount === 0 && replicaReads > 0,
    detail: `the replica's log: ${f.statements} statements from the instances (${[...f.byApp.entries()].map(([a, n]) => `${a} ${n}`).join(', ')}); ` +
      `catalog tables named: ${top || 'none'}; ${f.occupancy} occupancy counts (sold-out flags); ` +
      `${f.forbiddenCount} statements on primary-only tables${f.forbidden.length ? ` (${f.forbidden.join(' | ')})` : ''}; ` +
      `/metrics marquee_db_reads_total: replica ${replicaReads}, primary ${primaryReads}`,
  };
}
