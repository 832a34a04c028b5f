import type { ReactNode } from 'react';
import { session } from '../app/session';
import { ALL_PERMISSION, SUPER_ROLE } from './constants';
import { useStore } from './store';

/** Permission check: `*:*:*` or the exact string (spec §6). */
export function matchesPermission(held: readonly string[], required: string): boolean {
  return held.includes(ALL_PERMISSION) || held.includes(required);
}

/** Role check: the admin role or the listed role. */
export function matchesRole(held: readonly string[], required: string): boolean {
  return held.includes(SUPER_ROLE) || held.includes(required);
}

export const checkPermi = {
  any: (held: readonly string[], required: readonly string[]) => required.some((p) => matchesPermission(held, p)),
  all: (held: readonly string[], required: readonly string[]) => required.every((p) => matchesPermission(held, p)),
};

export const checkRole = {
  any: (held: readonly string[], required: readonly string[]) => required.some((r) => matchesRole(held, r)),
  all: (held: readonly string[], required: readonly string[]) => required.every((r) => matchesRole(held, r)),
};

export function usePermissions(): string[] {
  return useStore(session, (state) => state.permissions);
}

export function useRoles(): string[] {
  return useStore(session, (state) => state.roles);
}

export function useHasPermi(required: readonly string[], mode: 'any' | 'all' = 'any'): boolean {
  const held = usePermissions();
  return required.length > 0 && checkPermi[mode](held, required);
}

interface GuardProps {
  value: readonly string[];
  /** 'all' = every listed value is needed; default 'any'. */
  mode?: 'any' | 'all';
  children: ReactNode;
}

/** Renders its children only when the user holds the permission; a failing element is removed. */
export function HasPermi({ value, mode = 'any', children }: GuardProps) {
  const held = usePermissions();
  if (!value?.length) {
    console.error('HasPermi: set the permission value, e.g. value={["system:user:add"]}');
    return null;
  }
  return checkPermi[mode](held, value) ? children : null;
}

/** Renders its children only when the user holds the role. A missing role list is a programming error. */
export function HasRole({ value, mode = 'any', children }: GuardProps) {
  const held = useRoles();
  if (!Array.isArray(value) || value.length === 0) {
    throw new Error('HasRole: set the role value, e.g. value={["admin"]}');
  }
  return checkRole[mode](held, value) ? children : null;
}
