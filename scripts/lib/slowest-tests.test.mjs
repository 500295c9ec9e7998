import { describe, expect, it } from 'vitest';
import { playwrightDurations, slowestLines } from './slowest-tests.mjs';

/** The shape of Playwright's JSON report: suites of specs, nested by describe, tests per project. */
const report = {
  suites: [
    {
      title: 'checkout.spec.ts',
      file: 'checkout.spec.ts',
      specs: [
        {
          title: 'pays on delivery',
          file: 'checkout.spec.ts',
          tests: [
            {
              projectName: 'chromium',
              results: [{ duration: 1200 }, { duration: 3400 }],
            },
          ],
        },
      ],
      suites: [
        {
          title: 'a scheduled order',
          file: 'checkout.spec.ts',
          specs: [
            {
              title: 'picks a slot',
              file: 'checkout.spec.ts',
              tests: [{ projectName: 'chromium', results: [{ duration: 900 }] }],
            },
          ],
        },
      ],
    },
  ],
};

describe('the slowest tests', () => {
  it('reads every Playwright test with its project, describe titles and longest attempt', () => {
    expect(playwrightDurations(report)).toEqual([
      {
        runner: 'playwright chromium',
        file: 'checkout.spec.ts',
        name: 'pays on delivery',
        ms: 3400,
      },
      {
        runner: 'playwright chromium',
        file: 'checkout.spec.ts',
        name: 'a scheduled order › picks a slot',
        ms: 900,
      },
    ]);
    expect(playwrightDurations(null)).toEqual([]);
  });

  it('prints the slowest first, only as many as asked, in seconds', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({
      runner: 'vitest server-sqlite',
      file: `test/t${i}.test.ts`,
      name: `test ${i}`,
      ms: i * 1000,
    }));
    const lines = slowestLines(rows);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe(' 11.0 s  vitest server-sqlite  test/t11.test.ts  test 11');
    expect(lines[9]).toMatch(/^ {2}2\.0 s .* test 2$/);
    expect(slowestLines(rows, 2)).toHaveLength(2);
  });
});
