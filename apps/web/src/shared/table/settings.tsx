import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { App, Button, Form, type FormInstance, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trimValues } from '../trim';

/*
 * What a settings screen (one record edited in place: the platform's login page, a customer's
 * own configuration) shares: load once into the form, save the trimmed values, say so, and put
 * back what was loaded.
 */

export interface SettingsFormOptions<T> {
  /** null while the screen cannot load yet (no customer chosen) */
  load: (() => Promise<T>) | null;
  save: (body: T) => Promise<unknown>;
  /** the success message */
  savedText: string;
  /** after the server agreed (what else the new values change at once) */
  onSaved?: (body: T) => void;
}

export interface SettingsFormState<T> {
  form: FormInstance<T>;
  /** what the server holds; null until loaded */
  loaded: T | null;
  saving: boolean;
  submit(): Promise<void>;
  reset(): void;
}

export function useSettingsForm<T extends object>({
  load,
  save,
  savedText,
  onSaved,
}: SettingsFormOptions<T>): SettingsFormState<T> {
  const { message } = App.useApp();
  const [form] = Form.useForm<T>();
  const [loaded, setLoaded] = useState<T | null>(null);
  const [saving, setSaving] = useState(false);
  const canLoad = !!load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once, when the screen can
  useEffect(() => {
    if (!load) return;
    let alive = true;
    load()
      .then((record) => {
        if (!alive) return;
        setLoaded(record);
        form.setFieldsValue(record as Parameters<typeof form.setFieldsValue>[0]);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [form, canLoad]);

  const submit = async () => {
    const body = trimValues(await form.validateFields());
    setSaving(true);
    try {
      await save(body);
      setLoaded((current) => ({ ...(current ?? {}), ...body }) as T);
      onSaved?.(body);
      message.success(savedText);
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };
  const reset = () => {
    if (loaded) form.setFieldsValue(loaded as Parameters<typeof form.setFieldsValue>[0]);
  };
  return { form, loaded, saving, submit, reset };
}

/** Save (submits the form) and reset (back to what the server holds), under the fields. */
export function SaveResetButtons<T>({ settings, testId }: { settings: SettingsFormState<T>; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label=" " colon={false}>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={settings.saving} data-testid={testId}>
          {t('common.save')}
        </Button>
        <Button icon={<UndoOutlined />} onClick={settings.reset}>
          {t('common.reset')}
        </Button>
      </Space>
    </Form.Item>
  );
}
