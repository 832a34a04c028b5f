import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmFigures } from '../../src/modules/alarm/statistics/alarm-figures.ts';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from '../lighting/helpers.ts';

/**
 * Alarm and fault statistics over seeded alarms: counts by type, grade, project and day, mean time
 * to recover, the ten devices with most alarms, faults open now, the period limit, Excel export,
 * the home figures, and a second customer who sees only its own.
 */
describe('alarm statistics', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let rival: { clientId: number; token: string };
  let deniedCode = 0;
  const day = (n: number, h = 10, m = 0) =>
    `2026-03-${String(n).padStart(2, '0')} ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;

  const device = async (clientId: number, projectId: number, uid: string, deviceType = 'RTU') => {
    const [row] = await t.deps.database.query<{ device_id: number }>(
      `insert into lt_device (client_id, project_id, uid, name, device_type) values ($1, $2, $3, $4, $5) returning device_id`,
      [clientId, projectId, uid, `${uid} name`, deviceType],
    );
    return row!.device_id;
  };
  const alarm = async (
    a: { clientId: number; projectId: number; deviceId: number },
    type: string,
    grade: string,
    first: string,
    recovered?: string,
    extra: { cleared?: string; acknowledged?: boolean; inhibitedBy?: number; alarmType?: string } = {},
  ) => {
    const [row] = await t.deps.database.query<{ alarm_id: number }>(
      `insert into lt_alarm (client_id, project_id, device_id, alarm_config_type, alarm_type, grade, state,
                             first_time, last_time, recovered_time, cleared_by, acknowledged, inhibited_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12) returning alarm_id`,
      [
        a.clientId,
        a.projectId,
        a.deviceId,
        type,
        extra.alarmType ?? 'RTU',
        grade,
        recovered ? 'RECOVERED' : 'NEW',
        first,
        recovered ?? null,
        extra.cleared ?? '',
        extra.acknowledged ?? false,
        extra.inhibitedBy ?? null,
      ],
    );
    return row!.alarm_id;
  };
  const get = async (path: string, token = d.token, lang: 'zh-CN' | 'en-US' = 'en-US') =>
    (await t.call('GET', path, { token, lang })).body;
  const period = 'beginTime=2026-03-01&endTime=2026-03-31';

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    rival = await secondCustomer(t);
    const [rivalProject] = await t.deps.database.query<{ project_id: number }>(
      'select project_id from biz_project where client_id = $1',
      [rival.clientId],
    );
    deniedCode = (await get(`/statistics/alarm/summary?${period}`, rival.token)).code;
    for (const key of ['statistics', 'statistics.alarm', 'statistics.fault']) await grantToRole(t, 'rival_admin', key);
    const buttons = await t.deps.database.query<{ menu_key: string }>(
      "select menu_key from sys_menu where menu_key like 'statistics.alarm.%' or menu_key like 'statistics.fault.%'",
    );
    for (const b of buttons) await grantToRole(t, 'rival_admin', b.menu_key);

    const here = { clientId: d.clientId, projectId: d.projectId };
    const there = { clientId: d.clientId, projectId: d.otherProjectId };
    // twelve lamps of the first project: lamp 1 has 12 alarms, lamp 2 has 11 … lamp 12 has 1
    const lamps: number[] = [];
    for (let i = 1; i <= 12; i++) lamps.push(await device(d.clientId, d.projectId, `ST-RTU-${i}`));
    for (let i = 0; i < 12; i++) {
      for (let n = 0; n < 12 - i; n++) {
        // recovered LampFaults, 30 minutes each, on 3rd and 4th March
        await alarm(
          { ...here, deviceId: lamps[i]! },
          'LampFault',
          'serious',
          day(3 + (n % 2), 8, n),
          day(3 + (n % 2), 8, n + 30),
        );
      }
    }
    // 12+11+…+1 = 78 LampFaults. A box with a power-down recovered after 2 hours and one still open
    const box = await device(d.clientId, d.projectId, 'ST-BOX', 'BOX');
    await alarm({ ...here, deviceId: box }, 'PowerDown', 'dangerous', day(5, 20), day(5, 22), { alarmType: 'BOX' });
    await alarm({ ...here, deviceId: box }, 'LineLeakage', 'dangerous', day(6, 1), undefined, { alarmType: 'BOX' });
    // a lamp fault cleared by hand (not a recovery: left out of the time to recover), one open, acknowledged
    await alarm({ ...here, deviceId: lamps[11]! }, 'LampFault', 'serious', day(6, 3), day(6, 23), {
      cleared: 'demo_admin',
    });
    await alarm({ ...here, deviceId: lamps[10]! }, 'LampFault', 'serious', day(20, 9), undefined, {
      acknowledged: true,
    });
    // an offline inhibited by its parent: not counted
    const parent = await alarm({ ...here, deviceId: box }, 'BoxOffline', 'serious', day(7, 1), day(7, 2), {
      alarmType: 'BOX',
    });
    await alarm({ ...here, deviceId: lamps[0]! }, 'RtuOffline', 'serious', day(7, 1), day(7, 2), {
      inhibitedBy: parent,
    });
    // the other project: two urgent branch faults, one before the period
    const otherBox = await device(d.clientId, d.otherProjectId, 'ST-BOX-2', 'BOX');
    await alarm({ ...there, deviceId: otherBox }, 'BranchAbnormalTurnOn', 'urgent', day(20, 11), undefined, {
      alarmType: 'BOX',
    });
    await alarm(
      { ...there, deviceId: otherBox },
      'BranchAbnormalTurnOn',
      'urgent',
      '2026-02-27 10:00:00',
      '2026-02-27 11:00:00',
      { alarmType: 'BOX' },
    );
    // one raised now: open, unacknowledged, today (outside the March period)
    await alarm({ ...here, deviceId: lamps[5]! }, 'LampFault', 'serious', new Date(t.clock.now()).toISOString());
    // the rival customer: 5 open lamp faults of its own, on 5 lamps
    for (let n = 0; n < 5; n++) {
      const lamp = await device(rival.clientId, rivalProject!.project_id, `RV-RTU-${n + 1}`);
      await alarm(
        { clientId: rival.clientId, projectId: rivalProject!.project_id, deviceId: lamp },
        'LampFault',
        'ordinary',
        day(4, 9, n),
      );
    }
  });
  afterAll(() => t?.close());

  it('counts alarms by type, grade, project and day over the period', async () => {
    const body = await get(`/statistics/alarm/summary?${period}`);
    expect(body.code, JSON.stringify(body)).toBe(200);
    const s = body.data;
    // 78 + 2 box + 2 lamp + 1 box offline + 1 other project = 84 (inhibited and February left out)
    expect(s.totals).toMatchObject({ total: 84, active: 3, recovered: 81 });
    const byType = Object.fromEntries(s.byType.map((r: { key: string; count: number }) => [r.key, r.count]));
    expect(byType).toEqual({ LampFault: 80, PowerDown: 1, LineLeakage: 1, BoxOffline: 1, BranchAbnormalTurnOn: 1 });
    const byGrade = Object.fromEntries(s.byGrade.map((r: { key: string; count: number }) => [r.key, r.count]));
    expect(byGrade).toEqual({ serious: 81, dangerous: 2, urgent: 1 });
    expect(s.byProject).toEqual([
      expect.objectContaining({ projectId: d.projectId, count: 83 }),
      expect.objectContaining({ projectId: d.otherProjectId, count: 1 }),
    ]);
    const march3 = s.byDay.filter((r: { day: string }) => r.day === '2026-03-03');
    expect(march3).toEqual([{ day: '2026-03-03', grade: 'serious', count: 42 }]);
    expect(s.byDay.find((r: { day: string; grade: string }) => r.day === '2026-03-04')?.count).toBe(36);

    const one = (await get(`/statistics/alarm/summary?${period}&projectId=${d.otherProjectId}`)).data;
    expect(one.totals.total).toBe(1);
    expect(one.byType).toEqual([{ key: 'BranchAbnormalTurnOn', count: 1 }]);
  });

  it('measures the mean time to recover per type, leaving out alarms cleared by hand', async () => {
    const s = (await get(`/statistics/alarm/summary?${period}`)).data;
    const mttr = Object.fromEntries(s.mttr.map((r: { key: string }) => [r.key, r]));
    expect(mttr.LampFault).toEqual({ key: 'LampFault', recovered: 78, minutes: 30 });
    expect(mttr.PowerDown).toEqual({ key: 'PowerDown', recovered: 1, minutes: 120 });
    expect(mttr.BoxOffline).toEqual({ key: 'BoxOffline', recovered: 1, minutes: 60 });
    expect(mttr.LineLeakage).toBeUndefined();
  });

  it('names the ten devices with most alarms', async () => {
    const s = (await get(`/statistics/alarm/summary?${period}`)).data;
    expect(s.topDevices).toHaveLength(10);
    expect(s.topDevices[0]).toMatchObject({ uid: 'ST-RTU-1', count: 12, active: 0 });
    expect(s.topDevices.map((r: { count: number }) => r.count)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(s.topDevices.map((r: { uid: string }) => r.uid)).not.toContain('RV-RTU-1');
  });

  it('counts device faults by type and day, and those open now', async () => {
    const body = await get(`/statistics/fault/summary?${period}`);
    expect(body.code, JSON.stringify(body)).toBe(200);
    const s = body.data;
    // device-reported faults only: LampFault and BranchAbnormalTurnOn (not PowerDown, LineLeakage, offlines)
    expect(s.byType).toEqual([
      { key: 'LampFault', count: 80, recovered: 78, cleared: 1, active: 1 },
      { key: 'BranchAbnormalTurnOn', count: 1, recovered: 0, cleared: 0, active: 1 },
    ]);
    expect(s.totals).toEqual({ total: 81, open: 3 });
    expect(s.open).toEqual([
      { key: 'LampFault', count: 2, unacknowledged: 1, oldest: '2026-03-20 09:00:00' },
      { key: 'BranchAbnormalTurnOn', count: 1, unacknowledged: 1, oldest: '2026-03-20 11:00:00' },
    ]);
    expect(s.byDay.find((r: { day: string }) => r.day === '2026-03-06')).toEqual({
      day: '2026-03-06',
      key: 'LampFault',
      count: 1,
    });
  });

  it('shows a second customer only its own alarms', async () => {
    const s = (await get(`/statistics/alarm/summary?${period}`, rival.token)).data;
    expect(s.totals.total).toBe(5);
    expect(s.topDevices).toHaveLength(5);
    expect(s.topDevices[0]).toMatchObject({ uid: 'RV-RTU-1', count: 1, active: 1 });
    expect((await get(`/statistics/fault/summary?${period}`, rival.token)).data.totals).toEqual({ total: 5, open: 5 });
    // another customer's project as filter finds nothing
    expect(
      (await get(`/statistics/alarm/summary?${period}&projectId=${d.projectId}`, rival.token)).data.totals.total,
    ).toBe(0);
  });

  it('refuses a period over 366 days or reversed, in the user language', async () => {
    const long = await get('/statistics/alarm/summary?beginTime=2025-01-01&endTime=2026-03-01');
    expect(long.code).toBe(500);
    expect(long.msg).toBe('Statistics cover at most 366 days');
    const zh = await get('/statistics/fault/summary?beginTime=2025-01-01&endTime=2026-03-01', d.token, 'zh-CN');
    expect(zh.msg).toBe('统计时间范围最多366天');
    const reversed = await get('/statistics/alarm/summary?beginTime=2026-03-10&endTime=2026-03-01');
    expect(reversed.msg).toBe('The start of the period must come before its end');
    expect((await get('/statistics/alarm/summary?beginTime=2025-03-01&endTime=2026-03-01')).code).toBe(200);
  });

  it('refuses a user without the statistics permission', async () => {
    // the second customer before its role was granted the statistics menus
    expect(deniedCode).toBe(403);
  });

  it('exports each table to Excel', async () => {
    const res = await t.call('POST', '/statistics/alarm/export', {
      token: d.token,
      body: { beginTime: '2026-03-01', endTime: '2026-03-31', table: 'top' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(String(res.headers['content-type']), JSON.stringify(res.body)).toContain('spreadsheet');
    const fault = await t.call('POST', '/statistics/fault/export', {
      token: d.token,
      body: { beginTime: '2026-03-01', endTime: '2026-03-31', table: 'open' },
    });
    expect(fault.status).toBe(200);
  });

  it('adds open, unacknowledged and today alarms to the home figures', async () => {
    const body = await get('/sysclient/home/summary');
    expect(body.data.figures.alarms).toEqual({ open: 4, unacknowledged: 3, today: 1 });
    expect((await get('/sysclient/home/summary', rival.token)).data.figures.alarms).toEqual({
      open: 5,
      unacknowledged: 5,
      today: 0,
    });
  });

  it("counts today's alarms from each project's local midnight in its IANA time zone, not the server's", async () => {
    const project = async (code: string, zone: string) => {
      const [row] = await t.deps.database.query<{ project_id: number }>(
        `insert into biz_project (client_id, code, name, longitude, latitude, iana_time_zone)
         values ($1, $2, $2, 121.4, 31.2, $3) returning project_id`,
        [d.clientId, code, zone],
      );
      return { clientId: d.clientId, projectId: row!.project_id };
    };
    const shanghai = await project('TZ-SH', 'Asia/Shanghai');
    const newYork = await project('TZ-NY', 'America/New_York');
    const lampSh = await device(d.clientId, shanghai.projectId, 'TZ-SH-RTU');
    const lampNy = await device(d.clientId, newYork.projectId, 'TZ-NY-RTU');
    // 02:00 UTC on 10 June: 10:00 in Shanghai (its day began 16:00 UTC on the 9th), 22:00 on the 9th in New York (04:00 UTC)
    const shift = Date.parse('2026-06-10T02:00:00Z') - t.clock.now();
    t.clock.advance(shift);
    try {
      await alarm({ ...shanghai, deviceId: lampSh }, 'RtuTilt', 'serious', '2026-06-09T17:00:00Z');
      await alarm({ ...shanghai, deviceId: lampSh }, 'LampFault', 'serious', '2026-06-09T15:00:00Z');
      await alarm({ ...newYork, deviceId: lampNy }, 'RtuTilt', 'serious', '2026-06-09T10:00:00Z');
      await alarm({ ...newYork, deviceId: lampNy }, 'LampFault', 'serious', '2026-06-09T03:00:00Z');
      expect(await alarmFigures(t.deps, shanghai)).toMatchObject({ open: 2, today: 1 });
      expect(await alarmFigures(t.deps, newYork)).toMatchObject({ open: 2, today: 1 });
    } finally {
      t.clock.advance(-shift);
    }
  });
});
