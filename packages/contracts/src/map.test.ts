import { describe, expect, it } from 'vitest';
import { admittedTiles, mapDim, mapState, pointIds, STREET_TILES } from './map.ts';

describe('map states', () => {
  it('draws a lamp lit, dimmed with its level, off, faulty, offline or never connected', () => {
    expect(mapState('RTU', 'ON', { lampState: 'ON', dimLevel: 100 }, false)).toBe('on');
    expect(mapState('RTU', 'ON', { lampState: 'ON' }, false)).toBe('on');
    expect(mapState('RTU', 'ON', { lampState: 'ON', dimLevel: 30 }, false)).toBe('dimmed');
    expect(mapDim('dimmed', { dimLevel: 30 })).toBe(30);
    expect(mapState('RTU', 'ON', { lampState: 'OFF', dimLevel: 30 }, false)).toBe('off');
    expect(mapDim('off', { dimLevel: 30 })).toBe(0);
    expect(mapState('RTU', 'ON', { lampState: 'ON' }, true)).toBe('fault');
    expect(mapState('RTU', 'ON', { lampState: 'ALARM' }, false)).toBe('fault');
    expect(mapState('RTU', 'OFF', { lampState: 'ON' }, false)).toBe('offline');
    expect(mapState('RTU', 'INIT', {}, false)).toBe('init');
  });

  it('draws every other device by its connectivity and faults', () => {
    expect(mapState('BOX', 'ON', {}, false)).toBe('online');
    expect(mapState('BOX', 'ON', {}, true)).toBe('fault');
    expect(mapState('CCU', 'OFF', {}, false)).toBe('offline');
  });

  it('decodes delta-coded ids', () => {
    expect(pointIds({ id: [5, 1, 10] })).toEqual([5, 6, 16]);
  });
});

describe('street tiles', () => {
  it('are handed out only for hosts the platform admits', () => {
    expect(admittedTiles('gaode', [])).toEqual([]);
    expect(admittedTiles('gaode', ['https://*.is.autonavi.com'])).toEqual(STREET_TILES.gaode);
    expect(admittedTiles('google', ['https://mt0.google.com'])).toEqual([STREET_TILES.google[0]]);
    expect(admittedTiles('tianditu', ['https:'])).toHaveLength(4);
    expect(admittedTiles('baidu', ['https:'])).toEqual([]);
    expect(admittedTiles('googleChina', ['https://*.google.com'])).toEqual([]);
  });
});
