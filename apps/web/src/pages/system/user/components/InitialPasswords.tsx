import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DrawnPassword } from '../../../../features/system/user-api';
import { copyText } from '../../../../shared/clipboard';
import { saveBlob } from '../../../../shared/download';

/** Tab-separated lines with a header, as a spreadsheet pastes them. */
export function passwordSheet(rows: DrawnPassword[], header: [string, string, string]): string {
  return [header, ...rows.map((row) => [row.userName, row.nickName, row.password])]
    .map((cells) => cells.join('\t'))
    .join('\n');
}

/**
 * The initial passwords the server drew for new users. They are shown here once and kept
 * nowhere: the creator copies or downloads them and hands each to its user, who must replace
 * it at first sign-in.
 */
export function InitialPasswords({ rows, testId = 'initial-passwords' }: { rows: DrawnPassword[]; testId?: string }) {
  const { t } = useTranslation();
  const header: [string, string, string] = [t('user.userName'), t('user.nickName'), t('user.initialPassword')];
  const sheet = () => passwordSheet(rows, header);
  return (
    <div data-testid={testId}>
      <Alert showIcon type="warning" title={t('user.initialPasswordsOnce')} style={{ marginBottom: 8 }} />
      <Space style={{ marginBottom: 8 }}>
        <Button icon={<CopyOutlined />} onClick={() => void copyText(sheet())} data-testid={`${testId}-copy`}>
          {t('user.copyPasswords')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            saveBlob(
              new Blob([`\uFEFF${sheet()}\n`], { type: 'text/tab-separated-values;charset=utf-8' }),
              `initial_passwords_${Date.now()}.txt`,
            )
          }
          data-testid={`${testId}-download`}
        >
          {t('user.downloadPasswords')}
        </Button>
      </Space>
      <Table<DrawnPassword>
        size="small"
        rowKey="userName"
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        columns={[
          { key: 'userName', dataIndex: 'userName', title: header[0], width: 160, ellipsis: true },
          { key: 'nickName', dataIndex: 'nickName', title: header[1], ellipsis: true },
          {
            key: 'password',
            dataIndex: 'password',
            title: header[2],
            width: 170,
            render: (value: string) => (
              <Typography.Text code copyable={{ text: value }} data-testid="initial-password">
                {value}
              </Typography.Text>
            ),
          },
        ]}
      />
    </div>
  );
}
