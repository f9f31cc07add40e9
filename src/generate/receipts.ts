// Generated receipts: the four usual receipt types and, per employee and month of employment, two
// receipts with 1–3 amount lines on one of the employee's projects open that day. Receipts of past years are
// billed, the latest year's are not yet.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { between, pick, type Random } from './random.js';

type Row = Record<string, unknown>;
type Insert = (db: Kysely<DB>, table: string, rows: Row[], returning?: boolean) => Promise<number[]>;

const TYPES = [
  { name: 'Fahrkarte', tax_rates: [7, 19], default_payment_method: 'privat' },
  { name: 'Übernachtung', tax_rates: [7, 19], default_payment_method: 'privat' },
  { name: 'Bewirtung', tax_rates: [19], default_payment_method: 'Firma' },
  { name: 'Kilometergeld', tax_rates: [0], default_payment_method: 'privat' },
];
const PER_MONTH = 2;
const BATCH = 5_000;

export async function generateReceipts(
  db: Kysely<DB>,
  insertMany: Insert,
  tenant_id: number,
  employees: readonly { username: string; firstDay: string }[],
  days: readonly string[],
  projectsOf: (username: string, date: string) => readonly { id: number; tasks: readonly number[] }[],
  random: Random,
  stamp: { created: string; modified: string },
): Promise<{ receipts: number; lines: number }> {
  await insertMany(
    db,
    'receipt_types',
    TYPES.map((t) => ({ tenant_id, ...t, tax_rates: JSON.stringify(t.tax_rates), description: null, ...stamp })),
  );
  const lastYear = days[days.length - 1].slice(0, 4);
  const byMonth = new Map<string, string[]>();
  for (const d of days) byMonth.set(d.slice(0, 7), [...(byMonth.get(d.slice(0, 7)) ?? []), d]);
  let receipts = 0;
  let lines = 0;
  const headers: Row[] = [];
  const amounts: Row[][] = [];
  const flush = async () => {
    const ids = await insertMany(db, 'receipts', headers, true);
    const rows = ids.flatMap((id, i) => amounts[i].map((l) => ({ tenant_id, receipt_id: id, ...l })));
    await insertMany(db, 'receipt_amounts', rows);
    receipts += ids.length;
    lines += rows.length;
    headers.length = 0;
    amounts.length = 0;
  };
  for (const e of employees) {
    for (const monthDays of byMonth.values()) {
      for (let k = 0; k < PER_MONTH; k++) {
        const date = pick(random, monthDays);
        if (date < e.firstDay) continue;
        const open = projectsOf(e.username, date);
        if (open.length === 0) continue;
        const project = pick(random, open);
        const type = pick(random, TYPES);
        headers.push({
          tenant_id,
          employee_id: e.username,
          date,
          receipt_type_id: type.name,
          currency: 'EUR',
          invoice_amount_currency: 'EUR',
          note: random() < 0.5 ? `${type.name} ${date}` : null,
          payment_method: type.default_payment_method,
          breakfast_cents: 0,
          lunch_or_dinner_cents: 0,
          is_amount_net: false,
          is_invoice_amount_net: false,
          billing_status: date.startsWith(lastYear) ? 1 : 3,
          project_id: project.id,
          project_task_id: pick(random, project.tasks),
          created: `${date} 19:00:00`,
          modified: `${date} 19:00:00`,
        });
        amounts.push(
          Array.from({ length: between(random, 1, 3) }, () => {
            const cents = between(random, 500, 25_000);
            return {
              tax_e4: pick(random, type.tax_rates) * 10_000,
              quantity_e4: between(random, 1, 3) * 10_000,
              amount_cents: cents,
              invoicing_share_cents: random() < 0.5 ? cents : 0,
              private_share_cents: 0,
            };
          }),
        );
        if (headers.length >= BATCH) await flush();
      }
    }
  }
  if (headers.length) await flush();
  return { receipts, lines };
}
