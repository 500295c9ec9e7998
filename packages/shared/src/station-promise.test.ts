import { describe, expect, it } from 'vitest';
import { queueMinutes, queueStartOf, type OpenWorkRow } from './promise';
import {
  STATION_MIN_BUMPS,
  stationQueueStart,
  stationSpeeds,
  type StationBump,
  type StationSpeed,
} from './station-promise';

const MINUTE = 60_000;
const at = new Date('2026-11-29T20:00:00Z');
const GRILL = 1;
const FRYER = 2;

/** `count` bumps of one item each at a station that bumps one every `every` minutes, always busy. */
function busyStation(station_id: number, count: number, every: number): StationBump[] {
  return Array.from({ length: count }, (_, index) => ({
    station_id,
    units: 1,
    started_at: 0,
    bumped_at: (index + 1) * every * MINUTE,
  }));
}

const speed = (station_id: number, minutes_per_item: number, bumps = STATION_MIN_BUMPS) => ({
  station_id,
  minutes_per_item,
  bumps,
  items: bumps,
});

let nextId = 1;
/** An unanswered order with `units` per station id. */
const waiting = (units: Record<number, number>): OpenWorkRow => ({
  id: nextId++,
  status: 'received',
  quantity: Object.values(units).reduce((a, b) => a + b, 0),
  accepted_at: null,
  promised_at: null,
  fire_at: null,
  station_units: units,
});

describe('a station’s speed from its bumps', () => {
  it('reads a busy station’s minutes per item from the gaps between its bumps', () => {
    const [grill] = stationSpeeds(busyStation(GRILL, 30, 4));
    expect(grill).toMatchObject({ station_id: GRILL, bumps: 30, items: 30 });
    // The first item waited from its order's start (4 min); every other, the 4 min since the last.
    expect(grill!.minutes_per_item).toBeCloseTo(4);
  });

  it('does not count a station’s idle time: an item starts when its order does if later', () => {
    const bumps: StationBump[] = [
      { station_id: FRYER, units: 2, started_at: 0, bumped_at: 6 * MINUTE },
      // Nothing for 40 minutes; the next order started at 46 and was bumped at 52.
      { station_id: FRYER, units: 2, started_at: 46 * MINUTE, bumped_at: 52 * MINUTE },
    ];
    expect(stationSpeeds(bumps)[0]!.minutes_per_item).toBeCloseTo(3);
  });

  it('takes a busy station’s pace over an order’s time alone: three cooks at once clear items faster', () => {
    // Alone, an order of 2 takes 8 minutes (4 a item). At a rush three cooks each finish one
    // every 8 minutes: a bump every 2.67 minutes, 1.33 a item.
    const alone: StationBump = {
      station_id: GRILL,
      units: 2,
      started_at: 0,
      bumped_at: 8 * MINUTE,
    };
    const rush = Array.from({ length: 30 }, (_, index) => ({
      station_id: GRILL,
      units: 2,
      started_at: 100 * MINUTE,
      bumped_at: (108 + (index * 8) / 3) * MINUTE,
    }));
    const [grill] = stationSpeeds([alone, ...rush]);
    expect(grill!.minutes_per_item).toBeCloseTo(4 / 3, 1);
    expect(grill).toMatchObject({ bumps: 31, items: 62 });
  });

  it('counts a tap that bumps several lines at once as one piece of work', () => {
    const bumps: StationBump[] = [
      { station_id: GRILL, units: 1, started_at: 0, bumped_at: 10 * MINUTE },
      { station_id: GRILL, units: 3, started_at: 0, bumped_at: 10 * MINUTE + 200 },
    ];
    const [grill] = stationSpeeds(bumps);
    expect(grill).toMatchObject({ bumps: 2, items: 4 });
    expect(grill!.minutes_per_item).toBeCloseTo(2.5);
  });
});

