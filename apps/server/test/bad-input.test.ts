import { message } from '@luxgrid/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/platform/http.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * Malformed input on every route, as a signed-in platform administrator: NUL bytes, ids larger
 * than their columns, nested junk, deeply nested JSON, wrong content types. No answer may be an
 * HTTP 5xx or the unknown-error message; each says what was wrong in the caller's language.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
});
afterAll(async () => t?.close());

const UNKNOWN = [message('http.500', 'zh-CN'), message('http.500', 'en-US')];
const NUL = 'a\u0000b';
const HUGE = '99999999999999999999';
const INT4 = '3000000000';
/** keys the routes that read their input by hand (query merged with body) look for */
const COMMON_KEYS = ['userId', 'roleId', 'userIds', 'roleIds', 'ids', 'deptIds', 'menuIds', 'clientId', 'projectId'];
/** signing out ends the walker's own session; it has its own tests */
const SKIPPED = new Set(['POST /logout', 'GET /ws']);

/** The field names of a zod object schema, through optional, default, pipe and union wrappers. */
function keysOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 8) return [];
  const s = schema as { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } };
  if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
  const def = s._zod?.def;
  if (!def) return [];
  const inner = [def.innerType, def.in, def.out, def.left, def.right, def.schema].flatMap((x) => keysOf(x, depth + 1));
  const options = Array.isArray(def.options) ? def.options.flatMap((o) => keysOf(o, depth + 1)) : [];
  return [...new Set([...inner, ...options])];
}

function withParams(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, encodeURIComponent(value)).replace(/\*/g, `${encodeURIComponent(value)}.png`);
}

interface Attempt {
  label: string;
  url: string;
  payload?: string;
  contentType?: string;
}

function attempts(route: RouteEntry): Attempt[] {
  const queryKeys = keysOf(route.schema?.querystring);
  const bodyKeys = [...new Set([...keysOf(route.schema?.body), ...COMMON_KEYS])];
  const body = (value: string) => `{${bodyKeys.map((k) => `${JSON.stringify(k)}:${value}`).join(',')}}`;
  const json = 'application/json';
  const out: Attempt[] = [];
  for (const [label, value] of [
    ['NUL', NUL],
    ['huge id', HUGE],
    ['int4 overflow', INT4],
  ] as const) {
    if (route.url.includes(':') || route.url.includes('*')) out.push({ label, url: withParams(route.url, value) });
    // one field at a time: a failure of one field would hide what the others do
    for (const key of queryKeys)
      out.push({
        label: `${label} in ${key}`,
        url: `${withParams(route.url, '1')}?${key}=${encodeURIComponent(value)}`,
      });
  }
  if (route.method === 'GET') return out;
  const url = withParams(route.url, '1');
  out.push(
    { label: 'NUL body', url, payload: body(JSON.stringify(NUL)), contentType: json },
    { label: 'huge body', url, payload: body(HUGE), contentType: json },
    { label: 'int4 body', url, payload: body(INT4), contentType: json },
    { label: 'nested array body', url, payload: body('[[1]]'), contentType: json },
    { label: 'nested object body', url, payload: body('{"a":1}'), contentType: json },
    { label: 'deep JSON', url, payload: `${'['.repeat(6000)}${']'.repeat(6000)}`, contentType: json },
    { label: 'deep JSON field', url, payload: body(`${'['.repeat(6000)}${']'.repeat(6000)}`), contentType: json },
    { label: 'empty JSON', url, payload: '', contentType: json },
    { label: 'text body', url, payload: 'lamp', contentType: 'text/plain' },
    { label: 'broken multipart', url, payload: '--x\r\nnot a part', contentType: 'multipart/form-data; boundary=x' },
  );
  return out;
}

/** the route walk in parts, so that each part stays well inside a test's time as the platform grows */
const PARTS = 4;
let sentInAll = 0;

