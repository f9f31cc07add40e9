// The demo tenant's location list (src/tenancy/demo-records.ts): so that /docs can offer updating one.
import type { DemoRecords } from '../../tenancy/demo-records.js';
import { insertRow } from '../crud/index.js';

export const demo: DemoRecords = (db) =>
  insertRow(db, 'location_lists', { name: 'Standorte Nord', description: 'Hamburg und Bremen' });
