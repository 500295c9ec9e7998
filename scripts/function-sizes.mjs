// Lines and longest function per server module (apps/server/src/modules/*, lib, db, plugins),
// measured with the TypeScript compiler's parser: `node scripts/function-sizes.mjs [--json]`.
//
// A function is any function declaration or expression, arrow function, method, accessor or
// constructor; its size is the lines from its first to its last line. A factory — a function
// whose body only declares things (functions, constants) and ends by returning an object literal
// — is measured by its own lines without the bodies of the functions nested in it, which are
// measured on their own: a factory of small named functions is small. Any other function counts
// its inline callbacks as its own lines, so wrapping code in a closure does not make it shorter;
// naming it as a function of its own does.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';

const root = dirname(import.meta.dirname);
const src = join(root, 'apps/server/src');
/** The folders reported as one module each besides modules/*; top-level files are `(src)`. */
const AREAS = ['lib', 'db', 'plugins'];
/** A screen: the limit docs/architecture.md names for a function. */
const SCREEN = 60;

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The module a source file is reported under. */
function moduleOf(file) {
  const parts = relative(src, file).split(sep);
  if (parts[0] === 'modules') return parts[1];
  if (AREAS.includes(parts[0])) return parts[0];
  return '(src)';
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) ||
  ts.isConstructorDeclaration(node);

const unwrap = (node) => {
  while (node && (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)))
    node = node.expression;
  return node;
};

/** Declares and returns an object literal, nothing else: the closure around its functions. */
function isFactory(fn) {
  const body = fn.body;
  if (!body) return false;
  if (!ts.isBlock(body)) return ts.isObjectLiteralExpression(unwrap(body));
  const statements = body.statements;
  const last = statements.at(-1);
  if (
    !last ||
    !ts.isReturnStatement(last) ||
    !ts.isObjectLiteralExpression(unwrap(last.expression))
  )
    return false;
  return statements
    .slice(0, -1)
    .every(
      (s) =>
        ts.isFunctionDeclaration(s) ||
        ts.isVariableStatement(s) ||
        ts.isTypeAliasDeclaration(s) ||
        ts.isInterfaceDeclaration(s),
    );
}

/** The name a reader finds the function by; callbacks are named after where they are passed. */
function nameOf(fn, sourceFile, parentName) {
  if (fn.name) return fn.name.getText(sourceFile);
  if (ts.isConstructorDeclaration(fn)) return 'constructor';
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
    return parent.name.getText(sourceFile);
  if (ts.isPropertyDeclaration(parent)) return parent.name.getText(sourceFile);
  if (ts.isExportAssignment(parent)) return 'default';
  const line = sourceFile.getLineAndCharacterOfPosition(fn.getStart(sourceFile)).line + 1;
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(sourceFile).replace(/\s+/g, '');
    const short = callee.length > 30 ? `${callee.slice(0, 27)}…` : callee;
    return `${parentName ?? ''}${parentName ? ' › ' : ''}${short}(…) callback @${line}`;
  }
  return `${parentName ?? ''}${parentName ? ' › ' : ''}(anonymous @${line})`;
}

/** The qualified name: `Class.method`, or the factory's name before the function's. */
function qualify(name, fn, sourceFile) {
  const cls = fn.parent;
  if (ts.isClassLike(cls) && cls.name) return `${cls.name.getText(sourceFile)}.${name}`;
  return name;
}

function lineOf(sourceFile, pos) {
  return sourceFile.getLineAndCharacterOfPosition(pos).line;
}

/** The functions of one file with their measured lines. */
function measureFile(file) {
  const text = readFileSync(file, 'utf8');
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];

  /**
   * The lines on which the factory itself has code: every token of it but those of the functions
   * nested in it (their first line, which names them, has the factory's own key or `const` on it).
   * Comments and blank lines are not code.
   */
  function ownLines(fn) {
    const lines = new Set();
    const visit = (node) => {
      if (node !== fn && isFunction(node)) return;
      if (node.kind < ts.SyntaxKind.FirstNode || node.getChildCount(sourceFile) === 0) {
        lines.add(lineOf(sourceFile, node.getStart(sourceFile)));
        lines.add(lineOf(sourceFile, node.getEnd()));
        return;
      }
      for (const child of node.getChildren(sourceFile)) visit(child);
    };
    visit(fn);
    return lines.size;
  }

  function visit(node, parentName) {
    if (isFunction(node) && node.body) {
      const name = qualify(nameOf(node, sourceFile, parentName), node, sourceFile);
      const factory = isFactory(node);
      const first = lineOf(sourceFile, node.getStart(sourceFile));
      const last = lineOf(sourceFile, node.getEnd());
      found.push({
        name,
        file: relative(root, file),
        line: first + 1,
        lines: factory ? ownLines(node) : last - first + 1,
        span: last - first + 1,
        factory,
      });
      ts.forEachChild(node, (child) => visit(child, name));
      return;
    }
    ts.forEachChild(node, (child) => visit(child, parentName));
  }
  visit(sourceFile, undefined);
  return { lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0), functions: found };
}

function measure() {
  const modules = new Map();
  for (const file of filesUnder(src).sort()) {
    const name = moduleOf(file);
    const entry = modules.get(name) ?? { module: name, files: 0, lines: 0, functions: [] };
    const { lines, functions } = measureFile(file);
    entry.files += 1;
    entry.lines += lines;
    entry.largestFile =
      !entry.largestFile || lines > entry.largestFile.lines
        ? { file: relative(root, file), lines }
        : entry.largestFile;
    entry.functions.push(...functions);
    modules.set(name, entry);
  }
  return [...modules.values()]
    .sort((a, b) => a.module.localeCompare(b.module))
    .map(({ functions, ...entry }) => {
      const sorted = [...functions].sort((a, b) => b.lines - a.lines);
      return {
        ...entry,
        count: functions.length,
        longest: sorted[0] ?? null,
        // The longest closure measured as a factory, by its whole span: what a reader scrolls.
        widestFactory:
          functions.filter((f) => f.factory).sort((a, b) => b.span - a.span)[0] ?? null,
        overScreen: sorted.filter((f) => f.lines > SCREEN),
      };
    });
}

const report = measure();
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ screen: SCREEN, modules: report }, null, 2));
} else {
  const rows = report.map((m) => [
    m.module,
    String(m.files),
    String(m.lines),
    m.longest ? String(m.longest.lines) : '-',
    m.longest
      ? `${m.longest.name} (${m.longest.file.replace('apps/server/src/', '')}:${m.longest.line})`
      : '-',
    String(m.overScreen.length),
    m.widestFactory ? `${m.widestFactory.name} (${m.widestFactory.span})` : '-',
    `${m.largestFile.file.replace('apps/server/src/', '')} (${m.largestFile.lines})`,
  ]);
  const head = [
    'module',
    'files',
    'lines',
    'longest',
    'function',
    `>${SCREEN}`,
    'widest factory (span)',
    'largest file',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
  const over = report.flatMap((m) => m.overScreen);
  if (over.length > 0) {
    console.log(
      `\nFunctions over ${SCREEN} lines (factories counted without their inner functions):`,
    );
    for (const f of over.sort((a, b) => b.lines - a.lines))
      console.log(
        `  ${String(f.lines).padStart(4)}  ${f.name}  ${f.file.replace('apps/server/src/', '')}:${f.line}`,
      );
  }
}
