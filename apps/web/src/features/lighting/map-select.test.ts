import { describe, expect, it } from 'vitest';
import { boxShape, extendLasso, insideShape, isArea, type ScreenPoint, shapeBounds } from './map-select';

describe('selecting lamps by a shape drawn on the map', () => {
  it('takes what lies inside a box dragged either way', () => {
    const box = boxShape([100, 80], [20, 10]);
    expect(shapeBounds(box)).toEqual([
      [20, 10],
      [100, 80],
    ]);
    expect(insideShape([50, 50], box)).toBe(true);
    expect(insideShape([101, 50], box)).toBe(false);
    expect(insideShape([50, 5], box)).toBe(false);
  });

  it('follows a freehand outline around a bent street and leaves out what lies in the bend', () => {
    // an L-shaped street: along the top, then down the right side
    const lasso: ScreenPoint[] = [
      [0, 0],
      [100, 0],
      [100, 100],
      [80, 100],
      [80, 20],
      [0, 20],
    ];
    expect(insideShape([10, 10], lasso)).toBe(true);
    expect(insideShape([90, 90], lasso)).toBe(true);
    // inside the bounding box, outside the outline
    expect(insideShape([40, 60], lasso)).toBe(false);
  });

  it('keeps a lasso point only when the pointer really moved and selects nothing with a click', () => {
    let lasso: ScreenPoint[] = [[10, 10]];
    lasso = extendLasso(lasso, [11, 11]);
    expect(lasso).toHaveLength(1);
    lasso = extendLasso(lasso, [30, 10]);
    lasso = extendLasso(lasso, [30, 30]);
    expect(lasso).toHaveLength(3);
    expect(isArea(lasso)).toBe(true);
    expect(isArea([[5, 5]])).toBe(false);
    expect(
      isArea([
        [5, 5],
        [50, 5],
        [90, 5],
      ]),
    ).toBe(false);
  });
});
