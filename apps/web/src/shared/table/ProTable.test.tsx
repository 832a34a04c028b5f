import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../locales';
import { clearDictCache } from '../dict';
import { resetRepeatSubmit } from '../request';
import { ProTable, type SearchField } from './ProTable';

interface Lamp {
  lampId: number;
  name: string;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Every request the table makes, answered with one lamp; dictionaries answer their items. */
const requests: URL[] = [];
const bodies: Record<string, unknown>[] = [];

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  localStorage.setItem('lang', 'en-US');
  requests.length = 0;
  bodies.length = 0;
  clearDictCache();
  resetRepeatSubmit();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname.startsWith('/system/dict/data/type/')) {
        return json({
          code: 200,
          data: [
            { dictLabel: 'Lamp controller', dictValue: 'RTU' },
            { dictLabel: 'Distribution box', dictValue: 'BOX' },
          ],
        });
      }
      requests.push(url);
      if (init?.body) bodies.push(JSON.parse(String(init.body)));
      return json({ code: 200, rows: [{ lampId: 1, name: 'East 1' }], total: 1 });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

// the table measures the scroll bar through a pseudo-element style, which jsdom does not compute
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

const FIELDS: SearchField[] = [
  { type: 'input', name: 'name', label: 'Name' },
  {
    type: 'select',
    name: 'status',
    label: 'Status',
    options: [
      { label: 'Normal', value: '0' },
      { label: 'Disabled', value: '1' },
    ],
  },
  { type: 'select', name: 'deviceType', label: 'Device type', dictType: 'lighting_device_type' },
  { type: 'dateRange', name: 'createTime', label: 'Created' },
];

function renderTable(method: 'GET' | 'POST' = 'GET') {
  render(
    <App>
      <ProTable<Lamp>
        url="/lighting/lamp/list"
        method={method}
        rowKey="lampId"
        columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
        searchFields={FIELDS}
        testId="lamps"
      />
    </App>,
  );
}

/** Opens a search-bar dropdown by its label and picks an option. */
async function pick(label: string, option: string) {
  const item = screen.getByText(label).closest('.ant-form-item') as HTMLElement;
  const select = item.querySelector('.ant-select') as HTMLElement;
  await act(async () => {
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  });
  const choice = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find(
      (node) => node.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await act(async () => {
    fireEvent.click(choice);
  });
  await waitFor(() => expect(within(item).getByText(option, { selector: '[title]' })).toBeTruthy());
}

const search = async () => {
  const before = requests.length;
  await act(async () => {
    fireEvent.click(screen.getByTestId('table-search'));
  });
  await waitFor(() => expect(requests.length).toBeGreaterThan(before));
  return requests[requests.length - 1]!;
};

describe('the search bar of every list screen', { timeout: 30_000 }, () => {
  it('sends the option picked in a dropdown, from its own options or from a dictionary', async () => {
    renderTable();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.searchParams.has('status')).toBe(false);

    await pick('Status', 'Disabled');
    await pick('Device type', 'Lamp controller');
    const url = await search();
    expect(url.searchParams.get('status')).toBe('1');
    expect(url.searchParams.get('deviceType')).toBe('RTU');
    expect(url.searchParams.get('pageNum')).toBe('1');
  });

  it('sends text and a date range with the dropdown, and reset sends none of them', async () => {
    renderTable();
    await waitFor(() => expect(requests).toHaveLength(1));
    const bar = screen.getByTestId('lamps');
    fireEvent.change(bar.querySelector('#name') as HTMLInputElement, { target: { value: '  East ' } });
    await pick('Status', 'Normal');
    const [from, to] = Array.from(bar.querySelectorAll<HTMLInputElement>('.ant-picker-range input'));
    await act(async () => {
      fireEvent.mouseDown(from!);
      fireEvent.focus(from!);
      fireEvent.change(from!, { target: { value: '2026-11-01 00:00:00' } });
      fireEvent.keyDown(from!, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    await act(async () => {
      fireEvent.focus(to!);
      fireEvent.change(to!, { target: { value: '2026-11-02 23:59:59' } });
      fireEvent.keyDown(to!, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    let url = await search();
    expect(url.searchParams.get('name')).toBe('East');
    expect(url.searchParams.get('status')).toBe('0');
    expect(url.searchParams.get('params[beginTime]')).toBe('2026-11-01 00:00:00');
    expect(url.searchParams.get('params[endTime]')).toBe('2026-11-02 23:59:59');

    const before = requests.length;
    await act(async () => {
      fireEvent.click(screen.getByTestId('table-reset'));
    });
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
    url = requests[requests.length - 1]!;
    expect([...url.searchParams.keys()].sort()).toEqual(['pageNum', 'pageSize']);
  });

  it('puts the picked option in the body of a table queried by POST', async () => {
    renderTable('POST');
    await waitFor(() => expect(requests).toHaveLength(1));
    await pick('Device type', 'Distribution box');
    await search();
    expect(bodies[bodies.length - 1]).toMatchObject({ deviceType: 'BOX' });
  });
});
