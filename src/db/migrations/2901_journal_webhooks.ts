// Webhook subscriptions get versions (ETag, If-Match) from the write journal like every record the API shows,
// while staying out of the change feed and the webhooks (docs/api/integration.md, "Change feed"). Their signing
// secret is internal: rotating it is no change of the subscription as the API shows it.
import type { Migration } from '../migration.js';
import { journalTable } from '../journal.js';

export const journalWebhooks: Migration = {
  version: '2901_journal_webhooks',
  async up(db, dialect) {
    await journalTable(db, dialect, 'webhooks', ['modified', 'secret']);
  },
};
