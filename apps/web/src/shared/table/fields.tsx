import { Form, Input, InputNumber, Radio } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '../dict';

/*
 * The fields every administration form repeats: the normal/disabled status, the display order
 * and the remark, with their rules and messages in the user's language.
 */

export const maxLength = (t: TFunction, max: number): Rule => ({ max, message: t('sysCommon.maxLength', { max }) });

/** Display orders: a positive integer of up to 5 digits (spec §5). */
export const sortRules = (t: TFunction): Rule[] => [
  { required: true, message: t('sysCommon.sortRequired') },
  { type: 'integer', min: 0, max: 99999, message: t('sysCommon.sortInvalid') },
];

/** Status radios: normal / disabled (dictionary sys_normal_disable), or another status dictionary. */
export function StatusField({
  name = 'status',
  label,
  tooltip,
  dict = 'sys_normal_disable',
}: {
  name?: string;
  label?: ReactNode;
  tooltip?: ReactNode;
  dict?: string;
}) {
  const { t } = useTranslation();
  const statuses = useDict(dict);
  return (
    <Form.Item name={name} label={label ?? t('sysCommon.status')} tooltip={tooltip}>
      <Radio.Group options={statuses.map((item) => ({ label: item.dictLabel, value: item.dictValue }))} />
    </Form.Item>
  );
}

/** The display order among siblings: 0 … 99999. */
export function SortField({ name, label, testId }: { name: string; label?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label ?? t('sysCommon.sort')} rules={sortRules(t)}>
      <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} data-testid={testId} />
    </Form.Item>
  );
}

/** A free remark of up to 500 characters. */
export function RemarkField({ rows = [2, 4] }: { rows?: [min: number, max: number] }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="remark" label={t('common.remark')} rules={[maxLength(t, 500)]}>
      <Input.TextArea maxLength={500} autoSize={{ minRows: rows[0], maxRows: rows[1] }} />
    </Form.Item>
  );
}
