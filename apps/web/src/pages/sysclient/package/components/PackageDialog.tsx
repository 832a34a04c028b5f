import { App, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { packageApi } from '../../../../features/tenant/api';
import { useSubsystems } from '../../../../features/tenant/hooks';
import { packageNameRules, trimValues } from '../../../../features/tenant/rules';
import type { PackageForm, PackageRow } from '../../../../features/tenant/types';
import { periodEnd } from '../../../../features/tenant/validity';
import { DATE_FORMAT } from '../../../../shared/constants';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { useDict } from '../../../../shared/dict';

const NEW_PACKAGE: Partial<PackageForm> = {
  mode: 'time',
  period: 'year',
  periodCount: 1,
  status: '0',
  subscriptionPrice: 0,
  systemIds: [],
};

/** New / edit package: name 2–40, price in yuan, mode by time or by package, period, enabled, sub-systems. */
export function PackageDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: PackageRow | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PackageForm>();
  const modes = useDict('package_mode');
  const periods = useDict('package_period');
  const systems = useSubsystems(!!editing);
  const [saving, setSaving] = useState(false);
  const detail = editing && editing !== 'new' ? editing : null;
  const mode = Form.useWatch('mode', form);
  const period = Form.useWatch('period', form);
  const periodCount = Form.useWatch('periodCount', form);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      detail
        ? {
            packageName: detail.packageName,
            subscriptionPrice: detail.subscriptionPrice,
            mode: detail.mode,
            period: detail.period ?? undefined,
            periodCount: detail.periodCount,
            status: detail.status,
            systemIds: detail.systemIds,
            remark: detail.remark,
          }
        : NEW_PACKAGE,
    );
  }, [editing, detail, form]);

  const submit = async () => {
    const values = trimValues(await form.validateFields());
    setSaving(true);
    try {
      if (detail) await packageApi.update({ ...values, packageId: detail.packageId });
      else await packageApi.add(values);
      message.success(detail ? t('common.updateSuccess') : t('common.addSuccess'));
      onSaved();
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  const label = (key: string) => t(`packageMgmt.fields.${key}`);
  const today = dayjs().startOf('day');
  const example = period && periodCount ? periodEnd(today, period, periodCount) : null;

  return (
    <DraggableDialog
      open={!!editing}
      title={detail ? t('packageMgmt.editTitle') : t('packageMgmt.addTitle')}
      width={800}
      onCancel={onClose}
      onOk={() => void submit().catch(() => message.warning(t('common.fillRequired')))}
      confirmLoading={saving}
      testId="package-dialog"
    >
      <Form<PackageForm>
        form={form}
        name="packageForm"
        labelCol={{ flex: '130px' }}
        onFinish={() => void submit()}
        scrollToFirstError
      >
        <Form.Item name="packageName" label={label('packageName')} rules={packageNameRules(t, label('packageName'))}>
          <Input
            autoFocus
            maxLength={40}
            showCount
            placeholder={t('common.inputPlaceholder', { label: label('packageName') })}
          />
        </Form.Item>
        <Form.Item
          name="subscriptionPrice"
          label={label('subscriptionPrice')}
          rules={[{ required: true, message: t('tenantShared.required', { label: label('subscriptionPrice') }) }]}
        >
          <InputNumber
            min={0}
            max={99_999_999.99}
            precision={2}
            step={100}
            prefix="¥"
            suffix={t('tenantShared.yuan')}
            style={{ width: 240 }}
            data-testid="package-price"
          />
        </Form.Item>
        <Form.Item name="mode" label={label('mode')} extra={t('packageMgmt.modeHint')}>
          <Radio.Group options={modes.map((item) => ({ label: item.dictLabel, value: item.dictValue }))} />
        </Form.Item>
        <Form.Item
          label={label('period')}
          required={mode === 'time'}
          extra={
            example
              ? t('packageMgmt.periodExample', { start: today.format(DATE_FORMAT), end: example.format(DATE_FORMAT) })
              : t('packageMgmt.noPeriodHint')
          }
        >
          <Space>
            <Form.Item name="periodCount" noStyle>
              <InputNumber min={1} max={99999} precision={0} style={{ width: 100 }} aria-label={label('periodCount')} />
            </Form.Item>
            <Form.Item
              name="period"
              noStyle
              rules={
                mode === 'time'
                  ? [{ required: true, message: t('tenantShared.required', { label: label('period') }) }]
                  : []
              }
            >
              <Select
                allowClear={mode !== 'time'}
                style={{ width: 140 }}
                aria-label={label('period')}
                options={periods.map((item) => ({ label: item.dictLabel, value: item.dictValue }))}
                data-testid="package-period"
              />
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item
          name="status"
          label={label('status')}
          getValueProps={(value: string) => ({ checked: value === '0' })}
          getValueFromEvent={(checked: boolean) => (checked ? '0' : '1')}
          extra={t('packageMgmt.statusHint')}
        >
          <Switch checkedChildren={t('tenantShared.enabled')} unCheckedChildren={t('tenantShared.disabled')} />
        </Form.Item>
        <Form.Item
          name="systemIds"
          label={label('systems')}
          rules={[{ required: true, type: 'array', min: 1, message: t('packageMgmt.systemsRequired') }]}
        >
          <Checkbox.Group style={{ width: '100%' }} data-testid="package-systems">
            <Row gutter={[8, 6]}>
              {systems.data.map((system) => (
                <Col span={8} key={system.systemId}>
                  <Checkbox value={system.systemId}>
                    {system.name}
                    {system.status !== '0' && (
                      <Typography.Text type="secondary"> ({t('tenantShared.disabled')})</Typography.Text>
                    )}
                  </Checkbox>
                </Col>
              ))}
            </Row>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </DraggableDialog>
  );
}
