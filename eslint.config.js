// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'crypto',
  'os',
  'http',
  'https',
  'url',
  'stream',
  'child_process',
];

const nodeOnlyGlobalsOff = Object.fromEntries(
  Object.keys(globals.node)
    .filter((name) => !(name in globals.browser))
    .map((name) => [name, 'off']),
);

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.data/',
      'src/generated/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // The design's dependency direction (docs/architecture.md): engine at the bottom, shared and
      // framework-free; src/forms and the contract above it; client and server on top, never meeting.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/engine',
              from: './src/client',
              message: 'The engine must not import the client.',
            },
            {
              target: './src/engine',
              from: './src/server',
              message: 'The engine must not import the server.',
            },
            {
              target: './src/engine',
              from: ['./src/forms', './src/generated', './forms'],
              message: "The engine is a library: this product's forms reach it through src/forms.",
            },
            {
              target: './src/client',
              from: './src/server',
              message: 'The client must not import the server.',
            },
            {
              target: './src/server',
              from: './src/client',
              message: 'The server must not import the client.',
            },
            {
              target: './src/client',
              from: ['./src/forms/page-validators.ts', './src/generated/page-validators.js'],
              message:
                "Every page's validator at once is the server's: the client loads them with a signed-in applicant's form (src/client/form/page-validators.ts).",
            },
            {
              target: './src/engine',
              from: './src/contract',
              message:
                'The engine imports nothing above it: say what it needs in its own terms (the contract may import the engine).',
            },
            {
              target: './src/contract',
              from: ['./src/client', './src/server'],
              message: 'The contract is shared by client and server: it imports neither.',
            },
            {
              target: './src/contract',
              from: ['./src/forms', './src/generated', './forms', './schemas'],
              message:
                'The contract is the HTTP boundary: it imports only the engine, never the definitions.',
            },
            {
              target: './src/forms',
              from: ['./src/client', './src/server'],
              message: 'src/forms binds the definitions to the engine for client and server alike.',
            },
            {
              // The languages are the one contract the definitions know of (issue 40).
              target: './src/forms',
              from: './src/contract',
              except: ['./locale.ts'],
              message: 'src/forms binds the definitions to the engine for client and server alike.',
            },
            {
              target: './src',
              from: ['./scripts', './bench', './tests'],
              message: 'Shipped code never imports the tools, benchmarks or tests.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/engine/**/*.ts', 'src/contract/**/*.ts'],
    // The engine runs in the browser too: browser globals only, so `process` or `Buffer` cannot
    // slip in. typescript-eslint turns no-undef off (tsc sees Node's types everywhere), so it is
    // back on here, with the Node-only globals of the block above switched off.
    languageOptions: { globals: { ...nodeOnlyGlobalsOff, ...globals.browser } },
    rules: {
      'no-undef': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'react/*', '@tanstack/*'],
              message: 'The engine is framework-free: no React.',
            },
            {
              group: ['fastify', '@fastify/*'],
              message: 'The engine is framework-free: no Fastify.',
            },
            { group: nodeBuiltins, message: 'The engine runs in the browser too: no Node APIs.' },
          ],
        },
      ],
    },
  },
  {
    // On SQLite the statements that write answers keep the staff summary themselves
    // (summary-upkeep.ts, migration 0015): they live in answer-statements.ts and answer-store.ts
    // (saves, setAnswer), chosen-tabs.ts (a tab change clears its answers) and, for PostgreSQL's
    // grouped saves, grouped-saves.ts. A write anywhere else would leave it behind.
    files: ['src/server/**/*.ts', 'scripts/**/*.ts'],
    ignores: [
      'src/server/application/answer-statements.ts',
      'src/server/application/answer-store.ts',
      'src/server/application/chosen-tabs.ts',
      'src/server/application/grouped-saves.ts',
      'src/server/db/migrations/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(insertInto|updateTable|replaceInto|mergeInto)$/][arguments.0.value='answers']",
          message:
            'Answers are written in answer-store.ts, which keeps the staff summary (summary-upkeep.ts).',
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router-dom', 'react-router'].map((name) => ({
            name,
            importNames: ['Link', 'NavLink', 'Form'],
            message:
              "AppLink and AppNavLink (routing/app-link.tsx): React Router's own add their data-mode code to every first load.",
          })),
          patterns: [
            { group: nodeBuiltins, message: 'The client runs in the browser: no Node APIs.' },
          ],
        },
      ],
    },
  },
  {
    // React Router routes the staff console; imported anywhere else, its one module (about 9 KB
    // gzipped) would come back into a visitor's first load (issue 43).
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/staff/**', 'src/client/routing/memory-history.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['react-router-dom', 'react-router'].map((name) => ({
            name,
            allowTypeImports: true,
            message:
              "The applicant's pages route through routing/router-hooks.tsx; React Router routes the staff console only.",
          })),
        },
      ],
    },
  },
);
