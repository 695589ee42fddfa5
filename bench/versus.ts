import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { CREDITS_QUERY, NESTED_CATALOG_QUERY, THEATRE_QUERY } from './catalog';
import { assertPortFree, marqueeEnv, markdownTable, prepareDatabase, processTreeCpuMs, runCases, waitFor, type HttpCase } from './harness';
import { VENDOR } from './http';
import { graphqlSurface, pickHotShowtimes, restSurface, runCycles, sumSides, vacuum } from './holds';
import type { SideResult } from './hold-surface';

/**
 * Two commits side by side: `npm run bench:versus -- --base <ref>` builds <ref> (a git worktree under
 * the system's temp folder, sharing this checkout's node_modules, so only for refs with the same lock
 * file) and the working tree, starts both as `npm start` runs them in production, on ONE fresh seeded
 * database, and loads the same cases against each in interleaved rounds (base, head, base, head …): a
 * drift of this shared machine falls on both sides. Each head case is compared with its base case
 * (req/s ratio, server CPU per request, statements), after checking that both answer the same JSON.
 * For changes that should not move speed (a restructure, a removed library patch): the ratio says by
 * how much they did, within the spread that a run of base against itself shows (`--base HEAD`).
 */
const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '4' },
    scale: { type: 'string', default: '1' },
  },
});

/** Both sides as bench/run.ts runs Marquee; links carry one public origin, so that their answers compare equal. */
const env = (databaseUrl: string, port: number) => ({ ...marqueeEnv(databaseUrl, port), PUBLIC_BASE_URL: 'http://bench.example' });

