import { message } from '@luxgrid/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../src/platform/paging.ts';
import { labelled } from '../src/platform/resource-routes.ts';
import { DEFAULT_TIME_ZONE, SqlParams, scopeSql, scopeTimeZone } from '../src/platform/scope.ts';
import { secondCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { download, readSheet } from './system/helpers.ts';

/**
 * The CRUD kit through resources declared with it: positions (system) and device models and
 * location points (lighting registry), as the demo customer's administrator.
 */

let t: TestApp;
let token: string;
let clientId: number;
let rival: { clientId: number };
let rivalPost: number;

beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('demo_admin');
  const [client] = await t.deps.database.query<{ client_id: number }>(
    "select client_id from sys_client where code = 'DEMO'",
  );
  clientId = client!.client_id;
  rival = await secondCustomer(t);
  const [row] = await t.deps.database.query<{ post_id: number }>(
    "insert into sys_post (client_id, post_code, post_name) values ($1, 'rivalPost', 'Rival post') returning post_id",
    [rival.clientId],
  );
  rivalPost = row!.post_id;
  // more positions than a page may hold, all stopped ('1') so that the export shows the label
  await t.deps.database.query(
    "insert into sys_post (client_id, post_code, post_name, post_sort, status) select $1, 'bulk' || n, 'Bulk ' || n, n, '1' from generate_series(1, $2::int) n",
    [clientId, MAX_PAGE_SIZE + 10],
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, lang: 'zh-CN' | 'en-US' = 'en-US') => t.call('GET', url, { token, lang });

describe('list', () => {
  it('sorts by a whitelisted column in both directions', async () => {
    const asc = await get('/system/post/list?postName=Bulk&orderByColumn=postSort&isAsc=asc&pageSize=3');
    const desc = await get('/system/post/list?postName=Bulk&orderByColumn=postSort&isAsc=desc&pageSize=3');
    expect(asc.body.rows.map((r: { postSort: number }) => r.postSort)).toEqual([1, 2, 3]);
    expect(desc.body.rows[0].postSort).toBe(MAX_PAGE_SIZE + 10);
  });

  it('refuses a column outside the whitelist, naming it', async () => {
    const res = await get('/system/post/list?orderByColumn=clientId');
    expect(res.body).toEqual({ code: 500, msg: message('valid.sortColumn', 'en-US', { field: 'clientId' }) });
    const lighting = await get('/lighting/model/list?orderByColumn=remark%3Bdrop');
    expect(lighting.body.code).toBe(500);
  });

  it('caps the page size and still counts every row', async () => {
    const res = await get('/system/post/list?postName=Bulk&pageSize=100000');
    expect(res.body.rows).toHaveLength(MAX_PAGE_SIZE);
    expect(res.body.total).toBe(MAX_PAGE_SIZE + 10);
    const last = await get(`/system/post/list?postName=Bulk&pageSize=${MAX_PAGE_SIZE}&pageNum=2`);
    expect(last.body.rows).toHaveLength(10);
  });

  it('shows only the caller’s customer', async () => {
    const res = await get('/system/post/list?postCode=rivalPost');
    expect(res.body).toMatchObject({ code: 200, rows: [], total: 0 });
  });
});

describe('by id', () => {
  it('answers a foreign id exactly as an unknown one', async () => {
    const foreign = await get(`/system/post/${rivalPost}`);
    const unknown = await get('/system/post/999999999');
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body).toEqual({ code: 404, msg: message('http.404', 'en-US') });
    // the record exists: the platform administrator who chose the rival customer reads it
    const own = await t.call('GET', `/system/post/${rivalPost}`, {
      token: await t.login('admin'),
      headers: { clientid: String(rival.clientId) },
    });
    expect(own.body).toMatchObject({ code: 200, data: { postId: rivalPost, postCode: 'rivalPost' } });
  });

  it('neither edits nor removes a foreign record', async () => {
    const edit = await t.call('PUT', '/system/post', {
      token,
      lang: 'en-US',
      body: { postId: rivalPost, postCode: 'taken', postName: 'Taken', postSort: 1 },
    });
    expect(edit.body.code).toBe(404);
    const remove = await t.call('DELETE', `/system/post/${rivalPost}`, { token, lang: 'en-US' });
    expect(remove.body.code).toBe(404);
    const [row] = await t.deps.database.query<{ post_code: string }>(
      'select post_code from sys_post where post_id = $1',
      [rivalPost],
    );
    expect(row!.post_code).toBe('rivalPost');
  });
});

