// The tests a run failed, named at the end of `npm test` (scripts/test.mjs) with the first line
// of what went wrong: a CI log is often read from its tail, which must say which test to open.
import { relative } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

const firstLine = (text) =>
  String(text ?? '')
    .trim()
    .split('\n')[0]
    .slice(0, 200);

/** The failed tests of a Vitest JSON report; a file that failed outside its tests, as the file. */
export function vitestFailures(report, runner) {
  const rows = [];
  for (const file of report?.testResults ?? []) {
    const path = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed)
      rows.push({
        runner,
        file: path,
        name: test.fullName,
        why: firstLine(test.failureMessages?.[0]),
      });
    if (failed.length === 0 && file.status === 'failed')
      rows.push({ runner, file: path, name: '(the file)', why: firstLine(file.message) });
  }
  return rows;
}

/** The tests of a Playwright JSON report that failed every attempt. */
export function playwrightFailures(report) {
  const rows = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        rows.push({
          runner: `playwright ${test.projectName}`,
          file: spec.file ?? suite.file,
          name: [...titles, spec.title].join(' › '),
          why: firstLine(last?.error?.message),
        });
      }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) visit(suite, []);
  return rows;
}

/** Each failure as two lines: where it is, then why. */
export function failedLines(rows) {
  return rows.map((row) => `  ✗ ${row.runner}  ${row.file}  ${row.name}\n      ${row.why}`);
}
