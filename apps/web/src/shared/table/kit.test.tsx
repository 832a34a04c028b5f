import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Table } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../locales';
import { clearDictCache } from '../dict';
import { actionsColumn, dictColumn, idColumn, textColumn, timeColumn } from './columns';
import { EmptyState, TableEmpty } from './EmptyState';
import { TreeTable } from './TreeTable';

interface Dept {
  deptId: number;
  parentId: number;
  deptName: string;
  status: string;
  createTime: string;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  clearDictCache();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      json({
        code: 200,
        data: [
          { dictLabel: 'Normal', dictValue: '0', listClass: 'primary' },
          { dictLabel: 'Disabled', dictValue: '1', listClass: 'danger' },
        ],
      }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the column helpers', () => {
  it('take the field as key and data index, with defaults a column may override', () => {
    const id = idColumn<Dept>('deptId', 'No.');
    expect(id).toMatchObject({ key: 'deptId', dataIndex: 'deptId', title: 'No.', width: 90, sortField: 'deptId' });
    expect(textColumn<Dept>('deptName', 'Name', { width: 200 })).toMatchObject({ ellipsis: true, width: 200 });
    expect(actionsColumn<Dept>('Actions', 160, () => null)).toMatchObject({ key: 'actions', fixed: 'right' });
  });

  it('show a time in the spec format and a dictionary value as its label', async () => {
    const rows: Dept[] = [
      { deptId: 1, parentId: 0, deptName: 'HQ', status: '1', createTime: '2026-11-25T08:09:10.000Z' },
    ];
    const time = timeColumn<Dept>('createTime', 'Created');
    const text = (time.render as (value: string) => string)(rows[0]!.createTime);
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    render(
      <Table
        rowKey="deptId"
        dataSource={rows}
        columns={[dictColumn<Dept>('status', 'Status', 'sys_normal_disable')]}
      />,
    );
    expect(await screen.findByText('Disabled')).toBeTruthy();
  });
});

describe('the empty state', () => {
  it('says "no data" in the user language unless told what the list holds', async () => {
    const { rerender } = render(<EmptyState />);
    expect(screen.getByTestId('empty-state').textContent).toContain('No data');
    await act(async () => {
      await i18n.changeLanguage('zh-CN');
    });
    rerender(<EmptyState />);
    expect(screen.getByTestId('empty-state').textContent).toContain('暂无数据');
    rerender(<EmptyState description="Add the first department" action={<button type="button">Add</button>} />);
    expect(screen.getByTestId('empty-state').textContent).toContain('Add the first department');
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
  });

  it('is what a plain table inside TableEmpty shows', () => {
    render(
      <TableEmpty description="No roles yet">
        <Table rowKey="id" dataSource={[]} columns={[{ key: 'id', dataIndex: 'id', title: 'No.' }]} />
      </TableEmpty>,
    );
    expect(screen.getByTestId('empty-state').textContent).toContain('No roles yet');
  });
});

describe('the tree table', { timeout: 30_000 }, () => {
  const flat: Dept[] = [
    { deptId: 100, parentId: 0, deptName: 'Luxgrid', status: '0', createTime: '' },
    { deptId: 101, parentId: 100, deptName: 'Yanqing', status: '0', createTime: '' },
    { deptId: 102, parentId: 101, deptName: 'Night shift', status: '0', createTime: '' },
  ];
  const columns = [textColumn<Dept>('deptName', 'Name')];

  it('nests the rows, opens every branch when told, and collapses them with one button', async () => {
    const load = vi.fn(async () => flat);
    render(
      <App>
        <TreeTable<Dept>
          testId="dept"
          rowKey="deptId"
          load={load}
          idOf={(row) => row.deptId}
          parentOf={(row) => row.parentId}
          expand="all"
          columns={columns}
          empty="No departments"
        />
      </App>,
    );
    const table = screen.getByTestId('dept-table');
    await waitFor(() => expect(within(table).getByText('Night shift')).toBeTruthy());
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('dept-expand'));
    await waitFor(() => expect(within(table).queryByText('Night shift')).toBeNull());
    expect(within(table).getByText('Luxgrid')).toBeTruthy();
  });

  it('sends the search with the fixed filters, keeps them on reset and says when nothing matches', async () => {
    const load = vi.fn(async (filters: Record<string, unknown>) => (filters.deptName ? [] : flat));
    render(
      <App>
        <TreeTable<Dept>
          testId="dept"
          rowKey="deptId"
          load={load}
          idOf={(row) => row.deptId}
          parentOf={(row) => row.parentId}
          expand="none"
          fixedFilters={{ systemId: 100 }}
          searchFields={[{ type: 'input', name: 'deptName', label: 'Name' }]}
          columns={columns}
          empty="No departments"
        />
      </App>,
    );
    await waitFor(() => expect(load).toHaveBeenCalledWith({ systemId: 100 }));
    fireEvent.change(screen.getByPlaceholderText('Enter Name'), { target: { value: '  nothing ' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('table-search'));
    });
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ systemId: 100, deptName: 'nothing' }));
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Nothing matches');
    await act(async () => {
      fireEvent.click(screen.getByTestId('table-reset'));
    });
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ systemId: 100 }));
  });
});
