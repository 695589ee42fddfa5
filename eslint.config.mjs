import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
  {
    // The layering rule of design.md: resolvers and REST routes go through services and loaders.
    files: ['resolvers/**/*.ts', 'src/rest/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema', '**/db/schema/*', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'Resolvers and REST routes must not touch tables: call a service or a loader.',
            },
          ],
        },
      ],
    },
  },
  {
    // And the domain does not depend on the GraphQL layer (issue 10): services and loaders take nothing
    // from schema/ (GraphQL types) or resolvers/.
    files: ['src/services/**/*.ts', 'src/loaders/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/schema/*.type', '**/schema/*.input', '**/resolvers/*'],
              message: 'Services and loaders return their own types; the GraphQL layer maps them.',
            },
          ],
        },
      ],
    },
  },
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
