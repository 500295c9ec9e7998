// Function sizes in apps/*/src and packages/*/src (server, web with its .tsx components, shared),
// measured with the TypeScript compiler's parser. CONTRIBUTING.md, «Function sizes and import
// circles», says how to use it:
//
//   node scripts/function-sizes.mjs                    per area: files, lines, longest; every
//                                                      function over 60 lines, and the baseline's
//   node scripts/function-sizes.mjs --json             the same as JSON
//   node scripts/function-sizes.mjs --check            exit 1 unless the functions over 60 lines
//                                                      are exactly the baseline, at its sizes (CI)
//   node scripts/function-sizes.mjs --write-baseline   rewrite the baseline; refuses to add an
//                                                      entry or let one grow
//
// A function is any function declaration or expression, arrow function (a component too), method,
// accessor or constructor. Its size is its lines, first to last, comments and blank lines
// included, less the lines of the *named* functions declared directly in it — a function
// declaration, `const name = () => …`, a method, `key: () => …` — which are measured on their own
// (their first line, which names them, stays the enclosing function's). So a factory counts its
// own lines and each of its functions counts its own. An inline callback (an argument, a JSX
// handler, an IIFE) is not named: its lines are its enclosing function's too, so wrapping code in
// a closure does not make it shorter; naming it as a function of its own does. It is also
// measured on its own.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';

const root = dirname(import.meta.dirname);
/** A screen: the limit CONTRIBUTING.md and docs/architecture.md name for a function. */
const SCREEN = 60;
const BASELINE = join(import.meta.dirname, 'function-sizes-baseline.json');

/**
 * What is not measured, and why; each entry narrow on purpose (a path from the repository root,
 * matched as a prefix, or a file-name pattern).
 */
const EXCLUDED = [
  // Tests: a test reads as a story of steps; the rule is for what ships.
  { pattern: /\.(test|spec)\.(ts|tsx)$/, why: 'test' },
  // Migrations: a shipped migration is never edited (CONTRIBUTING.md, «Add a migration»), and a
  // table's columns are read best as one list.
  { prefix: 'apps/server/src/db/migrations/', why: 'migration' },
  // The demo chain's seed: rows of data written as code (menus, customers, orders).
  { prefix: 'apps/server/src/db/seed/', why: 'seed data' },
];

const excludedWhy = (path) =>
  EXCLUDED.find((rule) => (rule.prefix ? path.startsWith(rule.prefix) : rule.pattern.test(path)))
    ?.why ?? null;

/** apps/<name>/src and packages/<name>/src. */
function sourceRoots() {
  return ['apps', 'packages'].flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(root, group, entry.name, 'src')))
      .map((entry) => join(root, group, entry.name, 'src')),
  );
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The files measured, as paths from the repository root. */
function measuredFiles() {
  return sourceRoots()
    .flatMap(filesUnder)
    .map((file) => relative(root, file).split(sep).join('/'))
    .filter((path) => excludedWhy(path) === null)
    .sort();
}

/** The area a file is reported under: its workspace and first folder (a module or feature too). */
function areaOf(path) {
  const [group, workspace, , first, second] = path.split('/');
  const base = `${group}/${workspace}`;
  if (second === undefined || !first) return `${base} (src)`;
  if (['modules', 'features', 'entities'].includes(first) && path.split('/').length > 5)
    return `${base} ${first}/${second}`;
  return `${base} ${first}`;
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) ||
  ts.isConstructorDeclaration(node);

/** The node a function expression is the value of, through parentheses, `as` and `satisfies`. */
function holderOf(fn) {
  let node = fn.parent;
  while (
    node &&
    (ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node))
  )
    node = node.parent;
  return node;
}

/** Declared under a name of its own (not an argument, a JSX attribute, an IIFE, an array item). */
function isNamed(fn) {
  if (!ts.isFunctionExpression(fn) && !ts.isArrowFunction(fn)) return true;
  const holder = holderOf(fn);
  return (
    ts.isVariableDeclaration(holder) ||
    ts.isPropertyAssignment(holder) ||
    ts.isPropertyDeclaration(holder)
  );
}

