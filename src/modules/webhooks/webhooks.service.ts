// Writing webhook subscriptions: the URL passes the address check (webhooks.addresses.ts), each event is stored
// once, and the signing secret is sealed at rest (webhooks.secrets.ts) and opened only for the answers that show it.
import { fieldError } from '../../values/errors.js';
import { deleteRow, findRow, insertRow, pick, updateRow } from '../crud/index.js';
import type { Scope } from '../../tenancy/scope.js';
import { urlProblem } from './webhooks.addresses.js';
import type { WebhookWriteT } from './webhooks.schemas.js';
import { listWebhooks, toWebhook, type WebhookRow } from './webhooks.repository.js';
import { newSecret, openSecret, sealSecret } from './webhooks.secrets.js';

/** The key that seals the secrets, and whether subscriptions may name private addresses (the instance's config). */
export interface WebhookSettings {
  key: Buffer | undefined;
  allowPrivate: boolean;
}

/**
 * The subscriptions as the CRUD kit (modules/crud) lists, reads and writes them (`webhooks`), and a subscription with
 * its secret opened (`withSecret`: the answer of its creation and of a rotation), under the instance's settings.
 */
export function webhookSubscriptions({ key, allowPrivate }: WebhookSettings) {
  const write = (s: Scope, body: WebhookWriteT, current?: WebhookRow) => {
    const problem = body.url === undefined ? null : urlProblem(body.url, allowPrivate);
    if (problem) throw fieldError('url', problem);
    const values: Record<string, unknown> = pick(body, ['url', 'active']);
    if (body.secret !== undefined) values.secret = sealSecret(body.secret, s.db.tenantId, key);
    if (body.events) values.events = JSON.stringify([...new Set(body.events)]);
    return current
      ? updateRow(s.db, 'webhooks', Number(current.id), values)
      : insertRow(s.db, 'webhooks', { secret: sealSecret(newSecret(), s.db.tenantId, key), active: true, ...values });
  };
  return {
    withSecret: (s: Scope, row: WebhookRow) => ({
      ...toWebhook(row),
      secret: openSecret(row.secret, s.db.tenantId, key),
    }),
    webhooks: {
      list: ({ db }: Scope) => listWebhooks(db),
      find: ({ db }: Scope, id: number) => findRow(db, 'webhooks', 'id', id),
      show: (_s: Scope, row: WebhookRow) => toWebhook(row),
      insert: (s: Scope, body: WebhookWriteT) => write(s, body),
      update: (s: Scope, row: WebhookRow, changes: WebhookWriteT) => write(s, changes, row),
      remove: ({ db }: Scope, row: WebhookRow) => deleteRow(db, 'webhooks', Number(row.id)),
    },
  };
}