describe('bad input never becomes an unknown error', () => {
  it.each(Array.from({ length: PARTS }, (_, i) => i + 1))(
    'answers every route with a clear message, never HTTP 5xx (part %i of 4)',
    async (part) => {
      const routes = t.app.routeCatalog().filter((r) => !SKIPPED.has(`${r.method} ${r.url}`));
      expect(routes.length).toBeGreaterThan(200);
      const failures: string[] = [];
      let sent = 0;
      for (const route of routes.filter((_, i) => i % PARTS === part - 1)) {
        for (const attempt of attempts(route)) {
          const send = () =>
            t.app.inject({
              method: route.method as 'GET',
              url: attempt.url,
              headers: {
                access_token: admin,
                'accept-language': 'en-US',
                ...(attempt.contentType ? { 'content-type': attempt.contentType } : {}),
              },
              ...(attempt.payload !== undefined ? { payload: attempt.payload } : {}),
            });
          let res = await send();
          if (res.body.includes('"code":401')) {
            // an answer may end the session (forced sign-out): sign in again and retry once
            admin = await t.login('admin');
            res = await send();
          }
          sent++;
          const unknown = UNKNOWN.some((m) => res.body.startsWith(`{"code":500,"msg":"${m}"`));
          if (res.statusCode >= 500 || unknown)
            failures.push(
              `${route.method} ${route.url} [${attempt.label}] → ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
      sentInAll += sent;
      expect(sent).toBeGreaterThan(1000 / PARTS);
      expect(failures).toEqual([]);
    },
  );

  it('walked every part', () => {
    expect(sentInAll).toBeGreaterThan(1000);
  });
});

/** Sends a raw body with a content type, as a client outside the browser would. */
async function send(method: string, url: string, payload: string, contentType: string, token = admin, lang = 'en-US') {
  const res = await t.app.inject({
    method: method as 'POST',
    url,
    payload,
    headers: { access_token: token, 'accept-language': lang, 'content-type': contentType },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string } };
}

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('each cause answers a clear message and changes nothing', () => {
  it('refuses a NUL byte at sign-in and in any text, naming the field', async () => {
    const login = JSON.stringify({ username: 'ad\u0000min', password: 'admin123' });
    expect((await send('POST', '/adminlogin', login, 'application/json')).body).toEqual({
      code: 500,
      msg: 'Account cannot contain NUL characters',
    });
    expect((await send('POST', '/adminlogin', login, 'application/json', '', 'zh-CN')).body).toEqual({
      code: 500,
      msg: '账号不能包含空字符',
    });
    const list = await t.call('GET', '/system/config/list?configName=a%00b', { token: admin, lang: 'en-US' });
    expect(list.body).toEqual({ code: 500, msg: 'Parameter name cannot contain NUL characters' });
    const saved = await t.call('POST', '/system/config', {
      token: admin,
      lang: 'en-US',
      body: { configName: 'Night\u0000mode', configKey: 'lamp.nul', configValue: '1', configType: 'N' },
    });
    expect(saved.body).toEqual({ code: 500, msg: 'Parameter name cannot contain NUL characters' });
    expect(await t.deps.database.query("select 1 from sys_config where config_key = 'lamp.nul'")).toEqual([]);
    const key = await t.call('GET', '/system/config/configKey/a%00b', { token: admin, lang: 'en-US' });
    expect(key.body).toEqual({ code: 500, msg: 'Parameter key cannot contain NUL characters' });
  });

  it('refuses ids larger than their column with a validation message', async () => {
    for (const url of ['/system/config/99999999999999999999', '/system/user/99999999999999999999']) {
      const res = await t.call('DELETE', url, { token: admin, lang: 'en-US' });
      expect(res.body.code).toBe(500);
      expect(res.body.msg).toMatch(/has the wrong format$/);
    }
    const routers = await t.call('GET', '/getRouters?systemId=3000000000', { token: admin, lang: 'en-US' });
    expect(routers.body).toEqual({ code: 500, msg: 'System id has the wrong format' });
    const status = await send(
      'PUT',
      '/system/user/changeStatus',
      `{"userId":${HUGE},"status":"1"}`,
      'application/json',
    );
    expect(status.body.code).toBe(500);
    expect(status.body.msg).toMatch(/wrong format/);
    // subsystem ids live in an integer column
    for (const url of ['/info/enterSystem?systemId=3000000000', '/system/menu/list?systemId=3000000000']) {
      const res = await t.call('GET', url, { token: admin, lang: 'en-US' });
      expect(res.body).toEqual({ code: 500, msg: 'System id has the wrong format' });
    }
    for (const [method, url] of [
      ['GET', '/sysclient/system/3000000000'],
      ['DELETE', '/sysclient/system/100,3000000000'],
      ['GET', '/sysclient/client/menuTree?systemIds=100,3000000000'],
    ]) {
      const res = await t.call(method!, url!, { token: admin, lang: 'en-US' });
      expect(res.body.code).toBe(500);
      expect(res.body.msg).toMatch(/wrong format/);
    }
  });

  it('asks for a multipart form on upload routes', async () => {
    for (const url of ['/common/upload', '/file/upload', '/system/user/profile/avatar', '/system/user/importData']) {
      expect((await send('POST', url, '{}', 'application/json')).body).toEqual({
        code: 500,
        msg: 'Send the file as a multipart/form-data form',
      });
      expect((await send('POST', url, 'lamp', 'text/plain')).body.msg).toBe(
        'Send the file as a multipart/form-data form',
      );
      expect((await send('POST', url, '--x\r\nnot a part', 'multipart/form-data; boundary=x')).body).toEqual({
        code: 500,
        msg: 'The upload is incomplete or malformed',
      });
    }
    expect((await send('POST', '/common/upload', '{}', 'application/json', admin, 'zh-CN')).body.msg).toBe(
      '请以 multipart/form-data 表单上传文件',
    );
  });

  it('limits how deep a JSON body nests, at parse time', async () => {
    for (const payload of [deep(100_000), `{"configName":${deep(40)}}`]) {
      expect((await send('POST', '/system/config', payload, 'application/json')).body).toEqual({
        code: 500,
        msg: 'The request body is nested too deeply (at most 32 levels)',
      });
    }
    // brackets inside text are text
    const text = JSON.stringify({
      configName: deep(50),
      configKey: 'lamp.brackets',
      configValue: '1',
      configType: 'N',
    });
    expect((await send('POST', '/system/config', text, 'application/json')).body.code).toBe(200);
  });

  it('takes a body-less JSON request as an empty body: POST /logout signs out', async () => {
    const token = await t.login('demo_admin');
    const res = await send('POST', '/logout', '', 'application/json', token);
    expect(res.body).toMatchObject({ code: 200, msg: 'Logout successful' });
    expect((await t.call('GET', '/getInfo', { token })).body.code).toBe(401);
    // a route that needs a body still names what is missing
    const empty = await send('PUT', '/system/user/changeStatus', '', 'application/json');
    expect(empty.body.code).toBe(500);
    expect(UNKNOWN).not.toContain(empty.body.msg);
  });
});

describe('role grants with junk change nothing and are logged', () => {
  const grants = () =>
    t.deps.database.query<{ user_id: number; role_id: number }>(
      'select user_id, role_id from sys_user_role order by user_id, role_id',
    );
  const logRows = () => t.deps.database.query<{ n: number }>('select count(*)::int as n from sys_oper_log');

  it('refuses nested ids and deep junk before granting, and writes the failed operation to the log', async () => {
    const [operator] = await t.deps.database.query<{ user_id: number }>(
      "select user_id from sys_user where user_name = 'demo_operator'",
    );
    const [role] = await t.deps.database.query<{ role_id: number }>(
      "select role_id from sys_role where role_key = 'customer_admin'",
    );
    const userId = operator!.user_id;
    const roleId = role!.role_id;
    const cases: [string, string, string][] = [
      ['/system/user/authRole', JSON.stringify({ userId, roleIds: [[roleId]] }), 'Roles has the wrong format'],
      ['/system/user/authRole', JSON.stringify({ userId, roleIds: { a: 1 } }), 'Roles has the wrong format'],
      ['/system/user/authRole', JSON.stringify({ userId: [[userId]], roleIds: [roleId] }), 'has the wrong format'],
      ['/system/user/authRole', `{"userId":${userId},"roleIds":[${roleId}],"x":${deep(5000)}}`, 'nested too deeply'],
      [
        '/system/role/authUser/selectAll',
        JSON.stringify({ roleId, userIds: [[userId]] }),
        'Users has the wrong format',
      ],
      ['/system/role/authUser/selectAll', JSON.stringify({ roleId, userIds: { a: 1 } }), 'Users has the wrong format'],
      ['/system/role/authUser/selectAll', `{"roleId":${roleId},"userIds":[${userId}],"x":${deep(5000)}}`, 'nested'],
      ['/system/role/authUser/cancel', JSON.stringify({ roleId: [[3]], userId: [[userId]] }), 'has the wrong format'],
      ['/system/role/authUser/cancelAll', JSON.stringify({ roleId: 3, userIds: [[userId]] }), 'has the wrong format'],
      ['/system/role/authUser/cancelAll', JSON.stringify({ roleId: 3, userIds: { a: userId } }), 'wrong format'],
    ];
    const before = await grants();
    for (const [url, payload, msg] of cases) {
      const logged = (await logRows())[0]!.n;
      const res = await send('PUT', url, payload, 'application/json');
      expect({ url, payload: payload.slice(0, 60), status: res.status, code: res.body.code }).toEqual({
        url,
        payload: payload.slice(0, 60),
        status: 200,
        code: 500,
      });
      expect(res.body.msg).toContain(msg);
      expect(await grants()).toEqual(before);
      const [row] = await t.deps.database.query<{ oper_url: string; status: number; error_msg: string }>(
        'select oper_url, status, error_msg from sys_oper_log order by oper_id desc limit 1',
      );
      expect((await logRows())[0]!.n).toBe(logged + 1);
      expect(row).toMatchObject({ oper_url: url, status: 1, error_msg: res.body.msg });
    }
  });

  it('writes the row of a succeeding grant whatever else the body carried', async () => {
    const [operator] = await t.deps.database.query<{ user_id: number }>(
      "select user_id from sys_user where user_name = 'demo_operator'",
    );
    const junk = `{"a":{"b":{"c":{"d":{"e":{"f":{"g":{"h":{"i":{"j":[1,2,3]}}}}}}}}}}`;
    const res = await send(
      'PUT',
      '/system/role/authUser/selectAll',
      `{"roleId":3,"userIds":[${operator!.user_id}],"x":${junk}}`,
      'application/json',
    );
    expect(res.body.code).toBe(200);
    const [row] = await t.deps.database.query<{ oper_url: string; status: number; oper_param: string }>(
      'select oper_url, status, oper_param from sys_oper_log order by oper_id desc limit 1',
    );
    expect(row).toMatchObject({ oper_url: '/system/role/authUser/selectAll', status: 0 });
    expect(row!.oper_param).toContain('"roleId":3');
  });

  it('declares an operation-log row on every route that changes something', () => {
    // sign-in goes to the login log; POST downloads, a reader's own read marks and a strategy's
    // check (validated and warned about, not saved) change nothing shared
    const exempt =
      /^POST \/(adminlogin|login|register|logout|unlockscreen)$|\/export$|\/importTemplate$|^(PUT|POST) \/system\/notice\/(read|markRead)|^POST \/lighting\/strategy\/check$/;
    const missing = t.app
      .routeCatalog()
      .filter((r) => r.method !== 'GET' && !r.operLog && !exempt.test(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });
});

describe('the operation log survives whatever a request carried', () => {
  it('cuts what nests deeper than it shows, so logging a request never overflows', async () => {
    const { maskSecrets } = await import('../src/platform/oper-log.ts');
    let nested: unknown = 1;
    for (let i = 0; i < 20_000; i++) nested = [nested];
    const logged = JSON.stringify(maskSecrets({ roleIds: [2], password: 'x', junk: nested }));
    expect(logged).toBe('{"roleIds":[2],"password":"******","junk":[[[[[["…"]]]]]]}');
  });
});
