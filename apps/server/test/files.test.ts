import { existsSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeExport } from '../src/modules/common/common.routes.ts';
import { authenticate } from '../src/platform/http.ts';
import { secondCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { multipart } from './system/helpers.ts';

/** Uploaded files belong to a customer: downloads and deletions stay inside it (platform users: all). */

let t: TestApp;
let platformAdmin: string;
let customerA: string;
let customerB: string;
beforeAll(async () => {
  t = await startTestApp();
  platformAdmin = await t.login('admin');
  customerA = await t.login('demo_admin');
  customerB = (await secondCustomer(t)).token;
});
afterAll(async () => t?.close());

async function upload(token: string, name = 'plan.txt', url = '/common/upload'): Promise<string> {
  const { body, headers } = multipart(name, Buffer.from('cabinet maintenance plan'));
  const res = await t.app.inject({ method: 'POST', url, payload: body, headers: { ...headers, access_token: token } });
  expect(res.json()).toMatchObject({ code: 200 });
  return res.json().fileName as string;
}

const download = (token: string, fileName: string, extra = '') =>
  t.app.inject({
    method: 'GET',
    url: `/common/download?fileName=${encodeURIComponent(fileName)}${extra}`,
    headers: { access_token: token, 'accept-language': 'en-US' },
  });

const resource = (token: string, name: string) =>
  t.app.inject({
    method: 'GET',
    url: `/common/download/resource?resource=${encodeURIComponent(name)}`,
    headers: { access_token: token, 'accept-language': 'en-US' },
  });

/** A temporary export written for the signed-in user of `token`, as a two-step export would. */
async function exportFor(token: string): Promise<string> {
  const ctx = await authenticate(t.deps, { headers: { access_token: token }, query: {}, ip: '127.0.0.1' } as never);
  return storeExport(t.deps, ctx!, Buffer.from('uid,name\n1,lamp'), 'devices.csv');
}

describe('uploaded files belong to a customer', () => {
  it('records each upload with its customer and uploader', async () => {
    for (const url of ['/common/upload', '/file/upload']) {
      const fileName = await upload(customerA, 'route.txt', url);
      const [row] = await t.deps.database.query<{ client_id: number; create_by: string; kind: string; size: number }>(
        'select client_id, create_by, kind, size from sys_file where path = $1',
        [fileName.replace('/profile/upload/', '')],
      );
      expect(row).toMatchObject({ client_id: 1, create_by: 'demo_admin', kind: 'upload' });
      expect(Number(row!.size)).toBe('cabinet maintenance plan'.length);
    }
  });

  it("serves a customer's file to that customer and to platform users, never to another customer", async () => {
    const fileName = await upload(customerA);
    expect((await download(customerA, fileName)).body).toBe('cabinet maintenance plan');
    expect((await download(platformAdmin, fileName)).body).toBe('cabinet maintenance plan');
    expect((await resource(customerA, fileName)).body).toBe('cabinet maintenance plan');
    expect((await resource(platformAdmin, fileName)).body).toBe('cabinet maintenance plan');

    // another customer is answered as if the file did not exist
    expect((await download(customerB, fileName)).json()).toEqual({
      code: 500,
      msg: 'Data downloading exception, please try again later',
    });
    expect((await resource(customerB, fileName)).json()).toEqual({
      code: 500,
      msg: 'Illegal file name, download refused',
    });
    // the same file written without the URL prefix is the same file
    const bare = fileName.replace('/profile/upload/', '');
    expect((await download(customerB, bare)).json().code).toBe(500);
    expect((await resource(customerB, bare)).json().code).toBe(500);
  });

  it("never deletes another customer's upload, nor an upload at all", async () => {
    const fileName = await upload(customerA);
    const path = t.deps.files.resolveInside(fileName)!;
    const foreign = await download(customerB, fileName, '&delete=true');
    expect(foreign.json()).toEqual({ code: 500, msg: 'Data downloading exception, please try again later' });
    // an upload is nobody's temporary export: not even its uploader or a platform admin deletes it this way
    for (const token of [customerA, platformAdmin]) {
      const own = await download(token, fileName, '&delete=true');
      expect(own.json()).toEqual({ code: 500, msg: 'Only your own temporary export files can be deleted' });
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(path)).toBe(true);
    expect((await download(customerA, fileName)).body).toBe('cabinet maintenance plan');
  });

  it('lets only its author fetch and delete a temporary export', async () => {
    const fileName = await exportFor(customerA);
    const path = t.deps.files.resolveInside(fileName)!;
    // someone else's export: another customer does not see it, a platform admin may read but not delete it
    expect((await download(customerB, fileName, '&delete=true')).json().code).toBe(500);
    expect((await download(platformAdmin, fileName, '&delete=true')).json()).toEqual({
      code: 500,
      msg: 'Only your own temporary export files can be deleted',
    });
    expect(existsSync(path)).toBe(true);

    // the open path of uploaded images does not serve it
    expect((await t.app.inject({ method: 'GET', url: fileName })).statusCode).toBe(404);

    const own = await download(customerA, fileName, '&delete=true');
    expect(own.body).toBe('uid,name\n1,lamp');
    for (let i = 0; i < 20 && existsSync(path); i++) await new Promise((r) => setTimeout(r, 25));
    expect(existsSync(path)).toBe(false);
    const rows = await t.deps.database.query('select 1 from sys_file where path = $1', [
      fileName.replace('/profile/upload/', ''),
    ]);
    expect(rows).toEqual([]);
  });

  it('serves files stored before files had owners to platform users only', async () => {
    const fileName = '/profile/upload/2020/01/01/0123456789abcdef0123456789abcdef.txt';
    const full = t.deps.files.resolveInside(fileName)!;
    await mkdir(dirname(full), { recursive: true });
    writeFileSync(full, 'old cabinet list');
    expect((await download(platformAdmin, fileName)).body).toBe('old cabinet list');
    expect((await download(customerA, fileName)).json().code).toBe(500);
    expect((await resource(customerB, fileName)).json().code).toBe(500);
    // and no one deletes it through a download
    expect((await download(platformAdmin, fileName, '&delete=true')).json().code).toBe(500);
    expect(existsSync(full)).toBe(true);
  });

  it('keeps downloads inside the upload root for every caller', async () => {
    for (const token of [platformAdmin, customerA]) {
      for (const name of ['../../etc/passwd', '/etc/passwd', '2020/../../../etc/passwd']) {
        expect((await download(token, name)).json().code).toBe(500);
        expect((await resource(token, name)).json().code).toBe(500);
      }
    }
  });
});
