import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Col, Form, Input, InputNumber, Row, Select, Tag } from 'antd';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { locationApi } from '../../../features/lighting/api';
import { NeedProject, useProjectId } from '../../../features/lighting/project';
import type { LocationKind, LocationPoint } from '../../../features/lighting/types';
import { DATE_COLUMN_WIDTH } from '../../../shared/constants';
import { DictTag } from '../../../shared/DictTag';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { HasPermi } from '../../../shared/perms';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';

const KINDS: LocationKind[] = ['CABINET', 'POLE', 'OTHER'];
const KIND_COLOURS: Record<LocationKind, string> = { CABINET: 'blue', POLE: 'green', OTHER: 'default' };

function LocationPageBody() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const projectId = useProjectId()!;
  const located = useDict('lighting_location_state');
  const table = useRef<ProTableRef>(null);
  const [form] = Form.useForm<LocationPoint>();
  const [editing, setEditing] = useState<LocationPoint | null>(null);
  const [saving, setSaving] = useState(false);
  const extraParams = useMemo(() => ({ projectId }), [projectId]);
  // the dialog's fields take the row once the dialog (and its form) is open
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing);
  }, [editing, form]);
  const kindOptions = KINDS.map((value) => ({ value, label: t(`ltLocation.kinds.${value}`) }));

  const open = (row?: LocationPoint) => {
    const value = row ?? { projectId, name: '', kind: 'CABINET' as LocationKind, address: '', remark: '' };
    setEditing(value);
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const noLongitude = (values.longitude ?? null) === null;
    const noLatitude = (values.latitude ?? null) === null;
    if (noLongitude !== noLatitude) {
      message.warning(t('ltDevice.bothCoordinates'));
      return;
    }
    setSaving(true);
    try {
      const body = { ...editing, ...values, projectId } as LocationPoint;
      if (editing?.locationId) await locationApi.update(body);
      else await locationApi.add(body);
      message.success(editing?.locationId ? t('common.updateSuccess') : t('common.addSuccess'));
      setEditing(null);
      table.current?.refresh();
    } catch {
      // the request layer showed the reason (a same-name cabinet location, …)
    } finally {
      setSaving(false);
    }
  };

  const remove = (ids: Key[], names: string) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('ltLocation.deleteConfirm', { names }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await locationApi.remove(ids as number[]);
        message.success(t('common.deleteSuccess'));
        table.current?.clearSelection();
        table.current?.refresh();
      },
    });
  };

  const columns: ProColumn<LocationPoint>[] = [
    { key: 'name', dataIndex: 'name', title: t('ltLocation.name'), sortField: 'name', ellipsis: true },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('ltLocation.kind'),
      width: 120,
      sortField: 'kind',
      render: (value: LocationKind) => <Tag color={KIND_COLOURS[value]}>{t(`ltLocation.kinds.${value}`)}</Tag>,
    },
    {
      key: 'coordinates',
      title: t('ltLocation.coordinates'),
      width: 220,
      render: (_: unknown, row) =>
        row.longitude !== null && row.longitude !== undefined ? `${row.longitude}, ${row.latitude}` : '-',
    },
    {
      key: 'located',
      dataIndex: 'located',
      title: t('ltCommon.located'),
      width: 110,
      render: (value: string) => <DictTag options={located} value={value} />,
    },
    { key: 'address', dataIndex: 'address', title: t('ltLocation.address'), ellipsis: true },
    { key: 'remark', dataIndex: 'remark', title: t('common.remark'), ellipsis: true, defaultHidden: true },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('common.createTime'),
      width: DATE_COLUMN_WIDTH + 30,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      fixed: 'right',
      render: (_: unknown, row) => (
        <>
          <HasPermi value={['lighting:location:edit']}>
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => open(row)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['lighting:location:remove']}>
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove([row.locationId!], row.name)}
            >
              {t('common.delete')}
            </Button>
          </HasPermi>
        </>
      ),
    },
  ];

  return (
    <div className="lx-page" data-testid="location-page">
      <ProTable<LocationPoint>
        ref={table}
        url={locationApi.listUrl}
        rowKey="locationId"
        selectable
        testId="location-table"
        extraParams={extraParams}
        columns={columns}
        searchFields={[
          { type: 'input', name: 'name', label: t('ltLocation.name') },
          { type: 'select', name: 'kind', label: t('ltLocation.kind'), options: kindOptions },
        ]}
        toolbar={({ keys, rows }) => (
          <>
            <HasPermi value={['lighting:location:add']}>
              <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => open()} data-testid="location-add">
                {t('common.add')}
              </Button>
            </HasPermi>
            <HasPermi value={['lighting:location:remove']}>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!keys.length}
                onClick={() => remove(keys, rows.map((row) => row.name).join(', '))}
              >
                {t('common.delete')}
              </Button>
            </HasPermi>
          </>
        )}
      />
      <DraggableDialog
        open={!!editing}
        title={editing?.locationId ? t('ltLocation.editTitle') : t('ltLocation.addTitle')}
        width={640}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        testId="location-dialog"
      >
        <Form<LocationPoint>
          form={form}
          labelCol={{ flex: '100px' }}
          initialValues={editing ?? undefined}
          preserve={false}
        >
          <Form.Item
            name="name"
            label={t('ltLocation.name')}
            rules={[{ required: true, whitespace: true, message: t('ltLocation.nameRequired') }]}
          >
            <Input maxLength={64} data-testid="location-name" />
          </Form.Item>
          <Form.Item name="kind" label={t('ltLocation.kind')} rules={[{ required: true }]}>
            <Select options={kindOptions} />
          </Form.Item>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="longitude" label={t('ltCommon.longitude')}>
                <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="latitude" label={t('ltCommon.latitude')}>
                <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="address" label={t('ltLocation.address')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="remark" label={t('common.remark')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Form>
      </DraggableDialog>
    </div>
  );
}

/** Location points of the project (lighting/location): cabinet sites, pole sites and other places. */
export function LocationPage() {
  return (
    <NeedProject testId="location-page">
      <LocationPageBody key={useProjectId() ?? 0} />
    </NeedProject>
  );
}
