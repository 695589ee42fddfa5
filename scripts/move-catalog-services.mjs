#!/usr/bin/env node
/* global process, console */
/**
 * Issue 27 item 4: the catalog's flat service files and the shared helpers of src/services/ move into
 * folders (docs/architecture.md, "Services: one convention"). Run from the repository's root, on a clean
 * checkout:
 *
 *   node scripts/move-catalog-services.mjs            # move, rewrite, and say what it did
 *   node scripts/move-catalog-services.mjs --dry-run  # only say what it would do
 *
 * What it does, in order:
 *  1. `git mv` each file of MOVES (old path -> new path). A file already at its new place (and absent
 *     from the old one) is skipped, so the script may run again; a file at neither place, or at both,
 *     stops it before anything changes.
 *  2. Rewrites every relative import specifier (import/export … from, import(), require(), jest.mock())
 *     of the .ts/.mjs/.js/.cjs files of the tree (src, resolvers, schema, db, bench, test, scripts and the
 *     top) that reaches a moved file, or that stands in a moved file: each is resolved from where its file
 *     was, and written again from where it is. An import of a catalog domain's file from outside its
 *     folder names the folder (its index.ts is its face); from inside, the file (`./read`). Shared helpers
 *     (src/services/shared/) are imported by file.
 *  3. Writes an index.ts for each new domain folder that has none: `export *` of its files, in MOVES'
 *     order (the documented faces are a hand-written commit on top).
 *  4. Rewrites the DEEP_IMPORTS entries of eslint.config.mjs whose file moved (the file's path, and its
 *     import as it is now written), then every mention `src/services/<old>[.ts]` in the tree's text
 *     files (docs, comments) to its new path, and the bare names that can mean only one moved file
 *     (`showtime.service.ts`, `showtime-query.ts`, …) to its path under src/services/ (`showtime/read.ts`).
 *     Landed migrations (db/migrations/) are never touched.
 *
 * No formatter runs afterwards: the project has none (eslint only lints). Run `npm run typecheck`,
 * `npm run lint` and test/unit/import-cycles.test.ts after it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const S = 'src/services';
/** [old path, new path]; each folder whose name is in FACES has an index.ts as its face. */
const MOVES = [
  // The catalog: a folder per domain.
  [`${S}/showtime.service.ts`, `${S}/showtime/read.ts`],
  [`${S}/showtime-list.service.ts`, `${S}/showtime/list.ts`],
  [`${S}/showtime-query.ts`, `${S}/showtime/query.ts`],
  [`${S}/showtime-view.ts`, `${S}/showtime/view.ts`],
  [`${S}/showtime-cancellation.service.ts`, `${S}/showtime/cancel.ts`],
  [`${S}/movie.service.ts`, `${S}/movie/read.ts`],
  [`${S}/movie-list.service.ts`, `${S}/movie/lists.ts`],
  [`${S}/personalized-movies.service.ts`, `${S}/movie/personalized.ts`],
  [`${S}/private-rental.service.ts`, `${S}/movie/private-rental.ts`],
  [`${S}/theatre.service.ts`, `${S}/theatre/read.ts`],
  [`${S}/location.service.ts`, `${S}/theatre/locations.ts`],
  [`${S}/market.service.ts`, `${S}/theatre/markets.ts`],
  [`${S}/person.service.ts`, `${S}/person/read.ts`],
  [`${S}/concession.service.ts`, `${S}/concession/read.ts`],
  [`${S}/pickup.service.ts`, `${S}/concession/pickup.ts`],
  [`${S}/media.service.ts`, `${S}/media/read.ts`],
  [`${S}/attribute.service.ts`, `${S}/attribute/read.ts`],
  [`${S}/reference.service.ts`, `${S}/reference/read.ts`],
  // The retention sweeper (idempotency keys, the outbox, webhook deliveries): a small domain of its own.
  [`${S}/retention.ts`, `${S}/retention/sweeper.ts`],
  // Shared helpers: one folder, names that say what they are.
  [`${S}/field-table.ts`, `${S}/shared/field-table.ts`],
  [`${S}/geo.ts`, `${S}/shared/geo.ts`],
  [`${S}/page.ts`, `${S}/shared/paging.ts`],
  [`${S}/prepared.ts`, `${S}/shared/prepared-reads.ts`],
  [`${S}/search.ts`, `${S}/shared/like-pattern.ts`],
  [`${S}/time.ts`, `${S}/shared/local-time.ts`],
  [`${S}/zod-input.ts`, `${S}/shared/parse-input.ts`],
  [`${S}/immutable-cache.ts`, `${S}/shared/immutable-cache.ts`],
  [`${S}/idempotency.ts`, `${S}/shared/idempotency.ts`],
  [`${S}/phone.ts`, `${S}/shared/phone-number.ts`],
];
const FACES = ['showtime', 'movie', 'theatre', 'person', 'concession', 'media', 'attribute', 'reference', 'retention'];
const CODE = /\.(ts|mts|cts|mjs|js|cjs)$/;
const TEXT = /\.(ts|mts|cts|mjs|js|cjs|md|json|yml|yaml|sh|txt)$/;
const SELF = 'scripts/move-catalog-services.mjs';

