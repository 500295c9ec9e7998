// The slowest tests of a run, for the end of `npm test` (scripts/test.mjs): Vitest's through the
// reporter below (its JSON report does not say which project, SQLite or PostgreSQL, ran a test),
// Playwright's from its JSON report.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/**
 * A Vitest reporter (`--reporter=./scripts/lib/slowest-tests.mjs`): every test's duration with its
 * project and file, written to the file named by VITEST_DURATIONS_FILE when the run ends.
 */
export default class DurationsReporter {
  onTestRunEnd(testModules) {
    const file = process.env.VITEST_DURATIONS_FILE;
    if (!file) return;
    const rows = testModules.flatMap((module) =>
      [...module.children.allTests()].map((test) => ({
        runner: `vitest ${module.project.name}`,
        file: relative(root, module.moduleId),
        name: test.fullName,
        ms: test.diagnostic()?.duration ?? 0,
      })),
    );
    writeFileSync(file, JSON.stringify(rows));
  }
}

/** Every test of a Playwright JSON report, with its longest attempt. */
export function playwrightDurations(report) {
  const rows = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        rows.push({
          runner: `playwright ${test.projectName}`,
          file: spec.file ?? suite.file,
          name: [...titles, spec.title].join(' › '),
          ms: Math.max(0, ...(test.results ?? []).map((result) => result.duration ?? 0)),
        });
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) visit(suite, []);
  return rows;
}

/** The `count` slowest rows as short lines: seconds, runner and project, file, test. */
export function slowestLines(rows, count = 10) {
  return [...rows]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((row) => {
      const seconds = `${(row.ms / 1000).toFixed(1)} s`.padStart(7);
      const name = row.name.length > 90 ? `${row.name.slice(0, 89)}…` : row.name;
      return `${seconds}  ${row.runner}  ${row.file}  ${name}`;
    });
}
