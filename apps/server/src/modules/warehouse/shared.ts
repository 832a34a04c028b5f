import { formatDate } from '../system/user/user-info.ts';

/** Audit times as the screens show them. */
export const audit = <T extends { createTime: Date; updateTime: Date | null }>(row: T) => ({
  ...row,
  createTime: formatDate(row.createTime),
  updateTime: formatDate(row.updateTime),
});

export const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A document number: prefix, the day, and a sequence of the day ('RK20261127-0003'). */
export function docNo(prefix: string, now: number, seq: number): string {
  const d = new Date(now);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${prefix}${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-${pad(seq, 4)}`;
}

export { formatDate };

/** Answers an .xlsx file to download. */
export function sendXlsx(reply: import('fastify').FastifyReply, name: string, buffer: Buffer) {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('download-filename', encodeURIComponent(name))
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('access-control-expose-headers', 'download-filename')
    .send(buffer);
}
