import { App, Col, Form, Input, Radio, Row, Select, Spin, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../../app/session';
import { type MenuType, menuApi, type SysMenu } from '../../../../features/system/menu-api';
import { type Nested, nest } from '../../../../features/system/tree';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { useDict } from '../../../../shared/dict';
import { SubmitOnEnter } from '../../../../shared/SubmitOnEnter';
import { RemarkField, SortField } from '../../../../shared/table/fields';
import { maxLength, required } from '../../components/form-rules';
import { IconPicker } from './IconPicker';

export const EXTERNAL_LINK = /^https?:\/\/\S+$/i;

/**
 * Spec §5: an external-link route must start with http:// or https://. The link flag is read
 * when the rule runs (not when the form last rendered), so a quick submit cannot slip past it.
 */
export const pathRules = (t: TFunction, menuType: MenuType | undefined): Rule[] =>
  menuType === 'F'
    ? []
    : [
        required(t('menu.pathRequired')),
        maxLength(t, 200),
        ({ getFieldValue }) => ({
          validator: (_, value: string | undefined) =>
            getFieldValue('isFrame') === '0' && value && !EXTERNAL_LINK.test(value.trim())
              ? Promise.reject(new Error(t('menu.externalLink')))
              : Promise.resolve(),
        }),
      ];

interface ParentNode {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentNode[];
}

/** Parent choices: catalogues and menus (never buttons), the edited menu and its subtree disabled. */
export function parentTree(menus: readonly SysMenu[], rootTitle: string, selfId?: number): ParentNode[] {
  const candidates = menus.filter((menu) => menu.menuType !== 'F');
  const toNode = (menu: Nested<SysMenu>, disabled: boolean): ParentNode => {
    const off = disabled || menu.menuId === selfId;
    const children = menu.children ?? [];
    return {
      value: menu.menuId!,
      title: menu.title || menu.menuName,
      disabled: off,
      children: children.length ? children.map((child) => toNode(child, off)) : undefined,
    };
  };
  const roots = nest(
    candidates,
    (menu) => menu.menuId!,
    (menu) => menu.parentId,
  );
  return [{ value: 0, title: rootTitle, children: roots.map((menu) => toNode(menu, false)) }];
}

export interface MenuFormDialogProps {
  open: boolean;
  menuId?: number;
  /** a new menu under this parent */
  parentId?: number;
  systemId: number;
  menus: SysMenu[];
  onClose: () => void;
  onSaved: () => void;
}

const EMPTY: Partial<SysMenu> = {
  parentId: 0,
  menuType: 'M',
  orderNum: 0,
  isFrame: '1',
  isCache: '0',
  visible: '0',
  status: '0',
  icon: '',
};

/** Add or edit a menu: the fields follow the type (M catalogue, C menu, F button). */
export function MenuFormDialog({ open, menuId, parentId, systemId, menus, onClose, onSaved }: MenuFormDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SysMenu>();
  const menuType = Form.useWatch('menuType', form) as MenuType | undefined;
  const isFrame = Form.useWatch('isFrame', form) as string | undefined;
  const chosenParent = Form.useWatch('parentId', form) as number | undefined;
  const showHide = useDict('sys_show_hide');
  const statuses = useDict('sys_normal_disable');
  const systems = session.get().systems;
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const editing = menuId !== undefined;
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    let alive = true;
    form.resetFields();
    if (!editing) {
      const parent = menus.find((menu) => menu.menuId === parentId);
      form.setFieldsValue({
        ...EMPTY,
        systemId,
        parentId: parentId ?? 0,
        menuType: parent?.menuType === 'C' ? 'F' : parent ? 'C' : 'M',
      } as SysMenu);
      return;
    }
    setLoading(true);
    menuApi
      .get(menuId)
      .then((res) => alive && form.setFieldsValue(res.data))
      .catch(() => alive && close.current())
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [open, editing, menuId, parentId, systemId, menus, form]);

  const parents = useMemo(() => parentTree(menus, t('menu.root'), menuId), [menus, t, menuId]);
  const icons = useMemo(() => menus.map((menu) => menu.icon), [menus]);

  const submit = async () => {
    let values: SysMenu;
    try {
      values = await form.validateFields();
    } catch {
      message.warning(t('common.fillRequired'));
      return;
    }
    setSaving(true);
    try {
      const body: Partial<SysMenu> = { ...EMPTY, ...values, icon: values.icon || '#' };
      if (body.parentId !== 0) delete body.systemId;
      if (editing) await menuApi.update({ ...body, menuId });
      else await menuApi.add(body);
      message.success(editing ? t('common.updateSuccess') : t('common.addSuccess'));
      onSaved();
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  const half = { xs: 24, sm: 12 };
  const radio = (options: { label: string; value: string }[]) => <Radio.Group options={options} />;
  return (
    <DraggableDialog
      open={open}
      title={editing ? t('menu.editTitle') : t('menu.addTitle')}
      width={800}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      testId="menu-dialog"
    >
      <Spin spinning={loading}>
        <Form<SysMenu> form={form} labelCol={{ flex: '120px' }} initialValues={EMPTY} onFinish={() => void submit()}>
          <SubmitOnEnter />
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item
                name="parentId"
                label={t('menu.parent')}
                rules={[{ required: true, message: t('menu.parentRequired') }]}
              >
                <TreeSelect
                  showSearch
                  treeData={parents}
                  treeDefaultExpandedKeys={[0]}
                  treeNodeFilterProp="title"
                  placeholder={t('menu.parent')}
                  data-testid="menu-parent"
                />
              </Form.Item>
            </Col>
            {chosenParent === 0 && (
              <Col span={24}>
                <Form.Item
                  name="systemId"
                  label={t('menu.system')}
                  rules={[{ required: true, message: t('menu.systemRequired') }]}
                >
                  <Select
                    showSearch
                    optionFilterProp="label"
                    options={systems.map((system) => ({ label: system.name, value: Number(system.id) }))}
                  />
                </Form.Item>
              </Col>
            )}
            <Col span={24}>
              <Form.Item name="menuType" label={t('menu.menuType')}>
                <Radio.Group
                  options={[
                    { label: t('menu.types.M'), value: 'M' },
                    { label: t('menu.types.C'), value: 'C' },
                    { label: t('menu.types.F'), value: 'F' },
                  ]}
                  data-testid="menu-type"
                />
              </Form.Item>
            </Col>
            {menuType !== 'F' && (
              <Col span={24}>
                <Form.Item name="icon" label={t('menu.icon')}>
                  <IconPicker inUse={icons} />
                </Form.Item>
              </Col>
            )}
            <Col {...half}>
              <Form.Item
                name="menuName"
                label={t('menu.menuName')}
                rules={[required(t('menu.menuNameRequired')), maxLength(t, 50)]}
              >
                <Input
                  maxLength={50}
                  autoFocus
                  data-testid="menu-name"
                  placeholder={t('common.inputPlaceholder', { label: t('menu.menuName') })}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="menuNameEn" label={t('menu.menuNameEn')} rules={[maxLength(t, 100)]}>
                <Input maxLength={100} placeholder={t('common.inputPlaceholder', { label: t('menu.menuNameEn') })} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <SortField name="orderNum" />
            </Col>
            {menuType !== 'F' && (
              <Col {...half}>
                <Form.Item name="isFrame" label={t('menu.isFrame')} tooltip={t('menu.isFrameTip')}>
                  {radio([
                    { label: t('sysCommon.yes'), value: '0' },
                    { label: t('sysCommon.no'), value: '1' },
                  ])}
                </Form.Item>
              </Col>
            )}
            {menuType !== 'F' && (
              <Col {...half}>
                <Form.Item
                  name="path"
                  label={t('menu.path')}
                  tooltip={isFrame === '0' ? t('menu.pathTipLink') : t('menu.pathTip')}
                  dependencies={['isFrame']}
                  rules={pathRules(t, menuType)}
                >
                  <Input
                    maxLength={200}
                    data-testid="menu-path"
                    placeholder={isFrame === '0' ? 'https://' : t('common.inputPlaceholder', { label: t('menu.path') })}
                  />
                </Form.Item>
              </Col>
            )}
            {menuType === 'C' && (
              <Col {...half}>
                <Form.Item
                  name="component"
                  label={t('menu.component')}
                  tooltip={t('menu.componentTip')}
                  rules={[maxLength(t, 255)]}
                >
                  <Input maxLength={255} placeholder="system/user/index" data-testid="menu-component" />
                </Form.Item>
              </Col>
            )}
            {menuType !== 'M' && (
              <Col {...half}>
                <Form.Item
                  name="perms"
                  label={t('menu.perms')}
                  tooltip={t('menu.permsTip')}
                  rules={[maxLength(t, 100)]}
                >
                  <Input maxLength={100} placeholder="system:user:list" data-testid="menu-perms" />
                </Form.Item>
              </Col>
            )}
            {menuType === 'C' && (
              <Col {...half}>
                <Form.Item
                  name="query"
                  label={t('menu.query')}
                  tooltip={t('menu.queryTip')}
                  rules={[maxLength(t, 255)]}
                >
                  <Input maxLength={255} placeholder='{"id": 1}' />
                </Form.Item>
              </Col>
            )}
            {menuType === 'C' && (
              <Col {...half}>
                <Form.Item
                  name="routeName"
                  label={t('menu.routeName')}
                  tooltip={t('menu.routeNameTip')}
                  rules={[maxLength(t, 50)]}
                >
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
            )}
            {menuType === 'C' && (
              <Col {...half}>
                <Form.Item name="isCache" label={t('menu.isCache')} tooltip={t('menu.isCacheTip')}>
                  {radio([
                    { label: t('menu.cache'), value: '0' },
                    { label: t('menu.noCache'), value: '1' },
                  ])}
                </Form.Item>
              </Col>
            )}
            {menuType !== 'F' && (
              <Col {...half}>
                <Form.Item name="visible" label={t('menu.visible')} tooltip={t('menu.visibleTip')}>
                  {radio(showHide.map((item) => ({ label: item.dictLabel, value: item.dictValue })))}
                </Form.Item>
              </Col>
            )}
            <Col {...half}>
              <Form.Item name="status" label={t('menu.status')} tooltip={t('menu.statusTip')}>
                {radio(statuses.map((item) => ({ label: item.dictLabel, value: item.dictValue })))}
              </Form.Item>
            </Col>
            <Col span={24}>
              <RemarkField rows={[1, 3]} />
            </Col>
          </Row>
        </Form>
      </Spin>
    </DraggableDialog>
  );
}
