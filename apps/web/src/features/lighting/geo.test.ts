import { describe, expect, it } from 'vitest';
import { bboxOf, convexHull, deviceStatus, graticule, type LngLat, niceStep, projectOutline } from './geo';

describe('offline map geometry', () => {
  it('classifies devices: faults first, then connectivity', () => {
    expect(deviceStatus('ON', {})).toBe('online');
    expect(deviceStatus('OFF', {})).toBe('offline');
    expect(deviceStatus('INIT', {})).toBe('init');
    expect(deviceStatus('ON', { lampState: 'ALARM' })).toBe('fault');
    expect(deviceStatus('ON', {}, 'RtuTilt')).toBe('fault');
    expect(deviceStatus('OFF', {}, 'OFFLINE')).toBe('offline');
    // the stored fault state: faulty on load, cleared by a live recovery
    expect(deviceStatus('ON', {}, undefined, true)).toBe('fault');
    expect(deviceStatus('OFF', {}, 'OFFLINE', true)).toBe('fault');
    expect(deviceStatus('ON', {}, 'RECOVER', true)).toBe('online');
  });

  it('computes a convex hull without interior or duplicate points', () => {
    const square: LngLat[] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0.5, 0.5],
      [0, 0],
    ];
    const hull = convexHull(square);
    expect(hull).toHaveLength(4);
    expect(hull).not.toContainEqual([0.5, 0.5]);
  });

  it('draws an outline around the devices, or a circle around the centre without them', () => {
    const points: LngLat[] = [
      [115.9, 40.4],
      [116, 40.4],
      [116, 40.5],
      [115.9, 40.5],
    ];
    const ring = projectOutline(points, [115.95, 40.45]).geometry.coordinates[0]!;
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    const box = bboxOf(ring as LngLat[])!;
    expect(box.west).toBeLessThan(115.9);
    expect(box.north).toBeGreaterThan(40.5);
    const circle = projectOutline([], [115.97, 40.46]).geometry.coordinates[0]!;
    expect(circle.length).toBeGreaterThan(40);
  });

  it('picks round graticule steps and adds a fine grid over the project', () => {
    expect(niceStep(0.12, 12)).toBeCloseTo(0.01);
    expect(niceStep(30, 12)).toBe(2);
    const world = graticule(null).features.length;
    expect(graticule({ west: 115.9, south: 40.4, east: 116, north: 40.5 }).features.length).toBeGreaterThan(world);
  });
});