const dryRun = process.argv.includes('--dry-run');
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' });
const root = git('rev-parse', '--show-toplevel').trim();
process.chdir(root);
const exists = (p) => fs.existsSync(p);
const fail = (msg) => {
  console.error(`move-catalog-services: ${msg}`);
  process.exit(1);
};

// --- 1. what moves -------------------------------------------------------------------------------
const todo = [];
for (const [from, to] of MOVES) {
  if (exists(from) && exists(to)) fail(`both ${from} and ${to} exist: resolve by hand first`);
  if (!exists(from) && !exists(to)) fail(`${from} is missing (and ${to} too): is this a checkout this script knows?`);
  if (exists(from)) todo.push([from, to]);
}
const newOf = new Map(MOVES); // old -> new, moved already or not
const moving = new Map(todo);

// --- 2. the files of the tree and their imports ----------------------------------------------------
const tracked = git('ls-files', '-co', '--exclude-standard')
  .split('\n')
  .filter((f) => f && exists(f) && !f.startsWith('node_modules/') && !f.startsWith('db/migrations/') && !f.includes('/node_modules/'));
const known = new Set([...tracked, ...newOf.keys()]);

/** The file a relative specifier of `file` names, as `{ target, dirForm }`, or null when none. */
function resolveSpec(file, spec) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.js`, `${base}.mjs`, `${base}.cjs`]) {
    if (known.has(candidate) && !candidate.endsWith('/')) return { target: candidate, dirForm: false, ext: candidate === base };
  }
  const index = `${base}/index.ts`;
  if (known.has(index)) return { target: index, dirForm: true, ext: false };
  return null;
}

const folderOf = (p) => path.posix.dirname(p);
const faceOf = (p) => {
  const dir = folderOf(p);
  return dir.startsWith(`${S}/`) && FACES.includes(dir.slice(S.length + 1)) ? dir : null;
};
const rel = (fromFile, to) => {
  const r = path.posix.relative(path.posix.dirname(fromFile), to);
  return r.startsWith('.') ? r : `./${r}`;
};

/** The specifier `spec` of the file once at `oldFile`, now at `newFile`; unchanged when nothing it names moved. */
function rewriteSpec(oldFile, newFile, spec) {
  const found = resolveSpec(oldFile, spec);
  if (!found) return spec;
  const targetMoved = newOf.has(found.target);
  if (!targetMoved && oldFile === newFile) return spec;
  const target = newOf.get(found.target) ?? found.target;
  const face = targetMoved ? faceOf(target) : null;
  if (face && folderOf(newFile) !== face) return rel(newFile, face);
  if (found.dirForm) return rel(newFile, folderOf(target));
  if (found.ext) return rel(newFile, target);
  return rel(newFile, target.replace(/\.(ts|js|mjs|cjs)$/, ''));
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SPEC = /(\bfrom\s+|\bimport\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|\bjest\.mock\s*\(\s*)(['"])(\.{1,2}\/[^'"\n]*)\2/g;
const edits = new Map(); // new path -> new text
let specifiers = 0;
for (const file of tracked) {
  if (!CODE.test(file) || file === SELF) continue;
  const newFile = moving.get(file) ?? file;
  const text = fs.readFileSync(file, 'utf8');
  const written = new Set();
  let out = text.replace(SPEC, (all, lead, quote, spec) => {
    const next = rewriteSpec(file, newFile, spec);
    if (next === spec) return all;
    specifiers += 1;
    written.add(next);
    return `${lead}${quote}${next}${quote}`;
  });
  for (const spec of written) out = mergeImports(out, spec);
  if (out !== text) edits.set(newFile, out);
}

/**
 * Two files of a domain imported by one file become two imports of its face: one `import { … } from`
 * of that specifier instead (names kept in their order, `import type` names marked `type`). Only
 * named imports; anything else is left as it is.
 */
function mergeImports(text, spec) {
  const re = new RegExp(`^import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${escape(spec)}';[ \\t]*\\n`, 'gm');
  const found = [...text.matchAll(re)];
  if (found.length < 2) return text;
  const names = [];
  let allTypes = true;
  for (const [, type, list] of found) {
    for (const raw of list.split(',').map((n) => n.trim()).filter(Boolean)) {
      const name = type && !raw.startsWith('type ') ? `type ${raw}` : raw;
      if (!name.startsWith('type ')) allTypes = false;
      if (!names.includes(name)) names.push(name);
    }
  }
  const shown = allTypes ? names.map((n) => n.slice(5)) : names;
  const head = allTypes ? 'import type' : 'import';
  let merged = `${head} { ${shown.join(', ')} } from '${spec}';\n`;
  if (merged.length > 131) merged = `${head} {\n${shown.map((n) => `  ${n},\n`).join('')}} from '${spec}';\n`;
  let first = true;
  return text.replace(re, () => {
    if (!first) return '';
    first = false;
    return merged;
  });
}

