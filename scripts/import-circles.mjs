// Import circles in apps/*/src and packages/*/src: `node scripts/import-circles.mjs`, exits 1 when
// there is one (CONTRIBUTING.md, «Function sizes and import circles»).
//
// Every import counts: static, `import type` (a circle of types is still two files that cannot
// be read, moved or split one without the other), `export … from`, `import('…')` and
// `import('…').Type`. Specifiers are resolved by the TypeScript compiler with each workspace's
// own tsconfig.json (so `@/…` in the web and `@comanda/shared` land on the file they name).
// eslint-plugin-import-x's `no-cycle` does the same job but added about a minute to `npm run lint`
// on two cores; this reads each file once and takes a few seconds.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

const root = dirname(import.meta.dirname);
const SOURCE = /\.(ts|tsx|mts)$/;
/** Tests may import each other's helpers; what ships is what must stay acyclic. */
const TEST = /\.(test|spec)\.(ts|tsx)$/;

/** apps/<name>/src and packages/<name>/src, with the tsconfig.json beside each. */
function workspaces() {
  return ['apps', 'packages'].flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, group, entry.name))
      .filter((dir) => {
        try {
          return readdirSync(join(dir, 'src')).length > 0;
        } catch {
          return false;
        }
      }),
  );
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !TEST.test(entry.name)
      ? [path]
      : [];
  });
}

function compilerOptions(workspace) {
  const file = join(workspace, 'tsconfig.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, workspace, undefined, file).options;
}

/** Every module specifier a file names, however it imports it. */
function specifiersOf(file) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      found.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** file → the files of the measured set it imports. */
function importGraph() {
  const graph = new Map();
  for (const workspace of workspaces()) {
    const options = compilerOptions(workspace);
    const cache = ts.createModuleResolutionCache(workspace, (name) => name, options);
    for (const file of filesUnder(join(workspace, 'src'))) {
      const targets = new Set();
      for (const specifier of specifiersOf(file)) {
        const { resolvedModule } = ts.resolveModuleName(specifier, file, options, ts.sys, cache);
        const target = resolvedModule?.resolvedFileName;
        if (target && !resolvedModule.isExternalLibraryImport && !target.endsWith('.d.ts'))
          targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  // Only edges inside the measured set (a test helper or a script is not part of it).
  for (const [file, targets] of graph)
    graph.set(
      file,
      [...targets].filter((target) => graph.has(target) && target !== file),
    );
  return graph;
}

/** Tarjan's strongly connected components of more than one file: each is a circle or several. */
function circles(graph) {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const connect = (file) => {
    order.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file)) {
      if (!order.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), order.get(target)));
    }
    if (low.get(file) !== order.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!order.has(file)) connect(file);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** One shortest way round from the component's first file back to it, to show a reader. */
function shortestLoop(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const target of graph.get(file)) {
      if (!members.has(target)) continue;
      if (target === start) {
        const loop = [file];
        for (let at = previous.get(file); at; at = previous.get(at)) loop.unshift(at);
        return [...loop, start];
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return component;
}

const graph = importGraph();
const found = circles(graph);
const show = (file) => relative(root, file);
if (found.length === 0) {
  console.log(`No import circles in ${graph.size} files of apps/*/src and packages/*/src.`);
} else {
  console.log(`${found.length} import circle(s) in apps/*/src and packages/*/src:`);
  for (const component of found) {
    console.log(`\n  ${component.length} files: ${component.map(show).join(', ')}`);
    console.log(`  e.g. ${shortestLoop(graph, component).map(show).join('\n    → ')}`);
  }
  console.log('\nBreak each by moving what both sides need into a file of its own, lower down.');
  process.exitCode = 1;
}
