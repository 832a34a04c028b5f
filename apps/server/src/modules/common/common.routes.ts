import { stat } from 'node:fs/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, Deps } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { fail } from '../../platform/errors.ts';
import { UPLOAD_URL_PREFIX } from '../../platform/files/storage.ts';
import { deleteFileAt, fileAt, insertFile } from './file.repository.ts';
import type { FileKind } from './file.table.ts';
import { sniffAllowed, sniffImage, UPLOAD_RULES, type UploadKind } from './upload-rules.ts';

function kindOf(name: string): UploadKind | null {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if ((UPLOAD_RULES.image.extensions as readonly string[]).includes(ext)) return 'image';
  if ((UPLOAD_RULES.file.extensions as readonly string[]).includes(ext)) return 'file';
  return null;
}

const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`);

/**
 * Reads one multipart file and checks the spec's types and sizes; returns the stored file.
 * Where only an image will do (the avatar), the bytes decide: a browser's cropper sends a PNG
 * under the photo's own name (`me.jpg`), so the file is judged and stored by its sniffed type.
 */
export async function receiveUpload(deps: Deps, file: MultipartFile | undefined, only?: UploadKind) {
  if (!file) throw fail('upload.required');
  const kind = only === 'image' ? 'image' : kindOf(file.filename);
  if (!kind || (only && kind !== only)) throw fail('upload.formatWrong');
  const data = await file.toBuffer();
  const { maxBytes } = UPLOAD_RULES[kind];
  if (data.length > maxBytes || file.file.truncated) throw fail('upload.tooLarge', { size: formatSize(maxBytes) });
  let storedName = file.filename;
  if (only === 'image') {
    const image = sniffImage(data.subarray(0, 16));
    if (!image) throw fail('upload.formatWrong');
    storedName = `${file.filename.replace(/\.[^./\\]*$/, '')}.${image}`;
  } else if (!sniffAllowed(kind, file.filename, data.subarray(0, 16))) throw fail('upload.formatWrong');
  return {
    ...(await deps.files.save(data, storedName, new Date(deps.clock.now()))),
    originalFilename: file.filename,
  };
}

/** Records a stored file as belonging to the caller's customer (a platform user's: the chosen one, or the platform). */
export async function recordFile(
  deps: Deps,
  ctx: Ctx,
  fileName: string,
  file: { originalName: string; kind: FileKind; size: number },
): Promise<void> {
  const path = deps.files.pathOf(fileName);
  if (!path) return;
  await insertFile(deps.database.db, ctx, { path, ...file });
}

/**
 * Stores a generated file (an export its author fetches once with `/common/download?delete=true`)
 * and records it as theirs; answers the name to download it by.
 */
export async function storeExport(deps: Deps, ctx: Ctx, data: Buffer, name: string): Promise<string> {
  const { fileName } = await deps.files.save(data, name, new Date(deps.clock.now()));
  await recordFile(deps, ctx, fileName, { originalName: name, kind: 'export', size: data.length });
  return fileName;
}

/**
 * The record of a stored file if the caller may read it, or null. Platform users read every file under
 * the upload root, recorded or not (older files were stored before files had owners); customer users
 * read only files recorded for their customer. A refusal answers as a missing file would.
 */
async function readableFile(deps: Deps, ctx: Ctx, name: string) {
  const path = deps.files.pathOf(name);
  if (!path) return null;
  const row = await fileAt(deps.database.db, path);
  if (ctx.platform) return { path, row };
  return row && row.clientId === ctx.clientId ? { path, row } : null;
}

/** Uploads (editor and default uploader), downloads confined to the upload root, and serving of uploaded files. */
export function commonRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['common'];
    for (const url of ['/common/upload', '/file/upload']) {
      app.post(
        url,
        {
          config: { operLog: { title: 'files', businessType: 1 } },
          schema: { tags, summary: 'Upload one file (multipart field "file")', consumes: ['multipart/form-data'] },
        },
        async (req) => {
          const ctx = req.auth();
          const stored = await receiveUpload(deps, await req.file());
          const size = (await stat(deps.files.resolveInside(stored.fileName)!)).size;
          await recordFile(deps, ctx, stored.fileName, { originalName: stored.originalFilename, kind: 'upload', size });
          return { ...ok(req.lang), ...stored };
        },
      );
    }

    app.get(
      '/common/download',
      {
        schema: {
          tags,
          summary: 'Download a stored file',
          querystring: z.object({ fileName: z.string().min(1).max(255), delete: z.enum(['true', 'false']).optional() }),
        },
      },
      async (req, reply) => {
        const ctx = req.auth();
        const { fileName } = req.query;
        if (fileName.includes('..') || !deps.files.resolveInside(fileName)) throw fail('download.illegalName');
        const readable = await readableFile(deps, ctx, fileName);
        if (!readable) throw fail('download.failed');
        // deleting is for the temporary export its author fetches once, never for someone's upload
        const remove = req.query.delete === 'true';
        if (remove && !(readable.row?.kind === 'export' && readable.row.userId === ctx.principal.userId))
          throw fail('download.notOwnExport');
        const found = await deps.files.open(fileName);
        if (!found) throw fail('download.failed');
        const shown =
          fileName
            .split('/')
            .pop()!
            .replace(/^[0-9a-f]{32}_?/, '') || 'download';
        reply
          .header('content-type', 'application/octet-stream')
          .header('download-filename', encodeURIComponent(shown))
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(shown)}`);
        if (remove)
          found.stream.on('close', () => {
            void deps.files.remove(fileName);
            void deleteFileAt(deps.database.db, readable.path).catch((err: unknown) =>
              req.log.warn({ err }, 'file record not removed'),
            );
          });
        return reply.send(found.stream);
      },
    );

    app.get(
      '/common/download/resource',
      {
        schema: {
          tags,
          summary: 'Download an uploaded resource',
          querystring: z.object({ resource: z.string().min(1).max(255) }),
        },
      },
      async (req, reply) => {
        const ctx = req.auth();
        const readable = await readableFile(deps, ctx, req.query.resource);
        const found = readable ? await deps.files.open(req.query.resource) : null;
        if (!found) throw fail('download.illegalName');
        const shown = req.query.resource.split('/').pop()!;
        return reply
          .header('content-type', 'application/octet-stream')
          .header('download-filename', encodeURIComponent(shown))
          .send(found.stream);
      },
    );

    // uploaded images are shown in <img> tags, which send no token: names are random and unguessable
    // (a temporary export is its author's alone: only /common/download serves it)
    app.get(`${UPLOAD_URL_PREFIX}/*`, { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
      const name = req.url.split('?')[0]!;
      const path = deps.files.pathOf(name);
      const record = path ? await fileAt(deps.database.db, path) : undefined;
      const found = record?.kind === 'export' ? null : await deps.files.open(name);
      if (!found) {
        reply.status(404);
        return { code: 404, msg: '' };
      }
      const ext = found.path.split('.').pop();
      const type =
        ext === 'png' ? 'image/png' : ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : 'application/octet-stream';
      return reply.header('content-type', type).header('x-content-type-options', 'nosniff').send(found.stream);
    });
  };
}
