import { ArrowLeftOutlined } from '@ant-design/icons';
import type { DictDataRow, DictTypeRow } from '@luxgrid/contracts/answers';
import { Button, Col, Form, Input, Radio, Result, Row, Select, Space, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { closeViews } from '../../../app/tags';
import { type DictDataForm, dictDataApi, dictTypeApi } from '../../../features/system/dict-api';
import { clearDictCache, useDict } from '../../../shared/dict';
import { actionsColumn, dictColumn, idColumn, textColumn } from '../../../shared/table/columns';
import {
  AddRemoveButtons,
  EditDialog,
  ExportButton,
  RowActions,
  useConfirmRemove,
  useEditDialog,
} from '../../../shared/table/crud';
import { RemarkField, SortField, StatusField } from '../../../shared/table/fields';
import { type ProColumn, ProTable, type ProTableRef } from '../../../shared/table/ProTable';
import { maxLength, required } from '../components/form-rules';

/** Tag colours an entry may carry (the DictTag widget maps them to antd colours). */
export const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;

const TAG_COLOURS: Record<string, string | undefined> = {
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
};

const PERM = 'system:dict';

/** The form edits the stored zh-CN label under dictLabel; the list shows the reader's language. */
const EMPTY: DictDataForm = {
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
  const navigate = useNavigate();
  const location = useLocation();
  const dictId = Number(useParams().dictId);
  const table = useRef<ProTableRef>(null);
  const yesNo = useDict('sys_yes_no');
  const [type, setType] = useState<DictTypeRow | null>(null);
  const [types, setTypes] = useState<DictTypeRow[]>([]);
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

  const edit = useEditDialog<DictDataForm>({
    api: dictDataApi,
    idKey: 'dictCode',
    table,
    load: async (row) => {
      const { data } = await dictDataApi.get(row.dictCode!);
      const { dictLabelZh, ...rest } = data;
      return { ...rest, dictLabel: dictLabelZh ?? data.dictLabel };
    },
    toBody: (merged) => ({ ...merged, dictType: type?.dictType ?? merged.dictType }),
    warnIncomplete: true,
    onSaved: clearDictCache,
  });
  const remove = useConfirmRemove(
    async (codes) => {
      await dictDataApi.remove(codes);
      clearDictCache();
    },
    (names) => t('dictData.deleteConfirm', { names }),
    table,
  );
  const removeRows = (rows: DictDataRow[]) =>
    remove(
      rows.map((row) => row.dictCode!),
      rows.map((row) => row.dictLabel).join(', '),
    );

  const back = () => {
    closeViews('current', location.pathname, location.pathname);
    navigate('/web/system/dict');
  };

  const columns: ProColumn<DictDataRow>[] = [
    idColumn('dictCode', t('dictData.dictCode'), { width: 100 }),
    textColumn('dictLabel', t('dictData.dictLabel'), {
      sortField: 'dictLabel',
      render: (value: string, row: DictDataRow) =>
        row.listClass && row.listClass !== 'default' ? (
          <Tag color={TAG_COLOURS[row.listClass]} className={row.cssClass || undefined}>
            {value}
          </Tag>
        ) : (
          <span className={row.cssClass || undefined}>{value}</span>
        ),
    }),
    textColumn('dictLabelZh', t('dictData.labelZh'), { defaultHidden: true }),
    textColumn('dictLabelEn', t('dictData.labelEn'), { defaultHidden: true }),
    textColumn('dictValue', t('dictData.dictValue'), { sortField: 'dictValue' }),
    idColumn('dictSort', t('sysCommon.sort'), { width: 110 }),
    dictColumn('isDefault', t('dictData.isDefault'), 'sys_yes_no', { width: 100 }),
    dictColumn('status', t('sysCommon.status'), 'sys_normal_disable'),
    textColumn('remark', t('common.remark')),
    actionsColumn(t('common.actions'), 160, (row) => (
      <RowActions perm={PERM} editNeedsQuery onEdit={() => edit.open(row)} onRemove={() => removeRows([row])} />
    )),
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
        <ProTable<DictDataRow>
          ref={table}
          url={dictDataApi.listUrl}
          rowKey="dictCode"
          extraParams={params}
          selectable
          testId="dict-data-table"
          empty={t('dictData.empty')}
          columns={columns}
          searchFields={[
            { type: 'input', name: 'dictLabel', label: t('dictData.dictLabel') },
            { type: 'select', name: 'status', label: t('sysCommon.status'), dictType: 'sys_normal_disable' },
          ]}
          toolbar={({ rows }) => (
            <>
              <AddRemoveButtons
                perm={PERM}
                testId="dict-data"
                onAdd={() => type && edit.open({ ...EMPTY, dictType: type.dictType })}
                onEdit={() => edit.open(rows[0])}
                editNeedsQuery
                selected={rows.length}
                onRemove={() => removeRows(rows)}
              />
              <ExportButton
                perm={PERM}
                url={dictDataApi.exportUrl}
                table={table}
                params={params}
                fileName="dict_data"
              />
              <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="dict-data-back">
                {t('sysCommon.back')}
              </Button>
            </>
          )}
        />
      )}
      <EditDialog<DictDataForm>
        edit={edit}
        addTitle={t('dictData.addTitle')}
        editTitle={t('dictData.editTitle')}
        width={800}
        labelWidth={110}
        testId="dict-data-dialog"
      >
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
            <SortField name="dictSort" />
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
            <StatusField />
          </Col>
          <Col span={24}>
            <RemarkField />
          </Col>
        </Row>
      </EditDialog>
    </div>
  );
}
