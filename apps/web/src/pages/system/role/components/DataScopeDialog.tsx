import { App, Form, Input, Select, Spin } from 'antd';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataScope, roleApi, type SysRole } from '../../../../features/system/role-api';
import { type ServerTreeNode, toKeyedNodes } from '../../../../features/system/tree';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { useDict } from '../../../../shared/dict';
import { grantedIds, PermTree } from '../../components/PermTree';

export const CUSTOM_SCOPE: DataScope = '2';

/** The five data scopes (all, custom, own department, own department and below, self); custom picks departments. */
export function DataScopeDialog({
  role,
  onClose,
  onSaved,
}: {
  role: Pick<SysRole, 'roleId' | 'roleName' | 'roleKey' | 'dataScope'> | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const scopes = useDict('sys_data_scope');
  const [form] = Form.useForm<{ roleName: string; roleKey: string; dataScope: DataScope }>();
  const dataScope = Form.useWatch('dataScope', form);
  const [depts, setDepts] = useState<ServerTreeNode[]>([]);
  const [checked, setChecked] = useState<Key[]>([]);
  const [linked, setLinked] = useState(true);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!role?.roleId) return;
    let alive = true;
    form.setFieldsValue({ roleName: role.roleName, roleKey: role.roleKey, dataScope: role.dataScope ?? '1' });
    setChecked([]);
    setLoading(true);
    roleApi
      .deptTree(role.roleId)
      .then((res) => {
        if (!alive) return;
        setDepts(res.depts ?? []);
        setChecked(res.checkedKeys ?? []);
        setLinked(res.deptCheckStrictly !== false);
      })
      .catch(() => alive && close.current())
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [role, form]);

  const nodes = useMemo(() => toKeyedNodes(depts), [depts]);

  const submit = async () => {
    if (!role?.roleId) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const deptIds = values.dataScope === CUSTOM_SCOPE ? grantedIds(nodes, checked, linked, false) : [];
    if (values.dataScope === CUSTOM_SCOPE && !deptIds.length) {
      message.warning(t('role.chooseDepts'));
      return;
    }
    setSaving(true);
    try {
      await roleApi.dataScope({
        roleId: role.roleId,
        dataScope: values.dataScope,
        deptIds,
        deptCheckStrictly: linked,
      });
      message.success(t('role.dataScopeSaved'));
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
      open={!!role}
      title={t('role.dataScopeTitle')}
      width={800}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      testId="data-scope-dialog"
    >
      <Spin spinning={loading}>
        <Form form={form} labelCol={{ flex: '110px' }}>
          <Form.Item name="roleName" label={t('role.roleName')}>
            <Input disabled />
          </Form.Item>
          <Form.Item name="roleKey" label={t('role.roleKey')}>
            <Input disabled />
          </Form.Item>
          <Form.Item
            name="dataScope"
            label={t('role.dataScope')}
            rules={[{ required: true }]}
            extra={<span data-testid="data-scope-help">{t(`role.scopeHelp.${dataScope ?? '1'}`)}</span>}
          >
            <Select
              options={scopes.map((item) => ({ label: item.dictLabel, value: item.dictValue }))}
              data-testid="data-scope-select"
            />
          </Form.Item>
          {dataScope === CUSTOM_SCOPE && (
            <Form.Item label={t('role.dataPerms')} required>
              <PermTree
                nodes={nodes}
                checkedKeys={checked}
                onChange={setChecked}
                linked={linked}
                onLinkedChange={setLinked}
                loading={loading}
                height={280}
                expandAll
                testId="data-scope-tree"
              />
            </Form.Item>
          )}
        </Form>
      </Spin>
    </DraggableDialog>
  );
}
