import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The layers (docs/architecture.md), bottom up: db → services → loaders and realtime → the surfaces
 * (schema, resolvers, rest, web, graphql) → the composition (src/composition, src/background.ts,
 * src/server.ts). A file imports from its own layer or below; `no-restricted-imports` refuses the rest,
 * and an import into a service domain's folder that passes by its index (`face`, below).
 * Imports of the project are relative: `to(...)` matches one that reaches any of the named folders or
 * files (under src/ or at the top), however many `../` it takes, and no package.
 */
const UP = String.raw`^\.{1,2}/(?:\.\./)*`;
const to = (names, up = UP) => String.raw`${up}(?:src/)?(?:${names.join('|')})(?:/|$)`;
const COMPOSITION = ['composition', 'server', 'serve', 'main', 'background'];
const SURFACES = ['rest', 'web', 'graphql', 'resolvers', String.raw`schema/(?!emit)`];

const LAYERS = [
  {
    // The database layer: tables, client, migrations. Its tools (seed, CLIs) stand on top of everything.
    files: ['db/**/*.ts'],
    ignores: ['db/seed/**', 'db/*-cli.ts'],
    names: ['src', 'resolvers', 'schema'],
    // Out of db/ only: `./schema` here is db/schema.
    up: String.raw`^(?:\.\./)+`,
    message: 'db/ is the bottom layer: it imports nothing from src/, resolvers/ or schema/.',
  },
  {
    files: ['src/services/**/*.ts'],
    names: ['realtime', 'loaders', ...SURFACES, ...COMPOSITION],
    message: 'Services sit under loaders, realtime and the surfaces: take what you need as a parameter, or move it down.',
  },
  {
    files: ['src/loaders/**/*.ts', 'src/realtime/**/*.ts'],
    names: ['rest', 'web', 'resolvers', ...COMPOSITION],
    message: 'Loaders and realtime sit under the routes, the resolvers and the composition.',
  },
  {
    files: ['resolvers/**/*.ts', 'src/rest/**/*.ts', 'src/web/**/*.ts', 'src/graphql/**/*.ts'],
    names: COMPOSITION,
    message: 'The surfaces do not import the composition root (src/composition, src/background.ts, src/server.ts).',
  },
  {
    // GraphQL types under the resolvers: the composition root (src/composition) puts them together.
    files: ['schema/**/*.ts'],
    ignores: ['schema/emit.ts'],
    names: ['resolvers', 'rest', 'web', ...COMPOSITION],
    message: 'GraphQL types do not import resolvers, routes or the composition root.',
  },
];

/**
 * Upward imports that remain, each with its reason: their number is the length of this list (none since
 * issue 27: process caches live in src/services, services name the loader reads they take as types of their own).
 * [file, the module it may import (as `to` names it), why]
 */
const EXCEPTIONS = [];

/**
 * The service domains that follow one convention (docs/architecture.md, "Services: one convention"): a
 * folder whose index.ts is its face. From outside the folder, import the folder (or its index), never a
 * file inside it; `face(file)` matches an import that reaches into one, from anywhere in the project.
 */
const DOMAINS = [
  ...['account', 'device', 'wallet', 'seating', 'loyalty', 'order', 'subscription', 'webhook'],
  // The catalog (issue 27: its flat files moved into folders, docs/architecture.md) and the retention sweeper.
  ...['showtime', 'movie', 'theatre', 'concession', 'person', 'media', 'attribute', 'reference', 'retention'],
];
const INTO_DOMAIN = String.raw`^\.{1,2}/(?:\.\./)*(?:(?:src/)?services/)?(?:${DOMAINS.join('|')})/(?!index$)`;

/**
 * Deep imports that remain, each with its reason: [file, the import as written, why]. None since the
 * catalog moved (issue 27): the catalog's files import the other domains by their faces, and the
 * refund-batch sweeper, which made webhook's face import the catalog and so order/refund.ts import
 * webhook/wake.ts past the face, is started by src/background.ts with the other loops. Shared helpers
 * (src/services/shared/) are no domain: they are imported by file.
 */
