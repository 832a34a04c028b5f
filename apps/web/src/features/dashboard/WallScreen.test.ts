import { describe, expect, it } from 'vitest';
import { DASHBOARD_LAYOUTS } from './Dashboard';
import { canvasScale } from './WallScreen';

describe('wall screen', () => {
  it('scales the 1920×1080 canvas to fit its box whole, in its proportions', () => {
    expect(canvasScale(1920, 1080)).toBe(1);
    expect(canvasScale(3840, 2160)).toBe(2);
    expect(canvasScale(960, 1080)).toBe(0.5);
    expect(canvasScale(1920, 540)).toBe(0.5);
    expect(canvasScale(0, 0)).toBe(1);
  });

  it('fills every dashboard grid exactly: no panel is left hanging in a half-empty row', () => {
    for (const [kind, layout] of Object.entries(DASHBOARD_LAYOUTS)) {
      const cells = layout.panels.reduce((sum, [, columns, height]) => sum + columns * height, 0);
      expect(cells, kind).toBe(layout.columns * layout.rows);
    }
  });
});
