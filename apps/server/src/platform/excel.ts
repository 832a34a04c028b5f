import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
}

/** Streams an .xlsx download; the file name travels URL-encoded in the download-filename header. */
export async function sendWorkbook(
  reply: FastifyReply,
  name: string,
  columns: SheetColumn[],
  rows: Record<string, unknown>[],
) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name.slice(0, 31));
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.addRows(rows);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const fileName = `${name}_${Date.now()}.xlsx`;
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('download-filename', encodeURIComponent(fileName))
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('access-control-expose-headers', 'download-filename')
    .send(buffer);
}
