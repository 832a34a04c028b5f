import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../app/session';
import { checkPermi, checkRole, HasPermi, HasRole } from './perms';

afterEach(() => session.set({ roles: [], permissions: [] }));

describe('permission checks', () => {
  it('match the wildcard or the exact string; any-of and all-of', () => {
    expect(checkPermi.any(['*:*:*'], ['system:config:add'])).toBe(true);
    expect(checkPermi.any(['system:config:list'], ['system:config:add', 'system:config:list'])).toBe(true);
    expect(checkPermi.all(['system:config:list'], ['system:config:add', 'system:config:list'])).toBe(false);
    expect(checkPermi.any(['system:config:*'], ['system:config:add'])).toBe(false);
  });

  it('match the admin role or the listed role', () => {
    expect(checkRole.any(['admin'], ['operator'])).toBe(true);
    expect(checkRole.all(['operator'], ['operator', 'auditor'])).toBe(false);
  });
});

describe('guards', () => {
  it('remove an element the user may not use', () => {
    session.set({ permissions: ['system:config:list'] });
    render(
      <div>
        <HasPermi value={['system:config:add']}>
          <button type="button">add</button>
        </HasPermi>
        <HasPermi value={['system:config:list']}>
          <button type="button">list</button>
        </HasPermi>
      </div>,
    );
    expect(screen.queryByText('add')).toBeNull();
    expect(screen.getByText('list')).toBeTruthy();
  });

  it('complain when the permission value is missing', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <HasPermi value={[]}>
        <span>x</span>
      </HasPermi>,
    );
    expect(screen.queryByText('x')).toBeNull();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('role guard needs a non-empty role list and honours admin', () => {
    session.set({ roles: ['admin'] });
    render(
      <HasRole value={['operator']}>
        <span>ops</span>
      </HasRole>,
    );
    expect(screen.getByText('ops')).toBeTruthy();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <HasRole value={[]}>
          <span>y</span>
        </HasRole>,
      ),
    ).toThrow(/role value/);
    spy.mockRestore();
  });
});
