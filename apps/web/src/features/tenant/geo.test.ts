import { describe, expect, it } from 'vitest';
import { fineStep, formatPoint, graticule, graticuleIn, isValidPoint, normalise, project, unproject } from './geo';

describe('graticule', () => {
  it('draws meridians and parallels with the equator and prime meridian marked', () => {
    const grid = graticule(10);
    const meridians = grid.features.filter(
      (f) => f.properties.kind === 'meridian' || f.properties.kind === 'primeMeridian',
    );
    expect(meridians).toHaveLength(37);
    expect(grid.features.filter((f) => f.properties.kind === 'equator')).toHaveLength(1);
    expect(grid.features.filter((f) => f.properties.kind === 'primeMeridian')).toHaveLength(1);
    const equator = grid.features.find((f) => f.properties.kind === 'equator')!;
    expect(equator.geometry.coordinates[0]).toEqual([-180, 0]);
    expect(equator.geometry.coordinates.at(-1)).toEqual([180, 0]);
    for (const feature of grid.features)
      for (const [, lat] of feature.geometry.coordinates) expect(Math.abs(lat)).toBeLessThanOrEqual(85);
  });

  it('draws a fine grid inside the view only', () => {
    expect(fineStep(5)).toBeNull();
    expect(fineStep(8)).toBe(0.1);
    expect(fineStep(11)).toBe(0.01);
    const grid = graticuleIn({ west: 115.95, south: 40.41, east: 116.22, north: 40.52 }, 0.1);
    expect(grid.features.filter((f) => f.properties.kind === 'meridian').map((f) => f.properties.value)).toEqual([
      116, 116.1, 116.2,
    ]);
    expect(grid.features.filter((f) => f.properties.kind === 'parallel').map((f) => f.properties.value)).toEqual([
      40.5,
    ]);
    expect(graticuleIn({ west: 0, south: 0, east: 10, north: 10 }, 0.001, 50).features).toHaveLength(100);
  });

  it('refuses a nonsense step', () => {
    expect(() => graticule(0)).toThrow();
    expect(() => graticule(120)).toThrow();
  });
});

describe('points', () => {
  it('wraps longitudes and clamps latitudes', () => {
    expect(normalise({ longitude: 190, latitude: 95 })).toEqual({ longitude: -170, latitude: 90 });
    expect(normalise({ longitude: 180, latitude: 0 })).toEqual({ longitude: 180, latitude: 0 });
    expect(normalise({ longitude: 115.9700004, latitude: 40.4600004 })).toEqual({ longitude: 115.97, latitude: 40.46 });
  });

  it('projects and unprojects on an equirectangular box', () => {
    expect(project({ longitude: 0, latitude: 0 }, 360, 180)).toEqual({ x: 180, y: 90 });
    expect(unproject(295.97, 49.54, 360, 180)).toEqual({ longitude: 115.97, latitude: 40.46 });
  });

  it('validates and formats', () => {
    expect(isValidPoint(116, 40)).toBe(true);
    expect(isValidPoint(181, 40)).toBe(false);
    expect(isValidPoint(undefined, 40)).toBe(false);
    expect(formatPoint({ longitude: -0.5, latitude: -33.8 })).toBe('0.500000° W, 33.800000° S');
  });
});
