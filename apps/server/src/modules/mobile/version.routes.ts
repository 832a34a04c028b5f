import { stat } from 'node:fs/promises';
import {
  APP_PACKAGE_EXTENSIONS,
  APP_PLATFORMS,
  appVersionBody,
  appVersionRow,
  dataOf,
  latestVersion,
} from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { fail, notFound } from '../../platform/errors.ts';
import { pageQuery } from '../../platform/paging.ts';
import { resourceRoutes } from '../../platform/resource-routes.ts';
import { recordFile } from '../common/common.routes.ts';
import { mobileRepository } from './mobile.repository.ts';

const listQuery = pageQuery.extend({
  platform: z.enum(APP_PLATFORMS).optional(),
  versionName: z.string().max(30).optional(),
  status: z.enum(['0', '1']).optional(),
});

/** An installable package is a zip archive (apk, ipa and hap all are). */
const isPackage = (name: string, head: Buffer) =>
  (APP_PACKAGE_EXTENSIONS as readonly string[]).includes(name.toLowerCase().split('.').pop() ?? '') &&
  head[0] === 0x50 &&
  head[1] === 0x4b;

/** App versions (app/version): releases with their package or web address; the newest per platform for the app. */
export function versionRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { versions } = mobileRepository(deps.database);
  const now = () => deps.clock.now();
  const tags = ['app/version'];
  const sizeOf = async (fileName: string | undefined) => {
    if (!fileName) return 0;
    const full = deps.files.resolveInside(fileName);
    if (!full) throw fail('download.illegalName');
    return (await stat(full).catch(() => null))?.size ?? 0;
  };

  return async (app) => {
    resourceRoutes(app, deps, {
      base: '/app/version',
      perm: 'app:version',
      tags,
      title: 'app versions',
      idName: 'versionId',
      idsName: 'versionIds',
      row: appVersionRow,
      list: { query: listQuery, sortable: versions.sortable, order: versions.order, rows: versions.list },
      get: versions.find,
      add: {
        body: appVersionBody,
        run: async (scope, body) => versions.insert(scope, now(), body, await sizeOf(body.fileName)),
      },
      edit: {
        body: appVersionBody,
        run: async (scope, body) => {
          if (!body.versionId) throw fail('valid.required', { field: 'versionId' });
          await versions.update(scope, now(), body.versionId, body, body.fileName ? await sizeOf(body.fileName) : null);
        },
      },
      remove: versions.remove,
    });

    app.post(
      '/app/version/upload',
      {
        config: {
          perm: { any: ['app:version:add', 'app:version:edit'] },
          operLog: { title: 'app versions', businessType: 1 },
        },
        schema: {
          tags,
          summary: 'Upload an installable package (apk, ipa, hap; multipart field "file")',
          consumes: ['multipart/form-data'],
        },
      },
      async (req) => {
        const ctx = req.auth();
        const file = await req.file().catch(() => undefined);
        if (!file) throw fail('upload.required');
        const data = await file.toBuffer();
        if (file.file.truncated) throw fail('upload.tooLarge', { size: '50 MB' });
        if (!isPackage(file.filename, data.subarray(0, 4))) throw fail('app.package.format');
        const stored = await deps.files.save(data, file.filename, new Date(now()));
        await recordFile(deps, ctx, stored.fileName, {
          originalName: file.filename,
          kind: 'upload',
          size: data.length,
        });
        return ok(req.lang, { fileName: stored.fileName, originalName: file.filename, size: data.length });
      },
    );

    app.get(
      '/app/version/latest',
      {
        schema: {
          tags,
          summary: 'The newest release of a platform for the signed-in crew, and whether it must be installed',
          querystring: z.object({
            platform: z.enum(APP_PLATFORMS),
            versionCode: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
          }),
          response: { 200: dataOf(latestVersion) },
        },
      },
      async (req) => {
        const scope = req.auth();
        const row = await versions.latest(scope, req.query.platform);
        if (!row) throw fail('app.version.none');
        const current = req.query.versionCode;
        const updateAvailable = current === undefined || row.versionCode > current;
        const forceUpdate =
          updateAvailable &&
          (current === undefined ? row.forceUpdate === '1' : await versions.forcedSince(scope, row.platform, current));
        return ok(req.lang, {
          versionId: row.versionId,
          platform: row.platform,
          versionCode: row.versionCode,
          versionName: row.versionName,
          releaseNotes: row.releaseNotes,
          downloadUrl: row.fileName ? `/app/version/${row.versionId}/package` : row.url,
          forceUpdate,
          updateAvailable,
        });
      },
    );

    app.get(
      '/app/version/:versionId/package',
      {
        schema: {
          tags,
          summary: 'Download the installable package of a release the caller may install',
          params: z.object({ versionId: z.coerce.number().int().positive() }),
        },
      },
      async (req, reply) => {
        const row = await versions.find(req.auth(), req.params.versionId);
        if (!row?.fileName) throw notFound();
        const found = await deps.files.open(row.fileName);
        if (!found) throw fail('download.failed');
        const shown = `luxgrid-${row.platform.toLowerCase()}-${row.versionName}.${row.fileName.split('.').pop()}`;
        return reply
          .header('content-type', 'application/octet-stream')
          .header('download-filename', encodeURIComponent(shown))
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(shown)}`)
          .send(found.stream);
      },
    );
  };
}
