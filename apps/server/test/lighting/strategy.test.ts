import { sunDay } from '@luxgrid/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from './helpers.ts';

let t: TestApp;
let d: Awaited<ReturnType<typeof demo>>;
let rival: { clientId: number; token: string };
let rivalProjectId: number;
const en = 'en-US' as const;

const call = (method: string, url: string, body?: unknown, token = d.token, lang: 'en-US' | 'zh-CN' = en) =>
  t.call(method, url, { token, body, lang });
const ALL_DAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

const ids: Record<string, number> = {};
const streetStrategy = () => ({
  projectId: d.projectId,
  name: 'Main street night',
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  weekDays: ALL_DAYS,
  entries: [
    { timeMode: 'AFTER_SUNSET', offset: 10, action: 'ON' },
    { timeMode: 'FIXED', time: '23:00', action: 'DIM', level: 50 },
    { timeMode: 'BEFORE_SUNRISE', offset: 10, action: 'OFF' },
  ],
  targets: { groupIds: [ids.group] },
});

async function created(url: string, body: unknown, key: string): Promise<number> {
  const res = await call('POST', url, body);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data[key];
}

beforeAll(async () => {
  t = await startTestApp();
  d = await demo(t);
  rival = await secondCustomer(t);
  const [p] = await t.deps.database.query<{ project_id: number }>(
    'select project_id from biz_project where client_id = $1',
    [rival.clientId],
  );
  rivalProjectId = p!.project_id;
  // the rival customer's administrator may manage strategies too: scope, not permission, keeps it out
  await t.deps.database.query(
    "insert into sys_client_menu (client_id, menu_id) select $1, menu_id from sys_menu where menu_key like 'lighting.strategy%' or menu_key like 'lighting.virtualDimming%' or menu_key in ('lighting', 'lighting-task') on conflict do nothing",
    [rival.clientId],
  );
  await t.deps.database.query(
    "insert into sys_role_menu (role_id, menu_id) select r.role_id, m.menu_id from sys_role r, sys_menu m where r.role_key = 'rival_admin' and (m.menu_key like 'lighting.strategy%' or m.menu_key like 'lighting.virtualDimming%') on conflict do nothing",
  );
  rival.token = await t.login('rival_admin');
  ids.group = await created('/lighting/group', { projectId: d.projectId, name: 'Main street' }, 'groupId');
  ids.box = await created(
    '/lighting/device',
    { projectId: d.projectId, uid: 'STR-BOX', name: 'Cabinet S', deviceType: 'BOX' },
    'deviceId',
  );
  ids.ccu = await created(
    '/lighting/device',
    { projectId: d.projectId, uid: 'STR-CCU', name: 'CCU S', deviceType: 'CCU_IN_BOX', parentId: ids.box },
    'deviceId',
  );
  ids.lamp = await created(
    '/lighting/device',
    {
      projectId: d.projectId,
      uid: 'STR-RTU',
      name: 'Lamp S1',
      deviceType: 'RTU',
      parentId: ids.ccu,
      connection: 'NON_DIRECT',
    },
    'deviceId',
  );
  ids.lux = await created(
    '/lighting/device',
    { projectId: d.projectId, uid: 'STR-LUX', name: 'Luxometer S', deviceType: 'LUXOMETER' },
    'deviceId',
  );
  const members = await call('POST', `/lighting/group/${ids.group}/members`, { deviceIds: [ids.lamp] });
  expect(members.body.code).toBe(200);
  ids.otherGroup = await created('/lighting/group', { projectId: d.otherProjectId, name: 'Other town' }, 'groupId');
});
afterAll(async () => {
  await t?.close();
});

