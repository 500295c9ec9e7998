import ts from 'typescript';

/**
 * What a release's code reads and writes: its tables and their columns, from its hand-kept
 * db/types.ts (`Database`), which test/db/types.test.ts holds to the schema on both databases.
 */
export type ReleaseSchema = Map<string, Set<string>>;

/** One step of a migration that the release before it cannot run beside (decision 081). */
export interface ContractFinding {
  migration: string;
  /** e.g. `drops column orders.note`: how an allow-list entry names it. */
  finding: string;
}

export function releaseSchemaOf(typesSource: string): ReleaseSchema {
  const file = ts.createSourceFile('types.ts', typesSource, ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  file.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const database = interfaces.get('Database');
  if (!database) throw new Error('db/types.ts has no Database interface');
  const schema: ReleaseSchema = new Map();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const table = member.name.getText(file);
    const row = ts.isTypeReferenceNode(member.type)
      ? interfaces.get(member.type.typeName.getText(file))
      : undefined;
    const columns = row?.members.filter(ts.isPropertySignature).map((m) => m.name.getText(file));
    schema.set(table, new Set(columns ?? []));
  }
  return schema;
}

/**
 * The table a builder chain starts from (alterTable, createTable or dropTable, possibly passed
 * through a helper such as `withId(db.schema.createTable('x'), dialect)`), and which of the three.
 */
function chainStart(call: ts.CallExpression): { table: string; verb: string } {
  let node: ts.Expression | undefined = call;
  while (node && ts.isCallExpression(node)) {
    if (!ts.isPropertyAccessExpression(node.expression)) {
      node = node.arguments[0];
      continue;
    }
    const verb = node.expression.name.text;
    if (verb === 'alterTable' || verb === 'createTable' || verb === 'dropTable')
      return { table: literal(node.arguments[0]), verb };
    node = node.expression.expression;
  }
  return { table: '?', verb: '?' };
}

/** A string argument's value; `?` when it is computed (the check then assumes the worst). */
const literal = (node: ts.Node | undefined): string =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : '?';

type Check = (call: ts.CallExpression, table: string) => string | null;

/** The schema builder's steps that take away or narrow what the release uses. */
const BUILDER_CHECKS: Record<string, Check> = {
  dropTable: (call) => `drops table ${literal(call.arguments[0])}`,
  renameTo: (_call, table) => `renames table ${table}`,
  dropColumn: (call, table) => `drops column ${table}.${literal(call.arguments[0])}`,
  renameColumn: (call, table) => `renames column ${table}.${literal(call.arguments[0])}`,
  alterColumn: (call, table) =>
    /setDataType|setNotNull/.test(call.arguments[1]?.getText() ?? '')
      ? `changes column ${table}.${literal(call.arguments[0])} (type or not null)`
      : null,
  addColumn: (call, table) => {
    const options = call.arguments[2]?.getText() ?? '';
    return /notNull\(\)/.test(options) && !/defaultTo\(/.test(options)
      ? `adds column ${table}.${literal(call.arguments[0])} not null without a default`
      : null;
  },
};

/** The same in SQL written by hand (sql`…`, sql.raw): table names inside sql.table(…) too. */
const SQL_CHECKS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/\bdrop\s+table\s+(?:if\s+exists\s+)?"?(\w+)/gi, (m) => `drops table ${m[1]}`],
  [
    /\balter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?"?(\w+)"?\s+rename\s+to\b/gi,
    (m) => `renames table ${m[1]}`,
  ],
  [
    /\balter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?"?(\w+)"?\s+drop\s+(?:column\s+)?(?:if\s+exists\s+)?"?(\w+)/gi,
    (m) => `drops column ${m[1]}.${m[2]}`,
  ],
  [
    /\balter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?"?(\w+)"?\s+rename\s+(?:column\s+)?"?(\w+)"?\s+to\b/gi,
    (m) => `renames column ${m[1]}.${m[2]}`,
  ],
  [
    /\balter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?"?(\w+)"?\s+alter\s+(?:column\s+)?"?(\w+)"?\s+(?:(?:set\s+data\s+)?type|set\s+not\s+null)\b/gi,
    (m) => `changes column ${m[1]}.${m[2]} (type or not null)`,
  ],
];

/** Whether a finding touches a table or column of the release (or one it cannot name). */
function touchesRelease(finding: string, schema: ReleaseSchema): boolean {
  const [, table, column] = /^[\w ]+? (?:table|column) ([\w?]+)(?:\.([\w?]+))?/.exec(finding) ?? [];
  if (!table || table === '?') return true;
  const columns = schema.get(table);
  if (!columns) return false;
  // A new NOT NULL column breaks the release's inserts into the table whatever its name.
  if (!column || finding.startsWith('adds column')) return true;
  return column === '?' || columns.has(column);
}

/** The steps of one migration's source that the release with this schema cannot run beside. */
export function contractSteps(
  migration: string,
  source: string,
  schema: ReleaseSchema,
): ContractFinding[] {
  const file = ts.createSourceFile(`${migration}.ts`, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const check = BUILDER_CHECKS[node.expression.name.text];
      const start = chainStart(node);
      // A table this migration creates is no one's yet: its columns are free.
      const finding = start.verb === 'createTable' ? null : check?.(node, start.table);
      if (finding) found.push(finding);
    }
    if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node))
      found.push(...sqlFindings(node.getText(file)));
    else if (ts.isStringLiteral(node)) found.push(...sqlFindings(node.text));
    node.forEachChild(visit);
  };
  visit(file);
  return [...new Set(found)]
    .filter((finding) => touchesRelease(finding, schema))
    .map((finding) => ({ migration, finding }));
}

function sqlFindings(text: string): string[] {
  const plain = text.replace(/\$\{\s*sql\.(?:table|ref|id)\(\s*['"`](\w+)['"`]\s*\)\s*\}/g, '$1');
  return SQL_CHECKS.flatMap(([pattern, name]) =>
    [...plain.matchAll(pattern)].map((match) => name(match)),
  );
}
