// The demo tenant's first employee's transponder (src/tenancy/demo-records.ts): so that /docs can offer updating one.
import { demoAnchors, type DemoRecords } from '../../tenancy/demo-records.js';
import { monthStart } from '../../values/dates.js';
import { insertRow } from '../crud/index.js';

export const demo: DemoRecords = async (db) => {
  const { username } = await demoAnchors(db);
  if (!username) return;
  await insertRow(db, 'transponders', {
    employee_id: username,
    number: 'T-1001',
    valid_from: monthStart(-1),
    valid_until: null,
    note: null,
  });
};
