// Lint rules that keep the architecture, so nobody has to remember them:
// - web layers import downwards only (app → features → entities → shared), checked on the
//   resolved file, so no alias or relative path (`../../../features/x`) slips past;
// - features never import each other, nor entities each other; app/ composes them;
// - a TanStack Query key is written once (its query's queryOptions, or src/lib/query-keys.ts);
// - packages/* never import apps/*;
// - the server's lower layers (lib, plugins, db) never import a module (modules/*);
// - only the config modules read process.env;
// - SQL (Kysely) only in repositories, migrations and the seed;
// - file and folder names in kebab-case, and apps/server/test mirroring apps/server/src
//   (scripts/lint-rules.mjs).
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import { comandaRules } from './scripts/lint-rules.mjs';

const webSrc = 'apps/web/src';

/** The sub-folders of a web layer (features, entities): each one may not import its siblings. */
const slicesOf = (layer) => {
  try {
    return readdirSync(new URL(`./${webSrc}/${layer}`, import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

const SHARED = ['components', 'lib', 'stores', 'config'].map((folder) => `${webSrc}/${folder}`);

/**
 * bulletproof-react's unidirectional layers, matched on the file an import resolves to:
 * app → features → entities → shared (components, lib, stores, config).
 */
const webZones = [
  ...slicesOf('features').map((feature) => ({
    target: `${webSrc}/features/${feature}`,
    from: `${webSrc}/features`,
    except: [`./${feature}`],
    message:
      'Features never import each other: compose them in src/app, or lift what they share to src/entities, src/components or src/lib.',
  })),
  ...slicesOf('entities').map((entity) => ({
    target: `${webSrc}/entities/${entity}`,
    from: `${webSrc}/entities`,
    except: [`./${entity}`],
    message: 'Entities never import each other: a feature (or src/app) combines them.',
  })),
  {
    target: [`${webSrc}/features`, `${webSrc}/entities`, ...SHARED],
    from: `${webSrc}/app`,
    message: 'Only src/app imports the app layer.',
  },
  {
    target: [`${webSrc}/entities`, ...SHARED],
    from: `${webSrc}/features`,
    message: 'Entities and shared code never import a feature.',
  },
  {
    target: SHARED,
    from: `${webSrc}/entities`,
    message: 'Shared code (components, lib, stores, config) never imports an entity.',
  },
];

const serverSrc = 'apps/server/src';

/**
 * The server's layers, matched on the resolved file like the web's: lib/, plugins/ and db/ are
 * what modules are built on, so they never reach up into modules/ (what they share moves down,
 * or the module hands it in).
 */
const serverZones = [
  {
    target: ['lib', 'plugins', 'db'].map((folder) => `${serverSrc}/${folder}`),
    from: `${serverSrc}/modules`,
    message:
      'lib/, plugins/ and db/ never import modules/: move what they need down, or let the module pass it in.',
  },
];

/**
 * A query key is written once: in the `queryOptions` of the query that owns it (others reach it
 * through `…QueryOptions().queryKey`), or, when other slices touch that cache, in the factories
 * of src/lib/query-keys.ts. Anywhere else an array literal as a key is a copy that can drift.
 */
const keyMessage =
  "Use the query's own `…QueryOptions().queryKey`, or a factory of src/lib/query-keys.ts.";
const inlineQueryKey = [
  {
    selector:
      'CallExpression:not([callee.name=/^(queryOptions|infiniteQueryOptions)$/]) > ObjectExpression > Property[key.name="queryKey"] > ArrayExpression',
    message: keyMessage,
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(getQueryData|setQueryData|getQueryState|ensureQueryData)$/] > ArrayExpression',
    message: keyMessage,
  },
];

/** The browser's first date format loads the locale's data: made on first use, in one place. */
const eagerDateFormat = {
  selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
  message:
    "Use dateFormat from '@/lib/date-format': it is made when first used, not as a chunk loads.",
};

const noProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message:
    'Read configuration through the config module (src/config), the only reader of process.env.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    plugins: { comanda: comandaRules },
    rules: { 'comanda/kebab-case-paths': 'error', 'comanda/server-test-mirrors-src': 'error' },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@comanda/server', '@comanda/web'],
              message: 'packages/* never import apps/*.',
            },
            {
              group: ['node:*', 'react', 'react-dom'],
              message:
                'packages/shared runs in the browser and in Node: no node: or React imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: { 'no-restricted-syntax': ['error', noProcessEnv] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['kysely', 'better-sqlite3', 'pg'],
              message: 'SQL lives only in *repository.ts files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/scripts/**', 'apps/web/vite.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': ['error', noProcessEnv],
    },
  },
  {
    files: [`${webSrc}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-syntax': ['error', noProcessEnv, eagerDateFormat, ...inlineQueryKey],
      // React Router's Link and NavLink carry its framework mode's prefetching into every first
      // load; the app's own (components/ui/link.tsx) is the router's hooks on an anchor (decision 086).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: "Use Link and NavLink from '@/components/ui/link' (decision 086).",
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${webSrc}/lib/date-format.ts`, `${webSrc}/**/*.test.{ts,tsx}`],
    rules: { 'no-restricted-syntax': ['error', noProcessEnv, ...inlineQueryKey] },
  },
  {
    files: [`${webSrc}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: `${import.meta.dirname}/apps/web/tsconfig.json`,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }],
    },
  },
  {
    files: [`${serverSrc}/{lib,plugins,db}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: `${import.meta.dirname}/apps/server/tsconfig.json`,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: serverZones },
      ],
    },
  },
);
