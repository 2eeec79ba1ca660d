// ESLint: the few rules that catch real faults (docs/code-style.md), not a wall of style;
// Prettier owns the layout. Type-aware rules only where a fault needs the types to be seen
// (a promise nobody awaits or catches).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'packages/engine/wasm/**',
      'wasm-core/**',
      'validation/cache/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Off: an `any` is a hole in the types, not a fault; tsc's strict mode finds the
      // holes that matter, and JSON read from disk or a worker is honestly untyped.
      '@typescript-eslint/no-explicit-any': 'off',
      // Off: the input checks match control characters on purpose (safe-text, the
      // hostile-input tests); an accidental one is rare and tests would show it.
      'no-control-regex': 'off',
      // Unused names are usually a half-finished change; `_name` says "on purpose".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // zod's values only through src/zod.ts, which turns its generated code off before any
    // schema is built (the page's Content-Security-Policy reports its probe for eval).
    files: ['packages/*/src/**/*.ts', 'apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['packages/scenario/src/zod.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: 'import { z } from the scenario package’s src/zod.ts', allowTypeImports: true }] },
      ],
    },
  },
  {
    // The build replaces this one name with the list of files (service-worker/precache.ts);
    // the source must say it exactly once, so it is declared here and not in a comment there.
    files: ['apps/web/service-worker/service-worker.js'],
    languageOptions: { globals: { __PRECACHE__: 'readonly' } },
  },
);
