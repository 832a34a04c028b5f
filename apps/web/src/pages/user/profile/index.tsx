import { UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Tabs, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../app/session';
import type { UserInfo } from '../../../features/auth/types';
import { PasswordFields, type PasswordValues } from '../../../features/system/PasswordFields';
import { profileApi } from '../../../features/system/profile-api';
import { DictTag } from '../../../shared/DictTag';
import { formatDateTime } from '../../../shared/date';
import { useDict } from '../../../shared/dict';
import { storage } from '../../../shared/storage';
import { AvatarDialog } from './AvatarDialog';

/** Personal centre: basic info, change password, change avatar. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const sexes = useDict('sys_user_sex');
  const [user, setUser] = useState<UserInfo | null>(null);
  const [roleGroup, setRoleGroup] = useState('');
  const [postGroup, setPostGroup] = useState('');
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [infoForm] = Form.useForm<UserInfo>();
  const [pwdForm] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const res = await profileApi.get();
    setUser(res.data);
    setRoleGroup(res.roleGroup ?? '');
    setPostGroup(res.postGroup ?? '');
    infoForm.setFieldsValue(res.data);
  }, [infoForm]);

  useEffect(() => {
    load().catch(() => undefined);
  }, [load]);

  const saveInfo = async (values: UserInfo) => {
    setSaving(true);
    try {
      await profileApi.update({
        nickName: values.nickName,
        phonenumber: values.phonenumber,
        email: values.email,
        sex: values.sex,
      });
      message.success(t('common.updateSuccess'));
      const current = session.get().user;
      if (current) {
        const next = { ...current, nickName: values.nickName };
        storage.setJson(storage.keys.userInfo, next);
        session.set({ user: next });
      }
      await load();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  const savePassword = async (values: PasswordValues) => {
    setSaving(true);
    try {
      await profileApi.updatePwd(values.oldPassword, values.newPassword);
      message.success(t('common.updateSuccess'));
      pwdForm.resetFields();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <Row gutter={16} data-testid="profile-page">
      <Col xs={24} lg={8} style={{ marginBottom: 16 }}>
        <Card title={t('profile.personalInfo')}>
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            <Tooltip title={t('profile.changeAvatar')}>
              <Avatar
                size={110}
                src={user?.avatar || undefined}
                icon={<UserOutlined />}
                style={{ cursor: 'pointer' }}
                onClick={() => setAvatarOpen(true)}
                data-testid="profile-avatar"
              />
            </Tooltip>
          </div>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('profile.account')}>{user?.userName}</Descriptions.Item>
            <Descriptions.Item label={t('profile.mobile')}>{user?.phonenumber}</Descriptions.Item>
            <Descriptions.Item label={t('profile.mail')}>{user?.email}</Descriptions.Item>
            <Descriptions.Item label={t('profile.department')}>
              {user?.dept?.deptName}
              {postGroup ? ` / ${postGroup}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.role')}>{roleGroup}</Descriptions.Item>
            <Descriptions.Item label={t('profile.gender')}>
              <DictTag options={sexes} value={user?.sex} />
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.createDate')}>{formatDateTime(user?.createTime)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card title={t('profile.basicInfo')}>
          <Tabs
            items={[
              {
                key: 'info',
                label: t('profile.basicInfo'),
                children: (
                  <Form<UserInfo>
                    form={infoForm}
                    labelCol={{ flex: '110px' }}
                    onFinish={saveInfo}
                    style={{ maxWidth: 560 }}
                  >
                    <Form.Item
                      name="nickName"
                      label={t('profile.name')}
                      rules={[{ required: true, whitespace: true, message: t('profile.nameRequired') }]}
                    >
                      <Input maxLength={30} />
                    </Form.Item>
                    <Form.Item
                      name="phonenumber"
                      label={t('profile.mobile')}
                      rules={[
                        { required: true, message: t('profile.mobileRequired') },
                        { pattern: /^1[3-9]\d{9}$|^\+?\d{6,15}$/, message: t('profile.mobileInvalid') },
                      ]}
                    >
                      <Input maxLength={16} />
                    </Form.Item>
                    <Form.Item
                      name="email"
                      label={t('profile.mail')}
                      rules={[
                        { required: true, message: t('profile.mailRequired') },
                        { type: 'email', message: t('profile.mailInvalid') },
                      ]}
                    >
                      <Input maxLength={50} />
                    </Form.Item>
                    <Form.Item name="sex" label={t('profile.gender')}>
                      <Radio.Group options={sexes.map((item) => ({ label: item.dictLabel, value: item.dictValue }))} />
                    </Form.Item>
                    <Form.Item label=" " colon={false}>
                      <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
                        {t('common.save')}
                      </Button>
                    </Form.Item>
                  </Form>
                ),
              },
              {
                key: 'password',
                label: t('profile.changePassword'),
                children: (
                  <Form<PasswordValues>
                    form={pwdForm}
                    labelCol={{ flex: '130px' }}
                    onFinish={savePassword}
                    style={{ maxWidth: 560 }}
                  >
                    <PasswordFields testIdPrefix="pwd" />
                    <Form.Item label=" " colon={false}>
                      <Button type="primary" htmlType="submit" loading={saving} data-testid="pwd-save">
                        {t('common.save')}
                      </Button>
                    </Form.Item>
                  </Form>
                ),
              },
            ]}
          />
        </Card>
      </Col>
      <AvatarDialog
        open={avatarOpen}
        current={user?.avatar}
        onClose={() => setAvatarOpen(false)}
        onChanged={(url) => setUser((value) => (value ? { ...value, avatar: url } : value))}
      />
    </Row>
  );
}
