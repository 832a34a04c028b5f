import { COORD_SYSTEMS } from '@luxgrid/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fail } from '../../../platform/errors.ts';

/** The query of an import: the project and the coordinate system the file is written in. */
export const importQuery = z.object({
  projectId: z.coerce.number().int().positive().optional(),
  crs: z.enum(COORD_SYSTEMS).default('WGS84'),
});

const MAX_BYTES = 20 * 1024 * 1024;

/** The uploaded file (multipart field "file"): an Excel workbook or a GeoJSON document. */
export async function readUpload(req: FastifyRequest): Promise<{ kind: 'xlsx' | 'geojson'; data: Buffer }> {
  const file = await req.file().catch(() => undefined);
  if (!file) throw fail('upload.required');
  const kind = /\.xlsx$/i.test(file.filename) ? 'xlsx' : /\.(geo)?json$/i.test(file.filename) ? 'geojson' : undefined;
  if (!kind) throw fail('gis.import.format');
  const data = await file.toBuffer();
  if (file.file.truncated || data.length > MAX_BYTES) throw fail('upload.tooLarge', { size: '20 MB' });
  return { kind, data };
}

const download = (reply: FastifyReply, name: string, type: string, body: Buffer | string) =>
  reply
    .header('content-type', type)
    .header('download-filename', encodeURIComponent(name))
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('access-control-expose-headers', 'download-filename')
    .send(body);

export const sendXlsx = (reply: FastifyReply, name: string, body: Buffer) =>
  download(reply, `${name}.xlsx`, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body);

export const sendGeoJson = (reply: FastifyReply, name: string, doc: object) =>
  download(reply, `${name}_${Date.now()}.geojson`, 'application/geo+json', JSON.stringify(doc));
