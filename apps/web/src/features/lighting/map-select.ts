/**
 * Selecting lamps on the map by a shape drawn on screen: a lasso (a freehand outline drawn in
 * selection mode) or a box (Shift and drag). Shapes are in pixels of the map's container.
 */
export type ScreenPoint = [number, number];

/** The outline of a box dragged from one corner to the other. */
export const boxShape = (a: ScreenPoint, b: ScreenPoint): ScreenPoint[] => [
  [a[0], a[1]],
  [b[0], a[1]],
  [b[0], b[1]],
  [a[0], b[1]],
];

/** The smallest box holding the shape: [[left, top], [right, bottom]]. */
export function shapeBounds(shape: readonly ScreenPoint[]): [ScreenPoint, ScreenPoint] {
  const xs = shape.map((p) => p[0]);
  const ys = shape.map((p) => p[1]);
  return [
    [Math.min(...xs), Math.min(...ys)],
    [Math.max(...xs), Math.max(...ys)],
  ];
}

/** Whether a point lies inside the closed outline (even-odd rule; the outline may cross itself). */
export function insideShape(point: ScreenPoint, shape: readonly ScreenPoint[]): boolean {
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = shape.length - 1; i < shape.length; j = i++) {
    const [xi, yi] = shape[i]!;
    const [xj, yj] = shape[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A freehand outline keeps a point only once the pointer moved this far (pixels) from the last. */
export const LASSO_STEP_PX = 4;

/** Adds a pointer position to a lasso being drawn; answers the same outline when it barely moved. */
export function extendLasso(shape: ScreenPoint[], point: ScreenPoint): ScreenPoint[] {
  const last = shape[shape.length - 1];
  if (last && Math.hypot(point[0] - last[0], point[1] - last[1]) < LASSO_STEP_PX) return shape;
  return [...shape, point];
}

/** Whether a drawn shape encloses anything (a click or a line selects nothing). */
export function isArea(shape: readonly ScreenPoint[]): boolean {
  if (shape.length < 3) return false;
  const [[left, top], [right, bottom]] = shapeBounds(shape);
  return right - left >= 3 && bottom - top >= 3;
}
