import { describe, expect, it } from 'vitest';
import { lowestSupported, unsupportedNode } from './node-version.mjs';

describe('the supported Node', () => {
  it('is read from package.json engines', () => {
    expect(lowestSupported()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('refuses an older major, minor or patch in one line naming both versions', () => {
    for (const old of ['20.20.2', 'v22.11.9', '22.12.0']) {
      const refusal = unsupportedNode(old, '22.12.1');
      expect(refusal).toContain('Node 22.12.1 or newer');
      expect(refusal).not.toContain('\n');
    }
    expect(unsupportedNode('20.20.2', '22.12.0')).toContain('this is Node 20.20.2');
  });

  it('accepts the lowest version and anything newer', () => {
    for (const ok of ['22.12.0', '22.12.5', '22.13.0', 'v24.0.0'])
      expect(unsupportedNode(ok, '22.12.0')).toBeNull();
  });
});
