import { INSIGHTS_MESSAGES } from '@comanda/shared';
import { describe, expect, it } from 'vitest';
import { periodProblem, readView, viewPeriod, writeView, type InsightsView } from './view';

const read = (search: string) => readView(new URLSearchParams(search));

describe('the view in the address', () => {
  it('defaults to the last seven days, no comparison, every branch, with an empty address', () => {
    const view = read('');
    expect(view).toEqual({
      preset: '7-dias',
      from: '',
      to: '',
      compare: false,
      branch: null,
      tab: 'informes',
    });
    expect(writeView(view).toString()).toBe('');
  });

  it('round-trips every choice', () => {
    const views: InsightsView[] = [
      { preset: 'mes', from: '', to: '', compare: true, branch: 3, tab: 'informes' },
      {
        preset: 'personalizado',
        from: '2026-11-01',
        to: '2026-11-15',
        compare: false,
        branch: null,
        tab: 'informes',
      },
      { preset: '7-dias', from: '', to: '', compare: false, branch: null, tab: 'ahora' },
    ];
    for (const view of views) expect(readView(writeView(view))).toEqual(view);
    expect(writeView(views[0]!).toString()).toBe('periodo=mes&comparar=1&sede=3');
  });

  it('reads days without a period name as a custom period, and ignores days of a named one', () => {
    expect(read('desde=2026-11-01&hasta=2026-11-02')).toMatchObject({
      preset: 'personalizado',
      from: '2026-11-01',
      to: '2026-11-02',
    });
    expect(read('periodo=hoy&desde=2026-11-01')).toMatchObject({ preset: 'hoy', from: '' });
  });

  it('drops what it cannot read: an unknown period, a branch that is no id, another tab', () => {
    expect(read('periodo=siempre&sede=-4&vista=x&comparar=si')).toEqual(read(''));
    expect(read('sede=0').branch).toBeNull();
  });
});

describe('the period a view covers', () => {
  it('resolves a preset on the given day and a custom one as written', () => {
    expect(viewPeriod(read('periodo=ayer'), '2026-12-02')).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
    });
    expect(viewPeriod(read('desde=2026-01-01&hasta=2026-01-31'), '2026-12-02')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('refuses a custom period the server would refuse, in its words', () => {
    expect(periodProblem(read('desde=2026-02-30&hasta=2026-03-01'))).toBe(
      INSIGHTS_MESSAGES.dateInvalid,
    );
    expect(periodProblem(read('desde=2026-03-02&hasta=2026-03-01'))).toBe(
      INSIGHTS_MESSAGES.rangeBackwards,
    );
    expect(periodProblem(read('desde=2024-01-01&hasta=2026-01-01'))).toBe(
      INSIGHTS_MESSAGES.rangeTooLong,
    );
    expect(viewPeriod(read('periodo=personalizado'), '2026-12-02')).toBeNull();
    expect(periodProblem(read('desde=2024-01-01&hasta=2025-12-31'))).toBeNull();
  });
});
