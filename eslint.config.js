// Lint rules that keep the architecture (DESIGN §2), so nobody has to remember them:
// - features never import each other; app/ composes them;
// - packages/* never import apps/*;
// - only the config modules read process.env;
// - SQL (Kysely) only in repositories, migrations and the seed.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
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

const noProcessEnv = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through the config module (src/config), the only reader of process.env.',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'test-results/**', 'playwright-report/**', 'data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/**', '@comanda/server', '@comanda/web'], message: 'packages/* never import apps/*.' },
            { group: ['node:*', 'react', 'react-dom'], message: 'packages/shared runs in the browser and in Node: no node: or React imports.' },
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
        { patterns: [{ group: ['kysely', 'better-sqlite3', 'pg'], message: 'SQL lives only in *repository.ts files.' }] },
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
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: webFeatures
                .filter((other) => other !== feature)
                .flatMap((other) => [`@/features/${other}`, `@/features/${other}/*`, `../../${other}/*`, `../${other}/*`]),
              message: 'Features never import each other: compose them in src/app, or move shared code to src/components or src/lib.',
            },
            { group: ['@/app/*', '@/app'], message: 'Features do not import the app layer.' },
          ],
        },
      ],
    },
  })),
);
