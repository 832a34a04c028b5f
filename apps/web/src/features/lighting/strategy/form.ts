import { WEEK_DAYS } from '@luxgrid/contracts/enums';
import type { StrategyEntry, StrategyTargets, VirtualBand } from '@luxgrid/contracts/strategy';
import dayjs, { type Dayjs } from 'dayjs';
import type { Strategy, VirtualPlan } from './api';

const ALL_DAYS = WEEK_DAYS;
const NO_TARGETS: StrategyTargets = { groupIds: [], tagIds: [], boxIds: [], deviceIds: [] };

/** What the editor's form holds: validity as a date range, the sensor behind a switch. */
export type StrategyForm = Strategy & { validity?: [Dayjs, Dayjs]; useSensor?: boolean };
export type VirtualForm = VirtualPlan & { validity?: [Dayjs, Dayjs] };

/** A new strategy: this year, every day, on at sunset, off at sunrise. */
export function newStrategy(projectId: number): StrategyForm {
  const year = dayjs().year();
  return {
    projectId,
    name: '',
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    weekDays: [...ALL_DAYS],
    entries: [
      { timeMode: 'AFTER_SUNSET', offset: 0, action: 'ON', applyTo: 'LAMP', heads: [] },
      { timeMode: 'BEFORE_SUNRISE', offset: 0, action: 'OFF', applyTo: 'LAMP', heads: [] },
    ] as StrategyEntry[],
    polarDay: 'STAY_OFF',
    polarNight: 'STAY_ON',
    priority: 0,
    targets: { ...NO_TARGETS },
    status: '0',
    remark: '',
  };
}

export function strategyToForm(row: StrategyForm): StrategyForm {
  return {
    ...row,
    validity: row.startDate && row.endDate ? [dayjs(row.startDate), dayjs(row.endDate)] : undefined,
    useSensor: !!row.sensor,
    targets: { ...NO_TARGETS, ...row.targets },
  };
}

const day = (d: Dayjs | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/** The body the server reads: dates from the range, no sensor unless switched on, blank offsets and times left out. */
export function strategyToBody(form: StrategyForm): Strategy {
  const {
    validity,
    useSensor,
    warnings: _w,
    issueState: _i,
    createTime: _c,
    updateTime: _u,
    ...rest
  } = form as StrategyForm & Record<string, unknown>;
  return {
    ...rest,
    startDate: day(validity?.[0]) ?? form.startDate,
    endDate: day(validity?.[1]) ?? form.endDate,
    entries: (form.entries ?? []).map((e) => ({
      ...e,
      time: e.timeMode === 'FIXED' ? e.time : undefined,
      offset: e.timeMode === 'FIXED' ? undefined : e.offset,
      level: e.action === 'DIM' ? e.level : undefined,
    })),
    sensor: useSensor ? form.sensor : undefined,
    targets: { ...NO_TARGETS, ...form.targets },
  } as Strategy;
}

export function newVirtualPlan(projectId: number): VirtualForm {
  const year = dayjs().year();
  return {
    projectId,
    name: '',
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    weekDays: [...ALL_DAYS],
    bands: [{ start: '23:00', end: '05:00', cap: 60 }] as VirtualBand[],
    targets: { ...NO_TARGETS },
    status: '0',
    remark: '',
  };
}

export function virtualToForm(row: VirtualForm): VirtualForm {
  return {
    ...row,
    validity: row.startDate && row.endDate ? [dayjs(row.startDate), dayjs(row.endDate)] : undefined,
    targets: { ...NO_TARGETS, ...row.targets },
  };
}

export function virtualToBody(form: VirtualForm): VirtualPlan {
  const {
    validity,
    issueState: _i,
    createTime: _c,
    updateTime: _u,
    ...rest
  } = form as VirtualForm & Record<string, unknown>;
  return {
    ...rest,
    startDate: day(validity?.[0]) ?? form.startDate,
    endDate: day(validity?.[1]) ?? form.endDate,
    targets: { ...NO_TARGETS, ...form.targets },
  } as VirtualPlan;
}
