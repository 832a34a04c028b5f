import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../locales';
import { CommandStatusTag } from './CommandStatus';

describe('a cancelled command shows what the device answered to the cancel', () => {
  it('in both languages, only for CANCELED commands', async () => {
    for (const [lang, text] of [
      ['en-US', 'Cancel confirmed by the device'],
      ['zh-CN', '设备已确认取消'],
    ] as const) {
      await i18n.changeLanguage(lang);
      const { unmount } = render(
        <App>
          <CommandStatusTag commandId="c1" status="CANCELED" cancelState="CONFIRMED" />
        </App>,
      );
      expect(screen.getByTestId('command-cancel-state').textContent).toBe(text);
      unmount();
    }
    render(
      <App>
        <CommandStatusTag commandId="c2" status="SUCCESS" cancelState={null} />
      </App>,
    );
    expect(screen.queryByTestId('command-cancel-state')).toBeNull();
  });
});
