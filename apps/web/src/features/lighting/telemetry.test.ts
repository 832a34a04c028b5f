import { describe, expect, it } from 'vitest';
import { autoBucket, chartValue, groupFields, seriesData } from './telemetry';

const points = [
  {
    t: 1,
    values: { voltage: 230, current: 0.5, lampState: 'ON', voltageA: 231, powerFactor: 0.95, switchCount: 12 },
  },
  { t: 2, values: { voltage: 229, current: 0.4, lampState: 'OFF', note: 'x' } },
];

describe('runtime data charts', () => {
  it('draws the readings the thing model marks for charts: by unit, unitless alone, states as steps', () => {
    const groups = groupFields(points);
    // switchCount is a counter the model does not chart; note is not a reading of the model
    expect(groups.map((g) => g.key)).toEqual(['state:lampState', 'unit:V', 'unit:A', 'field:powerFactor']);
    expect(groups.find((g) => g.key === 'unit:V')!.fields).toEqual(['voltage', 'voltageA']);
    expect(groups[0]!.state).toBe(true);
  });

  it('turns states into 0/1 and skips readings a point lacks', () => {
    expect(chartValue('lampState', 'ON')).toBe(1);
    expect(chartValue('breaker', 'OPEN')).toBe(0);
    expect(chartValue('note', 'x')).toBeNull();
    expect(seriesData(points, 'voltageA')).toEqual([[1, 231]]);
    expect(seriesData(points, 'lampState')).toEqual([
      [1, 1],
      [2, 0],
    ]);
  });

  it('keeps short ranges raw and buckets long ones under 500 points', () => {
    expect(autoBucket(400_000)).toBe(1);
    expect(autoBucket(86_400_000)).toBe(173);
  });
});
