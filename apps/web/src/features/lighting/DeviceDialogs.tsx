import { App, Form, InputNumber, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DraggableDialog } from '../../shared/DraggableDialog';
import { deviceApi } from './api';
import { detailToForm } from './DeviceFormDialog';
import { useLocations, useTags } from './project';
import { tagLimit } from './rules';
import type { DeviceDetail } from './types';

/** Sets a device's tags (a non-direct terminal holds at most two). */
export function TagsDialog({
  device,
  onClose,
  onSaved,
}: {
  device: DeviceDetail | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const tags = useTags(device ? device.deviceId : 0);
  const [form] = Form.useForm<{ tagIds: number[] }>();
  const [saving, setSaving] = useState(false);
  const limit = device ? tagLimit(device.deviceType, device.connection) : Number.POSITIVE_INFINITY;

  useEffect(() => {
    if (device) form.setFieldsValue({ tagIds: device.tags.map((tag) => tag.tagId) });
  }, [device, form]);

  const submit = async () => {
    if (!device) return;
    const picked = await form.validateFields().catch(() => null);
    if (!picked) return;
    const { tagIds } = picked;
    setSaving(true);
    try {
      await deviceApi.setTags(device.deviceId, tagIds ?? []);
      message.success(t('common.updateSuccess'));
      onClose();
      onSaved();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <DraggableDialog
      open={!!device}
      title={t('ltDevice.tagsTitle', { name: device?.name ?? '' })}
      width={520}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      testId="tags-dialog"
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="tagIds"
          label={t('ltCommon.tags')}
          extra={Number.isFinite(limit) ? t('ltForm.tagLimitHint', { max: limit }) : undefined}
          rules={[
            {
              validator: async (_, value: number[] | undefined) => {
                if ((value?.length ?? 0) > limit) throw new Error(t('ltMsg.tagLimit'));
              },
            },
          ]}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={tags.map((tag) => ({ value: tag.tagId, label: tag.name }))}
          />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}

/** Places a device: coordinates (WGS-84) and its location point. */
export function LocateDialog({
  device,
  onClose,
  onSaved,
}: {
  device: DeviceDetail | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locations = useLocations(device ? device.deviceId : 0);
  const [form] = Form.useForm<{ longitude: number | null; latitude: number | null; locationId: number | null }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (device)
      form.setFieldsValue({ longitude: device.longitude, latitude: device.latitude, locationId: device.locationId });
  }, [device, form]);

  const fromLocation = (locationId: number | null) => {
    const point = locations.find((l) => l.locationId === locationId);
    if (point?.longitude !== null && point?.longitude !== undefined)
      form.setFieldsValue({ longitude: point.longitude, latitude: point.latitude ?? null });
  };

  const submit = async () => {
    if (!device) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if ((values.longitude === null) !== (values.latitude === null)) {
      message.warning(t('ltDevice.bothCoordinates'));
      return;
    }
    setSaving(true);
    try {
      await deviceApi.update({
        ...detailToForm(device),
        longitude: values.longitude ?? null,
        latitude: values.latitude ?? null,
        locationId: values.locationId ?? null,
      });
      message.success(t('common.updateSuccess'));
      onClose();
      onSaved();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <DraggableDialog
      open={!!device}
      title={t('ltDevice.locateTitle', { name: device?.name ?? '' })}
      width={520}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      testId="locate-dialog"
    >
      <Form form={form} labelCol={{ flex: '110px' }}>
        <Form.Item name="locationId" label={t('ltForm.location')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={locations.map((l) => ({ value: l.locationId, label: l.name }))}
            onChange={(value: number | undefined) => fromLocation(value ?? null)}
          />
        </Form.Item>
        <Form.Item name="longitude" label={t('ltCommon.longitude')}>
          <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} data-testid="locate-longitude" />
        </Form.Item>
        <Form.Item name="latitude" label={t('ltCommon.latitude')}>
          <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} data-testid="locate-latitude" />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}
