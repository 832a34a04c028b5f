import { TOP_MENU_DEFAULT_VISIBLE, TOP_MENU_ITEM_WIDTH } from '../../shared/constants';

/** Top-menu mode shows about a third of the body width / 85 items; 5 before the width is known. */
export function topMenuVisibleCount(bodyWidth: number | undefined): number {
  if (!bodyWidth || bodyWidth <= 0) return TOP_MENU_DEFAULT_VISIBLE;
  return Math.max(1, Math.floor(bodyWidth / 3 / TOP_MENU_ITEM_WIDTH));
}
