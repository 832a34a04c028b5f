import { Z_INDEX_BASE } from './constants';

let counter = 0;

/** Dialog stacking starts at z-index 1000; each newly opened dialog goes above the previous. */
export function nextZIndex(): number {
  counter += 1;
  return Z_INDEX_BASE + counter;
}

export function resetZIndex(): void {
  counter = 0;
}
