import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../locales';
import { clearDictCache } from '../dict';
import { RemarkField, SortField, StatusField } from './fields';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  clearDictCache();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      json({
        code: 200,
        data: String(url).includes('sys_notice_status')
          ? [
              { dictLabel: 'Open', dictValue: '0' },
              { dictLabel: 'Closed', dictValue: '1' },
            ]
          : [
              { dictLabel: 'Normal', dictValue: '0' },
              { dictLabel: 'Disabled', dictValue: '1' },
            ],
      }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Fields({ onFinish }: { onFinish: (values: unknown) => void }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={{ status: '0', orderNum: 3, remark: '' }} onFinish={onFinish}>
      <StatusField />
      <SortField name="orderNum" testId="sort" />
      <RemarkField />
      <button type="submit">save</button>
    </Form>
  );
}

describe('the form fields', () => {
  it('offer the status dictionary, the order and the remark, and send what was chosen', async () => {
    const onFinish = vi.fn();
    render(<Fields onFinish={onFinish} />);
    fireEvent.click(await screen.findByLabelText('Disabled'));
    expect(screen.getByText('Status')).toBeTruthy();
    expect(screen.getByText('Remark')).toBeTruthy();
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ status: '1', orderNum: 3, remark: '' }));
  });

  it('refuses an order that is not a number of up to five digits, in the user’s language', async () => {
    const onFinish = vi.fn();
    render(<Fields onFinish={onFinish} />);
    fireEvent.change(screen.getByTestId('sort'), { target: { value: '' } });
    fireEvent.click(screen.getByText('save'));
    expect(await screen.findByText(i18n.t('sysCommon.sortRequired'))).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('reads another status dictionary when one is named', async () => {
    render(
      <Form>
        <StatusField dict="sys_notice_status" />
      </Form>,
    );
    expect(await screen.findByLabelText('Closed')).toBeTruthy();
  });
});