describe('export', () => {
  it('writes headers and dictionary labels in the caller’s language', async () => {
    for (const [lang, header, label] of [
      ['zh-CN', '状态', '停用'],
      ['en-US', 'Status', 'Disabled'],
    ] as const) {
      const res = await download(t, '/system/post/export', { token, lang, body: { postName: 'Bulk 1' } });
      expect(res.status).toBe(200);
      const sheet = await readSheet(res.data);
      const status = sheet[0]!.indexOf(header);
      expect(status).toBeGreaterThanOrEqual(0);
      expect(sheet.length).toBeGreaterThan(1);
      expect(new Set(sheet.slice(1).map((r) => r[status]))).toEqual(new Set([label]));
    }
  });

  it('labels fixed value lists per language and leaves unknown values as they are', async () => {
    const columns = [
      ['kind', '类型', 'Kind', 10, { fixed: { POLE: ['灯杆位', 'Pole site'] } }],
      ['name', '名称', 'Name', 10],
    ] as const;
    const rows = [
      { kind: 'POLE', name: 'a' },
      { kind: 'ELSE', name: 'b' },
    ];
    const mutable = columns.map((c) => [...c]) as Parameters<typeof labelled>[2];
    expect(await labelled(t.deps, 'zh-CN', mutable, rows)).toEqual([
      { kind: '灯杆位', name: 'a' },
      { kind: 'ELSE', name: 'b' },
    ]);
    expect((await labelled(t.deps, 'en-US', mutable, rows))[0]).toEqual({ kind: 'Pole site', name: 'a' });
  });

  it('exports only the caller’s customer', async () => {
    const res = await download(t, '/system/post/export', { token, lang: 'en-US', body: { postCode: 'rivalPost' } });
    expect(await readSheet(res.data)).toHaveLength(1);
  });
});

describe('answers', () => {
  it('keeps every field of a row the schema does not list', async () => {
    const res = await get('/lighting/location/list');
    expect(res.body.code).toBe(200);
    const list = await get('/system/post/list?postName=Bulk&pageSize=1');
    expect(Object.keys(list.body.rows[0]).sort()).toEqual(
      [
        'postId',
        'clientId',
        'postCode',
        'postName',
        'postSort',
        'status',
        'createBy',
        'createTime',
        'updateBy',
        'updateTime',
        'remark',
      ].sort(),
    );
  });

  it('documents the answers of the routes declared with the kit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v3/api-docs' });
    const doc = res.json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    const declared = [
      ['/system/post/list', 'get'],
      ['/system/post/{postId}', 'get'],
      ['/lighting/model/list', 'get'],
      ['/lighting/model/{id}', 'get'],
      ['/lighting/tag/list', 'get'],
      ['/lighting/group/list', 'get'],
      ['/lighting/location/list', 'get'],
      ['/lighting/server/list', 'get'],
      ['/system/config/list', 'get'],
      ['/system/config/{configId}', 'get'],
      ['/system/dict/type/list', 'get'],
      ['/system/dict/type/{dictId}', 'get'],
      ['/system/dict/data/list', 'get'],
      ['/system/dict/data/{dictCode}', 'get'],
      ['/system/notice/list', 'get'],
      ['/system/notice/{noticeId}', 'get'],
      ['/system/user/list', 'get'],
      ['/system/role/list', 'get'],
      ['/system/role/{roleId}', 'get'],
      ['/system/menu/{menuId}', 'get'],
      ['/system/dept/{deptId}', 'get'],
      ['/monitor/logininfor/list', 'get'],
      ['/monitor/operlog/list', 'get'],
      ['/monitor/operlog/{operId}', 'get'],
      ['/monitor/devicelog/list', 'get'],
      ['/monitor/job/list', 'get'],
      ['/monitor/job/{jobId}', 'get'],
      ['/monitor/jobLog/list', 'get'],
      ['/sysclient/package/list', 'get'],
      ['/sysclient/subscription/list', 'get'],
      ['/sysclient/system/list', 'get'],
      ['/sysclient/client/list', 'get'],
      ['/sysclient/project/list', 'get'],
      ['/sysclient/project/{projectId}', 'get'],
    ];
    for (const [path, method] of declared) {
      const answer = doc.paths[path]?.[method]?.responses?.['200'];
      expect(answer?.content, `${method} ${path}`).toBeDefined();
      expect(JSON.stringify(answer)).toContain(path.endsWith('list') ? '"rows"' : '"data"');
    }
    // the department and menu trees answer every row at once, in `data`
    for (const path of ['/system/dept/list', '/system/menu/list'])
      expect(JSON.stringify(doc.paths[path]?.get?.responses?.['200'])).toContain('"data"');
  });
});

