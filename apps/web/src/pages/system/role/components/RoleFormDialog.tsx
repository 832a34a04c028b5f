import { App, Col, Form, Input, Row, Spin } from 'antd';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../../app/session';
import { type MenuTreeNode, roleApi, type SysRole } from '../../../../features/system/role-api';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { SubmitOnEnter } from '../../../../shared/SubmitOnEnter';
import { RemarkField, SortField, StatusField } from '../../../../shared/table/fields';
import { required } from '../../components/form-rules';
import { grantedIds, PermTree } from '../../components/PermTree';
import { groupMenusBySystem } from './menu-tree';

const EMPTY: Partial<SysRole> = {
  roleName: '',
  roleKey: '',
  roleSort: 0,
  status: '0',
  menuCheckStrictly: true,
  remark: '',
};

/** Add or edit a role with its menu permissions (tree with linkage, expand/collapse, select all). */
export function RoleFormDialog({
  open,
  roleId,
  onClose,
  onSaved,
}: {
  open: boolean;
  roleId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SysRole>();
  const [menus, setMenus] = useState<MenuTreeNode[]>([]);
  const [checked, setChecked] = useState<Key[]>([]);
  const [linked, setLinked] = useState(true);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const editing = roleId !== undefined;
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    let alive = true;
    form.resetFields();
    setChecked([]);
    setLoading(true);
    (async () => {
      try {
        if (editing) {
          const [role, tree] = await Promise.all([roleApi.get(roleId), roleApi.roleMenuTree(roleId)]);
          if (!alive) return;
          form.setFieldsValue(role.data);
          setMenus(tree.menus ?? []);
          setChecked(tree.checkedKeys ?? []);
          setLinked(role.data.menuCheckStrictly !== false);
        } else {
          const tree = await roleApi.menuTree();
          if (!alive) return;
          setMenus(tree.data ?? []);
          setLinked(true);
        }
      } catch {
        if (alive) close.current();
      } finally {
        if (alive) setLoading(false);
      }
    })();
    return () => {
      alive = false;
    };
  }, [open, editing, roleId, form]);

  const nodes = useMemo(() => {
    const systems = session.get().systems;
    return groupMenusBySystem(menus, (systemId) => {
      const system = systems.find((item) => Number(item.id) === systemId);
      return system?.name ?? t('role.systemN', { id: systemId });
    });
  }, [menus, t]);

  const submit = async () => {
    let values: SysRole;
    try {
      values = await form.validateFields();
    } catch {
      message.warning(t('common.fillRequired'));
      return;
    }
    setSaving(true);
    try {
      const body: SysRole = { ...values, menuIds: grantedIds(nodes, checked, linked), menuCheckStrictly: linked };
      if (editing) await roleApi.update({ ...body, roleId });
      else await roleApi.add(body);
      message.success(editing ? t('common.updateSuccess') : t('common.addSuccess'));
      onSaved();
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <DraggableDialog
      open={open}
      title={editing ? t('role.editTitle') : t('role.addTitle')}
      width={800}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      testId="role-dialog"
    >
      <Spin spinning={loading}>
        <Form<SysRole> form={form} labelCol={{ flex: '110px' }} initialValues={EMPTY} onFinish={() => void submit()}>
          <SubmitOnEnter />
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="roleName"
                label={t('role.roleName')}
                rules={[required(t('role.roleNameRequired')), { min: 2, max: 20, message: t('role.roleNameLength') }]}
              >
                <Input
                  maxLength={20}
                  autoFocus
                  placeholder={t('common.inputPlaceholder', { label: t('role.roleName') })}
                  data-testid="role-name"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="roleKey"
                label={t('role.roleKey')}
                tooltip={t('role.roleKeyTip')}
                rules={[
                  required(t('role.roleKeyRequired')),
                  { min: 2, max: 100, message: t('role.roleKeyLength') },
                  { pattern: /^[A-Za-z0-9_:-]+$/, message: t('role.roleKeyFormat') },
                ]}
              >
                <Input
                  maxLength={100}
                  placeholder={t('common.inputPlaceholder', { label: t('role.roleKey') })}
                  data-testid="role-key"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <SortField name="roleSort" label={t('role.roleSort')} testId="role-sort" />
            </Col>
            <Col xs={24} sm={12}>
              <StatusField />
            </Col>
            <Col span={24}>
              <Form.Item label={t('role.menuPerms')}>
                <PermTree
                  nodes={nodes}
                  checkedKeys={checked}
                  onChange={setChecked}
                  linked={linked}
                  onLinkedChange={setLinked}
                  loading={loading}
                  height={300}
                  testId="role-menu-tree"
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <RemarkField />
            </Col>
          </Row>
        </Form>
      </Spin>
    </DraggableDialog>
  );
}
