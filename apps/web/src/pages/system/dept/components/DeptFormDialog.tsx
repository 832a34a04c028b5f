import { App, Col, Form, Input, Row, Spin, TreeSelect } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deptApi, type SysDept } from '../../../../features/system/dept-api';
import { type Nested, nest } from '../../../../features/system/tree';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { SubmitOnEnter } from '../../../../shared/SubmitOnEnter';
import { SortField, StatusField } from '../../../../shared/table/fields';
import { onlyLettersAndDigits } from '../../../../shared/validation';
import { emailRule, maxLength, phoneRule, required } from '../../components/form-rules';

interface ParentNode {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentNode[];
}

/** Parent choices: a top level, then the departments (disabled ones cannot take children). */
export function deptParentTree(depts: readonly SysDept[], rootTitle: string): ParentNode[] {
  const toNode = (dept: Nested<SysDept>): ParentNode => {
    const children = dept.children ?? [];
    return {
      value: dept.deptId!,
      title: dept.deptName,
      disabled: dept.status === '1',
      children: children.length ? children.map(toNode) : undefined,
    };
  };
  const roots = nest(
    depts,
    (dept) => dept.deptId!,
    (dept) => dept.parentId,
  );
  return [{ value: 0, title: rootTitle, children: roots.map(toNode) }];
}

const EMPTY: Partial<SysDept> = { parentId: 0, orderNum: 0, status: '0' };

/** Add or edit a department; its parent comes from the departments the editor may see. */
export function DeptFormDialog({
  open,
  deptId,
  parentId,
  onClose,
  onSaved,
}: {
  open: boolean;
  deptId?: number;
  parentId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SysDept>();
  const [parents, setParents] = useState<SysDept[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const editing = deptId !== undefined;
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    let alive = true;
    form.resetFields();
    setLoading(true);
    (async () => {
      try {
        if (editing) {
          const [dept, choices] = await Promise.all([deptApi.get(deptId), deptApi.listExclude(deptId)]);
          if (!alive) return;
          setParents(choices.data ?? []);
          form.setFieldsValue(dept.data);
        } else {
          const choices = await deptApi.list();
          if (!alive) return;
          setParents(choices.data ?? []);
          form.setFieldsValue({ ...EMPTY, parentId: parentId ?? 0 } as SysDept);
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
  }, [open, editing, deptId, parentId, form]);

  const tree = useMemo(() => deptParentTree(parents, t('dept.root')), [parents, t]);

  const submit = async () => {
    let values: SysDept;
    try {
      values = await form.validateFields();
    } catch {
      message.warning(t('common.fillRequired'));
      return;
    }
    setSaving(true);
    try {
      if (editing) await deptApi.update({ ...values, deptId });
      else await deptApi.add(values);
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
  return (
    <DraggableDialog
      open={open}
      title={editing ? t('dept.editTitle') : t('dept.addTitle')}
      width={800}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      testId="dept-dialog"
    >
      <Spin spinning={loading}>
        <Form<SysDept> form={form} labelCol={{ flex: '110px' }} initialValues={EMPTY} onFinish={() => void submit()}>
          <SubmitOnEnter />
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item
                name="parentId"
                label={t('dept.parent')}
                rules={[{ required: true, message: t('dept.parentRequired') }]}
              >
                <TreeSelect
                  showSearch
                  treeData={tree}
                  treeDefaultExpandAll
                  treeNodeFilterProp="title"
                  placeholder={t('dept.parent')}
                  data-testid="dept-parent"
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="deptName"
                label={t('dept.deptName')}
                rules={[required(t('dept.deptNameRequired')), maxLength(t, 30)]}
              >
                <Input
                  maxLength={30}
                  autoFocus
                  placeholder={t('common.inputPlaceholder', { label: t('dept.deptName') })}
                  data-testid="dept-name"
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="deptCode" label={t('dept.deptCode')} rules={[onlyLettersAndDigits(t), maxLength(t, 30)]}>
                <Input maxLength={30} placeholder={t('common.inputPlaceholder', { label: t('dept.deptCode') })} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <SortField name="orderNum" />
            </Col>
            <Col {...half}>
              <Form.Item name="leader" label={t('dept.leader')} rules={[maxLength(t, 20)]}>
                <Input maxLength={20} placeholder={t('common.inputPlaceholder', { label: t('dept.leader') })} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="phone" label={t('dept.phone')} rules={[phoneRule(t)]}>
                <Input maxLength={20} placeholder={t('common.inputPlaceholder', { label: t('dept.phone') })} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="email" label={t('dept.email')} rules={[emailRule(t)]}>
                <Input maxLength={50} placeholder={t('common.inputPlaceholder', { label: t('dept.email') })} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <StatusField />
            </Col>
          </Row>
        </Form>
      </Spin>
    </DraggableDialog>
  );
}