// --- 4a. eslint.config.mjs: DEEP_IMPORTS entries of moved files ------------------------------------
const ESLINT = 'eslint.config.mjs';
let eslintText = edits.get(ESLINT) ?? fs.readFileSync(ESLINT, 'utf8');
eslintText = eslintText.replace(/\[\s*'(src\/services\/[^']+\.ts)',\s*'([^']+)'/g, (all, file, spec) => {
  if (!moving.has(file)) return all;
  const to = moving.get(file);
  return `['${to}', '${rewriteSpec(file, to, spec)}'`;
});
if (eslintText !== fs.readFileSync(ESLINT, 'utf8')) edits.set(ESLINT, eslintText);

// --- 4b. mentions of old paths in text (docs, comments) --------------------------------------------
const mentions = [...newOf.entries()]
  .sort(([a], [b]) => b.length - a.length)
  // Not a prefix of a longer name or path (`src/services/retention` in `src/services/retention/sweeper.ts`).
  .map(([from, to]) => [new RegExp(`${escape(from.replace(/\.ts$/, ''))}(\\.ts)?(?![\\w./-]*\\w)`, 'g'), to]);
// Bare names that can only mean one moved file (`showtime.service.ts`, `showtime-query.ts`, …), in
// comments and docs: written as the file's path under src/services/ (`showtime/read.ts`). Bare names
// that could mean another file (`page.ts`, `time.ts`, `retention.ts`) are left alone.
// docs/architecture.md names the old files on purpose (its table says what each folder's files were);
// the comments of the others, on the catalog's deep imports, are rewritten by the hand commit after the move.
const BARE_SKIP = ['docs/architecture.md', 'eslint.config.mjs', `${S}/order/index.ts`, `${S}/seating/index.ts`, `${S}/webhook/index.ts`];
const BARE = /\.service\.ts$|\/(showtime-query|showtime-view|zod-input)\.ts$/;
for (const [from, to] of MOVES) {
  if (!BARE.test(from)) continue;
  const name = escape(path.posix.basename(from, '.ts'));
  mentions.push([new RegExp(`(?<![\\w./-])${name}(\\.ts)?(?![\\w./-]*\\w)`, 'g'), to.slice(S.length + 1), BARE_SKIP]);
}
let mentionCount = 0;
for (const file of tracked) {
  if (!TEXT.test(file) || file === SELF) continue;
  const newFile = moving.get(file) ?? file;
  const text = edits.get(newFile) ?? fs.readFileSync(file, 'utf8');
  let out = text;
  for (const [re, to, skip = []] of mentions) {
    if (skip.includes(file)) continue;
    out = out.replace(re, (all, ts) => {
      mentionCount += 1;
      return ts ? to : to.replace(/\.ts$/, '');
    });
  }
  if (out !== text) edits.set(newFile, out);
}

// --- apply -----------------------------------------------------------------------------------------
console.log(`${todo.length} of ${MOVES.length} files to move (${MOVES.length - todo.length} moved already)`);
for (const [from, to] of todo) console.log(`  git mv ${from} ${to}`);
console.log(`${specifiers} import specifiers and ${mentionCount} path mentions rewritten in ${edits.size} files`);
const faces = FACES.map((d) => `${S}/${d}`).filter((dir) => !exists(`${dir}/index.ts`));
if (dryRun) {
  for (const f of [...edits.keys()].sort()) console.log(`  edit ${f}`);
  for (const dir of faces) console.log(`  write ${dir}/index.ts`);
  process.exit(0);
}
for (const [from, to] of todo) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  git('mv', from, to);
}
for (const [file, text] of edits) fs.writeFileSync(file, text);

// --- 3. faces -------------------------------------------------------------------------------------
for (const dir of faces) {
  const files = MOVES.map(([, to]) => to).filter((to) => folderOf(to) === dir);
  const body = files.map((f) => `export * from './${path.posix.basename(f, '.ts')}';\n`).join('');
  fs.writeFileSync(`${dir}/index.ts`, body);
  git('add', `${dir}/index.ts`);
  console.log(`  wrote ${dir}/index.ts`);
}
git('add', '-A', '--', ...new Set([...edits.keys(), ...todo.map(([, to]) => to)]));

const left = fs.readdirSync(S).filter((f) => f.endsWith('.ts'));
if (left.length) console.warn(`flat files left in ${S}/ (not in MOVES): ${left.join(', ')}`);
else console.log(`no flat file left in ${S}/`);
