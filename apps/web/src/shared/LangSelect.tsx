import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../locales';
import { LANGUAGES, type Language } from './constants';
import { storage } from './storage';

const LABELS: Record<Language, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/** Language switch: stores `lang`, which sets Accept-Language, html lang and title, then reloads. */
export function LangSelect({ light = false }: { light?: boolean }) {
  const { t } = useTranslation();
  const current = storage.getLang();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lang) => ({ key: lang, label: LABELS[lang] })),
        onClick: ({ key }) => {
          if (key !== current) changeLanguage(key as Language);
        },
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        aria-label={t('navbar.language')}
        title={t('navbar.language')}
        data-testid="lang-select"
        style={light ? { color: '#fff' } : undefined}
      >
        {LABELS[current]}
      </Button>
    </Dropdown>
  );
}
