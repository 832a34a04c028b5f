import { ArrowLeftOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Col, Form, Input, InputNumber, Radio, Result, Row, Select, Space, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { closeViews } from '../../../app/tags';
import { type DictData, type DictType, dictDataApi, dictTypeApi } from '../../../features/system/dict-api';
import { DictTag } from '../../../shared/DictTag';
import { DraggableDialog } from '../../../shared/DraggableDialog';
import { clearDictCache, useDict } from '../../../shared/dict';
import { download } from '../../../shared/download';
import { exportParams } from '../../../shared/export-params';
import { HasPermi } from '../../../shared/perms';
import { SubmitOnEnter } from '../../../shared/SubmitOnEnter';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { EmptyState } from '../components/EmptyState';
import { maxLength, required, sortRules } from '../components/form-rules';

/** Tag colours an entry may carry (the DictTag widget maps them to antd colours). */
export const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;

const TAG_COLOURS: Record<string, string | undefined> = {
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
};

/** The form edits the stored zh-CN label under dictLabel; the list shows the reader's language. */
type DataForm = Omit<DictData, 'dictLabelZh'>;

const EMPTY: DataForm = {
  dictLabel: '',
  dictLabelEn: '',
  dictValue: '',
  dictType: '',
  dictSort: 0,
  cssClass: '',
  listClass: 'default',
  isDefault: 'N',
  status: '0',
  remark: '',
};

/** Entries of one dictionary type (/web/system/dict-data/index/{dictId}, needs system:dict:list). */
export function DictDataPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const dictId = Number(useParams().dictId);
  const table = useRef<ProTableRef>(null);
  const statuses = useDict('sys_normal_disable');
  const yesNo = useDict('sys_yes_no');
  const [type, setType] = useState<DictType | null>(null);
  const [types, setTypes] = useState<DictType[]>([]);
  const [form] = Form.useForm<DataForm>();
  const [editing, setEditing] = useState<DataForm | null>(null);
  const [saving, setSaving] = useState(false);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    let alive = true;
    setType(null);
    setMissing(false);
    dictTypeApi
      .get(dictId)
      .then((res) => alive && setType(res.data))
      .catch(() => alive && setMissing(true));
    return () => {
      alive = false;
    };
  }, [dictId]);

  useEffect(() => {
    dictTypeApi
      .options()
      .then((res) => setTypes(res.data ?? []))
      .catch(() => setTypes([]));
  }, []);

  const params = useMemo(() => (type ? { dictType: type.dictType } : undefined), [type]);

  const openAdd = () => {
    if (!type) return;
    const initial = { ...EMPTY, dictType: type.dictType };
    setEditing(initial);
  };

  const openEdit = async (code: number) => {
    try {
      const { data } = await dictDataApi.get(code);
      const values: DataForm = { ...data, dictLabel: data.dictLabelZh ?? data.dictLabel };
      setEditing(values);
    } catch {
      // shown by the request layer
    }
  };

  const submit = async () => {
    let values: DataForm;
    try {
      values = await form.validateFields();
    } catch {
      message.warning(t('common.fillRequired'));
      return;
    }
    setSaving(true);
    try {
      const body = { ...values, dictType: type?.dictType ?? values.dictType };
      if (editing?.dictCode) await dictDataApi.update({ ...body, dictCode: editing.dictCode });
      else await dictDataApi.add(body);
      clearDictCache();
      message.success(editing?.dictCode ? t('common.updateSuccess') : t('common.addSuccess'));
      setEditing(null);
      table.current?.refresh();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  const remove = (rows: DictData[]) => {
    modal.confirm({
      title: t('common.hint'),
      content: t('dictData.deleteConfirm', { names: rows.map((row) => row.dictLabel).join(', ') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await dictDataApi.remove(rows.map((row) => row.dictCode!));
        clearDictCache();
        message.success(t('common.deleteSuccess'));
        table.current?.clearSelection();
        table.current?.refresh();
      },
    });
  };

  const back = () => {
    closeViews('current', location.pathname, location.pathname);
    navigate('/web/system/dict');
  };

  const columns: ProColumn<DictData>[] = [
    { key: 'dictCode', dataIndex: 'dictCode', title: t('dictData.dictCode'), width: 100, sortField: 'dictCode' },
    {
      key: 'dictLabel',
      dataIndex: 'dictLabel',
      title: t('dictData.dictLabel'),
      ellipsis: true,
      sortField: 'dictLabel',
      render: (value: string, row: DictData) =>
        row.listClass && row.listClass !== 'default' ? (
          <Tag color={TAG_COLOURS[row.listClass]} className={row.cssClass || undefined}>
            {value}
          </Tag>
        ) : (
          <span className={row.cssClass || undefined}>{value}</span>
        ),
    },
    { key: 'dictLabelZh', dataIndex: 'dictLabelZh', title: t('dictData.labelZh'), ellipsis: true, defaultHidden: true },
    { key: 'dictLabelEn', dataIndex: 'dictLabelEn', title: t('dictData.labelEn'), ellipsis: true, defaultHidden: true },
    {
      key: 'dictValue',
      dataIndex: 'dictValue',
      title: t('dictData.dictValue'),
      ellipsis: true,
      sortField: 'dictValue',
    },
    { key: 'dictSort', dataIndex: 'dictSort', title: t('sysCommon.sort'), width: 110, sortField: 'dictSort' },
    {
      key: 'isDefault',
      dataIndex: 'isDefault',
      title: t('dictData.isDefault'),
      width: 100,
      render: (value: string) => <DictTag options={yesNo} value={value} />,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('sysCommon.status'),
      width: 90,
      render: (value: string) => <DictTag options={statuses} value={value} />,
    },
    { key: 'remark', dataIndex: 'remark', title: t('common.remark'), ellipsis: true },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      fixed: 'right',
      render: (_: unknown, row: DictData) => (
        <>
          <HasPermi value={['system:dict:edit', 'system:dict:query']} mode="all">
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void openEdit(row.dictCode!)}>
              {t('common.edit')}
            </Button>
          </HasPermi>
          <HasPermi value={['system:dict:remove']}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([row])}>
              {t('common.delete')}
            </Button>
          </HasPermi>
        </>
      ),
    },
  ];

  const half = { xs: 24, sm: 12 };
  return (
    <div className="lx-page" data-testid="dict-data-page">
      <Space wrap style={{ marginBottom: 8 }}>
        <span>{t('dict.dictName')}:</span>
        <Select
          showSearch
          optionFilterProp="label"
          style={{ width: 280 }}
          value={type?.dictId}
          loading={!type && !missing}
          options={types.map((item) => ({
            label: `${item.title ?? item.dictName} (${item.dictType})`,
            value: item.dictId,
          }))}
          onChange={(id: number) => navigate(`/web/system/dict-data/index/${id}`, { replace: true })}
          data-testid="dict-data-type"
        />
      </Space>
      {missing && (
        <Result
          status="404"
          title={t('dictData.missing')}
          extra={
            <Button icon={<ArrowLeftOutlined />} onClick={back}>
              {t('sysCommon.back')}
            </Button>
          }
        />
      )}
      {params && (
        <EmptyState description={t('dictData.empty')}>
          <ProTable<DictData>
            ref={table}
            url={dictDataApi.listUrl}
            rowKey="dictCode"
            extraParams={params}
            selectable
            testId="dict-data-table"
            columns={columns}
            searchFields={[
              { type: 'input', name: 'dictLabel', label: t('dictData.dictLabel') },
              { type: 'select', name: 'status', label: t('sysCommon.status'), dictType: 'sys_normal_disable' },
            ]}
            toolbar={({ rows }) => (
              <>
                <HasPermi value={['system:dict:add']}>
                  <Button type="primary" ghost icon={<PlusOutlined />} onClick={openAdd} data-testid="dict-data-add">
                    {t('common.add')}
                  </Button>
                </HasPermi>
                <HasPermi value={['system:dict:edit', 'system:dict:query']} mode="all">
                  <Button
                    icon={<EditOutlined />}
                    disabled={rows.length !== 1}
                    onClick={() => void openEdit(rows[0].dictCode!)}
                  >
                    {t('common.edit')}
                  </Button>
                </HasPermi>
                <HasPermi value={['system:dict:remove']}>
                  <Button danger icon={<DeleteOutlined />} disabled={!rows.length} onClick={() => remove(rows)}>
                    {t('common.delete')}
                  </Button>
                </HasPermi>
                <HasPermi value={['system:dict:export']}>
                  <Button
                    icon={<DownloadOutlined />}
                    onClick={() =>
                      void download(dictDataApi.exportUrl, {
                        params: exportParams(table.current?.getFilters(), params),
                        fileName: `dict_data_${Date.now()}.xlsx`,
                      })
                    }
                  >
                    {t('common.export')}
                  </Button>
                </HasPermi>
                <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="dict-data-back">
                  {t('sysCommon.back')}
                </Button>
              </>
            )}
          />
        </EmptyState>
      )}
      <DraggableDialog
        open={!!editing}
        title={editing?.dictCode ? t('dictData.editTitle') : t('dictData.addTitle')}
        width={800}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={saving}
        testId="dict-data-dialog"
      >
        <Form<DataForm>
          key={editing?.dictCode ?? 'new'}
          form={form}
          labelCol={{ flex: '110px' }}
          initialValues={editing ?? EMPTY}
          onFinish={() => void submit()}
        >
          <SubmitOnEnter />
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item name="dictType" label={t('dict.dictType')}>
                <Input disabled />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="dictLabel"
                label={t('dictData.labelZh')}
                rules={[required(t('dictData.labelRequired')), maxLength(t, 100)]}
              >
                <Input maxLength={100} autoFocus data-testid="dict-data-label" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="dictLabelEn" label={t('dictData.labelEn')} rules={[maxLength(t, 100)]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="dictValue"
                label={t('dictData.dictValue')}
                rules={[required(t('dictData.valueRequired')), maxLength(t, 100)]}
              >
                <Input maxLength={100} data-testid="dict-data-value" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="dictSort" label={t('sysCommon.sort')} rules={sortRules(t)}>
                <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="listClass" label={t('dictData.listClass')}>
                <Select
                  options={LIST_CLASSES.map((value) => ({
                    value,
                    label: (
                      <Tag color={TAG_COLOURS[value]} style={{ marginInlineEnd: 0 }}>
                        {t(`dictData.classes.${value}`)}
                      </Tag>
                    ),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="cssClass" label={t('dictData.cssClass')} rules={[maxLength(t, 100)]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="isDefault" label={t('dictData.isDefault')}>
                <Radio.Group options={yesNo.map((item) => ({ label: item.dictLabel, value: item.dictValue }))} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="status" label={t('sysCommon.status')}>
                <Radio.Group options={statuses.map((item) => ({ label: item.dictLabel, value: item.dictValue }))} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t('common.remark')} rules={[maxLength(t, 500)]}>
                <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </DraggableDialog>
    </div>
  );
}
