// One linter for the whole repository, with the import boundaries of ARCHITECTURE §2 / STYLE §4:
// shared knows nothing of the apps; the web app never reaches the server or the database;
// web features do not import each other; no module imports itself through others.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = (() => {
  try {
    return readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.cache/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // How the code resolves and is read: TypeScript sources without extensions, the web app's
      // '@/' alias, the workspace packages through their symlinks into packages/.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          alias: { '@': [fileURLToPath(new URL('./apps/web/src', import.meta.url))] },
        }),
      ],
    },
    // Type-only imports are not followed: the plugin leaves them out, as the compiler erases them.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: [
            '@sentinel/db',
            '@sentinel/db/*',
            'fastify',
            'fastify*',
            '@fastify/*',
            'react',
            'react-*',
            'node:*',
          ],
          message: 'packages/shared is the wire contract only: no server, database, UI or Node code.',
        },
        { group: ['**/apps/**'], message: 'packages never import apps.' },
      ]),
    },
  },
  {
    files: ['packages/db/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/apps/**', 'fastify', '@fastify/*'], message: 'packages/db knows nothing of the apps.' },
      ]),
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/apps/web/**', 'react', 'react-*'], message: 'The server never imports the web app.' },
      ]),
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict([
        {
          group: ['@sentinel/db', '@sentinel/db/*', 'fastify', '@fastify/*', '**/apps/server/**', 'node:*'],
          message: 'The web app talks to the server only through /api and packages/shared.',
        },
      ]),
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@sentinel/db', '@sentinel/db/*', 'fastify', '@fastify/*', '**/apps/server/**', 'node:*'],
          message: 'The web app talks to the server only through /api and packages/shared.',
        },
        ...webFeatures
          .filter((other) => other !== feature)
          .map((other) => ({
            group: [`@/features/${other}`, `@/features/${other}/*`, `../${other}`, `../${other}/*`],
            message:
              'Features do not import each other: compose them in app/ or move the shared part to components/ or lib/.',
          })),
      ]),
    },
  })),
  {
    files: ['apps/web/vite.config.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
