import { App as AntApp, theme as antTheme, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { setFeedback } from '../shared/feedback';
import { storage } from '../shared/storage';
import { useStore } from '../shared/store';
import { AppRoutes } from './AppRoutes';
import { type UiSize, ui } from './layout-settings';

const ANT_SIZE: Record<UiSize, 'large' | 'middle' | 'small'> = {
  default: 'large',
  medium: 'middle',
  small: 'small',
  mini: 'small',
};

/** Routes request-layer messages through antd's context-aware API (theme, locale). */
function FeedbackBridge() {
  const { message, notification } = AntApp.useApp();
  useEffect(() => {
    setFeedback({
      success: (text) => void message.success(text),
      error: (text, duration) => void message.error({ content: text, duration }),
      warning: (text) => void message.warning(text),
      info: (text) => void message.info(text),
      notifyError: (text) => notification.error({ title: text }),
      loading: (text) => message.loading({ content: text, duration: 0 }),
    });
    return () => setFeedback(null);
  }, [message, notification]);
  return null;
}

/** Users (and browser tests) asking for reduced motion get no antd animations. */
const reducedMotion =
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export function App() {
  const lang = storage.getLang();
  const colorPrimary = useStore(ui, (state) => state.settings.theme);
  const size = useStore(ui, (state) => state.size);
  dayjs.locale(lang === 'en-US' ? 'en' : 'zh-cn');
  return (
    <ConfigProvider
      locale={lang === 'en-US' ? enUS : zhCN}
      componentSize={ANT_SIZE[size]}
      theme={{
        token: { colorPrimary, motion: !reducedMotion },
        algorithm: size === 'mini' ? [antTheme.defaultAlgorithm, antTheme.compactAlgorithm] : antTheme.defaultAlgorithm,
      }}
    >
      <AntApp>
        <FeedbackBridge />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
