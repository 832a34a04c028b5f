import { isValidElement } from 'react';
import { MENU_ICON_NAMES, menuIcon } from '../../../../app/layout/icons';

/** The names the shell's menu icon set (app/layout/icons.tsx) draws. */
export const SHELL_ICON_NAMES = MENU_ICON_NAMES;

const fallbackType = (() => {
  const icon = menuIcon('\u0000unknown');
  return isValidElement(icon) ? icon.type : null;
})();

/** True when the shell draws the name with its own icon rather than the fallback. */
export function isKnownIcon(name: string): boolean {
  if (SHELL_ICON_NAMES.includes(name)) return true;
  const icon = menuIcon(name);
  return isValidElement(icon) && icon.type !== fallbackType;
}

/** The picker's choices: the shell's names, then other drawable names in use, without duplicates. */
export function iconChoices(inUse: readonly (string | undefined)[]): string[] {
  const extra = inUse.filter((name): name is string => !!name && name !== '#' && isKnownIcon(name));
  return [...new Set([...SHELL_ICON_NAMES, ...extra])];
}

export function filterIcons(names: readonly string[], text: string): string[] {
  const needle = text.trim().toLowerCase();
  return needle ? names.filter((name) => name.toLowerCase().includes(needle)) : [...names];
}
