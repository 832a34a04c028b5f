import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../locales';
import { PasswordFields, type PasswordValues } from './PasswordFields';

function Harness({ onFinish }: { onFinish: (values: PasswordValues) => void }) {
  return (
    <Form<PasswordValues> onFinish={onFinish}>
      <PasswordFields testIdPrefix="pwd" />
      <Button htmlType="submit" data-testid="pwd-save">
        save
      </Button>
    </Form>
  );
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the password change fields', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('refuses a confirmation that differs from the new password, in the user language', async () => {
    const onFinish = vi.fn();
    render(<Harness onFinish={onFinish} />);
    type('pwd-old', 'admin123');
    type('pwd-new', 'Lamp2026x');
    type('pwd-confirm', 'Lamp2026y');
    fireEvent.click(screen.getByTestId('pwd-save'));
    await screen.findByText(i18n.t('profile.mismatch'));
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('hands over the three values when they agree', async () => {
    const onFinish = vi.fn();
    render(<Harness onFinish={onFinish} />);
    type('pwd-old', 'admin123');
    type('pwd-new', 'Lamp2026x');
    type('pwd-confirm', 'Lamp2026x');
    fireEvent.click(screen.getByTestId('pwd-save'));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({
        oldPassword: 'admin123',
        newPassword: 'Lamp2026x',
        confirmPassword: 'Lamp2026x',
      }),
    );
  });
});
