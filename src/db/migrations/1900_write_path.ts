// The write path's own tables: idempotency keys, the change feed with its per-tenant cursor counter,
// webhooks with their outbox of deliveries. The change feed's cursor is assigned from change_counters under the
// counter row's lock at the end of each write transaction, so cursor order is commit order (see
// docs/api/integration.md). Expiry and retention sweeps go tenant by tenant, hence (tenant_id, time) indexes.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const writePath: Migration = {
  version: '1900_write_path',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      `
CREATE TABLE idempotency_keys (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  token_id ${t.int} NOT NULL,
  key ${t.text} NOT NULL,
  fingerprint ${t.text} NOT NULL,
  state ${t.text} NOT NULL,
  status ${t.int},
  headers ${t.text},
  body ${t.text},
  created ${t.timestamp} NOT NULL,
  expires_at ${t.timestamp} NOT NULL,
  PRIMARY KEY (tenant_id, token_id, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (tenant_id, expires_at);

CREATE TABLE change_counters (
  tenant_id ${t.int} NOT NULL PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  last_cursor ${t.int} NOT NULL,
  pruned_through ${t.int} NOT NULL DEFAULT 0
);

CREATE TABLE changes (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  cursor ${t.int} NOT NULL,
  type ${t.text} NOT NULL,
  key ${t.text} NOT NULL,
  op ${t.text} NOT NULL,
  changed_at ${t.timestamp} NOT NULL,
  data ${t.json},
  PRIMARY KEY (tenant_id, cursor)
);
CREATE INDEX changes_record ON changes (tenant_id, type, key, cursor);
CREATE INDEX changes_type ON changes (tenant_id, type, cursor);
CREATE INDEX changes_age ON changes (tenant_id, changed_at);

CREATE TABLE webhooks (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  url ${t.text} NOT NULL,
  events ${t.text} NOT NULL,
  secret ${t.text} NOT NULL,
  active ${t.bool} NOT NULL DEFAULT ${t.true},
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('webhooks')}

CREATE TABLE webhook_deliveries (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  webhook_id ${t.int} NOT NULL,
  event ${t.text} NOT NULL,
  message_id ${t.text} NOT NULL,
  payload ${t.text} NOT NULL,
  state ${t.text} NOT NULL,
  attempts ${t.int} NOT NULL DEFAULT 0,
  next_attempt_at ${t.timestamp} NOT NULL,
  locked_until ${t.timestamp},
  last_status ${t.int},
  last_error ${t.text},
  delivered_at ${t.timestamp},
  created ${t.timestamp} NOT NULL,
  FOREIGN KEY (tenant_id, webhook_id) REFERENCES webhooks (tenant_id, id) ON DELETE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('webhook_deliveries')}
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (tenant_id, webhook_id, id);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at) WHERE state = 'pending'
`,
    );
  },
};
