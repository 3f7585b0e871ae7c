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
