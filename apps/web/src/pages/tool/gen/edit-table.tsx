import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, App, AutoComplete, Button, Card, Col, Form, Input, Row, Space, Spin, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { closeViews } from '../../../app/tags';
import {
  type CatalogMenu,
  type DictTypeOption,
  type GenColumn,
  type GenTable,
  genApi,
  genLookups,
  KEBAB,
  MENU_KEY,
  PASCAL,
} from '../../../features/monitor/gen-api';
import {
  buildUpdate,
  columnIssues,
  type GenTableForm,
  generationTargets,
  issueKey,
} from '../../../features/monitor/gen-columns';
import { useHasPermi } from '../../../shared/perms';
import { ColumnGrid } from './components/ColumnGrid';

const GEN_LIST = '/web/tool/gen';

const BASIC_FIELDS: (keyof GenTableForm)[] = ['tableComment', 'className', 'functionAuthor', 'remark'];

/** Generation settings of one imported table (/web/tool/gen-edit/index/{tableId}). */
export function GenEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const tableId = Number(params.tableId);
  const [form] = Form.useForm<GenTableForm>();
  const [table, setTable] = useState<GenTable | null>(null);
  const [columns, setColumns] = useState<GenColumn[]>([]);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState('columns');
  const [dictTypes, setDictTypes] = useState<DictTypeOption[] | null>(null);
  const [catalogs, setCatalogs] = useState<CatalogMenu[]>([]);
  const [showIssues, setShowIssues] = useState(false);
  const canListDicts = useHasPermi(['system:dict:list']);
  const canListMenus = useHasPermi(['system:menu:list']);
  const moduleName = Form.useWatch('moduleName', form);
  const businessName = Form.useWatch('businessName', form);
  const targets = useMemo(() => generationTargets({ moduleName, businessName }), [moduleName, businessName]);
  const issues = useMemo(() => columnIssues(columns), [columns]);

  useEffect(() => {
    let alive = true;
    setFailed(false);
    genApi
      .get(tableId)
      .then((res) => {
        if (!alive) return;
        setTable(res.data.info);
        setColumns(res.data.rows);
        form.setFieldsValue(res.data.info);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [tableId, form]);

  useEffect(() => {
    if (!canListDicts) return;
    genLookups
      .dictTypes()
      .then((res) => setDictTypes(res.data ?? []))
      .catch(() => setDictTypes(null));
  }, [canListDicts]);

  useEffect(() => {
    if (!canListMenus) return;
    genLookups
      .catalogs()
      .then((res) => setCatalogs((res.data ?? []).filter((menu) => menu.menuType === 'M' && menu.menuKey)))
      .catch(() => setCatalogs([]));
  }, [canListMenus]);

  const close = () => {
    closeViews('current', location.pathname, location.pathname);
    navigate(GEN_LIST);
  };

  const save = async () => {
    let values: GenTableForm;
    try {
      values = await form.validateFields();
    } catch (error) {
      const fields = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [];
      const first = String(fields[0]?.name[0] ?? '');
      setTab(BASIC_FIELDS.includes(first as keyof GenTableForm) ? 'basic' : 'generation');
      message.error(t('common.fillRequired'));
      return;
    }
    if (issues.length) {
      setShowIssues(true);
      setTab('columns');
      message.error(t('genEdit.fixColumns', { count: issues.length }));
      return;
    }
    setSaving(true);
    try {
      await genApi.update(buildUpdate(tableId, values, columns));
      message.success(t('common.updateSuccess'));
      close();
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  if (failed) {
    return (
      <div className="lx-page" data-testid="gen-edit-page">
        <Alert
          type="error"
          showIcon
          title={t('genEdit.loadFailed')}
          action={<Button onClick={() => navigate(GEN_LIST)}>{t('genEdit.back')}</Button>}
        />
      </div>
    );
  }
  if (!table) {
    return (
      <div className="lx-page" data-testid="gen-edit-page" style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }

  const kebabRule = { pattern: KEBAB, message: t('genEdit.kebab') };

  return (
    <div className="lx-page" data-testid="gen-edit-page">
      <div className="lx-toolbar">
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={close}>
            {t('genEdit.back')}
          </Button>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('genEdit.title', { name: table.tableName })}
          </Typography.Title>
        </Space>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          onClick={() => void save()}
          data-testid="gen-edit-save"
        >
          {t('common.save')}
        </Button>
      </div>
      <Form<GenTableForm> form={form} layout="vertical" onFinish={() => void save()}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'basic',
              label: t('genEdit.basic'),
              forceRender: true,
              children: (
                <Row gutter={24}>
                  <Col xs={24} md={12}>
                    <Form.Item label={t('gen.tableName')}>
                      <Input value={table.tableName} disabled />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="tableComment" label={t('gen.tableComment')} rules={[{ max: 200 }]}>
                      <Input maxLength={200} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="className"
                      label={t('gen.className')}
                      tooltip={t('genEdit.classNameHelp')}
                      rules={[
                        {
                          required: true,
                          whitespace: true,
                          message: t('genEdit.required', { label: t('gen.className') }),
                        },
                        { pattern: PASCAL, message: t('genEdit.pascal') },
                        { max: 100 },
                      ]}
                    >
                      <Input maxLength={100} data-testid="gen-edit-className" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="functionAuthor" label={t('genEdit.author')} rules={[{ max: 50 }]}>
                      <Input maxLength={50} />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Form.Item name="remark" label={t('common.remark')} rules={[{ max: 500 }]}>
                      <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
                    </Form.Item>
                  </Col>
                </Row>
              ),
            },
            {
              key: 'columns',
              label: t('genEdit.columns', { count: columns.length }),
              children: (
                <>
                  {showIssues && issues.length > 0 && (
                    <Alert
                      type="error"
                      showIcon
                      style={{ marginBottom: 8 }}
                      title={t('genEdit.fixColumns', { count: issues.length })}
                      description={issues
                        .slice(0, 5)
                        .map((issue) => {
                          const column = columns.find((c) => c.columnId === issue.columnId);
                          return `${column?.columnName ?? issue.columnId}: ${t(`genEdit.issue.${issueKey(issue)}`)}`;
                        })
                        .join('; ')}
                    />
                  )}
                  <ColumnGrid
                    columns={columns}
                    onChange={setColumns}
                    dictTypes={canListDicts ? dictTypes : null}
                    issues={issues}
                  />
                </>
              ),
            },
            {
              key: 'generation',
              label: t('genEdit.generation'),
              forceRender: true,
              children: (
                <Row gutter={24}>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="moduleName"
                      label={t('genEdit.moduleName')}
                      tooltip={t('genEdit.moduleNameHelp')}
                      rules={[
                        {
                          required: true,
                          whitespace: true,
                          message: t('genEdit.required', { label: t('genEdit.moduleName') }),
                        },
                        kebabRule,
                        { max: 30 },
                      ]}
                    >
                      <Input maxLength={30} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="businessName"
                      label={t('genEdit.businessName')}
                      tooltip={t('genEdit.businessNameHelp')}
                      rules={[
                        {
                          required: true,
                          whitespace: true,
                          message: t('genEdit.required', { label: t('genEdit.businessName') }),
                        },
                        kebabRule,
                        { max: 30 },
                      ]}
                    >
                      <Input maxLength={30} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="functionName"
                      label={t('gen.functionName')}
                      tooltip={t('genEdit.functionNameHelp')}
                      rules={[
                        {
                          required: true,
                          whitespace: true,
                          message: t('genEdit.required', { label: t('gen.functionName') }),
                        },
                        { max: 50 },
                      ]}
                    >
                      <Input maxLength={50} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="functionNameEn" label={t('genEdit.functionNameEn')} rules={[{ max: 50 }]}>
                      <Input maxLength={50} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="parentMenuKey"
                      label={t('genEdit.parentMenu')}
                      tooltip={t('genEdit.parentMenuHelp')}
                      rules={[{ pattern: MENU_KEY, message: t('genEdit.menuKey') }, { max: 100 }]}
                    >
                      <AutoComplete
                        allowClear
                        maxLength={100}
                        options={catalogs.map((menu) => ({
                          value: menu.menuKey,
                          label: (
                            <span>
                              {menu.title ?? menu.menuName}{' '}
                              <Typography.Text type="secondary">{menu.menuKey}</Typography.Text>
                            </span>
                          ),
                        }))}
                        filterOption={(input, option) =>
                          String(option?.value ?? '')
                            .toLowerCase()
                            .includes(input.toLowerCase())
                        }
                        placeholder={moduleName || 'system'}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Card size="small" title={t('genEdit.outputs')}>
                      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                        <Typography.Text>
                          {t('genEdit.permPrefix')}: <Typography.Text code>{targets.permPrefix}:list</Typography.Text>{' '}
                          <Typography.Text code>{targets.permPrefix}:add</Typography.Text> …
                        </Typography.Text>
                        <Typography.Text>
                          {t('genEdit.apiPath')}: <Typography.Text code>{targets.basePath}/list</Typography.Text>
                        </Typography.Text>
                        <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="gen-edit-outputs">
                          {targets.files.map((file) => (
                            <li key={file}>
                              <Typography.Text code>{file}</Typography.Text>
                            </li>
                          ))}
                        </ul>
                        <Typography.Text type="secondary">{t('genEdit.outputsHelp')}</Typography.Text>
                      </Space>
                    </Card>
                  </Col>
                </Row>
              ),
            },
          ]}
        />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </div>
  );
}
