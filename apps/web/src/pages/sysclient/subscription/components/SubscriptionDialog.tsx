import { Alert, App, DatePicker, Form, Input, Radio, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscriptionApi } from '../../../../features/tenant/api';
import { formatPrice } from '../../../../features/tenant/format';
import { useCustomerOptions, usePackages } from '../../../../features/tenant/hooks';
import { packageRequiredRule } from '../../../../features/tenant/rules';
import type { SubscriptionRow } from '../../../../features/tenant/types';
import { formatForServer, periodEnd } from '../../../../features/tenant/validity';
import { DATE_TIME_FORMAT } from '../../../../shared/constants';
import { DraggableDialog } from '../../../../shared/DraggableDialog';

interface FormValues {
  clientId: number;
  packageId: number;
  startTime: Dayjs | null;
  endTime: Dayjs | null;
  status: '0' | '1';
  remark?: string;
}

/** Subscribe a customer to a package: the end follows the package period unless given. */
export function SubscriptionDialog({
  editing,
  presetClientId,
  onClose,
  onSaved,
}: {
  editing: SubscriptionRow | 'new' | null;
  presetClientId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const customers = useCustomerOptions(!!editing);
  const packages = usePackages(!!editing);
  const [saving, setSaving] = useState(false);
  const detail = editing && editing !== 'new' ? editing : null;
  const packageId = Form.useWatch('packageId', form);
  const startTime = Form.useWatch('startTime', form);
  const endTime = Form.useWatch('endTime', form);
  const chosen = packages.data.find((row) => row.packageId === packageId);
  const computedEnd = chosen?.period ? periodEnd(startTime ?? dayjs(), chosen.period, chosen.periodCount || 1) : null;
  const needsEnd = !!chosen && !chosen.period && !endTime;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      detail
        ? {
            clientId: detail.clientId,
            packageId: detail.packageId,
            startTime: dayjs(detail.startTime),
            endTime: dayjs(detail.endTime),
            status: detail.status,
            remark: detail.remark,
          }
        : { clientId: presetClientId, startTime: dayjs(), endTime: null, status: '0' },
    );
  }, [editing, detail, form, presetClientId]);

  const submit = async () => {
    const values = await form.validateFields();
    const body = {
      clientId: values.clientId,
      packageId: values.packageId,
      startTime: formatForServer(values.startTime),
      endTime: formatForServer(values.endTime),
      status: values.status,
      remark: values.remark?.trim(),
    };
    setSaving(true);
    try {
      if (detail) await subscriptionApi.update({ ...body, subscriptionId: detail.subscriptionId });
      else await subscriptionApi.add(body);
      message.success(detail ? t('common.updateSuccess') : t('common.addSuccess'));
      onSaved();
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  const label = (key: string) => t(`subscriptionMgmt.fields.${key}`);

  return (
    <DraggableDialog
      open={!!editing}
      title={detail ? t('subscriptionMgmt.editTitle') : t('subscriptionMgmt.addTitle')}
      width={800}
      onCancel={onClose}
      onOk={() => void submit().catch(() => message.warning(t('common.fillRequired')))}
      confirmLoading={saving}
      testId="subscription-dialog"
    >
      <Form<FormValues> form={form} name="subscriptionForm" labelCol={{ flex: '120px' }} onFinish={() => void submit()}>
        <Form.Item
          name="clientId"
          label={label('clientName')}
          rules={[{ required: true, message: t('tenantShared.required', { label: label('clientName') }) }]}
        >
          <Select
            autoFocus
            disabled={!!detail}
            showSearch={{ optionFilterProp: 'label' }}
            loading={customers.loading}
            placeholder={t('common.selectPlaceholder', { label: label('clientName') })}
            options={customers.data.map((customer) => ({ value: customer.id, label: customer.name }))}
            data-testid="subscription-client"
          />
        </Form.Item>
        <Form.Item
          name="packageId"
          label={label('packageName')}
          rules={[packageRequiredRule(t)]}
          extra={
            chosen
              ? t('subscriptionMgmt.packageSummary', {
                  price: formatPrice(chosen.subscriptionPrice),
                  period: chosen.period
                    ? t('subscriptionMgmt.periodText', {
                        count: chosen.periodCount,
                        unit: t(`subscriptionMgmt.periods.${chosen.period}`),
                      })
                    : t('packageMgmt.noPeriod'),
                })
              : undefined
          }
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            loading={packages.loading}
            placeholder={t('common.selectPlaceholder', { label: label('packageName') })}
            options={packages.data.map((row) => ({
              value: row.packageId,
              label: row.packageName,
              disabled: row.status !== '0' && row.packageId !== detail?.packageId,
            }))}
            data-testid="subscription-package"
          />
        </Form.Item>
        <Form.Item name="startTime" label={label('startTime')} extra={t('subscriptionMgmt.startHint')}>
          <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item
          name="endTime"
          label={label('endTime')}
          required={needsEnd}
          rules={[
            {
              validator: (_, value: Dayjs | null) =>
                chosen && !chosen.period && !value
                  ? Promise.reject(new Error(t('subscriptionMgmt.endRequired')))
                  : Promise.resolve(),
            },
          ]}
          extra={
            computedEnd && !endTime ? (
              <Typography.Text type="secondary">
                {t('subscriptionMgmt.computedEnd', { end: computedEnd.format(DATE_TIME_FORMAT) })}
              </Typography.Text>
            ) : undefined
          }
        >
          <DatePicker
            showTime={{ defaultValue: dayjs('23:59:59', 'HH:mm:ss') }}
            format={DATE_TIME_FORMAT}
            style={{ width: 240 }}
            placeholder={t('subscriptionMgmt.endPlaceholder')}
            disabledDate={(current) => !!startTime && current.isBefore(startTime, 'day')}
          />
        </Form.Item>
        <Form.Item name="status" label={label('status')}>
          <Radio.Group
            options={[
              { label: t('subscriptionMgmt.statusNormal'), value: '0' },
              { label: t('tenantShared.subscriptionState.cancelled'), value: '1' },
            ]}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
        </Form.Item>
        <Alert type="info" showIcon title={t('subscriptionMgmt.effectHint')} />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </DraggableDialog>
  );
}