describe('the astronomical clock route', () => {
  it("answers each day's local sunrise and sunset at the project's coordinates", async () => {
    const res = await call('GET', `/lighting/strategy/sun?projectId=${d.projectId}&from=2025-06-20&to=2025-06-22`);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toHaveLength(3);
    const expected = sunDay('2025-06-21', 40.46, 115.97, 'Asia/Shanghai');
    expect(res.body.data[1]).toEqual({
      date: '2025-06-21',
      sunrise: expected.sunrise!.time,
      sunset: expected.sunset!.time,
      polar: null,
      sunriseDayOffset: 0,
      sunsetDayOffset: 0,
    });
    // the same day on the local clock in winter: later sunrise, earlier sunset
    const winter = await call('GET', `/lighting/strategy/sun?projectId=${d.projectId}&from=2025-12-21&to=2025-12-21`);
    expect(winter.body.data[0].sunrise > res.body.data[1].sunrise).toBe(true);
    expect(winter.body.data[0].sunset < res.body.data[1].sunset).toBe(true);
  });

  it('refuses more than 366 days, a reversed range, and another customer’s project', async () => {
    const long = await call('GET', `/lighting/strategy/sun?projectId=${d.projectId}&from=2025-01-01&to=2026-01-02`);
    expect(long.body).toEqual({ code: 500, msg: 'The date range may cover at most 366 days' });
    const leap = await call('GET', `/lighting/strategy/sun?projectId=${d.projectId}&from=2024-01-01&to=2024-12-31`);
    expect(leap.body.data).toHaveLength(366);
    const reversed = await call('GET', `/lighting/strategy/sun?projectId=${d.projectId}&from=2025-02-01&to=2025-01-01`);
    expect(reversed.body).toEqual({ code: 500, msg: 'The end date cannot be before the start date' });
    const foreign = await call(
      'GET',
      `/lighting/strategy/sun?projectId=${rivalProjectId}&from=2025-01-01&to=2025-01-02`,
    );
    expect(foreign.body.code).toBe(404);
    const bad = await call('GET', `/lighting/strategy/sun?projectId=${d.projectId}&from=2025-02-30&to=2025-03-01`);
    expect(bad.body.code).toBe(500);
  });
});

