// Reports as spreadsheets (docs/api/reports.md "Exports"): every row of the report and a totals row, as CSV and as
// XLSX read back with exceljs — numbers as numbers, days as dates.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { forEachDialect } from '../../support/app.js';
import { END, reportWorld, START } from '../../support/reports.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SEED = Number(process.env.ZK_REPORT_SEED ?? 20261128) + 21;

forEachDialect('reports: exports', (t) => {
  test('XLSX: a header, every row with numbers and dates as such, and a totals row', async () => {
    const w = await reportWorld(t(), SEED, 16);
    const q = `group_by=day,project&start_date=${START}&end_date=${END}`;
    const json = (await w.c.get(`/reports/hours?${q}&limit=200`)).body;
    for (const ask of [`?${q}&format=xlsx&limit=2`, `?${q}`]) {
      const r = await w.c.get(`/reports/hours${ask}`, ask.includes('format') ? {} : { headers: { accept: XLSX } });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.headers['content-type'], XLSX);
      assert.match(String(r.headers['content-disposition']), /attachment; filename="hours-report\.xlsx"/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(r.raw as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      assert.deepEqual(header, [
        'day',
        'project',
        'hours',
        'billable_hours',
        'amount',
        'internal_cost',
        'planned_hours',
      ]);
      assert.equal(sheet.rowCount, json.data.length + 2, 'every row (not a page) and the totals');
      for (const [i, item] of json.data.entries()) {
        const row = sheet.getRow(i + 2);
        assert.equal(row.getCell(1).type, ExcelJS.ValueType.Date);
        assert.equal((row.getCell(1).value as Date).toISOString().slice(0, 10), item.day);
        assert.equal(row.getCell(2).type, ExcelJS.ValueType.Number);
        assert.equal(row.getCell(3).type, ExcelJS.ValueType.Number);
        assert.equal(row.getCell(3).value, item.hours);
        assert.equal(row.getCell(5).value, item.amount);
      }
      const totals = sheet.getRow(json.data.length + 2);
      assert.equal(totals.getCell(1).value, 'Total');
      const column = (n: number) =>
        Array.from({ length: json.data.length }, (_, i) => Number(sheet.getRow(i + 2).getCell(n).value));
      for (const [n, key] of [
        [3, 'hours'],
        [4, 'billable_hours'],
        [5, 'amount'],
        [6, 'internal_cost'],
      ] as const) {
        assert.equal(totals.getCell(n).type, ExcelJS.ValueType.Number, key);
        assert.equal(totals.getCell(n).value, json.totals[key]);
        const sum = column(n).reduce((a, b) => a + b, 0);
        // Each row is rounded to cents apart from the total: at most half a cent each.
        const slack = json.data.length * 0.005 + 1e-6;
        assert.ok(Math.abs(sum - json.totals[key]) <= slack, `${key}: the rows add up to the total`);
      }
    }
  });

  test('CSV: every row and a totals row, for each report', async () => {
    const w = await reportWorld(t(), SEED + 1, 8);
    const q = `group_by=employee&start_date=${START}&end_date=${END}`;
    const json = (await w.c.get(`/reports/hours?${q}`)).body;
    const r = await w.c.get(`/reports/hours?${q}&format=csv`);
    assert.equal(r.status, 200, r.text);
    assert.match(String(r.headers['content-type']), /^text\/csv/);
    const lines = r.text.trim().split('\r\n');
    assert.equal(lines[0], 'employee,hours,billable_hours,amount,internal_cost,planned_hours');
    assert.equal(lines.length, json.data.length + 2);
    assert.equal(
      lines.at(-1),
      `Total,${json.totals.hours},${json.totals.billable_hours},${json.totals.amount},${json.totals.internal_cost},${json.totals.planned_hours}`,
    );
    for (const path of ['/reports/uninvoiced', '/reports/budget']) {
      const csv = await w.c.get(`${path}?format=csv`);
      assert.equal(csv.status, 200, `${path}: ${csv.text}`);
      const rows = csv.text.trim().split('\r\n');
      assert.equal(rows.length, (await w.c.get(`${path}?limit=200`)).body.data.length + 2, path);
      assert.match(rows.at(-1)!, /^Total,/);
      const xlsx = await w.c.get(`${path}?format=xlsx`);
      assert.equal(xlsx.headers['content-type'], XLSX, path);
    }
  });
});
