import type { Bilingual } from '../i18n.ts';

/** Messages of the dashboards, the portal and the operations monitor. Keys are prefixed by their area. */
export const DASHBOARD_MESSAGES = {
  'dashboard.titleRequired': { 'zh-CN': '大屏标题不能为空', 'en-US': 'The dashboard title is required' },
  'dashboard.panelsRequired': {
    'zh-CN': '请至少选择一个展示面板',
    'en-US': 'Choose at least one panel to show',
  },
  'operations.platformOnly': {
    'zh-CN': '该监控涵盖全部客户，仅对平台用户开放',
    'en-US': 'This monitor covers every customer and is open to platform users only',
  },
} as const satisfies Record<string, Bilingual>;

/** Labels of the dashboard settings' fields in validation messages. */
export const DASHBOARD_FIELDS: Record<string, Bilingual> = {
  title: { 'zh-CN': '标题', 'en-US': 'Title' },
  panels: { 'zh-CN': '展示面板', 'en-US': 'Panels' },
  refreshSeconds: { 'zh-CN': '刷新间隔(秒)', 'en-US': 'Refresh interval (s)' },
};
