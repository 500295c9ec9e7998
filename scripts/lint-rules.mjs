// The project's own ESLint rules (plugin `comanda` in eslint.config.js), for conventions no
// published rule states the way docs/architecture.md does.
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

const root = dirname(import.meta.dirname);

/** One name: kebab-case words, dot-separated parts (`writer-thread.worker.ts`, `vite.config.ts`). */
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** The file's path from the repository root, split in parts; null outside the repository. */
function repoParts(filename) {
  const path = relative(root, filename);
  if (path === '' || path.startsWith('..')) return null;
  return path.split(sep);
}

/** Every folder and file name of the path in kebab-case; a leading dot (`.ci`) is allowed. */
const kebabCasePaths = {
  meta: {
    type: 'suggestion',
    docs: {
      description: 'File and folder names in kebab-case (docs/architecture.md, Conventions).',
    },
    schema: [],
    messages: {
      name: '"{{name}}" is not kebab-case: lower-case words joined by "-" (e.g. order-card.tsx).',
    },
  },
  create(context) {
    return {
      Program(node) {
        const parts = repoParts(context.filename);
        if (!parts) return;
        const bad = parts.find((part) => !KEBAB.test(part.replace(/^\./, '')));
        if (bad)
          context.report({
            node,
            loc: { line: 1, column: 0 },
            messageId: 'name',
            data: { name: bad },
          });
      },
    };
  },
};

/**
 * apps/server/test mirrors apps/server/src: a file in test/<folders>/ needs src/<folders>/
 * (test/modules/staff/ → src/modules/staff/). test/helpers/ (the harness) and test/system/ (real
 * processes, several nodes, a database or Redis cut or killed) are the two folders of their own;
 * top-level test files cover src's top-level files (config.ts, app.ts as a whole, server.ts).
 */
const OWN_FOLDERS = new Set(['helpers', 'system']);
const serverTestMirrorsSrc = {
  meta: {
    type: 'problem',
    docs: { description: 'apps/server/test/<folders>/ mirrors apps/server/src/<folders>/.' },
    schema: [],
    messages: {
      mirror:
        'apps/server/test/{{folder}}/ has no apps/server/src/{{folder}}/: put the test beside the code it covers (test mirrors src), or in test/system/ if it runs real processes or cuts a service.',
    },
  },
  create(context) {
    return {
      Program(node) {
        const parts = repoParts(context.filename);
        if (!parts || parts.slice(0, 3).join('/') !== 'apps/server/test') return;
        const folders = parts.slice(3, -1);
        if (folders.length === 0 || OWN_FOLDERS.has(folders[0])) return;
        if (existsSync(join(root, 'apps/server/src', ...folders))) return;
        context.report({
          node,
          loc: { line: 1, column: 0 },
          messageId: 'mirror',
          data: { folder: folders.join('/') },
        });
      },
    };
  },
};

export const comandaRules = {
  rules: { 'kebab-case-paths': kebabCasePaths, 'server-test-mirrors-src': serverTestMirrorsSrc },
};
