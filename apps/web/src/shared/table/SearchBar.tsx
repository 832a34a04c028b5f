import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, type FormInstance, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RANGE_PICKER_DEFAULTS, rangeParams } from '../date';
import { useDict } from '../dict';
import type { Params } from '../request';

export type SearchField =
  | { type: 'input'; name: string; label: string }
  | {
      type: 'select';
      name: string;
      label: string;
      options?: { label: string; value: string }[];
      dictType?: string;
      /** px; 200 unless told */
      width?: number;
    }
  | { type: 'dateRange'; name: string; label: string }
  /** anything else (a subsystem picker, a cascader): the page renders it, the bar reads its value */
  | { type: 'custom'; name: string; label: string; render: (submit: () => void) => ReactNode };

/**
 * A dropdown of the search bar. Form.Item hands its value and change handler to this, its
 * direct child: they must reach the Select, or the choice shows but never reaches the request.
 */
function SelectField({
  field,
  value,
  onChange,
  id,
}: {
  field: Extract<SearchField, { type: 'select' }>;
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const dict = useDict(field.dictType);
  const options = field.options ?? dict.map((item) => ({ label: item.dictLabel, value: item.dictValue }));
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      placeholder={t('common.selectPlaceholder', { label: field.label })}
      options={options}
      style={{ width: field.width ?? 200 }}
    />
  );
}

/** The search values as a request sends them: trimmed text, no empty values, a date range as params.beginTime/endTime. */
export function readSearch(fields: readonly SearchField[], values: Record<string, unknown>): Params {
  const query: Params = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.type === 'dateRange') {
      const range = rangeParams(value as [Dayjs, Dayjs] | undefined);
      if (range.beginTime) query.params = { ...(query.params as Params | undefined), ...range };
    } else {
      // text counts without its surrounding blanks; blanks alone are no filter
      const kept = typeof value === 'string' ? value.trim() : value;
      if (kept !== undefined && kept !== null && kept !== '') query[field.name] = kept;
    }
  }
  return query;
}

/** The search / reset bar above a table. */
export function SearchBar({
  form,
  fields,
  onSearch,
  onReset,
  initialValues,
}: {
  form: FormInstance;
  fields: readonly SearchField[];
  onSearch: () => void;
  onReset: () => void;
  initialValues?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="inline" className="lx-search-bar" onFinish={onSearch} initialValues={initialValues}>
      {fields.map((field) => (
        <Form.Item key={field.name} name={field.name} label={field.label} style={{ marginBottom: 8 }}>
          {field.type === 'input' ? (
            <Input
              allowClear
              placeholder={t('common.inputPlaceholder', { label: field.label })}
              style={{ width: 200 }}
            />
          ) : field.type === 'select' ? (
            <SelectField field={field} />
          ) : field.type === 'custom' ? (
            field.render(() => form.submit())
          ) : (
            <DatePicker.RangePicker {...RANGE_PICKER_DEFAULTS} style={{ width: 360 }} />
          )}
        </Form.Item>
      ))}
      <Form.Item style={{ marginBottom: 8 }}>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="table-search">
            {t('common.search')}
          </Button>
          <Button icon={<UndoOutlined />} onClick={onReset} data-testid="table-reset">
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