const DEEP_IMPORTS = [];

function face(file) {
  const allowed = DEEP_IMPORTS.filter(([f]) => f === file).map(([, spec]) => `(?!${spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$)`);
  return {
    regex: allowed.join('') + INTO_DOMAIN,
    message: 'Import a service domain by its folder (its index.ts is its face), not a file inside it: docs/architecture.md, "Services: one convention".',
  };
}

/**
 * A face names what it exports (docs/architecture.md, "Services: one convention"): `export *` in a
 * domain's index.ts would publish every export of a file, the ones its siblings share among themselves
 * too, so `no-restricted-syntax` refuses it, in every domain's face.
 */
const NO_STAR_FACE = {
  files: ['src/services/*/index.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: 'ExportAllDeclaration',
        message: 'A service face names its exports (`export { a, type B } from`), not `export *`: docs/architecture.md, "Services: one convention".',
      },
    ],
  },
};

/** Design.md's rule besides the layers: resolvers and routes never touch tables. */
const NO_TABLES = {
  group: ['**/db/schema', '**/db/schema/*', 'drizzle-orm', 'drizzle-orm/*'],
  message: 'Resolvers and REST routes must not touch tables: call a service or a loader.',
};

/** The `no-restricted-imports` blocks: one per layer's folders, then one per file with an exception. */
function layerRules() {
  const patternsFor = (file) => {
    const allowed = EXCEPTIONS.filter(([f]) => f === file).map(([, name]) => String.raw`(?!${UP}(?:src/)?${name}$)`);
    const patterns = LAYERS.filter((l) => l.files.some((g) => matches(g, file)) && !(l.ignores ?? []).some((g) => matches(g, file))).map((l) => ({
      regex: allowed.join('') + to(l.names, l.up),
      message: l.message,
    }));
    patterns.push(face(file));
    return ['resolvers/', 'src/rest/'].some((d) => file.startsWith(d)) ? [...patterns, NO_TABLES] : patterns;
  };
  const excepted = [...new Set([...EXCEPTIONS, ...DEEP_IMPORTS].map(([f]) => f))];
  const folders = [...new Set(LAYERS.flatMap((l) => l.files))];
  return [
    // Files of no layer (tests, bench, tools, the composition) keep to the domains' faces too.
    { files: ['**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [face('')] }] } },
    ...folders.map((glob) => ({
      files: [glob],
      ignores: [...LAYERS.flatMap((l) => l.ignores ?? []), ...excepted],
      rules: { 'no-restricted-imports': ['error', { patterns: patternsFor(glob.replace('**/*.ts', 'x.ts')) }] },
    })),
    ...excepted.map((file) => ({ files: [file], rules: { 'no-restricted-imports': ['error', { patterns: patternsFor(file) }] } })),
  ];
}

/** Enough of a glob for the globs above: `**` any folders, `*` one name. */
function matches(glob, file) {
  const re = glob
    .split('**/')
    .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('(?:.*/)?');
  return new RegExp(`^${re}$`).test(file);
}

export default tseslint.config(
  { ignores: ['node_modules/', 'bench/postgraphile/node_modules/', '.data/', 'db/migrations/', 'coverage/', 'bench/out/', 'dist/', 'test/fixtures/client-app/src/gql/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  ...layerRules(),
  NO_STAR_FACE,
  {
    // The pages' scripts (src/web/assets) run in the browser, as classic scripts.
    files: ['src/web/assets/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(
        ['window', 'document', 'location', 'fetch', 'setTimeout', 'clearTimeout', 'localStorage', 'URLSearchParams', 'history']
          .map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    // The bench's PostGraphile peer (its own package, run by its own Node binary) is ES modules on Node.
    files: ['bench/postgraphile/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { globals: { module: 'writable', require: 'readonly', process: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
