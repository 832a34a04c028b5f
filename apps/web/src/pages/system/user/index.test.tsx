import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../app/session';
import { i18n } from '../../../locales';
import { clearDictCache } from '../../../shared/dict';
import { resetRepeatSubmit } from '../../../shared/request';
import { DICTS, mockApi, ok, Wrap } from '../components/test-utils';
import { ResetPwdDialog } from './components/ResetPwdDialog';
import { UserImportDialog } from './components/UserImportDialog';
import { UserPage } from './index';

const USERS = [
  {
    userId: 7,
    userName: 'li',
    nickName: 'Li',
    deptId: 11,
    deptName: 'Patrol',
    status: '0',
    createTime: '2026-03-01 08:00:00',
  },
  {
    userId: 8,
    userName: 'wang',
    nickName: 'Wang',
    deptId: 12,
    deptName: 'Repair',
    status: '1',
    createTime: '2026-03-02 08:00:00',
  },
];

const TREE = ok({
  data: [
    {
      id: 10,
      label: 'Company',
      children: [
        { id: 11, label: 'Patrol' },
        { id: 12, label: 'Repair' },
      ],
    },
  ],
});

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  localStorage.setItem('lang', 'en-US');
  clearDictCache();
  resetRepeatSubmit();
  session.set({ permissions: ['*:*:*'], user: { userId: 1, userName: 'admin', nickName: 'Admin' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.set({ permissions: [], user: null });
});

describe('user screen', () => {
  it('filters by the department tree and refuses single-user actions on several users', {
    timeout: 90_000,
  }, async () => {
    const api = mockApi({
      ...DICTS,
      '/system/user/deptTree': TREE,
      '/system/user/list': (url: URL) =>
        ok({
          rows: USERS.filter(
            (u) => !url.searchParams.get('deptId') || String(u.deptId) === url.searchParams.get('deptId'),
          ),
          total: 2,
        }),
    });
    render(
      <Wrap>
        <UserPage />
      </Wrap>,
    );
    const table = await screen.findByTestId('user-table');
    await within(table).findByText('wang', {}, { timeout: 10_000 });
    // the tree opens fully; choosing a department narrows the list to it
    const treeNode = (title: string) =>
      [...document.querySelectorAll('.ant-tree-title')].find(
        (node) => node.textContent === title && !node.closest('[aria-hidden="true"]'),
      ) as HTMLElement | undefined;
    // the virtual tree renders its rows again once it has opened: click a settled node
    await waitFor(() => expect(treeNode('Repair')).toBeTruthy(), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    fireEvent.click(treeNode('Patrol') as HTMLElement);
    await waitFor(() => expect(within(table).queryByText('wang')).toBeNull(), { timeout: 10_000 });
    const listCalls = api.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/system/user/list'));
    expect(listCalls.at(-1)).toContain('deptId=11');
    expect(listCalls.at(-1)).toContain('pageSize=20');
    // clicking it again shows every department
    fireEvent.click(treeNode('Patrol') as HTMLElement);
    await within(table).findByText('wang', {}, { timeout: 10_000 });

    for (const name of ['li', 'wang']) {
      const row = within(table).getByText(name).closest('tr') as HTMLElement;
      fireEvent.click(row.querySelector('input[type=checkbox]') as HTMLElement);
    }
    fireEvent.click(screen.getByTestId('user-edit'));
    await screen.findByText('Can only select 1 user!', {}, { timeout: 10_000 });
  });
});

describe('reset password', () => {
  it('asks for the password twice and says when they differ', { timeout: 90_000 }, async () => {
    const api = mockApi({ '/system/user/resetPwd': ok() });
    const onClose = vi.fn();
    render(
      <Wrap>
        <ResetPwdDialog user={{ userId: 7, userName: 'li' }} onClose={onClose} />
      </Wrap>,
    );
    fireEvent.change(screen.getByTestId('reset-pwd-password'), { target: { value: 'abc' } });
    await screen.findByText('Password must be 6 to 20 characters');
    fireEvent.change(screen.getByTestId('reset-pwd-password'), { target: { value: 'Night2026' } });
    fireEvent.change(screen.getByTestId('reset-pwd-confirm'), { target: { value: 'Night2027' } });
    await screen.findByText('The two entered passwords do not match');
    fireEvent.change(screen.getByTestId('reset-pwd-confirm'), { target: { value: 'Night2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = api.mock.calls.find(([url]) => String(url) === '/system/user/resetPwd')!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({ userId: 7, password: 'Night2026' });
  });
});

describe('user import', () => {
  it('sends the update option in the query and lists every failed row', { timeout: 90_000 }, async () => {
    const api = mockApi({
      '/system/user/importData': ok({
        msg: '197 succeeded, 3 failed',
        data: {
          importId: 3,
          total: 200,
          successCount: 197,
          insertCount: 190,
          updateCount: 7,
          failCount: 3,
          errors: [
            { row: 51, userName: 'x', msg: 'Row 51: User name: must be 2 to 20 characters' },
            { row: 121, userName: 'bad', msg: 'Row 121: Email: invalid' },
            { row: 181, userName: 'dup', msg: 'Row 181: User name: dup appears twice' },
          ],
          passwords: [
            { userName: 'new_1', nickName: 'New One', password: 'Ab3dEf6hJk8m' },
            { userName: 'new_2', nickName: 'New Two', password: 'Qr7sTu9vWx2y' },
          ],
        },
      }),
    });
    const onImported = vi.fn();
    render(
      <Wrap>
        <UserImportDialog open onClose={vi.fn()} onImported={onImported} />
      </Wrap>,
    );
    const dialog = await screen.findByTestId('import-dialog');
    // xls and xlsx only
    // the uploader renews its input after every pick
    const input = () => dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [new File(['x'], 'users.csv')] } });
    await screen.findByText(/Incorrect file format/);
    fireEvent.change(input(), { target: { files: [new File(['x'], 'users.xlsx')] } });
    await within(dialog).findByText('users.xlsx', {}, { timeout: 10_000 });
    fireEvent.click(within(dialog).getByText('Update existing data'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const result = await screen.findByTestId('import-result', {}, { timeout: 10_000 });
    expect(result.textContent).toContain('200 rows: 197 succeeded (190 added, 7 updated), 3 failed');
    const rows = within(screen.getByTestId('import-errors')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '51xRow 51: User name: must be 2 to 20 characters',
      '121badRow 121: Email: invalid',
      '181dupRow 181: User name: dup appears twice',
    ]);
    // the drawn passwords of the added accounts, shown this once, with copy and download
    const drawn = screen.getByTestId('import-passwords');
    expect(drawn.textContent).toContain('shown only this once');
    expect(
      within(drawn)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['new_1New OneAb3dEf6hJk8m', 'new_2New TwoQr7sTu9vWx2y']);
    within(drawn).getByTestId('import-passwords-copy');
    within(drawn).getByTestId('import-passwords-download');
    expect(String(api.mock.calls[0][0])).toBe('/system/user/importData?updateSupport=true');
    expect(onImported).toHaveBeenCalled();
  });
});
