// A valid body for every POST of the API, in creation order (parents first). The robustness sweep seeds one
// record per resource with them, and varies one property at a time on top of them. Every call gives fresh
// unique values, so a variant is never refused merely as a duplicate. A new POST route needs an entry here
// (test/http/robustness-bodies.test.ts fails otherwise).
import type { World } from './robustness.js';

export type Baseline = (w: World) => Record<string, unknown> | Promise<Record<string, unknown>>;

let n = 0;
const next = () => ++n;
const unique = (prefix: string) => `${prefix}${process.pid % 1000}x${next()}`;
const pad = (x: number) => String(x).padStart(2, '0');
/** A distinct date per call (a new day each time, from 1901 on: never near the bookings of 2026). */
const uniqueDate = () => new Date(Date.UTC(1901, 0, 1) + next() * 86_400_000).toISOString().slice(0, 10);
/** A distinct weekday of 2025/2026 for bookings. */
function uniqueWorkday(): string {
  let d: Date;
  do d = new Date(Date.UTC(2025, 0, 1) + next() * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return d.toISOString().slice(0, 10);
}
/** A distinct month (YYYY-MM) long ago, so closing it never blocks a booking. */
const uniqueMonth = () => {
  const i = next();
  return `${1950 + Math.floor(i / 12)}-${pad((i % 12) + 1)}`;
};
const rec = (w: World, collection: string) => w.records.get(collection);

async function newActivity(w: World): Promise<string> {
  const name = unique('a');
  await w.c.post('/activities', { name });
  return name;
}

async function newEmployee(w: World): Promise<string> {
  const username = unique('user.');
  await w.c.post('/employees', { username, firstname: 'Erika', lastname: 'Muster' });
  return username;
}

const priceGroup = (w: World) => rec(w, '/price-groups').name;

export const BASELINES: [string, Baseline][] = [
  ['/absence-reasons', () => ({ name: unique('AR') })],
  ['/activities', () => ({ name: unique('act') })],
  ['/break-regulation-types', () => ({ name: unique('Break') })],
  ['/categories', () => ({ name: unique('Cat'), type: 'project' })],
  ['/price-groups', () => ({ name: unique('PG') })],
  ['/departments', () => ({ name: unique('Dept') })],
  ['/customers', () => ({ customer_number: unique('C'), name: 'Robust customer', currency: 'EUR' })],
  ['/customers/{customer_number}/contacts', () => ({ first_name: 'Ada', last_name: 'Lovelace' })],
  ['/customers/{customer}/price-tables', (w) => ({ start_date: uniqueDate(), prices: [{ price_group: priceGroup(w), price: 10, type: 'basehour' }] })],
  ['/devices', () => ({ name: unique('Device') })],
  ['/dynamic-attributes', () => ({ name: unique('attr'), type: 'Text', entity_type: 'project' })],
  ['/employees', () => ({ username: unique('user.'), firstname: 'Erika', lastname: 'Muster' })],
  ['/employees/{username}/employment-periods', () => {
    const start = uniqueDate();
    return { start_date: start, end_date: start };
  }],
  ['/employees/{username}/internal-rates', () => ({ start_date: uniqueDate(), internal_rate: 50 })],
  ['/employees/{username}/meals', () => ({ date: uniqueDate(), meal_type: 1 })],
  ['/employees/{username}/regular-working-times', () => ({ start_date: uniqueDate(), monday: 8 })],
  ['/employees/{username}/transponders', () => ({ number: unique('T') })],
  ['/holiday-calendars', () => ({ name: unique('Cal') })],
  ['/holiday-calendars/{calendar_id}/holidays', () => ({ date: uniqueDate(), name: 'Holiday' })],
  ['/locations', () => ({ id: unique('LOC'), name: 'Location' })],
  ['/location-lists', (w) => ({ name: unique('LL'), locations: [rec(w, '/locations').id] })],
  ['/month-closings', () => ({ month: uniqueMonth() })],
  ['/price-tables', (w) => ({ start_date: uniqueDate(), prices: [{ price_group: priceGroup(w), price: 10, type: 'basehour' }] })],
  ['/project-statuses', () => ({ name: unique('Status') })],
  ['/projects', () => ({ name: unique('P') })],
  ['/projects/{id}/activities', async (w) => ({ name: await newActivity(w) })],
  ['/projects/{id}/employees', async (w) => ({ employee_id: await newEmployee(w) })],
  ['/projects/{id}/locations', () => ({ name: unique('PL') })],
  ['/projects/{id}/price-tables', (w) => ({ start_date: uniqueDate(), prices: [{ price_group: priceGroup(w), price: 10, type: 'basehour' }] })],
  ['/projects/{id}/tasks', () => ({ name: unique('Task') })],
  ['/tickets', (w) => ({ subject: 'Bug', status: 1, priority: 3, project_id: w.booking.projectId, project_task_id: w.booking.taskId, creator_username: w.booking.employee })],
  ['/tickets/{id}/attachments', () => ({ filename: 'note.txt', file_contents: Buffer.from('hello').toString('base64') })],
  ['/tickets/{id}/subtasks', (w) => ({ subject: 'Sub', name: 'Sub', status: 1, creator_username: w.booking.employee })],
  ['/vehicle-lists', () => ({ start_date: uniqueDate(), vehicles: [{ id: unique('CAR'), name: 'Car' }] })],
  ['/attendances', (w) => w.booking.body({ date: uniqueWorkday() })],
];
