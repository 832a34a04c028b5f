import { COUNTED_DEVICE_TYPES, LAMP_DEVICE_TYPE } from '@luxgrid/contracts/lighting';

/**
 * Device, alarm and energy figures of the home pages. The server answers them under
 * `figures.<group>` from providers the device areas register (registerHomeFigures); a group
 * that is not registered (yet) is simply absent, and the home pages then say so instead of
 * showing zeros. Expected groups:
 *   figures.devices = { total, lamps, online, offline, faults, onlineRate? (0–1 or 0–100) }
 *   figures.alarms  = { open, unacknowledged, today }
 *   figures.energy  = { todayKwh, monthKwh, trend: [{ date: 'yyyy-MM-dd', kwh }] }
 */
export interface DeviceFigures {
  devices: number | null;
  lamps: number | null;
  online: number | null;
  offline: number | null;
  /** percent 0–100, one decimal */
  onlineRate: number | null;
  faults: number | null;
  activeAlarms: number | null;
  unacknowledgedAlarms: number | null;
  alarmsToday: number | null;
  energyToday: number | null;
  energyMonth: number | null;
  energyTrend: { date: string; kwh: number }[];
  /** at least one figure is known */
  present: boolean;
}

type Bag = Record<string, unknown>;

const asBag = (value: unknown): Bag =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Bag) : {};

function num(...candidates: unknown[]): number | null {
  for (const value of candidates) {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  }
  return null;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function readDeviceFigures(figures: unknown): DeviceFigures {
  const all = asBag(figures);
  const devices = { ...asBag(all.lighting), ...asBag(all.devices) };
  const byType = asBag(devices.byType);
  const alarms = asBag(all.alarms);
  const energy = asBag(all.energy);

  const total = num(devices.total, devices.devices, devices.count);
  const online = num(devices.online, devices.onlineCount);
  const offline = num(devices.offline, devices.offlineCount, total !== null && online !== null ? total - online : null);
  let onlineRate = num(devices.onlineRate, devices.onlineRatio);
  // a ratio (0–1) or a percentage (0–100)
  if (onlineRate !== null && onlineRate <= 1) onlineRate *= 100;
  if (onlineRate === null && online !== null) {
    const base = total ?? (offline !== null ? online + offline : null);
    onlineRate = base ? (online / base) * 100 : null;
  }

  const trendSource = Array.isArray(energy.trend) ? energy.trend : Array.isArray(energy.daily) ? energy.daily : [];
  const energyTrend = trendSource
    .map((item) => {
      const bag = asBag(item);
      const kwh = num(bag.kwh, bag.value, bag.energy);
      return typeof bag.date === 'string' && kwh !== null ? { date: bag.date, kwh } : null;
    })
    .filter((item): item is { date: string; kwh: number } => item !== null);

  const result: DeviceFigures = {
    devices: total,
    lamps: num(devices.lamps, devices.lampCount, devices.lights, byType.LIGHT),
    online,
    offline,
    onlineRate: onlineRate === null ? null : round1(Math.min(100, Math.max(0, onlineRate))),
    faults: num(devices.faults, devices.fault, devices.broken, devices.faultCount),
    activeAlarms: num(alarms.active, alarms.unrecovered, alarms.open, alarms.total),
    unacknowledgedAlarms: num(alarms.unacknowledged),
    alarmsToday: num(alarms.today),
    energyToday: num(energy.todayKwh, energy.today),
    energyMonth: num(energy.monthKwh, energy.month),
    energyTrend,
    present: false,
  };
  result.present =
    [
      result.devices,
      result.lamps,
      result.online,
      result.faults,
      result.activeAlarms,
      result.energyToday,
      result.energyMonth,
    ].some((value) => value !== null) || energyTrend.length > 0;
  return result;
}

/** The device list a home figure opens: the devices it counts, with the same rule. */
export type FigureLink = 'devices' | 'lamps' | 'offline' | 'faults';

export const DEVICE_LIST_PATH = '/web/lighting/device';

export function deviceListLink(figure: FigureLink): string {
  const counted = `deviceTypes=${COUNTED_DEVICE_TYPES.join(',')}`;
  const query = {
    devices: counted,
    lamps: `deviceType=${LAMP_DEVICE_TYPE}`,
    // the online rate's complement: counted devices that are not online, never connected included
    offline: `${counted}&commStates=OFF,INIT`,
    faults: 'fault=true',
  }[figure];
  return `${DEVICE_LIST_PATH}?${query}`;
}

/** A figure for display: '—' when unknown, thousands separators otherwise. */
export function showFigure(value: number | null, digits = 0, lang = 'zh-CN'): string {
  if (value === null) return '—';
  return value.toLocaleString(lang, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}
