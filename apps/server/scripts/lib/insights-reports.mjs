// bench:insights' reports: the eight chain reports over HTTP, one request at a time, as an admin
// opens them: a 30-day period, one day, and a year compared with the year before.
import { INSIGHT_REPORTS, addDays, chainToday } from '@comanda/shared';
import { percentile } from './bench-kit.mjs';

/** The periods timed, by label: query strings of `GET /api/admin/insights/{report}`. */
export function reportPeriods(now = Date.now()) {
  const today = chainToday(new Date(now));
  return {
    '30 days': `from=${addDays(today, -29)}&to=${today}`,
    'one day': `from=${addDays(today, -1)}&to=${addDays(today, -1)}`,
    'a year, compared': `from=${addDays(today, -364)}&to=${today}&compare=previous`,
  };
}

/**
 * Each report over each period `repeat` times after two untimed requests: p50 and p95 in ms
 * (the HTTP round trip on localhost included), and the answer's size. A report far over its
 * budget stops after `seconds` of samples (at least three), so a slow build still finishes.
 */
export async function timeReports(base, token, repeat, seconds = 60) {
  const rows = [];
  for (const [period, query] of Object.entries(reportPeriods())) {
    for (const report of INSIGHT_REPORTS) {
      const path = `/api/admin/insights/${report}?${query}`;
      const samples = [];
      let bytes = 0;
      const started = performance.now();
      for (let i = 0; i < repeat + 2; i++) {
        if (samples.length >= 3 && performance.now() - started > seconds * 1000) break;
        const t0 = performance.now();
        const res = await fetch(`${base}${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = await res.text();
        if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
        if (i >= 2) samples.push(performance.now() - t0);
        bytes = body.length;
      }
      samples.sort((a, b) => a - b);
      rows.push({
        report,
        period,
        'p50 ms': Number(percentile(samples, 50).toFixed(1)),
        'p95 ms': Number(percentile(samples, 95).toFixed(1)),
        samples: samples.length,
        KB: Number((bytes / 1024).toFixed(1)),
      });
    }
  }
  return rows;
}
