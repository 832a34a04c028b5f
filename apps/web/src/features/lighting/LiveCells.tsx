import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag, dictLabel } from '../../shared/DictTag';
import { formatDateTime } from '../../shared/date';
import { useDict } from '../../shared/dict';
import { CommDot, formatValue, LIVE_READINGS, orderedKeys, useValueLabel } from './format';
import { timeOf, useLiveDevice } from './live';
import type { DeviceRow } from './types';

const loadedOf = (row: DeviceRow) => ({ commState: row.commState, values: row.live ?? {}, ts: timeOf(row.dataTs) });
/** Whose pushes a row's values follow: its own, or for a lamp head its controller's. */
const valuesOf = (row: DeviceRow) => row.liveFrom?.deviceId ?? row.deviceId;

/** The online state of a list row, following device.state pushes. */
export function LiveCommCell({ row }: { row: DeviceRow }) {
  const states = useDict('lighting_comm_state');
  const live = useLiveDevice(row.deviceId, loadedOf(row));
  return (
    <Space size={4} data-testid={`comm-${row.uid}`} data-state={live.commState}>
      <CommDot state={live.commState} label={dictLabel(states, live.commState)} />
      <DictTag options={states} value={live.commState} />
    </Space>
  );
}

/** The readings of a list row the thing model marks live (lamp state, dim level, V, A, W …), kept current. */
export function LiveValuesCell({ row, max = 4 }: { row: DeviceRow; max?: number }) {
  const { t } = useTranslation();
  const label = useValueLabel();
  const lampStates = useDict('lighting_lamp_state');
  const breakerStates = useDict('lighting_breaker_state');
  const live = useLiveDevice(valuesOf(row), loadedOf(row));
  // the states are tags; the other live readings follow in the model's order
  const keys = orderedKeys(live.values).filter(
    (key) => LIVE_READINGS.has(key) && key !== 'lampState' && key !== 'breaker',
  );
  const lamp = live.values.lampState;
  const breaker = live.values.breaker;
  if (!keys.length && lamp === undefined && breaker === undefined) return <span style={{ color: '#bfbfbf' }}>-</span>;
  return (
    <span
      className="lt-live"
      data-testid={`live-${row.uid}`}
      title={row.liveFrom ? t('ltDrawer.valuesFrom', { uid: row.liveFrom.uid }) : undefined}
    >
      {lamp !== undefined && (
        <Tag color={lamp === 'ON' ? 'success' : lamp === 'ALARM' ? 'error' : 'default'}>
          {dictLabel(lampStates, lamp)}
        </Tag>
      )}
      {breaker !== undefined && (
        <Tag color={breaker === 'CLOSE' ? 'success' : 'default'}>{dictLabel(breakerStates, breaker)}</Tag>
      )}
      {keys.slice(0, max).map((key) => (
        <span key={key} className="lt-live-item" title={label(key)}>
          <b>{formatValue(key, live.values[key], {}, [t('ltCommon.yes'), t('ltCommon.no')])}</b>
        </span>
      ))}
    </span>
  );
}

/** When the row's newest data arrived, live. */
export function LiveTimeCell({ row }: { row: DeviceRow }) {
  const live = useLiveDevice(valuesOf(row), loadedOf(row));
  return <span>{live.ts ? formatDateTime(live.ts) : '-'}</span>;
}
