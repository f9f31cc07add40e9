// Labels of enumerated objects follow the tenant's language, from one table (values/labels.ts): every enumeration of
// that table is read through the API on a 'de' and an 'en' tenant (offers, invoices and receipts included).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { absenceWorld } from '../support/absences.js';
import { createOffer, addItem, createCustomer } from '../support/commercial.js';
import { seedPriceGroup } from '../support/seed.js';
import { LABELS, type LabelSetName } from '../../src/values/labels.js';

const expect = (language: 'de' | 'en', set: LabelSetName, id: string | number) => ({
  id,
  name: (LABELS[set] as any)[id][language],
});

forEachDialect('labels follow the tenant language', (t) => {
  for (const language of ['de', 'en'] as const) {
    test(`every enumeration of the label table, in ${language}`, async () => {
      const w = await absenceWorld(t(), { language, modules: ['project_release'] });
      const c = w.c;
      const seen = new Set<LabelSetName>();
      const check = (set: LabelSetName, got: unknown, id: string | number) => {
        assert.deepEqual(got, expect(language, set, id), `${set} ${id}`);
        seen.add(set);
      };

      const ticket = await c.post('/tickets', {
        subject: 'T',
        status: 2,
        priority: 1,
        project_id: w.projectId,
        project_task_id: w.taskId,
        creator_username: w.employee,
      });
      assert.equal(ticket.status, 201, ticket.text);
      check('ticket_status', ticket.body.data.status, 2);
      check('ticket_status', (await c.get(`/tickets?limit=1`)).body.data[0].status, 2);
      const subtask = await c.post(`/tickets/${ticket.body.data.id}/subtasks`, {
        subject: 's',
        name: 'n',
        status: 3,
        creator_username: w.employee,
      });
      check('ticket_status', subtask.body.data.status, 3);

      const booking = await w.book({ direction_of_travel: 2 });
      assert.equal(booking.status, 201, booking.text);
      check('direction_of_travel', booking.body.data.direction_of_travel, 2);

      const reason = await c.post('/absence-reasons', { name: 'GL', color: '#00ff00', type: 3 });
      check('absence_reason_type', reason.body.data.type, 3);
      check('absence_reason_type', (await c.get('/absence-reasons/GL')).body.data.type, 3);

      const category = await c.post('/categories', { name: 'Key', type: 'task' });
      check('category_type', category.body.data.type, 'task');
      const project = await c.post('/projects', { name: 'Labelled', categories: [], plan_can_exceed: 3 });
      assert.equal(project.status, 201, project.text);
      check('plan_can_exceed', project.body.data.plan_can_exceed, 3);
      const catProject = await c.post('/categories', { name: 'ProjCat', type: 'project' });
      assert.equal(catProject.status, 201);
      const tagged = await c.patch(`/projects/${project.body.data.id}`, { categories: ['ProjCat'] });
      check('category_type', tagged.body.data.categories[0].type, 'project');

      await seedPriceGroup(t().database.db, c.tenant.id, 'Junior');
      const table = await c.post('/price-tables', {
        start_date: '2024-01-01',
        prices: [{ price_group: 'Junior', price: 80, type: 'tsatz' }],
      });
      assert.equal(table.status, 201, table.text);
      check('price_type', table.body.data.prices[0].type, 'tsatz');

      // Projects, tasks and assignments: billing types, billabilities, assignment and rate types.
      const billed = await c.post('/projects', {
        name: 'Billed',
        billing_type: 2,
        default_billability: 1,
        receipts_billability: 2,
      });
      assert.equal(billed.status, 201, billed.text);
      check('billing_type', billed.body.data.billing_type, 2);
      check('default_billability', billed.body.data.default_billability, 1);
      check('receipts_billability', billed.body.data.receipts_billability, 2);
      const task = await c.post(`/projects/${billed.body.data.id}/tasks`, { name: 'T', billing_type: 3 });
      assert.equal(task.status, 201, task.text);
      check('task_billing_type', task.body.data.billing_type, 3);
      const assigned = await c.post(`/projects/${billed.body.data.id}/employees`, {
        employee_id: w.employee,
        type: '1',
        rate_type: 1,
      });
      assert.equal(assigned.status, 201, assigned.text);
      check('assignment_type', assigned.body.data.type, '1');
      check('rate_type', assigned.body.data.rate_type, 1);
      const rate = await c.post(`/employees/${w.employee}/internal-rates`, {
        start_date: '2024-01-01',
        internal_rate: 50,
        rate_type: 3,
      });
      assert.equal(rate.status, 201, rate.text);
      check('rate_type', rate.body.data.rate_type, 3);
      const offer = await createOffer(c);
      check(
        'expenditure_billing_type',
        (
          await addItem(c, offer.id, {
            type: 'aufwand',
            quantity: 1,
            single_price: 1,
            expenditure_billing_type: 'basehour',
          })
        ).expenditure_billing_type,
        'basehour',
      );

      // Bookings never released; people; meals; leave applications.
      check('project_release', booking.body.data.project_release, 0);
      const employee = (await c.get(`/employees/${w.employee}`)).body.data;
      check('rights', employee.rights, employee.rights.id);
      check('employment', employee.employment, employee.employment.id);
      const meal = await c.post(`/employees/${w.employee}/meals`, { date: '2024-01-02', meal_type: 2 });
      assert.equal(meal.status, 201, meal.text);
      check('meal_type', meal.body.data.meal_type, 2);
      const leave = await w.absence({ absence_reason_id: 'UB', start_date: '2026-04-14' });
      check('leave_status', leave.leaveApprovalApplication.status, 0);

      // The commercial side: offers, offer item types, invoices and their items, receipts' billing status.
      const sent = await createOffer(c, { status: 2 });
      check('offer_status', sent.status, 2);
      check('offer_status', (await c.get(`/offers/${sent.id}`)).body.data.status, 2);
      check(
        'offer_item_type',
        (await addItem(c, sent.id, { type: 'zuschlag_prozent', quantity: 5 })).type,
        'zuschlag_prozent',
      );
      const customer = await createCustomer(c);
      const invoice = (await c.post('/invoices', { customer_number: customer, billing_kind: 1 })).body.data;
      check('invoice_billing_kind', invoice.billing_kind, 1);
      check('invoice_status', invoice.status, 1);
      const invoiceItem = (
        await c.post('/invoice-items', { invoice_id: invoice.id, status: 1, kind: 1, type: 1, project_id: w.projectId })
      ).body.data;
      check('invoice_item_status', invoiceItem.status, 1);
      check('invoice_item_kind', invoiceItem.kind, 1);
      check('invoice_item_type', invoiceItem.type, 1);
      assert.equal((await c.post('/receipt-types', { name: 'Taxi', tax_rates: [] })).status, 201);
      const receipt = await c.post('/receipts', {
        employee_id: w.employee,
        date: '2026-03-10',
        receipt_type_id: 'Taxi',
        project_id: w.projectId,
        currency: 'EUR',
        payment_method: 'privat',
        is_amount_net: false,
        receiptAmounts: [{ tax: 19, quantity: 1, amount: 10 }],
        invoice_item_id: invoiceItem.id,
      });
      assert.equal(receipt.status, 201, receipt.text);
      check('receipt_billing_status', receipt.body.data.billing_status, 1);
      const billing = await c.patch(`/invoices/${invoice.invoice_number}`, { status: 0 });
      check('invoice_status', billing.body.data.status, 0);
      check('invoice_item_status', (await c.get(`/invoice-items/${invoiceItem.id}`)).body.data.status, 2);
      check('receipt_billing_status', (await c.get(`/receipts/${receipt.body.data.id}`)).body.data.billing_status, 3);
      check('invoice_billing_kind', (await c.get(`/invoices?limit=1`)).body.data[0].billing_kind, 1);

      assert.deepEqual([...seen].sort(), Object.keys(LABELS).sort(), 'every label set is exercised');
    });
  }

  test('German and English differ where the table says so', () => {
    for (const set of Object.values(LABELS)) for (const names of Object.values(set)) assert.ok(names.de && names.en);
    assert.notEqual(LABELS.ticket_status[1].de, LABELS.ticket_status[1].en);
  });
});