/** The name a reader finds the function by; a callback is named after the call it is passed to. */
function baseName(fn, sourceFile) {
  if (fn.name) return fn.name.getText(sourceFile);
  if (ts.isConstructorDeclaration(fn)) return 'constructor';
  const holder = holderOf(fn);
  if (ts.isVariableDeclaration(holder) || ts.isPropertyAssignment(holder))
    return holder.name.getText(sourceFile);
  if (ts.isPropertyDeclaration(holder)) return holder.name.getText(sourceFile);
  if (ts.isExportAssignment(holder)) return 'default';
  if (ts.isCallExpression(holder)) {
    // `memo(function …)`, `forwardRef(() => …)`: the wrapped component is the variable's.
    const outer = holderOf(holder);
    if (ts.isVariableDeclaration(outer)) return outer.name.getText(sourceFile);
    const callee = holder.expression.getText(sourceFile).replace(/\s+/g, '');
    return `${callee.length > 30 ? `${callee.slice(0, 27)}…` : callee}(…) callback`;
  }
  if (ts.isJsxExpression(holder) && ts.isJsxAttribute(holder.parent))
    return `${holder.parent.name.getText(sourceFile)}={…}`;
  return '(anonymous)';
}

/** `Class.method`; a nested function's after its enclosing function's (`factory › inner`). */
function qualifiedName(fn, sourceFile, enclosing) {
  const name = baseName(fn, sourceFile);
  const parent = fn.parent;
  const own =
    ts.isClassLike(parent) && parent.name ? `${parent.name.getText(sourceFile)}.${name}` : name;
  return enclosing ? `${enclosing.name} › ${own}` : own;
}

const lineOf = (sourceFile, pos) => sourceFile.getLineAndCharacterOfPosition(pos).line;

/** The first line of a named function with the comments written above its declaration. */
function firstWithDoc(fn, sourceFile) {
  let declaration = isFunction(fn) && fn.name ? fn : holderOf(fn);
  if (ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || !declaration) declaration = fn;
  if (
    ts.isVariableDeclaration(declaration) &&
    declaration.parent.declarations.length === 1 &&
    ts.isVariableStatement(declaration.parent.parent)
  )
    declaration = declaration.parent.parent;
  const comments = ts.getLeadingCommentRanges(sourceFile.text, declaration.getFullStart()) ?? [];
  const start = comments[0]?.pos ?? declaration.getStart(sourceFile);
  return lineOf(sourceFile, start);
}

/** The functions of one file: name, first line, span and size (its own lines). */
function measureFile(path) {
  const text = readFileSync(join(root, path), 'utf8');
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node, enclosing) => {
    if (!isFunction(node) || !node.body) {
      ts.forEachChild(node, (child) => visit(child, enclosing));
      return;
    }
    const first = lineOf(sourceFile, node.getStart(sourceFile));
    const last = lineOf(sourceFile, node.getEnd());
    const entry = { name: qualifiedName(node, sourceFile, enclosing), file: path, line: first + 1 };
    entry.span = last - first + 1;
    entry.lines = entry.span;
    // A named function declared directly in its enclosing one takes its lines, its doc comment's
    // too, all but one: the line that names it is read as part of the enclosing function.
    if (enclosing && isNamed(node)) enclosing.lines -= last - firstWithDoc(node, sourceFile);
    found.push(entry);
    ts.forEachChild(node, (child) => visit(child, entry));
  };
  visit(sourceFile, null);
  return { lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0), functions: found };
}

/** Two functions of one file with one name (two callbacks of `map`) get `#2`, `#3`… */
function uniqueNames(functions) {
  const seen = new Map();
  for (const fn of functions) {
    const count = (seen.get(fn.name) ?? 0) + 1;
    seen.set(fn.name, count);
    if (count > 1) fn.name = `${fn.name} #${count}`;
  }
  return functions;
}

function measure() {
  const areas = new Map();
  const functions = [];
  for (const path of measuredFiles()) {
    const measured = measureFile(path);
    functions.push(...uniqueNames(measured.functions));
    const area = areas.get(areaOf(path)) ?? {
      area: areaOf(path),
      files: 0,
      lines: 0,
      longest: null,
    };
    area.files += 1;
    area.lines += measured.lines;
    for (const fn of measured.functions)
      if (!area.longest || fn.lines > area.longest.lines) area.longest = fn;
    areas.set(area.area, area);
  }
  const over = functions
    .filter((fn) => fn.lines > SCREEN)
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
  return { areas: [...areas.values()].sort((a, b) => a.area.localeCompare(b.area)), over };
}

