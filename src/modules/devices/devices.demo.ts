// The demo tenant's a terminal (src/tenancy/demo-records.ts): so that /docs can offer updating one.
import type { DemoRecords } from '../../tenancy/demo-records.js';
import { insertRow } from '../crud/index.js';

export const demo: DemoRecords = (db) =>
  insertRow(db, 'devices', {
    type: 0,
    status: 1,
    name: 'Terminal Empfang',
    password_hash: null,
    min_time: null,
    max_time: null,
    track: 0,
    display_config: null,
  });
