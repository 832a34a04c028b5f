import {
  App,
  Checkbox,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerApi } from '../../../../features/tenant/api';
import { ValidityTag } from '../../../../features/tenant/components/StateTag';
import { usePackages, useSubsystems } from '../../../../features/tenant/hooks';
import {
  checkedLeafKeys,
  type GrantNode,
  grantTree,
  keepExisting,
  leafKeysOf,
  menuIdsOf,
} from '../../../../features/tenant/menu-tree';
import {
  alnumRule,
  homeRouterRule,
  max40,
  packageRequiredRule,
  phoneRule,
  requiredRule,
  trimValues,
} from '../../../../features/tenant/rules';
import type { CustomerDetail, CustomerForm, SystemMenuTree } from '../../../../features/tenant/types';
import { daysLeft, formatForServer, periodEnd, validStateOf } from '../../../../features/tenant/validity';
import { DATE_TIME_FORMAT, SUPER_ROLE } from '../../../../shared/constants';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { RANGE_PICKER_DEFAULTS } from '../../../../shared/date';
import { useDict } from '../../../../shared/dict';
import { useRoles } from '../../../../shared/perms';
import { ImageUpload } from '../../../../shared/upload/ImageUpload';
import { passwordRules } from '../../../../shared/validation';
import { MenuGrantTree } from './MenuGrantTree';

interface FormValues extends Omit<CustomerForm, 'validFrom' | 'validTo'> {
  validity?: [Dayjs | null, Dayjs | null] | null;
  subscribe?: boolean;
}

