import { addDays, type HubDevice, localInstant, localParts } from '@luxgrid/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { litTracker } from '../../src/modules/lighting/statistics/lit-tracker.ts';
import { SAMPLE_MS, takeSamples } from '../../src/modules/lighting/statistics/sampler.ts';
import type { HubEvent } from '../../src/platform/devices/events.ts';
import { grantToRole, secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from './helpers.ts';

/**
 * Lighting statistics: lit periods from lamp readings rolled up per local day (across midnight,
 * closed by going offline, the open one added up to now), by lamp, group, project, day and month;
 * lighting and online rate samples against the strategy's expectation; exports; bad input.
 */
describe('lighting statistics', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let zone: string;
  /** a local date two days ahead: the clock only moves forward */
  let day: string;
  let groupId: number;
  const dev: Record<string, HubDevice> = {};

  const at = (date: string, hhmm: string) =>
    localInstant(date, Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60, zone);
  /** moves the injected clock to a local time (never back) */
  const moveTo = (date: string, hhmm: string) => {
    const target = at(date, hhmm);
    expect(target).toBeGreaterThanOrEqual(t.clock.now());
    t.clock.advance(target - t.clock.now());
    stale = true;
  };
  /** the demo administrator's token; signed in again once the clock has moved past the session's life */
  let stale = false;
  const token = async () => {
    if (stale) {
      d.token = await t.login('demo_admin');
      stale = false;
    }
    return d.token;
  };
  const emit = async (...events: HubEvent[]) => {
    t.deps.devices.emit(events);
    await t.deps.devices.idle();
    await litTracker(t.deps).idle();
  };
  const lamp = (uid: string, state: 'ON' | 'OFF'): HubEvent => ({
    type: 'telemetry',
    payload: { device: dev[uid]!, ts: t.clock.now(), values: { lampState: state, dimLevel: 100 } },
  });
  const offline = (uid: string): HubEvent => ({
    type: 'offline',
    payload: { device: dev[uid]!, ts: t.clock.now(), carried: false },
  });
  const get = async (url: string, as?: string, lang: 'en-US' | 'zh-CN' = 'en-US') =>
    (await t.call('GET', url, { token: as ?? (await token()), lang })).body;
  /** an export as the workbook it downloads */
  const exported = async (url: string, body: Record<string, unknown>, lang: 'en-US' | 'zh-CN' = 'en-US') => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { access_token: await token(), 'accept-language': lang },
      payload: body,
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return book.worksheets[0]!;
  };
  const q = (extra = '') => `projectId=${d.projectId}&beginDate=${day}&endDate=${addDays(day, 1)}${extra}`;

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    const [p] = await t.deps.database.query<{ zone: string }>(
      'select iana_time_zone as zone from biz_project where project_id = $1',
      [d.projectId],
    );
    zone = p!.zone;
    day = addDays(localParts(t.clock.now(), zone).date, 2);
    const add = async (uid: string, deviceType: string, parentId?: number) => {
      const res = await t.call('POST', '/lighting/device', {
        token: await token(),
        body: { projectId: d.projectId, uid, name: `${uid} name`, deviceType, ...(parentId ? { parentId } : {}) },
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      dev[uid] = { deviceId: res.body.data.deviceId, clientId: d.clientId, projectId: d.projectId, uid, deviceType };
      return res.body.data.deviceId as number;
    };
    const ccu = await add('LS-CCU', 'CCU');
    for (const n of [1, 2, 3, 4]) await add(`LS-RTU-${n}`, 'RTU', ccu);
    const group = await t.call('POST', '/lighting/group', {
      token: await token(),
      body: { projectId: d.projectId, name: 'Lit street' },
    });
    groupId = group.body.data.groupId;
    const members = await t.call('POST', `/lighting/group/${groupId}/members`, {
      token: await token(),
      body: { deviceIds: [dev['LS-RTU-1']!.deviceId, dev['LS-RTU-2']!.deviceId] },
    });
    expect(members.body.code).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('splits lit periods at local midnight, closes them when a lamp goes offline, and adds the open one up to now', async () => {
    // lamp 1: 22:00 → 02:00 the next day: 2 h on each day
    moveTo(day, '20:00');
    // lamp 2: on 20:00, offline 21:00 (not counted after), heard lit again 23:00, off 23:30: 1.5 h
    await emit(lamp('LS-RTU-2', 'ON'));
    moveTo(day, '21:00');
    await emit(offline('LS-RTU-2'));
    moveTo(day, '22:00');
    await emit(lamp('LS-RTU-1', 'ON'), lamp('LS-RTU-1', 'ON'));
    moveTo(day, '23:00');
    // lamp 3 is lit at 23:00 and still lit when the report is asked
    await emit(lamp('LS-RTU-2', 'ON'), lamp('LS-RTU-3', 'ON'));
    moveTo(day, '23:30');
    await emit(lamp('LS-RTU-2', 'OFF'));
    moveTo(addDays(day, 1), '02:00');
    await emit(lamp('LS-RTU-1', 'OFF'), lamp('LS-RTU-2', 'OFF'));
    moveTo(addDays(day, 1), '03:00');

    const rollup = await t.deps.database.query<{ uid: string; day: string; lit_seconds: number }>(
      `select d.uid, to_char(l.day, 'YYYY-MM-DD') as day, l.lit_seconds from lt_lighting_day l
         join lt_device d on d.device_id = l.device_id where d.uid like 'LS-%' order by 1, 2`,
    );
    expect(rollup).toEqual([
      { uid: 'LS-RTU-1', day, lit_seconds: 7200 },
      { uid: 'LS-RTU-1', day: addDays(day, 1), lit_seconds: 7200 },
      { uid: 'LS-RTU-2', day, lit_seconds: 5400 },
    ]);

    // the project's rollup, kept in the same statement
    const projectDays = await t.deps.database.query<{ day: string; lit_seconds: number; lamps: number }>(
      `select to_char(day, 'YYYY-MM-DD') as day, lit_seconds::int, lamps from lt_lighting_project_day
        where project_id = $1 and day between $2::date and $3::date order by 1`,
      [d.projectId, day, addDays(day, 1)],
    );
    expect(projectDays).toEqual([
      { day, lit_seconds: 12600, lamps: 2 },
      { day: addDays(day, 1), lit_seconds: 7200, lamps: 1 },
    ]);

    const report = await get(`/lighting/statistics/duration?${q()}`);
    expect(report.code, JSON.stringify(report)).toBe(200);
    // lamp 3's open period: 1 h before midnight, 3 h after
    expect(report.data.series).toEqual([
      { period: day, hours: 4.5, lamps: 3, avgHours: 1.5 },
      { period: addDays(day, 1), hours: 5, lamps: 2, avgHours: 2.5 },
    ]);
    expect(report.data.byGroup).toEqual([{ groupId, groupName: 'Lit street', hours: 5.5, lamps: 2, avgHours: 2.75 }]);
    expect(report.data.byProject).toMatchObject([{ projectId: d.projectId, hours: 9.5, lamps: 3 }]);

    const month = await get(`/lighting/statistics/duration?${q('&period=month')}`);
    const months = new Set([day.slice(0, 7), addDays(day, 1).slice(0, 7)]);
    expect(month.data.series.map((r: { period: string }) => r.period)).toEqual([...months]);
    expect(month.data.series.reduce((sum: number, r: { hours: number }) => sum + r.hours, 0)).toBe(9.5);

    const grouped = await get(`/lighting/statistics/duration?${q(`&groupId=${groupId}`)}`);
    expect(grouped.data.series).toEqual([
      { period: day, hours: 3.5, lamps: 2, avgHours: 1.75 },
      { period: addDays(day, 1), hours: 2, lamps: 1, avgHours: 2 },
    ]);

    const lamps = await get(`/lighting/statistics/duration/lamps?${q('&pageSize=2')}`);
    expect(lamps.total).toBe(3);
    expect(lamps.rows).toEqual([
      { deviceId: dev['LS-RTU-1']!.deviceId, uid: 'LS-RTU-1', deviceName: 'LS-RTU-1 name', hours: 4, days: 2 },
      { deviceId: dev['LS-RTU-3']!.deviceId, uid: 'LS-RTU-3', deviceName: 'LS-RTU-3 name', hours: 4, days: 2 },
    ]);
    // the same lamps over wider ranges: whole months of the per-lamp month rollup, and months less
    // their days out of the range (the two days are the only lit ones)
    const all = (await get(`/lighting/statistics/duration/lamps?${q('&pageSize=10')}`)).rows;
    expect(all).toHaveLength(3);
    const first = `${day.slice(0, 7)}-01`;
    const next = addDays(day, 1);
    const last = addDays(`${next.slice(0, 7)}-01`, 40).slice(0, 7);
    const lastOfMonth = addDays(`${last}-01`, -1);
    for (const [from, to] of [
      [first, lastOfMonth],
      [day, lastOfMonth],
      [first, next],
      [day > first ? addDays(first, 1) : first, next < lastOfMonth ? addDays(lastOfMonth, -1) : lastOfMonth],
    ]) {
      const range = `projectId=${d.projectId}&beginDate=${from}&endDate=${to}&pageSize=10`;
      const wide = await get(`/lighting/statistics/duration/lamps?${range}`);
      expect(wide.rows, `${from} to ${to}`).toEqual(all);
    }
    const lampMonths = await t.deps.database.query<{ month: string; lit_seconds: number; days: number }>(
      `select to_char(month, 'YYYY-MM-DD') as month, lit_seconds::int, days from lt_lighting_lamp_month
        where device_id = $1 order by 1`,
      [dev['LS-RTU-1']!.deviceId],
    );
    expect(lampMonths.reduce((sum, m) => sum + m.lit_seconds, 0)).toBe(4 * 3600);
    expect(lampMonths.reduce((sum, m) => sum + m.days, 0)).toBe(2);
  });

  it('exports each table to Excel in the caller’s language', async () => {
    const range = { projectId: d.projectId, beginDate: day, endDate: addDays(day, 1) };
    const sheet = await exported('/lighting/statistics/duration/export', { ...range, table: 'lamp' }, 'zh-CN');
    expect(sheet.getRow(1).values).toEqual([undefined, 'UID', '灯具', '亮灯时长(小时)', '亮灯天数']);
    expect(sheet.rowCount).toBe(4);
    const series = await exported('/lighting/statistics/duration/export', { ...range, table: 'series' });
    expect(series.getRow(1).getCell(2).value).toBe('Lit hours');
    expect(series.getRow(2).getCell(2).value).toBe(4.5);
    const groups = await exported('/lighting/statistics/duration/export', { ...range, table: 'group' });
    expect(groups.getRow(2).values).toEqual([undefined, 'Lit street', 5.5, 2, 2.75]);
  });

  it('refuses a reversed or too long period in the caller’s language, and shows another customer nothing', async () => {
    expect(await get(`/lighting/statistics/duration?beginDate=2026-02-01&endDate=2026-01-01`)).toEqual({
      code: 500,
      msg: 'The start of the period must come before its end',
    });
    expect(await get(`/lighting/statistics/lighting-rate?beginDate=2025-01-01&endDate=2026-01-02`)).toEqual({
      code: 500,
      msg: 'Statistics cover at most 366 days',
    });
    expect(
      (await get(`/lighting/statistics/online-rate?beginDate=2026-02-01&endDate=2026-01-01`, undefined, 'zh-CN')).msg,
    ).toBe('开始时间不能晚于结束时间');
    const bad = await get('/lighting/statistics/duration?period=week');
    expect(bad.code).toBe(500);
    const rival = await secondCustomer(t);
    expect((await get(`/lighting/statistics/duration?${q()}`, rival.token)).code).toBe(403);
    for (const key of ['lighting-stats', 'lighting.lightingDuration']) await grantToRole(t, 'rival_admin', key);
    const foreign = await get(`/lighting/statistics/duration?${q()}`, rival.token);
    expect(foreign.data?.series ?? [], JSON.stringify(foreign)).toEqual([]);
    const own = await get(`/lighting/statistics/duration?beginDate=${day}&endDate=${addDays(day, 1)}`, rival.token);
    expect(own.code, JSON.stringify(own)).toBe(200);
    expect(own.data.series).toEqual([]);
  });

  it('samples the lighting rate against the strategy and the online rate as the home page counts', async () => {
    const strategy = await t.call('POST', '/lighting/strategy', {
      token: await token(),
      body: {
        projectId: d.projectId,
        name: 'Lit street nights',
        startDate: addDays(day, -10),
        endDate: addDays(day, 30),
        weekDays: ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'],
        entries: [
          { timeMode: 'FIXED', time: '18:00', action: 'ON' },
          { timeMode: 'FIXED', time: '06:00', action: 'OFF' },
        ],
        targets: { groupIds: [groupId] },
      },
    });
    expect(strategy.body.code, JSON.stringify(strategy.body)).toBe(200);
    // lamp 1 online and lit, lamp 2 online but dark; both are expected lit at 20:00
    await t.deps.database.query(
      `insert into lt_device_state (device_id, client_id, project_id, online, data)
       values ($1, $3, $4, true, '{"lampState":"ON"}'), ($2, $3, $4, true, '{"lampState":"OFF"}')
       on conflict (device_id) do update set data = excluded.data, online = true`,
      [dev['LS-RTU-1']!.deviceId, dev['LS-RTU-2']!.deviceId, d.clientId, d.projectId],
    );
    await t.deps.database.query("update lt_device set comm_state = 'ON' where device_id = any($1::bigint[])", [
      [dev['LS-RTU-1']!.deviceId, dev['LS-RTU-2']!.deviceId, dev['LS-CCU']!.deviceId],
    ]);
    const figures = await get(`/home/figures?projectId=${d.projectId}`);
    const slot = Math.floor(t.clock.now() / SAMPLE_MS) * SAMPLE_MS + SAMPLE_MS;
    moveTo(addDays(day, 1), '20:00');
    const evening = at(addDays(day, 1), '20:00');
    expect(await takeSamples(t.deps, evening)).toBeGreaterThan(0);
    // a second run (another process) writes nothing
    expect(await takeSamples(t.deps, evening)).toBe(0);
    // at noon the strategy wants the lamps off: nothing expected
    expect(await takeSamples(t.deps, at(addDays(day, 1), '12:00'))).toBeGreaterThan(0);
    expect(slot).toBeGreaterThan(0);

    const rows = await t.deps.database.query<{ expected: number; lit: number; devices: number; online: number }>(
      'select expected, lit, devices, online from lt_lighting_sample where project_id = $1 and ts = to_timestamp($2 / 1000.0)',
      [d.projectId, evening],
    );
    expect(rows[0]).toMatchObject({ expected: 2, lit: 1 });
    if (figures.code === 200 && figures.data?.figures?.devices)
      expect(rows[0]).toMatchObject({
        devices: figures.data.figures.devices.total,
        online: figures.data.figures.devices.online,
      });

    const rate = await get(
      `/lighting/statistics/lighting-rate?projectId=${d.projectId}&beginDate=${addDays(day, 1)}&endDate=${addDays(day, 1)}&period=sample`,
    );
    expect(rate.code, JSON.stringify(rate)).toBe(200);
    expect(rate.data.rows).toMatchObject([
      { period: `${addDays(day, 1)} 12:00`, expected: 0, lit: 0, lightingRate: null },
      { period: `${addDays(day, 1)} 20:00`, expected: 2, lit: 1, lightingRate: 50 },
    ]);
    const daily = await get(
      `/lighting/statistics/online-rate?projectId=${d.projectId}&beginDate=${addDays(day, 1)}&endDate=${addDays(day, 1)}`,
    );
    expect(daily.data.rows).toHaveLength(1);
    expect(daily.data.rows[0].samples).toBe(2);
    expect(daily.data.rows[0].onlineRate).toBe(
      Math.round((daily.data.rows[0].online / daily.data.rows[0].devices) * 1000) / 10,
    );
    const sheet = await exported('/lighting/statistics/online-rate/export', {
      projectId: d.projectId,
      beginDate: addDays(day, 1),
      endDate: addDays(day, 1),
      period: 'sample',
    });
    expect(sheet.rowCount).toBe(3);
  });
});
