import { describe, expect, it } from 'vitest';
import { failedLines, playwrightFailures, vitestFailures } from './failed-tests.mjs';

const root = new URL('../..', import.meta.url).pathname;

describe('the failed tests at the end of a run', () => {
  it('names each failed Vitest test with its file and the first line of why', () => {
    const report = {
      testResults: [
        {
          name: `${root}apps/server/test/day.test.ts`,
          status: 'failed',
          assertionResults: [
            {
              fullName: 'Día counts 8',
              status: 'failed',
              failureMessages: ['expected 7 to be 8\n at …'],
            },
            { fullName: 'Día lists', status: 'passed', failureMessages: [] },
          ],
        },
        { name: `${root}apps/server/test/ok.test.ts`, status: 'passed', assertionResults: [] },
        {
          name: `${root}apps/server/test/broken.test.ts`,
          status: 'failed',
          message: 'Hook timed out in 60000ms\nmore',
          assertionResults: [{ fullName: 'never ran', status: 'skipped' }],
        },
      ],
    };
    expect(failedLines(vitestFailures(report, 'vitest'))).toEqual([
      '  ✗ vitest  apps/server/test/day.test.ts  Día counts 8\n      expected 7 to be 8',
      '  ✗ vitest  apps/server/test/broken.test.ts  (the file)\n      Hook timed out in 60000ms',
    ]);
    expect(vitestFailures(null, 'vitest')).toEqual([]);
  });

  it('names a Playwright test that failed every attempt, not one that passed on a retry', () => {
    const spec = (title, status) => ({
      title,
      file: 'board.spec.ts',
      tests: [{ projectName: 'chromium', status, results: [{ error: { message: 'timeout\nx' } }] }],
    });
    const report = {
      suites: [
        {
          title: 'board.spec.ts',
          file: 'board.spec.ts',
          specs: [spec('rings', 'unexpected'), spec('accepts', 'flaky'), spec('lists', 'expected')],
        },
      ],
    };
    expect(playwrightFailures(report)).toEqual([
      { runner: 'playwright chromium', file: 'board.spec.ts', name: 'rings', why: 'timeout' },
    ]);
  });
});
