// Receipts need an employee, a project with a task and a receipt type: made through HTTP (seeded employee).
import assert from 'node:assert/strict';
import type { Client, TestContext } from './app.js';
import { seedEmployee } from './seed.js';
import { createProject, createTask } from './projects.js';

export interface ReceiptWorld {
  c: Client;
  employee: string;
  project: number;
  task: number;
  /** A receipt type allowing 19 and 7 percent, paid 'privat' by default. */
  type: string;
  /** A valid POST /receipts body with three lines. */
  body(extra?: Record<string, unknown>): Record<string, unknown>;
}

export async function receiptWorld(t: TestContext): Promise<ReceiptWorld> {
  const c = await t.tenant();
  const employee = (await seedEmployee(t.database.db, c.tenant.id)).username;
  const project = (await createProject(c)).id;
  const task = (await createTask(c, project)).id;
  const type = await c.post('/receipt-types', {
    name: 'Übernachtung',
    tax_rates: [19, 7],
    default_payment_method: 'privat',
  });
  assert.equal(type.status, 201, type.text);
  const body = (extra: Record<string, unknown> = {}) => ({
    employee_id: employee,
    date: '2026-03-10',
    receipt_type_id: 'Übernachtung',
    project_id: project,
    project_task_id: task,
    currency: 'EUR',
    is_amount_net: false,
    receiptAmounts: [
      { tax: 7, quantity: 2, amount: 89.5 },
      { tax: 19, quantity: 1, amount: 12.3, invoicing_share: 12.3, private_share: 0 },
      { tax: 19, quantity: 1, amount: 4.2 },
    ],
    is_invoice_amount_net: false,
    ...extra,
  });
  return { c, employee, project, task, type: 'Übernachtung', body };
}

export async function createReceipt(w: ReceiptWorld, extra: Record<string, unknown> = {}) {
  const r = await w.c.post('/receipts', w.body(extra));
  assert.equal(r.status, 201, r.text);
  return r.body.data;
}
