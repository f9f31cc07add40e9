// A report as a spreadsheet (docs/api/reports.md "Exports"): every row of it (not a page), then a totals row; CSV
// (UTF-8, header row) or XLSX written with exceljs — numbers as numbers, days as dates, text as text.
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSV_TYPE } from '../../http/list/index.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ColumnKind = 'text' | 'number' | 'date' | 'boolean';
export interface ExportColumn {
  key: string;
  kind: ColumnKind;
}

/** `format=csv|xlsx`, else an Accept header that asks for one of them and not for JSON; undefined: JSON. */
export function exportFormat(req: FastifyRequest): 'csv' | 'xlsx' | undefined {
  const format = (req.query as { format?: string }).format;
  if (format === 'csv' || format === 'xlsx') return format;
  if (format === 'json') return undefined;
  const accept = String(req.headers.accept ?? '');
  if (/\bapplication\/json\b/i.test(accept)) return undefined;
  if (accept.includes(XLSX_TYPE)) return 'xlsx';
  return /\btext\/csv\b/i.test(accept) ? 'csv' : undefined;
}

const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

function csv(
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
  totals: Record<string, unknown>,
) {
  const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
  return [
    line(columns.map((c) => c.key)),
    ...rows.map((r) => line(columns.map((c) => r[c.key]))),
    line(columns.map((c, i) => (i === 0 && !(c.key in totals) ? 'Total' : totals[c.key]))),
  ].join('');
}

/** A day 'YYYY-MM-DD' as the Date of its midnight UTC (a spreadsheet date without time). */
const asDate = (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : v;

async function xlsx(
  title: string,
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
  totals: Record<string, unknown>,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(title);
  sheet.columns = columns.map((c) => ({
    header: c.key,
    key: c.key,
    width: Math.max(12, c.key.length + 2),
    ...(c.kind === 'date' ? { style: { numFmt: 'yyyy-mm-dd' } } : {}),
    ...(c.kind === 'number' ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows)
    sheet.addRow(
      Object.fromEntries(columns.map((c) => [c.key, c.kind === 'date' ? asDate(r[c.key]) : (r[c.key] ?? null)])),
    );
  const total = sheet.addRow(
    Object.fromEntries(
      columns.map((c, i) => [c.key, i === 0 && !(c.key in totals) ? 'Total' : (totals[c.key] ?? null)]),
    ),
  );
  total.font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Answer the report as a file of `format`. */
export async function sendExport(
  reply: FastifyReply,
  format: 'csv' | 'xlsx',
  name: string,
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
  totals: Record<string, unknown>,
) {
  const body =
    format === 'csv' ? Buffer.from(csv(columns, rows, totals), 'utf8') : await xlsx(name, columns, rows, totals);
  return reply
    .header('content-type', format === 'csv' ? CSV_TYPE : XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .send(body);
}