describe('scope', () => {
  it('shows dates in the chosen project’s zone, never in another customer’s', async () => {
    const [project] = await t.deps.database.query<{ project_id: number }>(
      "update biz_project set iana_time_zone = 'Europe/Berlin' where client_id = $1 returning project_id",
      [rival.clientId],
    );
    const projectId = project!.project_id;
    expect(await scopeTimeZone(t.deps.database, { clientId: rival.clientId, projectId })).toBe('Europe/Berlin');
    expect(await scopeTimeZone(t.deps.database, { clientId: null, projectId })).toBe('Europe/Berlin');
    expect(await scopeTimeZone(t.deps.database, { clientId, projectId })).toBe(DEFAULT_TIME_ZONE);
    expect(await scopeTimeZone(t.deps.database, { clientId, projectId: null })).toBe(DEFAULT_TIME_ZONE);
  });

  it('narrows raw SQL to the customer, and to the project when one is named', async () => {
    const projects = async (scope: { clientId: number | null; projectId?: number | null }) => {
      const p = new SqlParams();
      const where = scopeSql(scope, p, { client: 'client_id', project: 'project_id' });
      const rows = await t.deps.database.query<{ client_id: number; project_id: number }>(
        `select client_id, project_id from biz_project where ${where}`,
        p.values,
      );
      return rows;
    };
    const all = await projects({ clientId: null });
    expect(all.some((r) => Number(r.client_id) === clientId)).toBe(true);
    expect(all.some((r) => Number(r.client_id) === rival.clientId)).toBe(true);
    const own = await projects({ clientId });
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => Number(r.client_id) === clientId)).toBe(true);
    const one = own[0]!.project_id;
    const chosen = await projects({ clientId, projectId: one });
    expect(chosen.map((r) => r.project_id)).toEqual([one]);
    // a project of another customer is not found through the customer's scope
    expect(await projects({ clientId: rival.clientId, projectId: one })).toEqual([]);
  });

  it('writes the scope as numbered parameters after those already given', () => {
    const p = new SqlParams('LIGHT');
    expect(scopeSql({ clientId: 7, projectId: 3 }, p, { client: 'd.client_id', project: 'd.project_id' })).toBe(
      'd.client_id = $2 and d.project_id = $3',
    );
    expect(p.values).toEqual(['LIGHT', 7, 3]);
    expect(scopeSql({ clientId: null, projectId: null }, p)).toBe('true');
    expect(scopeSql({ clientId: 7, projectId: 3 }, p)).toBe('client_id = $4');
  });
});
