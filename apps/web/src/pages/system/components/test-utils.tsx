import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

type Answer = unknown | ((url: URL, init?: RequestInit) => unknown);

/**
 * Stubs fetch with answers by path (longest matching prefix wins); every answer is a JSON
 * envelope. Returns the mock to inspect calls.
 */
export function mockApi(routes: Record<string, Answer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = Object.keys(routes)
      .filter((path) => url.pathname === path || url.pathname.startsWith(path))
      .sort((a, b) => b.length - a.length)[0];
    const answer = key === undefined ? { code: 404, msg: `no mock for ${url.pathname}` } : routes[key];
    const body = typeof answer === 'function' ? (answer as (u: URL, i?: RequestInit) => unknown)(url, init) : answer;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const ok = (extra: Record<string, unknown> = {}) => ({ code: 200, msg: 'ok', ...extra });

export const DICTS = {
  '/system/dict/data/type/sys_normal_disable': ok({
    data: [
      { dictLabel: 'Normal', dictValue: '0', listClass: 'primary' },
      { dictLabel: 'Disabled', dictValue: '1', listClass: 'danger' },
    ],
  }),
  '/system/dict/data/type/sys_user_sex': ok({
    data: [
      { dictLabel: 'Male', dictValue: '0' },
      { dictLabel: 'Female', dictValue: '1' },
      { dictLabel: 'Unknown', dictValue: '2' },
    ],
  }),
  '/system/dict/data/type/sys_show_hide': ok({
    data: [
      { dictLabel: 'Shown', dictValue: '0' },
      { dictLabel: 'Hidden', dictValue: '1' },
    ],
  }),
};

export function Wrap({ children }: { children: ReactNode }) {
  return (
    <App>
      <MemoryRouter>{children}</MemoryRouter>
    </App>
  );
}
