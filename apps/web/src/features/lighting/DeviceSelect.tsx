import { Select, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceApi } from './api';
import type { DeviceRef, DeviceRow, DeviceType } from './types';

export interface DeviceOption {
  value: number;
  label: string;
  device: Pick<DeviceRow, 'deviceId' | 'uid' | 'name' | 'deviceType'>;
}

export const deviceLabel = (device: Pick<DeviceRef, 'uid' | 'name'>) =>
  device.name && device.name !== device.uid ? `${device.name} (${device.uid})` : device.uid;

const toOption = (device: DeviceOption['device']): DeviceOption => ({
  value: device.deviceId,
  label: deviceLabel(device),
  device,
});

interface CommonProps {
  /** set by Form.Item, so that its label points here */
  id?: string;
  /** device types offered; all when empty */
  types?: readonly DeviceType[];
  /** only children of this device */
  parentId?: number | null;
  /** devices already chosen, so their labels show before any search */
  known?: readonly DeviceRef[];
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: React.CSSProperties;
  testId?: string;
  onPicked?: (devices: DeviceOption['device'][]) => void;
}

type Props = CommonProps &
  (
    | { mode?: undefined; value?: number | null; onChange?: (value: number | null) => void }
    | { mode: 'multiple'; value?: number[]; onChange?: (value: number[]) => void }
  );

/** Picks devices of the current project by UID or name prefix, searched on the server. */
export function DeviceSelect(props: Props) {
  const { t } = useTranslation();
  const { id, types, parentId, known, placeholder, disabled, allowClear = true, style, testId, onPicked } = props;
  const [options, setOptions] = useState<DeviceOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [keyword, setKeyword] = useState('');
  const sequence = useRef(0);
  const typeKey = (types ?? []).join(',');

  useEffect(() => {
    const request = ++sequence.current;
    if (disabled) return;
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const res = await deviceApi.list({
          deviceTypes: typeKey || undefined,
          parentId: parentId ?? undefined,
          keyword: keyword.trim() || undefined,
          pageSize: 30,
        });
        if (request === sequence.current) setOptions(res.rows.map(toOption));
      } catch {
        if (request === sequence.current) setOptions([]);
      } finally {
        if (request === sequence.current) setLoading(false);
      }
    }, 250);
    return () => clearTimeout(timer);
  }, [keyword, typeKey, parentId, disabled]);

  const merged = useMemo(() => {
    const byId = new Map<number, DeviceOption>();
    for (const device of known ?? []) byId.set(device.deviceId, toOption(device));
    for (const option of options) byId.set(option.value, option);
    return [...byId.values()];
  }, [known, options]);

  const report = (ids: number[]) => {
    onPicked?.(merged.filter((option) => ids.includes(option.value)).map((option) => option.device));
  };

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear={allowClear}
      mode={props.mode}
      value={props.value ?? undefined}
      onChange={(value: number | number[] | undefined) => {
        if (props.mode === 'multiple') {
          const list = (value as number[] | undefined) ?? [];
          props.onChange?.(list);
          report(list);
        } else {
          const one = (value as number | undefined) ?? null;
          props.onChange?.(one);
          report(one === null ? [] : [one]);
        }
      }}
      onOpenChange={(open) => {
        if (!open) setKeyword('');
      }}
      options={merged}
      placeholder={placeholder ?? t('ltCommon.deviceSearch')}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      disabled={disabled}
      style={{ width: '100%', ...style }}
      maxTagCount="responsive"
      data-testid={testId}
    />
  );
}
