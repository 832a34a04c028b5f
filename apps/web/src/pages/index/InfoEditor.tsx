import { EditOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Col, Descriptions, Empty, Result, Row, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../app/session';
import { DeviceFigureCards } from '../../features/tenant/components/DeviceFigureCards';
import { ValidityTag } from '../../features/tenant/components/StateTag';
import { formatPoint } from '../../features/tenant/geo';
import { readDeviceFigures } from '../../features/tenant/home-figures';
import { useHomeSummary } from '../../features/tenant/use-home-summary';
import { useHasPermi } from '../../shared/perms';
import { useStore } from '../../shared/store';
import { PresentationDialog } from './components/PresentationDialog';

/**
 * Info editor home ('InfoEditor'): a dialog to edit how the current customer and project present
 * themselves opens with the page; behind it, what they show now and the project's figures.
 */
export function InfoEditorPage() {
  const { t } = useTranslation();
  const customer = useStore(session, (state) => state.currentCustomer);
  const project = useStore(session, (state) => state.currentProject);
  const canEdit = useHasPermi(['sysclient:customerConfig:edit', 'sysclient:project:edit']);
  const [open, setOpen] = useState(canEdit);
  const { summary, reload } = useHomeSummary();
  const figures = useMemo(() => readDeviceFigures(summary?.figures), [summary]);

  const info = summary?.customer;
  const place = summary?.project;

  return (
    <div data-testid="home-info-editor">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card
            title={t('homeInfoEditor.customerCard')}
            extra={
              canEdit && (
                <Button
                  type="primary"
                  icon={<EditOutlined />}
                  onClick={() => setOpen(true)}
                  data-testid="info-editor-open"
                >
                  {t('homeInfoEditor.edit')}
                </Button>
              )
            }
            style={{ height: '100%' }}
          >
            {info ? (
              <Space align="start" size="large">
                <Avatar shape="square" size={64} src={info.logo || undefined}>
                  {info.name.slice(0, 1)}
                </Avatar>
                <div>
                  <Typography.Title level={4} style={{ marginTop: 0 }}>
                    {info.platformName || info.name}
                  </Typography.Title>
                  <Typography.Text type="secondary">{info.name}</Typography.Text>
                  <div style={{ marginTop: 8 }}>
                    <ValidityTag state={info.validState} daysLeft={info.daysLeft} />
                  </div>
                </div>
              </Space>
            ) : (
              <Empty description={customer?.name ?? t('tenantShared.chooseCustomerFirst')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('homeInfoEditor.projectCard')} style={{ height: '100%' }}>
            {place ? (
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'name', label: t('projectMgmt.fields.projectName'), children: place.projectName },
                  { key: 'city', label: t('projectMgmt.fields.city'), children: place.city || '-' },
                  { key: 'address', label: t('projectMgmt.fields.address'), children: place.address || '-' },
                  {
                    key: 'location',
                    label: t('projectMgmt.fields.location'),
                    children: (
                      <span>
                        <EnvironmentOutlined /> {formatPoint(place)}
                      </span>
                    ),
                  },
                  {
                    key: 'zone',
                    label: t('projectMgmt.fields.timeZone'),
                    children: `UTC${place.timeZone} · ${place.ianaTimeZone}`,
                  },
                ]}
              />
            ) : (
              <Empty description={project?.name ?? t('navbar.noProject')} />
            )}
          </Card>
        </Col>
        <Col span={24}>
          <DeviceFigureCards figures={figures} />
        </Col>
        {!canEdit && (
          <Col span={24}>
            <Result status="info" title={t('homeInfoEditor.readOnly')} />
          </Col>
        )}
      </Row>
      <PresentationDialog
        open={open}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          reload();
        }}
      />
    </div>
  );
}
