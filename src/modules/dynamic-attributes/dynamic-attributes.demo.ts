// The demo tenant's dynamic attribute of projects (src/tenancy/demo-records.ts): so that /docs can offer updating one.
import type { DemoRecords } from '../../tenancy/demo-records.js';
import { insertDynamicAttribute } from './dynamic-attributes.repository.js';

export const demo: DemoRecords = (db) =>
  insertDynamicAttribute(db, { name: 'Kostenstelle', type: 'Text', entity_type: 'project' });