describe('strategies', () => {
  it('saves a strategy, shows it, previews the year, and tracks its issue state', async () => {
    const add = await call('POST', '/lighting/strategy', streetStrategy());
    expect(add.body.code).toBe(200);
    expect(add.body.data.warnings).toEqual([]);
    const id = add.body.data.strategyId;
    ids.strategy = id;

    const got = await call('GET', `/lighting/strategy/${id}`);
    expect(got.body.data).toMatchObject({
      strategyId: id,
      name: 'Main street night',
      issueState: 'UN_PUSH',
      polarDay: 'STAY_OFF',
      polarNight: 'STAY_ON',
      targets: { groupIds: [ids.group], tagIds: [], boxIds: [], deviceIds: [] },
      warnings: [],
    });
    expect(got.body.data.entries).toHaveLength(3);

    const list = await call('GET', `/lighting/strategy/list?projectId=${d.projectId}`);
    expect(list.body.total).toBe(1);
    expect(list.body.rows[0].name).toBe('Main street night');

    const year = await call('GET', `/lighting/strategy/${id}/preview?from=2025-01-01&to=2025-12-31`);
    expect(year.body.data).toHaveLength(365);
    const june21 = year.body.data.find((x: { date: string }) => x.date === '2025-06-21');
    const sun = sunDay('2025-06-21', 40.46, 115.97, 'Asia/Shanghai');
    const minute = (hhmmss: string) => Number(hhmmss.slice(0, 2)) * 60 + Number(hhmmss.slice(3, 5));
    const steps = june21.steps.map((s: { time: string; action: string; level: number }) => [s.time, s.action, s.level]);
    expect(steps).toHaveLength(3);
    expect(minute(steps[0][0])).toBeCloseTo(minute(sun.sunrise!.time) - 10, -0.5);
    expect(steps[0].slice(1)).toEqual(['OFF', 0]);
    expect(minute(steps[1][0])).toBeCloseTo(minute(sun.sunset!.time) + 10, -0.5);
    expect(steps[1].slice(1)).toEqual(['ON', 100]);
    expect(steps[2]).toEqual(['23:00', 'DIM', 50]);
    // lit from sunset + 10 to midnight and from midnight to sunrise − 10
    expect(june21.litMinutes).toBe(1440 - (minute(steps[1][0]) - minute(steps[0][0])));

    await t.deps.database.query("update lt_strategy set issue_state = 'PUSHED' where strategy_id = $1", [id]);
    const copy = await call('POST', `/lighting/strategy/${id}/copy`);
    expect(copy.body.data.name).toBe('Main street night (2)');
    const copied = await call('GET', `/lighting/strategy/${copy.body.data.strategyId}`);
    expect(copied.body.data).toMatchObject({
      issueState: 'UN_PUSH',
      entries: got.body.data.entries,
      targets: got.body.data.targets,
    });
    expect((await call('POST', `/lighting/strategy/${id}/copy`)).body.data.name).toBe('Main street night (3)');
    expect((await call('DELETE', `/lighting/strategy/${copy.body.data.strategyId}`)).body.code).toBe(200);
    const edit = await call('PUT', '/lighting/strategy', { ...streetStrategy(), strategyId: id, priority: 5 });
    expect(edit.body.code).toBe(200);
    const after = await call('GET', `/lighting/strategy/${id}`);
    expect(after.body.data).toMatchObject({ priority: 5, issueState: 'UN_PUSH' });
  });

  it('refuses empty times and offsets and zero targets, in both languages', async () => {
    const bad = {
      ...streetStrategy(),
      name: 'Broken',
      entries: [
        { timeMode: 'FIXED', action: 'ON' },
        { timeMode: 'AFTER_SUNSET', action: 'OFF' },
      ],
      targets: {},
    };
    const enRes = await call('POST', '/lighting/strategy', bad);
    expect(enRes.body.code).toBe(500);
    expect(enRes.body.msg).toContain('Time, offset empty not allowed');
    expect(enRes.body.msg).toContain('object count not 0 or empty');
    const zhRes = await call('POST', '/lighting/strategy', bad, d.token, 'zh-CN');
    expect(zhRes.body.msg).toContain('时间、偏移量不能为空');
    expect(zhRes.body.msg).toContain('对象数量不能为0或为空');
    const dim = await call('POST', '/lighting/strategy', {
      ...streetStrategy(),
      name: 'Too bright',
      entries: [{ timeMode: 'FIXED', time: '23:00', action: 'DIM', level: 150 }],
    });
    expect(dim.body.msg).toContain('The dim level must be between 0 and 100');
  });

  it('refuses targets and sensors outside the project', async () => {
    const foreignGroup = await call('POST', '/lighting/strategy', {
      ...streetStrategy(),
      name: 'Foreign',
      targets: { groupIds: [ids.otherGroup] },
    });
    expect(foreignGroup.body).toEqual({
      code: 500,
      msg: `Target groupIds not found in this project: ${ids.otherGroup}`,
    });
    const notABox = await call('POST', '/lighting/strategy', {
      ...streetStrategy(),
      name: 'Not a box',
      targets: { boxIds: [ids.lamp] },
    });
    expect(notABox.body.code).toBe(500);
    const sensor = await call('POST', '/lighting/strategy', {
      ...streetStrategy(),
      name: 'Sensor',
      sensor: { deviceId: ids.lamp, luxOn: 30 },
    });
    expect(sensor.body).toEqual({ code: 500, msg: 'The light sensor must be a luxometer of this project' });
    const good = await call('POST', '/lighting/strategy', {
      ...streetStrategy(),
      name: 'Sensor ok',
      status: '1',
      sensor: { deviceId: ids.lux, luxOn: 30, luxOff: 50, windowMinutes: 45, minBurnMinutes: 20 },
    });
    expect(good.body.code).toBe(200);
    const got = await call('GET', `/lighting/strategy/${good.body.data.strategyId}`);
    expect(got.body.data.sensor).toEqual({
      deviceId: ids.lux,
      luxOn: 30,
      luxOff: 50,
      windowMinutes: 45,
      minBurnMinutes: 20,
    });
  });

  it('warns about the seasonal traps and about another strategy on the same lamps', async () => {
    const check = await call('POST', '/lighting/strategy/check', {
      ...streetStrategy(),
      name: 'Morning',
      entries: [
        { timeMode: 'FIXED', time: '06:00', action: 'ON' },
        { timeMode: 'AFTER_SUNSET', offset: 300, action: 'OFF' },
      ],
      targets: { boxIds: [ids.box] },
    });
    expect(check.body.code).toBe(200);
    const warnings: string[] = check.body.data.warnings;
    expect(warnings.find((w) => w.startsWith('Entry 1: the fixed 06:00 switch-on falls after sunrise'))).toBeTruthy();
    expect(warnings.find((w) => w.startsWith('Entry 2: the offset carries the time across midnight'))).toBeTruthy();
    // the box's lamp is in the group "Main street night" switches
    expect(warnings).toContain(
      'Shares 1 lamps with strategy "Main street night": the higher priority wins, on equal priority the one saved last',
    );
    // nothing was saved
    const list = await call('GET', `/lighting/strategy/list?projectId=${d.projectId}&name=Morning`);
    expect(list.body.total).toBe(0);
  });

  it("keeps another customer's strategies out of reach", async () => {
    const id = ids.strategy;
    for (const [method, url, body] of [
      ['GET', `/lighting/strategy/${id}`],
      ['GET', `/lighting/strategy/${id}/preview?from=2025-01-01&to=2025-01-31`],
      ['PUT', '/lighting/strategy', { ...streetStrategy(), projectId: rivalProjectId, strategyId: id }],
      ['DELETE', `/lighting/strategy/${id}`],
      ['POST', `/lighting/strategy/${id}/copy`],
    ] as const) {
      const res = await call(method, url, body, rival.token);
      expect(res.body.code, `${method} ${url}`).toBe(404);
    }
    const add = await call('POST', '/lighting/strategy', streetStrategy(), rival.token);
    expect(add.body.code).toBe(404);
    const list = await call('GET', '/lighting/strategy/list', undefined, rival.token);
    expect(list.body.total).toBe(0);
    // still there for its own customer, then removed
    expect((await call('GET', `/lighting/strategy/${id}`)).body.code).toBe(200);
    expect((await call('DELETE', `/lighting/strategy/${id}`)).body.code).toBe(200);
    expect((await call('GET', `/lighting/strategy/${id}`)).body.code).toBe(404);
  });
});

