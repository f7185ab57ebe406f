import ExcelJS from 'exceljs';
import type { HeadwayClient } from '../../test/helpers/client.ts';
import type { TestServer } from '../../test/helpers/server.ts';
import type { ImportReport } from '../contract/index.ts';
import { type Download, download, envelopeOf } from '../exports/table/testing/download.ts';

// The import tests' side: a workbook built with exceljs, uploaded over real HTTP with the client's signature.

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function workbook(header: string[], rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Import');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function uploader(server: TestServer, path: string) {
  return (client: HeadwayClient, body: Buffer, commit = false, language = 'en') =>
    download(client, () => server.clock.now(), 'POST', `${path}${commit ? '?commit=true' : ''}`, {
      body,
      contentType: XLSX,
      language,
    });
}

export const reportOf = (file: Download) => envelopeOf(file) as { code: number; result: ImportReport };

/** GET a file (an export, a template) with the client's signature. */
export const fetchFile = (server: TestServer, client: HeadwayClient, path: string) =>
  download(client, () => server.clock.now(), 'GET', path);
