import { App, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { packageApi } from '../../../../features/tenant/api';
import { PACKAGE_NAME_MAX, PACKAGE_NAME_MIN } from '../../../../features/tenant/rules';
import type { PackageRow } from '../../../../features/tenant/types';
import { DraggableDialog } from '../../../../shared/DraggableDialog';

/** Copy a package under a new name (empty: the server names it '<name> (copy)'). */
export function CopyPackageDialog({
  source,
  onClose,
  onCopied,
}: {
  source: PackageRow | null;
  onClose: () => void;
  onCopied: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ packageName?: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (source) form.resetFields();
  }, [source, form]);

  const submit = async () => {
    if (!source) return;
    const { packageName } = await form.validateFields();
    setSaving(true);
    try {
      const { data } = await packageApi.copy(source.packageId, packageName?.trim());
      message.success(t('packageMgmt.copied', { name: data.packageName }));
      onCopied(data.packageName);
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  return (
    <DraggableDialog
      open={!!source}
      title={t('packageMgmt.copyTitle')}
      width={520}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      testId="package-copy-dialog"
    >
      <Typography.Paragraph>{t('packageMgmt.copyFrom', { name: source?.packageName ?? '' })}</Typography.Paragraph>
      <Form form={form} name="copyPackageForm" layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="packageName"
          label={t('packageMgmt.fields.packageName')}
          extra={t('packageMgmt.copyNameHint')}
          rules={[
            {
              min: PACKAGE_NAME_MIN,
              max: PACKAGE_NAME_MAX,
              message: t('tenantShared.length', {
                label: t('packageMgmt.fields.packageName'),
                min: PACKAGE_NAME_MIN,
                max: PACKAGE_NAME_MAX,
              }),
            },
          ]}
        >
          <Input autoFocus maxLength={40} allowClear />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}
