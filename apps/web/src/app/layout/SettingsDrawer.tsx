import { App, Button, ColorPicker, Divider, Drawer, Radio, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAWER_WIDTH } from '../../shared/constants';
import { useStore } from '../../shared/store';
import {
  DEFAULT_LAYOUT,
  type LayoutSettings,
  readLayoutSettings,
  resetLayoutSettings,
  saveLayoutSettings,
  ui,
} from '../layout-settings';

const PRESET_COLOURS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

/** Right drawer (280 px): theme colour and layout switches; save reloads, reset reloads after 1 s. */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const open = useStore(ui, (state) => state.settingsOpen);
  const settings = useStore(ui, (state) => state.settings);
  const [saving, setSaving] = useState(false);

  const update = <K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]) =>
    ui.set({ settings: { ...ui.get().settings, [key]: value } });

  const save = () => {
    setSaving(true);
    message.loading(t('settings.saving'));
    saveLayoutSettings(settings);
    window.location.reload();
  };

  const reset = () => {
    setSaving(true);
    message.loading(t('settings.resetting'));
    resetLayoutSettings();
    ui.set({ settings: { ...DEFAULT_LAYOUT } });
    setTimeout(() => window.location.reload(), 1000);
  };

  const switchRow = (key: 'topNav' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'dynamicTitle') => (
    <div style={{ display: 'flex', justifyContent: 'space-between', padding: '8px 0' }}>
      <span>{t(`settings.${key}`)}</span>
      <Switch checked={settings[key]} onChange={(value) => update(key, value)} data-testid={`setting-${key}`} />
    </div>
  );

  return (
    <Drawer
      open={open}
      size={DRAWER_WIDTH}
      title={t('settings.title')}
      onClose={() => {
        ui.set({ settings: readLayoutSettings(), settingsOpen: false });
      }}
      data-testid="settings-drawer"
      footer={
        <Space>
          <Button type="primary" onClick={save} loading={saving} data-testid="settings-save">
            {t('settings.save')}
          </Button>
          <Button onClick={reset} disabled={saving} data-testid="settings-reset">
            {t('settings.reset')}
          </Button>
        </Space>
      }
    >
      <div style={{ marginBottom: 8 }}>{t('settings.sideTheme')}</div>
      <Radio.Group
        value={settings.sideTheme}
        onChange={(event) => update('sideTheme', event.target.value)}
        options={[
          { value: 'dark', label: t('settings.dark') },
          { value: 'light', label: t('settings.light') },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '16px 0 8px' }}>
        <span>{t('settings.themeColor')}</span>
        <ColorPicker
          value={settings.theme}
          presets={[{ label: t('settings.presets'), colors: PRESET_COLOURS }]}
          onChangeComplete={(color) => update('theme', color.toHexString().toUpperCase())}
        />
      </div>
      <Divider />
      <div style={{ fontWeight: 600, marginBottom: 4 }}>{t('settings.layout')}</div>
      {switchRow('topNav')}
      {switchRow('tagsView')}
      {switchRow('fixedHeader')}
      {switchRow('sidebarLogo')}
      {switchRow('dynamicTitle')}
    </Drawer>
  );
}
