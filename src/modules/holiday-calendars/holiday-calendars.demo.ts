// The demo tenant's break regulation type (src/tenancy/demo-records.ts): so that /docs can offer updating one.
import type { DemoRecords } from '../../tenancy/demo-records.js';
import { insertRow } from '../crud/index.js';

export const demo: DemoRecords = (db) => insertRow(db, 'break_regulation_types', { name: 'Gesetzliche Pause' });
