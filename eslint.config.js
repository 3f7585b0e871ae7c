import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import { defineConfig } from 'eslint/config';

/** Server-only code must never reach the browser or the isomorphic library (DESIGN.md, conventions 8). */
const serverBoundary = {
  patterns: [
    {
      group: ['**/server', '**/server/**', 'node:*'],
      message: 'src/server/ and Node built-ins are server-only: islands, stores and src/lib/ must not import them.',
    },
  ],
};

/**
 * One data path (docs/decisions/0013-one-data-path.md): routes, layouts, components and features read and
 * write through the GraphQL schema (`locals.backend.request(operation, variables)`), never the database or
 * the modules' services; the Auth.js cookie and session flows they run go through one door,
 * src/server/auth/session-flows.ts.
 */
const dataPath = {
  patterns: [
    {
      group: ['**/server/db', '**/server/db/**', '**/server/modules', '**/server/modules/**'],
      message:
        'Pages, layouts, components and features use the GraphQL schema through locals.backend (decision 0013), not src/server/db or src/server/modules.',
    },
    {
      group: [
        '**/server/auth/auth-sessions*',
        '**/server/auth/backend-token*',
        '**/server/auth/csrf*',
        '**/server/auth/page-csrf*',
        '**/server/auth/page-session*',
        '**/server/auth/secret*',
        '**/server/auth/session-claims*',
        '**/server/auth/session-cookies*',
        '**/server/auth/session-writer*',
      ],
      message:
        'Session cookies, CSRF tokens and backend tokens are reached through src/server/auth/session-flows.ts (decision 0013).',
    },
  ],
};

/** The server does not depend on the UI: what both need lives in src/lib (decision 0013). */
const uiBoundary = {
  patterns: [
    {
      group: ['**/features', '**/features/**'],
      message: 'src/server must not import src/features: move what both need to src/lib (decision 0013).',
    },
  ],
};

export default defineConfig(
  {
    ignores: ['dist/', 'node_modules/', '.astro/', 'data/', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...astro.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', '*.cjs', 'scripts/*.mjs', 'bench/*/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // .astro files are parsed by astro-eslint-parser, which the TypeScript project service does not know:
    // they get the rules that need no type information.
    files: ['**/*.astro', '**/*.astro/*.ts', '**/*.astro/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/pages/**', 'src/layouts/**', 'src/components/**', 'src/features/**', 'src/middleware.ts'],
    rules: { 'no-restricted-imports': ['error', dataPath] },
  },
  {
    // The routes GraphQL cannot serve: file downloads stream bytes (decisions 0004 and 0013).
    files: [
      'src/pages/api/organization-attachments/**',
      'src/pages/api/job-files/**',
      'src/pages/api/application-files/**',
      'src/pages/api/resume-files/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The browser tests' hook that runs the job runner's digest task (TEST_HOOKS=1 only, never in production).
    files: ['src/pages/api/test/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', uiBoundary] },
  },
  {
    // Islands may not import src/server at all, which includes its database and modules.
    files: ['src/lib/**', 'src/stores/**', 'src/features/**/*.tsx', 'src/components/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', serverBoundary] },
  },
  {
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
