import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The server's API documentation. */
const DOC_URL = '/doc.html';

/** API docs (tool/swagger): the server's /doc.html embedded in the main area, or opened in a new tab. */
export function SwaggerPage() {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  return (
    <div data-testid="swagger-page" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div className="lx-toolbar" style={{ marginBottom: 0 }}>
        <Typography.Text type="secondary">{t('swagger.hint')}</Typography.Text>
        <Space>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              setLoading(true);
              setVersion((value) => value + 1);
            }}
          >
            {t('table.refresh')}
          </Button>
          <Button
            type="primary"
            ghost
            icon={<ExportOutlined />}
            href={DOC_URL}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="swagger-open"
          >
            {t('swagger.openInNewTab')}
          </Button>
        </Space>
      </div>
      <Spin spinning={loading} description={t('common.pageLoading')}>
        <iframe
          key={version}
          title={t('swagger.title')}
          src={DOC_URL}
          onLoad={() => setLoading(false)}
          data-testid="swagger-frame"
          style={{
            width: '100%',
            height: 'calc(100vh - 170px)',
            minHeight: 480,
            border: '1px solid #f0f0f0',
            borderRadius: 4,
            background: '#fff',
            display: 'block',
          }}
        />
      </Spin>
    </div>
  );
}
