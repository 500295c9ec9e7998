import { describe, expect, it } from 'vitest';
import { measureMachineSpeed, sameMachine, SAME_SPEED_FACTOR } from './machine-speed.mjs';

const epyc = { cpu: 'AMD EPYC', cores: 2 };
const probed = (cpu_ms, loopback_rtt_us) => ({ ...epyc, speed: { cpu_ms, loopback_rtt_us } });

describe('which runs may share a headline', () => {
  it('keeps runs of one guest together through its usual spread', () => {
    expect(sameMachine(probed(80, 110), probed(120, 95))).toBe(true);
    expect(sameMachine(epyc, { ...epyc })).toBe(true);
  });

  it('tells apart guests of the same name whose speeds differ', () => {
    // Faster or slower by more than the factor on the CPU probe.
    expect(sameMachine(probed(100, 100), probed(100 * SAME_SPEED_FACTOR * 1.1, 100))).toBe(false);
    expect(sameMachine(probed(100 * SAME_SPEED_FACTOR * 1.1, 100), probed(100, 100))).toBe(false);
  });

  it('keeps runs of one guest together whatever its loopback probe gave', () => {
    // One guest's round trip: 31 µs with its cores busy, 85-99 µs with them idle.
    expect(sameMachine(probed(45, 31), probed(42, 95))).toBe(true);
  });

  it('never combines a probed run with one whose speed was never measured', () => {
    expect(sameMachine(probed(100, 100), epyc)).toBe(false);
    expect(sameMachine(epyc, probed(100, 100))).toBe(false);
  });

  it('tells apart other CPUs and core counts whatever their speed', () => {
    expect(sameMachine(probed(100, 100), { ...probed(100, 100), cpu: 'Intel Xeon' })).toBe(false);
    expect(sameMachine(probed(100, 100), { ...probed(100, 100), cores: 4 })).toBe(false);
  });
});

describe('the probes', () => {
  it('measure this machine: positive figures in a plausible range', () => {
    const speed = measureMachineSpeed();
    expect(speed).not.toBeNull();
    expect(speed.cpu_ms).toBeGreaterThan(1);
    expect(speed.cpu_ms).toBeLessThan(60_000);
    expect(speed.loopback_rtt_us).toBeGreaterThan(0);
    expect(speed.loopback_rtt_us).toBeLessThan(1_000_000);
  });
});
