import { ClockCircleOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SELECTION_DEBOUNCE_MS } from '../../../../shared/constants';
import { CRON_PRESETS, checkCron } from './cron';

export interface CronInputProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  /** shows the server's reason here too (outside a Form.Item, which shows it otherwise) */
  showError?: boolean;
}

type Preview =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'ok'; times: string[] }
  | { state: 'error'; reason: string };

/** The next fire times of an expression, asked 300 ms after the last keystroke. */
export function useCronPreview(expression: string | undefined): Preview {
  const [preview, setPreview] = useState<Preview>({ state: 'idle' });
  useEffect(() => {
    const text = (expression ?? '').trim();
    if (!text) {
      setPreview({ state: 'idle' });
      return;
    }
    let alive = true;
    setPreview({ state: 'checking' });
    const timer = setTimeout(() => {
      checkCron(text)
        .then((times) => alive && setPreview({ state: 'ok', times }))
        .catch((error: unknown) => alive && setPreview({ state: 'error', reason: (error as Error).message }));
    }, SELECTION_DEBOUNCE_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [expression]);
  return preview;
}

/** A Quartz cron input that checks the expression as the user types and lists its next five fire times. */
export function CronInput({ value, onChange, id, showError = false }: CronInputProps) {
  const { t } = useTranslation();
  const preview = useCronPreview(value);

  return (
    <div data-testid="cron-input">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          placeholder={t('job.cronPlaceholder')}
          maxLength={255}
          style={{ fontFamily: 'monospace' }}
          autoComplete="off"
          spellCheck={false}
          data-testid="cron-expression"
        />
        <Dropdown
          trigger={['click']}
          menu={{
            items: CRON_PRESETS.map((preset) => ({
              key: preset.expression,
              label: (
                <span>
                  {t(`job.presets.${preset.key}`)}{' '}
                  <Typography.Text type="secondary" code>
                    {preset.expression}
                  </Typography.Text>
                </span>
              ),
            })),
            onClick: ({ key }) => onChange?.(key),
          }}
        >
          <Button data-testid="cron-presets">
            {t('job.presets.title')} <DownOutlined />
          </Button>
        </Dropdown>
      </Space.Compact>
      <div className="lx-cron-preview" aria-live="polite" style={{ marginTop: 6, minHeight: 22 }}>
        {preview.state === 'idle' && <Typography.Text type="secondary">{t('job.cronHelp')}</Typography.Text>}
        {preview.state === 'checking' && (
          <Typography.Text type="secondary">
            <Spin size="small" /> {t('job.cronChecking')}
          </Typography.Text>
        )}
        {preview.state === 'error' && showError && <Typography.Text type="danger">{preview.reason}</Typography.Text>}
        {preview.state === 'ok' && (
          <div data-testid="cron-next-times">
            <Typography.Text type="secondary">
              <ClockCircleOutlined /> {t('job.nextTimes', { count: preview.times.length })}
            </Typography.Text>
            <ol style={{ margin: '4px 0 0', paddingInlineStart: 24, fontFamily: 'monospace' }}>
              {preview.times.map((time) => (
                <li key={time}>{time}</li>
              ))}
            </ol>
          </div>
        )}
      </div>
    </div>
  );
}