/** Builds the checkout in `dir` (npm run build) and starts its dist/src/main.js. */
function startBuilt(dir: string, env: Record<string, string>): ChildProcess {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  return spawn(process.execPath, [path.join(dir, 'dist', 'src', 'main.js')], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** A detached worktree of `ref` beside this checkout's node_modules. */
function worktreeOf(ref: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-versus-'));
  execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { stdio: 'ignore' });
  fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  return {
    dir,
    remove: () => {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
    },
  };
}

/** The cases: the catalog's GraphQL reads (nested day, cast, lookup), the REST day page, an order's life. */
async function cases(url: string, port: number): Promise<HttpCase[]> {
  const sql = postgres(url, { max: 1 });
  const [pick] = await sql<{ theatre_id: number; day: string }[]>`
    select s.theatre_id, to_char((s.show_date_time_utc at time zone t.timezone)::date, 'YYYY-MM-DD') as day
    from showtimes s join theatres t on t.id = s.theatre_id
    where (s.show_date_time_utc at time zone t.timezone)::date = (now() at time zone t.timezone)::date + 1
    group by 1, 2 order by count(*) desc, 1 limit 1`;
  const [movie] = await sql<{ movie_id: number }[]>`select movie_id from movie_credits group by 1 order by count(*) desc, 1 limit 1`;
  await sql.end();
  const gql = (query: string, variables: Record<string, unknown>) => ({
    url: `http://127.0.0.1:${port}/graphql`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return [
    { name: 'GraphQL nested day', ...gql(NESTED_CATALOG_QUERY, { id: pick.theatre_id, date: pick.day }) },
    { name: 'GraphQL cast and crew', ...gql(CREDITS_QUERY, { id: movie.movie_id }) },
    { name: 'GraphQL theatre lookup', ...gql(THEATRE_QUERY, { id: pick.theatre_id }) },
    {
      name: 'REST day page',
      url: `http://127.0.0.1:${port}/v2/theatres/${pick.theatre_id}/showtimes/${pick.day}?page-size=100`,
    },
    {
      name: 'GraphQL createOrder (vendor)',
      ...gql('mutation { createOrder(input: {}) { id } }', {}),
      headers: VENDOR,
    },
  ];
}

/**
 * The holds part's cycles (bench/holds.ts) on both sides, GraphQL and REST, in interleaved turns of
 * `duration / rounds` s (base, head, base, head …, as the cases above): cycles per second, head against
 * base, and server CPU per cycle. Both sides share the database and its hot seats, one side at a time.
 */
async function holdCycles(url: string, sides: { side: string; port: number; pid: number }[], rounds: number, duration: number): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  const targets = await pickHotShowtimes(sql, 4);
  await sql.end();
  const surfaces = [
    { name: 'GraphQL', of: (port: number) => graphqlSurface(`http://127.0.0.1:${port}`) },
    { name: 'REST', of: (port: number) => restSurface(`http://127.0.0.1:${port}`) },
  ];
  const runs = new Map<string, { sides: SideResult[]; cpuMs: number }>();
  for (let round = 0; round < rounds; round++) {
    for (const surface of surfaces) {
      for (const { side, port, pid } of sides) {
        await vacuum(url);
        const before = processTreeCpuMs(pid) ?? 0;
        const run = await runCycles(surface.of(port), targets, 20, duration / rounds);
        const key = `${side}: ${surface.name} hold cycle`;
        const t = runs.get(key) ?? { sides: [], cpuMs: 0 };
        runs.set(key, { sides: [...t.sides, run], cpuMs: t.cpuMs + ((processTreeCpuMs(pid) ?? 0) - before) });
      }
    }
  }
  const rate = (key: string) => {
    const t = sumSides(runs.get(key)!.sides);
    return t.cycles / t.seconds;
  };
  const rows = [...runs].map(([name, { sides: all, cpuMs }]) => {
    const t = sumSides(all);
    const ratio = name.startsWith('head:') ? `${(rate(name) / rate(name.replace(/^head:/, 'base:'))).toFixed(2)}×` : 'baseline';
    return `| ${name} | ${rate(name).toFixed(0)} | ${ratio} | ${(cpuMs / Math.max(1, t.cycles)).toFixed(2)} | ${t.errors}${t.firstError ? ` (${t.firstError})` : ''} |`;
  });
  return ['| case | cycles/s | vs baseline | server CPU ms / cycle | errors |', '|---|---:|---:|---:|---:|', ...rows].join('\n');
}

async function main(): Promise<void> {
  if (!values.base) throw new Error('--base <git ref> is required');
  const [basePort, headPort] = [4310, 4311];
  await Promise.all([basePort, headPort].map(assertPortFree));
  const tree = worktreeOf(values.base);
  const db = await prepareDatabase(Number(values.scale));
  const base = startBuilt(tree.dir, env(db.url, basePort));
  const head = startBuilt('.', env(db.url, headPort));
  try {
    await Promise.all([basePort, headPort].map((p) => waitFor(`http://127.0.0.1:${p}/healthz`)));
    const [baseCases, headCases] = await Promise.all([cases(db.url, basePort), cases(db.url, headPort)]);
    const all: HttpCase[] = baseCases.flatMap((b, i) => {
      const baseCase = { ...b, name: `base: ${b.name}`, pid: base.pid };
      const sameAnswer = !b.name.includes('createOrder'); // each order has an id of its own
      const headCase = {
        ...headCases[i],
        name: `head: ${b.name}`,
        pid: head.pid,
        comparedTo: baseCase.name,
        ...(sameAnswer ? { sameAnswerAs: baseCase.name } : {}),
      };
      return [baseCase, headCase];
    });
    const rounds = Number(values.rounds);
    const results = await runCases(all, { duration: Number(values.duration), connections: Number(values.connections), rounds });
    const holds = await holdCycles(db.url, [
      { side: 'base', port: basePort, pid: base.pid! },
      { side: 'head', port: headPort, pid: head.pid! },
    ], rounds, Number(values.duration));
    const rev = (ref: string) => execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() ? ' + uncommitted changes' : '';
    process.stdout.write(
      `\n## ${rev(values.base)} (base) against ${rev('HEAD')}${dirty} (head)\n\n` +
        `${values.connections} connections × ${values.duration} s per case in ${rounds} interleaved rounds; ` +
        `load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${new Date().toISOString()}\n\n` +
        `${markdownTable(results)}\n\n` +
        `Hold cycles (createOrder → hold 2 of 40 hot seats → cancel, 20 clients, the holds part's cycle on the same 4 showtimes; ` +
        `VACUUM ANALYZE before each side's turn):\n\n${holds}\n`,
    );
  } finally {
    base.kill('SIGTERM');
    head.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await db.drop();
    tree.remove();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
