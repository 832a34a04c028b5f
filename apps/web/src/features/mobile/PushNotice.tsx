import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onPush } from '../../app/socket';
import { pushApi } from './api';

/**
 * Shows a message pushed to the signed-in user (the server sends it over /ws to its recipients
 * only) as a notification; closing it marks it read.
 */
export function PushNotice() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  useEffect(
    () =>
      onPush((message) => {
        if (message.type !== 'app.push') return;
        notification.info({
          key: `push-${message.pushId}`,
          // below the top bar's menus, which it must not cover
          placement: 'bottomRight',
          message: `${t('appPush.received')}: ${message.title}`,
          description: (
            <div data-testid="push-notice">
              <div style={{ whiteSpace: 'pre-wrap' }}>{message.content}</div>
              <div style={{ color: '#8c8c8c', marginTop: 4 }}>{t('appPush.from', { sender: message.sender })}</div>
            </div>
          ),
          duration: 0,
          onClose: () => void pushApi.markRead([message.pushId]),
        });
      }),
    [notification, t],
  );
  return null;
}
