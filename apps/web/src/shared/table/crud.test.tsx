import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../app/session';
import { EditDialog, RowActions, useEditDialog } from './crud';
import type { ProTableRef } from './ProTable';

interface Lamp {
  lampId?: number;
  name: string;
  projectId?: number;
}

afterEach(() => session.set({ roles: [], permissions: [] }));

function LampScreen({
  api,
  refresh,
  row,
  toBody,
}: {
  api: { add: (body: Lamp) => Promise<unknown>; update: (body: Lamp) => Promise<unknown> };
  refresh: () => void;
  row: Lamp;
  toBody?: (merged: Lamp) => Lamp | null;
}) {
  const table = useRef<ProTableRef>({ refresh, reload: vi.fn(), clearSelection: vi.fn(), getFilters: () => ({}) });
  const edit = useEditDialog<Lamp>({ api, idKey: 'lampId', table, toBody });
  return (
    <>
      <button type="button" onClick={() => edit.open(row)}>
        open
      </button>
      <EditDialog<Lamp> edit={edit} addTitle="New lamp" editTitle="Edit lamp" width={400} labelWidth={80} testId="d">
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name is required' }]}>
          <Input data-testid="name" />
        </Form.Item>
      </EditDialog>
    </>
  );
}

const confirm = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /confirm|确\s*定|OK/i }));
  });
};

describe('the shared add / edit dialog', () => {
  it('opens with the row, sends the merged values as an update, closes and refreshes the table', async () => {
    const api = { add: vi.fn(async () => ({})), update: vi.fn(async () => ({})) };
    const refresh = vi.fn();
    render(
      <App>
        <LampScreen api={api} refresh={refresh} row={{ lampId: 7, name: 'East 1', projectId: 3 }} />
      </App>,
    );
    fireEvent.click(screen.getByText('open'));
    await screen.findByText('Edit lamp');
    await waitFor(() => expect((screen.getByTestId('name') as HTMLInputElement).value).toBe('East 1'));
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'East 2' } });
    await confirm();
    await waitFor(() => expect(api.update).toHaveBeenCalledWith({ lampId: 7, name: 'East 2', projectId: 3 }));
    expect(api.add).not.toHaveBeenCalled();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('adds a row without an id (Enter submits), and sends nothing while a rule fails or the page refuses', async () => {
    const api = { add: vi.fn(async () => ({})), update: vi.fn(async () => ({})) };
    const toBody = vi.fn((merged: Lamp) => (merged.name === 'refused' ? null : { ...merged, projectId: 9 }));
    render(
      <App>
        <LampScreen api={api} refresh={vi.fn()} row={{ name: '' }} toBody={toBody} />
      </App>,
    );
    fireEvent.click(screen.getByText('open'));
    await screen.findByText('New lamp');
    await confirm();
    await screen.findByText('Name is required');
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'refused' } });
    await confirm();
    await waitFor(() => expect(toBody).toHaveBeenCalled());
    expect(api.add).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'West 1' } });
    await act(async () => {
      fireEvent.submit(screen.getByTestId('name').closest('form')!);
    });
    await waitFor(() => expect(api.add).toHaveBeenCalledWith({ name: 'West 1', projectId: 9 }));
  });

  it('stays open with what was typed when the server refuses', async () => {
    const api = { add: vi.fn(async () => Promise.reject(new Error('exists'))), update: vi.fn() };
    const refresh = vi.fn();
    render(
      <App>
        <LampScreen api={api} refresh={refresh} row={{ name: 'Twin' }} />
      </App>,
    );
    fireEvent.click(screen.getByText('open'));
    await screen.findByText('New lamp');
    await confirm();
    await waitFor(() => expect(api.add).toHaveBeenCalledTimes(1));
    expect(screen.getByText('New lamp')).toBeTruthy();
    expect((screen.getByTestId('name') as HTMLInputElement).value).toBe('Twin');
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('row actions', () => {
  it('show edit and delete only with their permissions, the row’s own links first', () => {
    session.set({ permissions: ['lighting:tag:edit'] });
    render(
      <RowActions perm="lighting:tag" onEdit={vi.fn()} onRemove={vi.fn()}>
        <button type="button">Members</button>
      </RowActions>,
    );
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Members', '修改']);
  });
});
