// The demo tenant's first employee's meal (src/tenancy/demo-records.ts): so that /docs can offer updating one.
import { demoAnchors, type DemoRecords } from '../../tenancy/demo-records.js';
import { monthStart } from '../../values/dates.js';
import { addDays } from '../../values/formats.js';
import { insertRow } from '../crud/index.js';

export const demo: DemoRecords = async (db) => {
  const { username } = await demoAnchors(db);
  if (!username) return;
  await insertRow(db, 'meals', {
    employee_id: username,
    date: addDays(monthStart(-1), 2),
    meal_type: 2,
    note: 'Mittagessen Kantine',
  });
};
