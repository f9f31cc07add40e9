// The leave approval workflow through PATCH /absences/{id}: every allowed transition and the refused ones.
// Statuses: 0 beantragt (requested), 1 genehmigt (approved), 2 abgelehnt (rejected), 3 widerrufen (revoked).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { absenceWorld, type AbsenceWorld } from '../../support/absences.js';

const request = (w: AbsenceWorld, start_date = '2026-03-10') => w.absence({ absence_reason_id: 'UB', start_date });
const patch = async (w: AbsenceWorld, id: number, body: Record<string, unknown>) => {
  const r = await w.c.patch(`/absences/${id}`, body);
  assert.equal(r.status, 200, r.text);
  return r.body.data;
};
const field422 = async (w: AbsenceWorld, id: number, body: Record<string, unknown>) => {
  const r = await w.c.patch(`/absences/${id}`, body);
  assert.equal(r.status, 422, r.text);
  return Object.keys(r.body.errors);
};

forEachDialect('absences: leave approval', (t) => {
  test('requested -> approved: status genehmigt, who and when decided, the note', async () => {
    const w = await absenceWorld(t());
    const boss = await w.addEmployee();
    const a = await request(w);
    const approved = await patch(w, a.id, { approved: true, status_edited_by: boss, status_note: 'Enjoy' });
    const app = approved.leaveApprovalApplication;
    assert.deepEqual(
      [approved.approved, app.id, app.status, app.status_edited_by, app.status_note],
      [true, a.leaveApprovalApplication.id, { id: 1, name: 'genehmigt' }, boss, 'Enjoy'],
    );
    assert.match(app.status_edited_since, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const again = await patch(w, a.id, { approved: true });
    assert.deepEqual(again.leaveApprovalApplication, app, 'approving again changes nothing');
  });

  test('requested -> rejected (abgelehnt) is final; approved -> revoked (widerrufen) is final', async () => {
    const w = await absenceWorld(t());
    const a = await request(w, '2026-03-10');
    // A request reads approved: false; sending that value is no decision (docs/api/absences.md "Leave approval").
    assert.equal(
      (await patch(w, a.id, { approved: false, status_note: 'Busy' })).leaveApprovalApplication.status.id,
      0,
      'approved: false leaves a request pending',
    );
    const rejected = await patch(w, a.id, { approval_status: 'rejected', status_note: 'Busy' });
    assert.deepEqual(
      [rejected.approved, rejected.leaveApprovalApplication.status, rejected.leaveApprovalApplication.status_note],
      [false, { id: 2, name: 'abgelehnt' }, 'Busy'],
    );
    assert.deepEqual(await field422(w, a.id, { approved: true }), ['approved']);
    assert.equal(
      (await patch(w, a.id, { approved: false })).leaveApprovalApplication.status.id,
      2,
      'rejecting again changes nothing',
    );

    const b = await request(w, '2026-03-11');
    await patch(w, b.id, { approved: true });
    const revoked = await patch(w, b.id, { approved: false });
    assert.deepEqual(
      [revoked.approved, revoked.leaveApprovalApplication.status],
      [false, { id: 3, name: 'widerrufen' }],
    );
    assert.deepEqual(await field422(w, b.id, { approved: true }), ['approved']);
  });

  test('without an application: planned <-> approved; the legacy approval_status and planned say the same', async () => {
    const w = await absenceWorld(t());
    const a = await w.absence({ planned: true });
    assert.deepEqual(
      [(await patch(w, a.id, { approved: true })).approved, (await patch(w, a.id, { planned: true })).approved],
      [true, false],
    );
    assert.equal((await patch(w, a.id, { approval_status: 'approved' })).approved, true);
    assert.equal((await patch(w, a.id, { approval_status: 'rejected' })).leaveApprovalApplication, null);
    const requested = await request(w, '2026-03-12');
    assert.deepEqual(await field422(w, requested.id, { approved: true, approval_status: 'rejected' }), [
      'approval_status',
    ]);
    assert.equal((await patch(w, requested.id, { approval_status: 'approved' })).leaveApprovalApplication.status.id, 1);
    assert.deepEqual(await field422(w, requested.id, { approval_status: 'pending' }), ['approval_status']);
    assert.deepEqual(await field422(w, requested.id, { planned: true }), ['planned']);
    // The approval as read, sent back beside the legacy rejection: only the rejection asks for a change (it revokes).
    assert.equal(
      (await patch(w, requested.id, { approved: true, approval_status: 'rejected' })).leaveApprovalApplication.status
        .id,
      3,
    );
  });

  test('a decision names an existing employee and obeys closed months', async () => {
    const w = await absenceWorld(t());
    const a = await request(w);
    assert.deepEqual(await field422(w, a.id, { approved: true, status_edited_by: 'nobody' }), ['status_edited_by']);
    await w.c.post('/month-closings', { month: '2026-03' });
    const r = await w.c.patch(`/absences/${a.id}`, { approved: true });
    assert.deepEqual([r.status, r.body.violations?.[0]?.rule], [422, 'closed_month']);
    assert.equal(
      (await w.c.get(`/absences/${a.id}`)).body.data.leaveApprovalApplication.status.id,
      0,
      'nothing written',
    );
  });

  test('status names follow the tenant language', async () => {
    const w = await absenceWorld(t(), { language: 'en' });
    const a = await request(w);
    assert.equal(a.leaveApprovalApplication.status.name, 'requested');
    assert.equal((await patch(w, a.id, { approved: true })).leaveApprovalApplication.status.name, 'approved');
    assert.equal((await patch(w, a.id, { approved: false })).leaveApprovalApplication.status.name, 'revoked');
    const b = await request(w, '2026-03-11');
    assert.equal(
      (await patch(w, b.id, { approval_status: 'rejected' })).leaveApprovalApplication.status.name,
      'rejected',
    );
  });

  test('a legacy rejected request is created rejected and does not count', async () => {
    const w = await absenceWorld(t());
    const r = await w.c.post('/absences', {
      employee_id: w.employee,
      absence_reason_id: 'UB',
      from: '2026-03-10',
      to: '2026-03-10',
      approval_status: 'rejected',
    });
    assert.deepEqual(
      [r.status, r.body.data.approved, r.body.data.leaveApprovalApplication?.status.id],
      [201, false, 2],
      r.text,
    );
    await w.absence({ start_date: '2026-03-10' });
  });
});
