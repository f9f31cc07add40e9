// Every absence rule is a 422 on its field (docs/api/absences.md): references, dates, the reason's half-day and
// hour flags, overlaps with the employee's other absences, employment periods, closed months.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { absenceWorld } from '../../support/absences.js';

/** The fields of a 422, and the rule codes when rules were violated. */
const refusal = (r: { status: number; body: any; text: string }) => {
  assert.equal(r.status, 422, r.text);
  return { fields: Object.keys(r.body.errors), rules: (r.body.violations ?? []).map((v: any) => v.rule) };
};

forEachDialect('absences: rules', (t) => {
  test('references, dates and shapes: each a 422 on its field, nothing written', async () => {
    const w = await absenceWorld(t());
    const cases: [Record<string, unknown>, string][] = [
      [{ employee_id: 'nobody' }, 'employee_id'],
      [{ absence_reason_id: 'XX' }, 'absence_reason_id'],
      [{ start_date: '2026-03-10', end_date: '2026-03-09' }, 'end_date'],
      [{ start_date: '2026-03-10T08:00:00' }, 'start_date'],
      // A midnight date-time is the date (what GET answers can be sent back: conventions.md); any other time is 422.
      [{ end_date: '2026-03-11 12:30:00' }, 'end_date'],
      [{ start_date: '2026-02-30' }, 'start_date'],
      [{ start_date: undefined }, 'start_date'],
      [{ start_date: '2026-03-10', from: '2026-03-11' }, 'from'],
      [{ start_date: undefined, from: '2026-02-31' }, 'from'],
      [{ start_date: '2020-01-01', end_date: '2031-01-01' }, 'end_date'],
      [{ type: 2 }, 'hours'],
      [{ type: 2, hours: 0 }, 'hours'],
      [{ type: 2, hours: 25 }, 'hours'],
      [{ type: 1, hours: 3 }, 'hours'],
      [{ type: 1, from: '09:00' }, 'from'],
      [{ type: 2, hours: 2, from: '11:00', to: '10:00' }, 'to'],
      [{ type: 2, hours: 2, half_day_from: true }, 'half_day_from'],
      [{ type: 3 }, 'type'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ planned: true, approval_status: 'approved' }, 'planned'],
      [{ approval_status: 'maybe' }, 'approval_status'],
      [{ status_edited_by: 'nobody', approval_status: 'approved' }, 'status_edited_by'],
      [{ absence_reason_id: 'SU', half_day_from: true }, 'half_day_from'],
      [{ absence_reason_id: 'SU', start_date: '2026-03-09', end_date: '2026-03-10', half_day_to: true }, 'half_day_to'],
      [{ absence_reason_id: 'SU', type: 2, hours: 2 }, 'hours'],
    ];
    for (const [over, field] of cases)
      assert.deepEqual(refusal(await w.absent(over)).fields, [field], JSON.stringify(over));
    assert.equal((await w.c.get('/absences')).body.meta.total, 0);
  });

  test('overlap: a full day shares its day with nothing; half days (two) and hourly absences share theirs', async () => {
    const w = await absenceWorld(t());
    await w.absence({ start_date: '2026-03-09', end_date: '2026-03-11' });
    const clash = await w.absent({ start_date: '2026-03-11', end_date: '2026-03-12' });
    assert.deepEqual(refusal(clash), { fields: ['start_date'], rules: ['overlap'] });
    assert.match(clash.body.errors.start_date[0], /overlaps absence \d+ of .* on 2026-03-11/);
    assert.deepEqual(
      refusal(await w.absent({ start_date: '2026-03-10', type: 2, hours: 1 })).rules,
      ['overlap'],
      'hours on a full day',
    );
    assert.deepEqual(
      refusal(await w.absent({ start_date: '2026-03-11', half_day_from: true })).rules,
      ['overlap'],
      'a half day on a full day',
    );

    await w.absence({ start_date: '2026-03-16', half_day_from: true });
    await w.absence({ start_date: '2026-03-16', half_day_from: true, absence_reason_id: 'UB' });
    assert.deepEqual(
      refusal(await w.absent({ start_date: '2026-03-16', half_day_from: true })).rules,
      ['overlap'],
      'a third half day',
    );
    await w.absence({ start_date: '2026-03-16', type: 2, hours: 1 });
    assert.deepEqual(
      refusal(await w.absent({ start_date: '2026-03-16' })).rules,
      ['overlap'],
      'a full day on half days',
    );

    await w.absence({ start_date: '2026-03-17', from: '09:00', to: '11:00' });
    await w.absence({ start_date: '2026-03-17', from: '11:00', to: '12:00' });
    await w.absence({ start_date: '2026-03-17', half_day_from: true });
    assert.deepEqual(
      refusal(await w.absent({ start_date: '2026-03-17', from: '10:00', to: '11:30' })).rules,
      ['overlap'],
      'intersecting times',
    );
    // A multi-day absence whose last day is a half day shares that day with another half day.
    await w.absence({ start_date: '2026-03-23', end_date: '2026-03-24', half_day_to: true });
    await w.absence({ start_date: '2026-03-24', half_day_from: true });
  });

  test('overlap concerns one employee; rejected and revoked absences no longer count; PATCH does not clash with itself', async () => {
    const w = await absenceWorld(t());
    const other = await w.addEmployee();
    const a = await w.absence({ start_date: '2026-03-10' });
    await w.absence({ employee_id: other, start_date: '2026-03-10' });
    assert.equal((await w.c.patch(`/absences/${a.id}`, { end_date: '2026-03-11' })).status, 200);
    const request = await w.absence({ absence_reason_id: 'UB', start_date: '2026-03-12' });
    assert.equal((await w.c.patch(`/absences/${request.id}`, { approval_status: 'rejected' })).status, 200);
    await w.absence({ start_date: '2026-03-12' });
    const granted = await w.absence({ absence_reason_id: 'UB', start_date: '2026-03-13', approval_status: 'approved' });
    assert.equal((await w.c.patch(`/absences/${granted.id}`, { approved: false })).status, 200);
    await w.absence({ start_date: '2026-03-13' });
  });

  test('every day must lie in an employment period; 422 on the end that is outside', async () => {
    const w = await absenceWorld(t());
    const e = await w.addEmployee({
      periods: [
        ['2026-01-01', '2026-03-10'],
        ['2026-03-12', null],
      ],
    });
    assert.deepEqual(refusal(await w.absent({ employee_id: e, start_date: '2025-12-31', end_date: '2026-01-02' })), {
      fields: ['start_date'],
      rules: ['employment_period'],
    });
    const gap = await w.absent({ employee_id: e, start_date: '2026-03-09', end_date: '2026-03-13' });
    assert.deepEqual(refusal(gap), { fields: ['end_date'], rules: ['employment_period'] });
    assert.match(gap.body.errors.end_date[0], /not employed on 2026-03-11/);
    await w.absence({ employee_id: e, start_date: '2026-03-12', end_date: '2026-03-20' });
  });

  test('a closed month refuses new absences, changes and deletes touching it', async () => {
    const w = await absenceWorld(t());
    const a = await w.absence({ start_date: '2026-02-26', end_date: '2026-03-03' });
    const b = await w.absence({ start_date: '2026-04-06' });
    assert.equal((await w.c.post('/month-closings', { month: '2026-02', employee_id: w.employee })).status, 201);
    assert.deepEqual(refusal(await w.absent({ start_date: '2026-02-10' })), {
      fields: ['start_date'],
      rules: ['closed_month'],
    });
    assert.deepEqual(
      refusal(await w.absent({ start_date: '2026-01-30', end_date: '2026-03-02' })).rules,
      ['closed_month', 'overlap'],
      'all violations at once',
    );
    assert.deepEqual(
      refusal(await w.c.patch(`/absences/${a.id}`, { start_date: '2026-03-02' })).rules,
      ['closed_month'],
      'moving out of a closed month',
    );
    assert.deepEqual(refusal(await w.c.delete(`/absences/${a.id}`)).rules, ['closed_month']);
    assert.equal((await w.c.post('/month-closings', { month: '2026-04' })).status, 201);
    assert.deepEqual(
      refusal(await w.c.patch(`/absences/${b.id}`, { note: 'x' })).rules,
      ['closed_month'],
      'closed for the whole company',
    );
    const other = await w.addEmployee();
    assert.equal(
      (await w.absent({ employee_id: other, start_date: '2026-02-10' })).status,
      201,
      'closed only for the first employee',
    );
  });

  test('PATCH: the employee cannot change; the merged record is checked', async () => {
    const w = await absenceWorld(t());
    const other = await w.addEmployee();
    const a = await w.absence({ start_date: '2026-03-10' });
    assert.deepEqual(refusal(await w.c.patch(`/absences/${a.id}`, { employee_id: other })).fields, ['employee_id']);
    assert.deepEqual(refusal(await w.c.patch(`/absences/${a.id}`, { start_date: '2026-03-11' })).fields, ['end_date']);
    assert.deepEqual(
      refusal(await w.c.patch(`/absences/${a.id}`, { absence_reason_id: 'SU', half_day_from: true })).fields,
      ['half_day_from'],
    );
    const hourly = await w.c.patch(`/absences/${a.id}`, { type: 2, hours: 3 });
    assert.deepEqual([hourly.status, hourly.body.data.type, hourly.body.data.hours], [200, 2, '3.0000000000']);
    assert.deepEqual(refusal(await w.c.patch(`/absences/${a.id}`, { absence_reason_id: 'SU' })).fields, ['hours']);
    const full = await w.c.patch(`/absences/${a.id}`, { type: 1 });
    assert.deepEqual(
      [full.status, full.body.data.type, full.body.data.hours, full.body.data.from],
      [200, 0, null, null],
    );
  });

  test("an hourly absence's hours agree with from/to (to the second, as a booking's duration): 422 on hours otherwise", async () => {
    const w = await absenceWorld(t());
    const hours = (r: { body: any }) => [r.body.data.hours, r.body.data.from, r.body.data.to];
    assert.deepEqual(
      refusal(await w.absent({ start_date: '2026-03-10', type: 2, hours: 5, from: '09:00', to: '10:00' })),
      { fields: ['hours'], rules: [] },
    );
    assert.equal((await w.c.get('/absences')).body.meta.total, 0, 'nothing written');
    const agreeing = await w.absent({ start_date: '2026-03-10', type: 2, hours: 2.5, from: '09:00', to: '11:30' });
    assert.deepEqual(
      [agreeing.status, ...hours(agreeing)],
      [201, '2.5000000000', '09:00:00', '11:30:00'],
      agreeing.text,
    );
    const id = agreeing.body.data.id;
    for (const method of ['patch', 'put'] as const) {
      assert.deepEqual(
        refusal(await w.c[method](`/absences/${id}`, { hours: 3 })),
        { fields: ['hours'], rules: [] },
        method,
      );
      assert.deepEqual(
        refusal(await w.c[method](`/absences/${id}`, { to: '10:00', hours: 2 })),
        { fields: ['hours'], rules: [] },
        method,
      );
    }
    // The record read and sent back with a new end: its read hours are no change, so they follow the times.
    const read = (await w.c.get(`/absences/${id}`)).body.data;
    assert.deepEqual(hours(await w.c.put(`/absences/${id}`, { ...read, to: '11:00' })), [
      '2.0000000000',
      '09:00:00',
      '11:00:00',
    ]);
    // Times alone: the hours follow them; times and agreeing hours together are fine.
    assert.deepEqual(hours(await w.c.patch(`/absences/${id}`, { to: '10:00' })), [
      '1.0000000000',
      '09:00:00',
      '10:00:00',
    ]);
    assert.deepEqual(hours(await w.c.put(`/absences/${id}`, { from: '08:00', to: '12:00', hours: 4 })), [
      '4.0000000000',
      '08:00:00',
      '12:00:00',
    ]);
    // Without times, hours stand alone.
    const bare = await w.absent({ start_date: '2026-03-11', type: 2, hours: 5 });
    assert.deepEqual([bare.status, ...hours(bare)], [201, '5.0000000000', null, null], bare.text);
    assert.equal((await w.c.patch(`/absences/${bare.body.data.id}`, { hours: 3 })).body.data.hours, '3.0000000000');
  });
});