const keyOf = (entry) => `${entry.file} ${entry.name}`;

function readBaseline() {
  if (!existsSync(BASELINE)) return null;
  return JSON.parse(readFileSync(BASELINE, 'utf8')).functions;
}

/** What differs between the functions over a screen and the baseline, one line each. */
function compare(over, baseline) {
  const known = new Map(baseline.map((entry) => [keyOf(entry), entry]));
  const problems = [];
  for (const fn of over) {
    const entry = known.get(keyOf(fn));
    known.delete(keyOf(fn));
    const where = `${fn.file}:${fn.line} ${fn.name}`;
    if (!entry)
      problems.push({ kind: 'new', text: `${where}: ${fn.lines} lines, not in the baseline` });
    else if (fn.lines > entry.lines)
      problems.push({
        kind: 'grew',
        text: `${where}: ${fn.lines} lines, the baseline allows ${entry.lines}`,
      });
    else if (fn.lines < entry.lines)
      problems.push({
        kind: 'shrank',
        text: `${where}: ${fn.lines} lines, the baseline still says ${entry.lines}`,
      });
  }
  for (const entry of known.values())
    problems.push({
      kind: 'gone',
      text: `${entry.file} ${entry.name}: now ${SCREEN} lines or fewer (or renamed), still in the baseline`,
    });
  return problems;
}

function writeBaseline(over) {
  const baseline = readBaseline();
  const added = baseline
    ? compare(over, baseline).filter((p) => ['new', 'grew'].includes(p.kind))
    : [];
  if (added.length > 0) {
    console.error('The baseline only shrinks; split these instead of adding them:');
    for (const problem of added) console.error(`  ${problem.text}`);
    return 1;
  }
  const functions = over
    .map(({ file, name, lines }) => ({ file, name, lines }))
    .sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  const note = `Functions over ${SCREEN} lines that existed when the check began; it may only shrink (scripts/function-sizes.mjs).`;
  writeFileSync(BASELINE, `${JSON.stringify({ note, functions }, null, 2)}\n`);
  console.log(`${BASELINE.replace(`${root}/`, '')}: ${functions.length} functions.`);
  return 0;
}

function check(over) {
  const baseline = readBaseline() ?? [];
  const problems = compare(over, baseline);
  if (problems.length === 0) {
    console.log(
      `Function sizes: ${over.length} over ${SCREEN} lines, all in the baseline at their size.`,
    );
    return 0;
  }
  console.log(
    `Function sizes: ${problems.length} difference(s) from scripts/function-sizes-baseline.json:`,
  );
  for (const problem of problems) console.log(`  ${problem.kind.padEnd(6)} ${problem.text}`);
  if (problems.some((p) => p.kind === 'new' || p.kind === 'grew'))
    console.log(`Split what is new or grew into named functions of ${SCREEN} lines or fewer.`);
  if (problems.some((p) => p.kind === 'shrank' || p.kind === 'gone'))
    console.log(
      'Smaller or gone: record it with `node scripts/function-sizes.mjs --write-baseline`.',
    );
  return 1;
}

function printTable(areas, over) {
  const rows = areas.map((a) => [
    a.area,
    String(a.files),
    String(a.lines),
    a.longest ? `${a.longest.lines} ${a.longest.name}` : '-',
    String(over.filter((fn) => areaOf(fn.file) === a.area).length),
  ]);
  const head = ['area', 'files', 'lines', 'longest function', `>${SCREEN}`];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
  console.log(
    `\n${over.length} functions over ${SCREEN} lines (own lines; named inner functions apart):`,
  );
  for (const fn of over)
    console.log(`  ${String(fn.lines).padStart(4)}  ${fn.name}  ${fn.file}:${fn.line}`);
}

const { areas, over } = measure();
const args = process.argv.slice(2);
if (args.includes('--write-baseline')) process.exitCode = writeBaseline(over);
else if (args.includes('--check')) process.exitCode = check(over);
else if (args.includes('--json'))
  console.log(
    JSON.stringify(
      {
        screen: SCREEN,
        excluded: EXCLUDED.map((rule) => ({
          path: rule.prefix ?? String(rule.pattern),
          why: rule.why,
        })),
        areas,
        over,
      },
      null,
      2,
    ),
  );
else printTable(areas, over);
