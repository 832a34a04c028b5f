import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractText } from './StrategyFields';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The time bands of a virtual dimming plan: start, end (a band may run past midnight) and the power cap. */
export function BandsTable() {
  const { t } = useTranslation();
  const timeRules = [
    { required: true, message: contractText('strategy.timeOffset.empty') },
    { pattern: HHMM, message: 'HH:mm' },
  ];
  return (
    <Form.List name="bands">
      {(fields, { add, remove }) => (
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            data-testid="virtual-bands"
            columns={[
              { key: 'n', title: '#', width: 36, render: (_: unknown, __: unknown, i: number) => i + 1 },
              {
                key: 'start',
                title: t('ltVirtual.start'),
                render: (_: unknown, f: (typeof fields)[number]) => (
                  <Form.Item name={[f.name, 'start']} rules={timeRules} style={{ margin: 0 }}>
                    <Input placeholder="HH:mm" style={{ width: 90 }} data-testid={`band-${f.name}-start`} />
                  </Form.Item>
                ),
              },
              {
                key: 'end',
                title: t('ltVirtual.end'),
                render: (_: unknown, f: (typeof fields)[number]) => (
                  <Form.Item name={[f.name, 'end']} rules={timeRules} style={{ margin: 0 }}>
                    <Input placeholder="HH:mm" style={{ width: 90 }} data-testid={`band-${f.name}-end`} />
                  </Form.Item>
                ),
              },
              {
                key: 'cap',
                title: t('ltVirtual.cap'),
                render: (_: unknown, f: (typeof fields)[number]) => (
                  <Form.Item
                    name={[f.name, 'cap']}
                    rules={[
                      { required: true, type: 'number', min: 0, max: 100, message: contractText('strategy.dim.level') },
                    ]}
                    style={{ margin: 0 }}
                  >
                    <InputNumber min={0} max={100} style={{ width: 90 }} data-testid={`band-${f.name}-cap`} />
                  </Form.Item>
                ),
              },
              {
                key: 'remove',
                width: 40,
                render: (_: unknown, f: (typeof fields)[number]) => (
                  <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(f.name)} />
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            onClick={() => add({ start: '', end: '', cap: 80 })}
            data-testid="virtual-add-band"
          >
            {t('ltVirtual.addBand')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
