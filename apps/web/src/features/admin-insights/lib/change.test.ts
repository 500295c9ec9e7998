import { describe, expect, it } from 'vitest';
import { changePct, describeChange } from './change';

describe('changePct', () => {
  it('is the percent moved from the previous figure, one decimal', () => {
    expect(changePct(120, 100)).toBe(20);
    expect(changePct(50, 200)).toBe(-75);
    expect(changePct(1, 3)).toBe(-66.7);
    expect(changePct(100, 100)).toBe(0);
  });

  it('has none over a previous period of nothing', () => {
    expect(changePct(10, 0)).toBeNull();
  });
});

describe('describeChange', () => {
  it('says the direction with an arrow and a sign, not colour alone', () => {
    expect(describeChange(125, 100)).toMatchObject({ trend: 'up', text: '▲ +25 %' });
    expect(describeChange(2, 3)).toMatchObject({
      trend: 'down',
      text: '▼ −33,3 %',
      label: 'baja 33,3 % frente al periodo anterior',
    });
    expect(describeChange(7, 7)).toMatchObject({ trend: 'same', text: '= 0 %' });
  });

  it('says a figure rose from nothing, and nothing out of nothing is no change', () => {
    expect(describeChange(5, 0)).toMatchObject({ trend: 'up', pct: null, text: '▲ antes 0' });
    expect(describeChange(0, 0)).toMatchObject({ trend: 'same', pct: null });
  });
});
