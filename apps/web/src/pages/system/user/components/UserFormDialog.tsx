import { App, Col, Form, Input, Row, Select, Spin, TreeSelect } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyedNode } from '../../../../features/system/tree';
import { type PostOption, type RoleOption, type UserForm, userApi } from '../../../../features/system/user-api';
import { DraggableDialog } from '../../../../shared/DraggableDialog';
import { useDict } from '../../../../shared/dict';
import { SubmitOnEnter } from '../../../../shared/SubmitOnEnter';
import { StatusField } from '../../../../shared/table/fields';
import { optionalPasswordRules } from '../../../../shared/validation';
import { emailRule, maxLength, phoneRule, required } from '../../components/form-rules';
import { InitialPasswords } from './InitialPasswords';

export interface UserFormDialogProps {
  open: boolean;
  /** undefined: a new user */
  userId?: number;
  /** preselected department of a new user (the one chosen in the tree) */
  deptId?: number;
  depts: KeyedNode[];
  onClose: () => void;
  onSaved: () => void;
}

const EMPTY: UserForm = { userName: '', nickName: '', sex: '2', status: '0', roleIds: [], postIds: [] };

/** Add or edit a user: account and password only when adding; department, posts, roles (spec §3, §5). */
export function UserFormDialog({ open, userId, deptId, depts, onClose, onSaved }: UserFormDialogProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<UserForm>();
  const sexes = useDict('sys_user_sex');
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [posts, setPosts] = useState<PostOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const editing = userId !== undefined;
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    let alive = true;
    setLoading(true);
    form.resetFields();
    (async () => {
      try {
        if (editing) {
          const res = await userApi.get(userId);
          if (!alive) return;
          setRoles(res.roles ?? []);
          setPosts(res.posts ?? []);
          form.setFieldsValue({ ...EMPTY, ...res.data, roleIds: res.roleIds ?? [], postIds: res.postIds ?? [] });
        } else {
          const res = await userApi.formOptions();
          if (!alive) return;
          setRoles(res.roles ?? []);
          setPosts(res.posts ?? []);
          form.setFieldsValue({ ...EMPTY, deptId: deptId ?? undefined });
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
  }, [open, editing, userId, deptId, form]);

  const submit = async () => {
    let values: UserForm;
    try {
      values = await form.validateFields();
    } catch {
      message.warning(t('common.fillRequired'));
      return;
    }
    setSaving(true);
    try {
      const body = { ...values, deptId: values.deptId ?? undefined };
      if (editing) await userApi.update({ ...body, userId });
      else {
        const added = await userApi.add({ ...body, password: body.password || undefined });
        // a drawn password is shown this once; the creator hands it to the new user
        if (added.data?.password)
          modal.info({
            title: t('user.initialPasswordTitle', { name: body.userName }),
            width: 560,
            okText: t('sysCommon.close'),
            content: (
              <InitialPasswords
                rows={[{ userName: body.userName, nickName: body.nickName, password: added.data.password }]}
                testId="added-password"
              />
            ),
          });
      }
      message.success(editing ? t('common.updateSuccess') : t('common.addSuccess'));
      onSaved();
      onClose();
    } catch {
      // the request layer showed the reason
    } finally {
      setSaving(false);
    }
  };

  const half = { xs: 24, sm: 12 };
  return (
    <DraggableDialog
      open={open}
      title={editing ? t('user.editTitle') : t('user.addTitle')}
      width={800}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      testId="user-dialog"
    >
      <Spin spinning={loading}>
        <Form<UserForm> form={form} labelCol={{ flex: '100px' }} initialValues={EMPTY} onFinish={() => void submit()}>
          <SubmitOnEnter />
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item
                name="nickName"
                label={t('user.nickName')}
                rules={[required(t('user.nickNameRequired')), maxLength(t, 30)]}
              >
                <Input
                  maxLength={30}
                  autoFocus
                  placeholder={t('common.inputPlaceholder', { label: t('user.nickName') })}
                  data-testid="user-nickName"
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="deptId" label={t('user.dept')}>
                <TreeSelect
                  allowClear
                  showSearch
                  treeData={depts}
                  treeDefaultExpandAll
                  treeNodeFilterProp="title"
                  placeholder={t('user.deptPlaceholder')}
                  data-testid="user-dept"
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="phonenumber" label={t('user.phonenumber')} rules={[phoneRule(t)]}>
                <Input maxLength={20} placeholder={t('common.inputPlaceholder', { label: t('user.phonenumber') })} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="email" label={t('user.email')} rules={[emailRule(t)]}>
                <Input maxLength={50} placeholder={t('common.inputPlaceholder', { label: t('user.email') })} />
              </Form.Item>
            </Col>
            {!editing && (
              <>
                <Col {...half}>
                  <Form.Item
                    name="userName"
                    label={t('user.userName')}
                    rules={[
                      required(t('user.userNameRequired')),
                      { min: 2, max: 20, message: t('validation.userNameLength') },
                    ]}
                  >
                    <Input
                      maxLength={20}
                      autoComplete="off"
                      placeholder={t('common.inputPlaceholder', { label: t('user.userName') })}
                      data-testid="user-userName"
                    />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item
                    name="password"
                    label={t('user.password')}
                    rules={optionalPasswordRules(t)}
                    tooltip={t('user.passwordDrawnTip')}
                  >
                    <Input.Password
                      maxLength={20}
                      autoComplete="new-password"
                      placeholder={t('user.passwordDrawnPlaceholder')}
                      data-testid="user-password"
                    />
                  </Form.Item>
                </Col>
              </>
            )}
            <Col {...half}>
              <Form.Item name="sex" label={t('user.sex')}>
                <Select
                  options={sexes.map((item) => ({ label: item.dictLabel, value: item.dictValue }))}
                  placeholder={t('common.selectPlaceholder', { label: t('user.sex') })}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <StatusField />
            </Col>
            <Col {...half}>
              <Form.Item name="postIds" label={t('user.posts')}>
                <Select
                  mode="multiple"
                  allowClear
                  optionFilterProp="label"
                  placeholder={t('common.selectPlaceholder', { label: t('user.posts') })}
                  options={posts.map((post) => ({
                    label: post.postName,
                    value: post.postId,
                    disabled: post.status === '1',
                  }))}
                  data-testid="user-posts"
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="roleIds" label={t('user.roles')}>
                <Select
                  mode="multiple"
                  allowClear
                  optionFilterProp="label"
                  placeholder={t('common.selectPlaceholder', { label: t('user.roles') })}
                  options={roles.map((role) => ({
                    label: role.roleName,
                    value: role.roleId,
                    disabled: role.status === '1' || role.grantable === false,
                  }))}
                  data-testid="user-roles"
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label={t('common.remark')} rules={[maxLength(t, 500)]}>
                <Input.TextArea
                  maxLength={500}
                  autoSize={{ minRows: 2, maxRows: 4 }}
                  placeholder={t('common.inputPlaceholder', { label: t('common.remark') })}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </DraggableDialog>
  );
}
