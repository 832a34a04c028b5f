import { App, Form, Input, InputNumber, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../../app/layout/icons';
import { subsystemApi } from '../../../../features/tenant/api';
import { alnumRule, requiredRule, trimValues, urlRule } from '../../../../features/tenant/rules';
import type { SubsystemForm, SubsystemRow } from '../../../../features/tenant/types';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { useDict } from '../../../../shared/dict';

/** New / edit a sub-system or linked system: id, encode, names, url, icon, order, enabled. */
export function SubsystemDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: SubsystemRow | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SubsystemForm>();
  const statusDict = useDict('sys_normal_disable');
  const [saving, setSaving] = useState(false);
  const detail = editing && editing !== 'new' ? editing : null;
  const icon = Form.useWatch('icon', form);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      detail
        ? {
            systemId: detail.systemId,
            encode: detail.encode,
            name: detail.nameZh,
            nameEn: detail.nameEn,
            url: detail.url ?? '',
            icon: detail.icon,
            orderNum: detail.orderNum,
            status: detail.status,
            remark: detail.remark,
          }
        : { orderNum: 0, status: '0', url: '' },
    );
  }, [editing, detail, form]);

  const submit = async () => {
    const values = trimValues(await form.validateFields());
    const body: SubsystemForm = { ...values, url: values.url ? values.url : null };
    setSaving(true);
    try {
      if (detail) await subsystemApi.update({ ...body, systemId: detail.systemId });
      else await subsystemApi.add(body);
      message.success(detail ? t('common.updateSuccess') : t('common.addSuccess'));
      onSaved();
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  const label = (key: string) => t(`subsystemMgmt.fields.${key}`);

  return (
    <DraggableDialog
      open={!!editing}
      title={detail ? t('subsystemMgmt.editTitle') : t('subsystemMgmt.addTitle')}
      width={800}
      onCancel={onClose}
      onOk={() => void submit().catch(() => message.warning(t('common.fillRequired')))}
      confirmLoading={saving}
      testId="subsystem-dialog"
    >
      <Form<SubsystemForm> form={form} name="subsystemForm" labelCol={{ flex: '120px' }} onFinish={() => void submit()}>
        <Form.Item name="systemId" label={label('systemId')} extra={detail ? undefined : t('subsystemMgmt.idHint')}>
          <InputNumber min={1} max={2_000_000_000} precision={0} disabled={!!detail} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="encode"
          label={label('encode')}
          rules={[requiredRule(t, label('encode')), { max: 40 }, alnumRule(t)]}
          extra={detail?.builtin ? t('subsystemMgmt.builtinEncode') : t('subsystemMgmt.encodeHint')}
        >
          <Input autoFocus disabled={!!detail?.builtin} maxLength={40} />
        </Form.Item>
        <Form.Item name="name" label={label('name')} rules={[requiredRule(t, label('name')), { max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="nameEn" label={label('nameEn')} rules={[{ max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="url" label={label('url')} rules={[urlRule(t)]} extra={t('subsystemMgmt.urlHint')}>
          <Input placeholder="https://" allowClear maxLength={255} />
        </Form.Item>
        <Form.Item name="icon" label={label('icon')} rules={[{ max: 100 }]}>
          <Input prefix={menuIcon(icon) ?? null} maxLength={100} allowClear />
        </Form.Item>
        <Form.Item name="orderNum" label={label('orderNum')} rules={[{ required: true }]}>
          <InputNumber min={0} max={99999} precision={0} />
        </Form.Item>
        <Form.Item name="status" label={label('status')}>
          <Radio.Group options={statusDict.map((item) => ({ label: item.dictLabel, value: item.dictValue }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </DraggableDialog>
  );
}