describe('the station-aware queue', () => {
  it('lets the slowest station’s backlog set the start', () => {
    const units = new Map([
      [GRILL, 10],
      [FRYER, 10],
    ]);
    expect(stationQueueStart(units, [speed(GRILL, 3), speed(FRYER, 0.5)])).toBe(30);
  });

  it('falls back (null) when a station with work has fewer bumps than it takes', () => {
    const units = new Map([
      [GRILL, 10],
      [FRYER, 1],
    ]);
    const speeds = [speed(GRILL, 3), speed(FRYER, 0.5, STATION_MIN_BUMPS - 1)];
    expect(stationQueueStart(units, speeds)).toBeNull();
    // A station without work needs no data of its own.
    units.set(FRYER, 0);
    expect(stationQueueStart(units, speeds)).toBe(30);
  });

  it('promises with the stations when every one with work has enough bumps', () => {
    const rows = Array.from({ length: 12 }, () => waiting({ [GRILL]: 2, [FRYER]: 1 }));
    const branch = { prep_minutes: 20 };
    const slowGrill = { ...branch, station_speeds: [speed(GRILL, 4), speed(FRYER, 1)] };
    // Queue-only: twelve orders of three on ten stations at 20 min: the first free one at 20.
    expect(queueStartOf(rows, branch, at)).toBe(20);
    // The grill has 24 items at 4 min each ahead: 96 min, the fryer's 12 do not matter.
    expect(queueStartOf(rows, slowGrill, at)).toBe(96);
    expect(queueMinutes(rows, slowGrill, at, { units: 3 })).toBe(96 + 20);
    // A fast kitchen promises sooner than the queue-only model.
    const fast = { ...branch, station_speeds: [speed(GRILL, 0.5), speed(FRYER, 0.5)] };
    expect(queueStartOf(rows, fast, at)).toBe(12);
  });

  it('holds an order up only at the stations its own items need', () => {
    const rows = Array.from({ length: 12 }, () => waiting({ [GRILL]: 2, [FRYER]: 1 }));
    const branch = { prep_minutes: 20, station_speeds: [speed(GRILL, 4), speed(FRYER, 1)] };
    // Fries alone wait for the fryer's 12 items (12 min), not for the grill's 96.
    expect(queueStartOf(rows, branch, at, { stations: new Map([[FRYER, 2]]) })).toBe(12);
    // A burger and fries wait for the slower of the two.
    expect(
      queueStartOf(rows, branch, at, {
        stations: new Map([
          [GRILL, 1],
          [FRYER, 1],
        ]),
      }),
    ).toBe(96);
    // Nothing said (or nothing left to make): every station's backlog counts.
    expect(queueStartOf(rows, branch, at, { stations: new Map() })).toBe(96);
    expect(queueMinutes(rows, branch, at, { units: 3, stations: new Map([[FRYER, 3]]) })).toBe(
      12 + 20,
    );
  });

  it('keeps the queue-only promise without enough data, or rows that do not say their stations', () => {
    const rows = Array.from({ length: 12 }, () => waiting({ [GRILL]: 2, [FRYER]: 1 }));
    const few = { prep_minutes: 20, station_speeds: [speed(GRILL, 4, 5), speed(FRYER, 1, 5)] };
    expect(queueStartOf(rows, few, at)).toBe(20);
    const unrouted = rows.map(({ station_units: _, ...row }) => row);
    const measured = { prep_minutes: 20, station_speeds: [speed(GRILL, 4), speed(FRYER, 1)] };
    expect(queueStartOf(unrouted, measured, at)).toBe(20);
  });

  it('counts only what is left to make of an accepted order, and leaves out the one asked about', () => {
    const cooking: OpenWorkRow = {
      id: nextId++,
      status: 'accepted',
      quantity: 10,
      accepted_at: at.toISOString(),
      promised_at: new Date(at.getTime() + 30 * MINUTE).toISOString(),
      fire_at: null,
      // Eight of its ten grill items are bumped.
      station_units: { [GRILL]: 2 },
    };
    const asked = waiting({ [GRILL]: 5 });
    const branch = { prep_minutes: 20, station_speeds: [speed(GRILL, 3) as StationSpeed] };
    expect(queueStartOf([cooking, asked], branch, at, { except: asked.id })).toBe(6);
  });
});