interface CustomerDialogProps {
  /** null: closed; 'new': add; a detail: edit */
  editing: CustomerDetail | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The customer form: basic information, branding, validity and first subscription, main account, systems and menus. */
export function CustomerDialog({ editing, onClose, onSaved }: CustomerDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const isNew = editing === 'new';
  const detail = editing && editing !== 'new' ? editing : null;
  const isPlatformAdmin = useRoles().includes(SUPER_ROLE);
  const statusDict = useDict('sys_normal_disable');
  const systems = useSubsystems(!!editing);
  const packages = usePackages(!!editing && isNew);
  const [saving, setSaving] = useState(false);
  const [trees, setTrees] = useState<Record<number, SystemMenuTree>>({});
  const [loadingTrees, setLoadingTrees] = useState(false);
  const [checked, setChecked] = useState<string[]>([]);
  const [halfChecked, setHalfChecked] = useState<string[]>([]);
  const seeded = useRef(false);
  const previousSystems = useRef<number[]>([]);

  // the chosen ids as a stable array: a new [] each render would re-run every effect below
  const watchedSystems = Form.useWatch('systemIds', form) as number[] | undefined;
  const systemKey = (watchedSystems ?? []).join(',');
  const systemIds = useMemo(() => (systemKey ? systemKey.split(',').map(Number) : []), [systemKey]);
  const validity = Form.useWatch('validity', form);
  const subscribe = Form.useWatch('subscribe', form);
  const packageId = Form.useWatch('packageId', form);

  useEffect(() => {
    if (!editing) return;
    seeded.current = false;
    previousSystems.current = [];
    setTrees({});
    setChecked([]);
    setHalfChecked([]);
    form.resetFields();
    if (detail) {
      form.setFieldsValue({
        code: detail.code,
        name: detail.name,
        shortName: detail.shortName,
        address: detail.address,
        contacts: detail.contacts,
        phone: detail.phone,
        platformName: detail.platformName,
        operators: detail.operators,
        homeRouter: detail.homeRouter,
        logo: detail.logo,
        loginPageLogo: detail.loginPageLogo,
        loginPageBackground: detail.loginPageBackground,
        status: detail.status,
        remark: detail.remark,
        defaultPassword: '',
        validity: [detail.validFrom ? dayjs(detail.validFrom) : null, detail.validTo ? dayjs(detail.validTo) : null],
        systemIds: detail.systemIds,
      });
    } else {
      form.setFieldsValue({ status: '0', subscribe: true, systemIds: [], validity: [dayjs().startOf('day'), null] });
    }
  }, [editing, detail, form]);

  // menu trees of the chosen subsystems, fetched once per subsystem
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded trees are read, not a reason to fetch again
  useEffect(() => {
    if (!editing) return;
    const missing = systemIds.filter((id) => !trees[id]);
    if (!missing.length) return;
    let alive = true;
    setLoadingTrees(true);
    customerApi
      .menuTree(missing)
      .then(({ data }) => {
        if (!alive) return;
        setTrees((current) => ({
          ...current,
          ...Object.fromEntries((data ?? []).map((tree) => [tree.systemId, tree])),
        }));
      })
      .catch(() => undefined)
      .finally(() => {
        if (alive) setLoadingTrees(false);
      });
    return () => {
      alive = false;
    };
  }, [systemIds, editing]);

  const nodes = useMemo<GrantNode[]>(
    () =>
      grantTree(
        systemIds
          .map((id) => trees[id])
          .filter((tree): tree is SystemMenuTree => !!tree)
          .sort((a, b) => systemIds.indexOf(a.systemId) - systemIds.indexOf(b.systemId)),
      ),
    [systemIds, trees],
  );

  // first paint of an edit: the stored menus; afterwards a newly chosen subsystem brings all its menus
  useEffect(() => {
    if (!editing || !systemIds.every((id) => trees[id])) return;
    if (!seeded.current) {
      seeded.current = true;
      previousSystems.current = systemIds;
      setChecked(detail ? checkedLeafKeys(nodes, detail.menuIds) : systemIds.flatMap((id) => leafKeysOf(nodes, id)));
      return;
    }
    const previous = previousSystems.current;
    const added = systemIds.filter((id) => !previous.includes(id));
    const removed = previous.some((id) => !systemIds.includes(id));
    previousSystems.current = systemIds;
    if (!added.length && !removed) return;
    setChecked((current) => [...keepExisting(nodes, current), ...added.flatMap((id) => leafKeysOf(nodes, id))]);
    setHalfChecked((current) => keepExisting(nodes, current));
  }, [editing, nodes, systemIds, trees, detail]);

  const packageRow = packages.data.find((row) => row.packageId === packageId);
  const validFrom = validity?.[0] ?? null;
  const validTo = validity?.[1] ?? null;
  const subscriptionEnd =
    isNew && subscribe && packageRow?.period
      ? periodEnd(validFrom ?? dayjs(), packageRow.period, packageRow.periodCount || 1)
      : null;
  const previewState = validStateOf(validFrom, subscriptionEnd ?? validTo);

  const submit = async () => {
    const values = trimValues(await form.validateFields());
    const { validity: range, subscribe: withPackage, ...rest } = values;
    const body: CustomerForm = {
      ...rest,
      validFrom: formatForServer(range?.[0]),
      validTo: formatForServer(range?.[1]),
      systemIds: values.systemIds ?? [],
      menuIds: menuIdsOf(checked, halfChecked),
      packageId: isNew && withPackage ? values.packageId : undefined,
    };
    if (!isPlatformAdmin) delete body.homeRouter;
    if (!isNew) {
      delete body.mainAccount;
      if (!body.defaultPassword) delete body.defaultPassword;
    }
    setSaving(true);
    try {
      if (detail) await customerApi.update({ ...body, clientId: detail.clientId });
      else await customerApi.add(body);
      message.success(detail ? t('common.updateSuccess') : t('common.addSuccess'));
      onSaved();
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  const label = (key: string) => t(`customerMgmt.fields.${key}`);
  const input = (key: string, rules = [max40(t)]) => (
    <Form.Item name={key} label={label(key)} rules={rules}>
      <Input placeholder={t('common.inputPlaceholder', { label: label(key) })} allowClear />
    </Form.Item>
  );

  return (
    <DraggableDialog
      open={!!editing}
      title={isNew ? t('customerMgmt.addTitle') : t('customerMgmt.editTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => message.warning(t('common.fillRequired')))}
      confirmLoading={saving || loadingTrees}
      testId="customer-dialog"
    >
      <Form<FormValues>
        form={form}
        name="customerForm"
        layout="vertical"
        onFinish={() => void submit()}
        scrollToFirstError
        data-testid="customer-form"
      >
        <Row gutter={24}>
          <Col xs={24} lg={14}>
            <Divider titlePlacement="start" plain>
              {t('customerMgmt.sections.basic')}
            </Divider>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item
                  name="code"
                  label={label('code')}
                  rules={[requiredRule(t, label('code')), max40(t), alnumRule(t)]}
                >
                  <Input autoFocus placeholder={t('common.inputPlaceholder', { label: label('code') })} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="name" label={label('name')} rules={[requiredRule(t, label('name')), max40(t)]}>
                  <Input placeholder={t('common.inputPlaceholder', { label: label('name') })} />
                </Form.Item>
              </Col>
              <Col span={12}>{input('shortName')}</Col>
              <Col span={12}>{input('address')}</Col>
              <Col span={12}>{input('contacts')}</Col>
              <Col span={12}>{input('phone', [phoneRule(t)])}</Col>
              <Col span={12}>{input('platformName')}</Col>
              <Col span={12}>{input('operators')}</Col>
              {isPlatformAdmin && (
                <Col span={24}>
                  <Form.Item
                    name="homeRouter"
                    label={label('homeRouter')}
                    rules={[homeRouterRule(t)]}
                    extra={t('customerMgmt.homeRouterHint')}
                  >
                    <Input placeholder="/web/system/user" allowClear />
                  </Form.Item>
                </Col>
              )}
            </Row>
            <Divider titlePlacement="start" plain>
              {t('customerMgmt.sections.branding')}
            </Divider>
            <Row gutter={16}>
              <Col span={8}>
                <Form.Item name="logo" label={label('logo')}>
                  <ImageUpload limit={1} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="loginPageLogo" label={label('loginPageLogo')}>
                  <ImageUpload limit={1} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="loginPageBackground" label={label('loginPageBackground')}>
                  <ImageUpload limit={1} />
                </Form.Item>
              </Col>
            </Row>
            <Divider titlePlacement="start" plain>
              {t('customerMgmt.sections.validity')}
            </Divider>
            <Row gutter={16}>
              <Col span={24}>
                <Form.Item label={label('validity')} extra={t('customerMgmt.validityHint')} required={false}>
                  <Space wrap>
                    <Form.Item name="validity" noStyle>
                      <DatePicker.RangePicker
                        {...RANGE_PICKER_DEFAULTS}
                        allowEmpty={[true, true]}
                        placeholder={[label('validFrom'), label('validTo')]}
                      />
                    </Form.Item>
                    <ValidityTag state={previewState} daysLeft={daysLeft(subscriptionEnd ?? validTo)} />
                  </Space>
                </Form.Item>
              </Col>
              {isNew && (
                <>
                  <Col span={8}>
                    <Form.Item name="subscribe" label={label('subscribe')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                  </Col>
                  <Col span={16}>
                    <Form.Item
                      name="packageId"
                      label={label('package')}
                      rules={subscribe ? [packageRequiredRule(t)] : []}
                      extra={
                        subscriptionEnd
                          ? t('customerMgmt.subscriptionUntil', { end: subscriptionEnd.format(DATE_TIME_FORMAT) })
                          : undefined
                      }
                    >
                      <Select
                        disabled={!subscribe}
                        allowClear
                        showSearch={{ optionFilterProp: 'label' }}
                        loading={packages.loading}
                        placeholder={t('common.selectPlaceholder', { label: label('package') })}
                        options={packages.data.map((row) => ({
                          value: row.packageId,
                          label: row.packageName,
                          disabled: row.status !== '0',
                        }))}
                        data-testid="customer-package"
                      />
                    </Form.Item>
                  </Col>
                </>
              )}
            </Row>
            <Divider titlePlacement="start" plain>
              {t('customerMgmt.sections.account')}
            </Divider>
            <Row gutter={16}>
              <Col span={12}>
                {isNew ? (
                  <Form.Item
                    name="mainAccount"
                    label={label('mainAccount')}
                    rules={[
                      requiredRule(t, label('mainAccount')),
                      {
                        min: 2,
                        max: 20,
                        message: t('tenantShared.length', { label: label('mainAccount'), min: 2, max: 20 }),
                      },
                    ]}
                  >
                    <Input
                      autoComplete="off"
                      placeholder={t('common.inputPlaceholder', { label: label('mainAccount') })}
                    />
                  </Form.Item>
                ) : (
                  <Form.Item label={label('mainAccount')}>
                    <Typography.Text strong>{detail?.mainAccount ?? '-'}</Typography.Text>
                  </Form.Item>
                )}
              </Col>
              <Col span={12}>
                <Form.Item
                  name="defaultPassword"
                  label={label('defaultPassword')}
                  rules={[...(isNew ? [requiredRule(t, label('defaultPassword'))] : []), ...passwordRules(t).slice(1)]}
                  extra={isNew ? t('customerMgmt.defaultPasswordHint') : t('customerMgmt.defaultPasswordKeep')}
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="status" label={label('status')}>
                  <Radio.Group options={statusDict.map((item) => ({ label: item.dictLabel, value: item.dictValue }))} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="remark" label={t('common.remark')} rules={[{ max: 500 }]}>
                  <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
                </Form.Item>
              </Col>
            </Row>
          </Col>
          <Col xs={24} lg={10}>
            <Divider titlePlacement="start" plain>
              {t('customerMgmt.sections.systems')}
            </Divider>
            <Form.Item name="systemIds" label={label('systems')} extra={t('customerMgmt.systemsHint')}>
              <Checkbox.Group style={{ width: '100%' }} data-testid="customer-systems">
                <Row gutter={[8, 4]}>
                  {systems.data.map((system) => (
                    <Col span={12} key={system.systemId}>
                      <Checkbox
                        value={system.systemId}
                        disabled={system.status !== '0' && !systemIds.includes(system.systemId)}
                      >
                        {system.name}
                        {detail?.subscribedSystemIds.includes(system.systemId) && (
                          <Tag color="blue" style={{ marginLeft: 4 }}>
                            {t('customerMgmt.viaPackage')}
                          </Tag>
                        )}
                      </Checkbox>
                    </Col>
                  ))}
                </Row>
              </Checkbox.Group>
            </Form.Item>
            <Form.Item label={label('menus')}>
              <MenuGrantTree
                nodes={nodes}
                checked={checked}
                loading={loadingTrees}
                onChange={(keys, half) => {
                  setChecked(keys);
                  setHalfChecked(half);
                }}
              />
            </Form.Item>
          </Col>
        </Row>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </DraggableDialog>
  );
}