describe('virtual dimming plans', () => {
  const plan = () => ({
    projectId: d.projectId,
    name: 'Night cap',
    startDate: '2025-01-06',
    endDate: '2025-01-07',
    weekDays: ALL_DAYS,
    bands: [
      { start: '22:00', end: '02:00', cap: 60 },
      { start: '02:00', end: '05:00', cap: 40 },
    ],
    targets: { groupIds: [ids.group] },
  });

  it('saves, previews and edits a plan of power caps', async () => {
    const planId = await created('/lighting/virtual-dimming', plan(), 'planId');
    const preview = await call('GET', `/lighting/virtual-dimming/${planId}/preview?from=2025-01-06&to=2025-01-08`);
    expect(preview.body.data.map((x: { bands: unknown[] }) => x.bands.length)).toEqual([2, 3, 1]);
    await t.deps.database.query("update lt_virtual_dimming set issue_state = 'PUSHED' where plan_id = $1", [planId]);
    const edit = await call('PUT', '/lighting/virtual-dimming', {
      ...plan(),
      planId,
      bands: [{ start: '23:00', end: '05:00', cap: 50 }],
    });
    expect(edit.body.code).toBe(200);
    const got = await call('GET', `/lighting/virtual-dimming/${planId}`);
    expect(got.body.data).toMatchObject({ issueState: 'UN_PUSH', bands: [{ start: '23:00', end: '05:00', cap: 50 }] });
    expect((await call('GET', `/lighting/virtual-dimming/${planId}`, undefined, rival.token)).body.code).toBe(404);
  });

  it('refuses overlapping bands and empty times with their messages', async () => {
    const res = await call('POST', '/lighting/virtual-dimming', {
      ...plan(),
      name: 'Bad',
      bands: [
        { start: '22:00', end: '02:00', cap: 60 },
        { start: '01:00', cap: 40 },
        { start: '01:00', end: '03:00', cap: 40 },
      ],
      targets: {},
    });
    expect(res.body.code).toBe(500);
    expect(res.body.msg).toContain('Time, offset empty not allowed');
    expect(res.body.msg).toContain('Time band 1 overlaps time band 3');
    expect(res.body.msg).toContain('object count not 0 or empty');
  });
});
