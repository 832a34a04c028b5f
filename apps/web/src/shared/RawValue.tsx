import { CodeOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';

/** The value exactly as the device or the server sent it: JSON pretty-printed, text as is. */
export function rawText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}

/** A small "Raw" link beside a readable summary; the raw value opens on demand in a popover. */
export function RawValue({ value, testId }: { value: unknown; testId?: string }) {
  const { t } = useTranslation();
  const text = rawText(value);
  if (!text) return null;
  return (
    <Popover
      trigger="click"
      title={t('common.raw')}
      content={
        <pre
          data-testid={testId ? `${testId}-text` : undefined}
          style={{ margin: 0, maxWidth: 480, maxHeight: 260, overflow: 'auto', whiteSpace: 'pre-wrap', fontSize: 12 }}
        >
          {text}
        </pre>
      }
    >
      <Button
        type="link"
        size="small"
        icon={<CodeOutlined />}
        style={{ padding: 0, height: 'auto' }}
        aria-label={t('common.raw')}
        title={t('common.raw')}
        data-testid={testId}
        onClick={(event) => event.stopPropagation()}
      />
    </Popover>
  );
}
