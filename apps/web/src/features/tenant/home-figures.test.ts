import { describe, expect, it } from 'vitest';
import { readDeviceFigures, showFigure } from './home-figures';

describe('home device figures', () => {
  it('says nothing is known when no provider answered', () => {
    const figures = readDeviceFigures({});
    expect(figures.present).toBe(false);
    expect(figures.lamps).toBeNull();
    expect(figures.onlineRate).toBeNull();
    expect(readDeviceFigures(undefined).present).toBe(false);
  });

  it('reads the devices, alarms and energy groups', () => {
    const figures = readDeviceFigures({
      devices: { total: 200, lamps: 150, online: 180, faults: 3 },
      alarms: { active: 5 },
      energy: { todayKwh: 12.5, monthKwh: '300', trend: [{ date: '2026-11-20', kwh: 10 }, { date: 'x' }] },
    });
    expect(figures).toMatchObject({
      devices: 200,
      lamps: 150,
      online: 180,
      offline: 20,
      onlineRate: 90,
      faults: 3,
      activeAlarms: 5,
      energyToday: 12.5,
      energyMonth: 300,
      present: true,
    });
    expect(figures.energyTrend).toEqual([{ date: '2026-11-20', kwh: 10 }]);
  });

  it('accepts a rate as ratio or percentage and a lamp count by type', () => {
    expect(readDeviceFigures({ devices: { onlineRate: 0.955 } }).onlineRate).toBe(95.5);
    expect(readDeviceFigures({ devices: { onlineRate: 87.25 } }).onlineRate).toBe(87.3);
    expect(readDeviceFigures({ lighting: { byType: { LIGHT: 42 } } }).lamps).toBe(42);
    expect(readDeviceFigures({ devices: { online: 3, offline: 1 } }).onlineRate).toBe(75);
  });

  it('formats unknown figures as a dash', () => {
    expect(showFigure(null)).toBe('—');
    expect(showFigure(12345, 0, 'en-US')).toBe('12,345');
  });
});
