import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../../locales';
import { PackageDialog } from './PackageDialog';

const add = vi.fn(async (_form: unknown) => ({ code: 200, data: { packageId: 9 } }));

vi.mock('../../../../features/tenant/api', () => ({
  packageApi: { add: (form: unknown) => add(form), update: vi.fn() },
}));
vi.mock('../../../../features/tenant/hooks', () => ({
  useSubsystems: () => ({
    data: [
      { systemId: 100, name: '授权与客户管理', status: '0' },
      { systemId: 101, name: '智慧照明', status: '0' },
    ],
    loading: false,
    reload: () => undefined,
  }),
}));
vi.mock('../../../../shared/dict', () => ({
  useDict: (type: string) =>
    type === 'package_mode'
      ? [
          { dictLabel: '按时间订阅', dictValue: 'time' },
          { dictLabel: '按套餐订阅', dictValue: 'package' },
        ]
      : [
          { dictLabel: '月', dictValue: 'month' },
          { dictLabel: '年', dictValue: 'year' },
        ],
}));

function open() {
  const onSaved = vi.fn();
  render(
    <App>
      <PackageDialog editing="new" onClose={() => undefined} onSaved={onSaved} />
    </App>,
  );
  return { onSaved, ok: () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ })) };
}

describe('package dialog', () => {
  beforeEach(() => add.mockClear());

  it('asks for a 2–40 character name and at least one sub-system', { timeout: 30_000 }, async () => {
    const { ok } = open();
    fireEvent.change(screen.getByLabelText('套餐名称'), { target: { value: 'A' } });
    ok();
    await screen.findByText('套餐名称长度必须在2到40个字符之间');
    await screen.findByText('请至少选择一个子系统');
    expect(add).not.toHaveBeenCalled();
  });

  it('sends the package by time, yearly, with the chosen sub-systems', { timeout: 30_000 }, async () => {
    const { ok, onSaved } = open();
    fireEvent.change(screen.getByLabelText('套餐名称'), { target: { value: '  路灯基础版 ' } });
    fireEvent.click(screen.getByLabelText('智慧照明'));
    ok();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(add).toHaveBeenCalledWith(
      expect.objectContaining({
        packageName: '路灯基础版',
        subscriptionPrice: 0,
        mode: 'time',
        period: 'year',
        periodCount: 1,
        status: '0',
        systemIds: [101],
      }),
    );
  });
});
