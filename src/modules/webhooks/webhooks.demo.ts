// The demo tenant's inactive webhook (no deliveries are queued for it) (src/tenancy/demo-records.ts): so that /docs can offer updating one.
import type { DemoRecords } from '../../tenancy/demo-records.js';
import { insertRow } from '../crud/index.js';
import { newSecret } from './webhooks.secrets.js';

export const demo: DemoRecords = (db) =>
  insertRow(db, 'webhooks', {
    url: 'https://example.org/zeitkonto-demo',
    events: JSON.stringify(['customer.created', 'customer.updated']),
    secret: newSecret(),
    active: false,
  });
