// What an invoice's answer derives from (plugins/write-path/records.ts): creator_username shows only while the
// invoice has a document, so the first document stored and the last one deleted change the invoice; others do not.
import type { Derivation, Row } from '../../plugins/write-path/records.js';

export const invoiceDerivations: Derivation[] = [
  {
    table: 'attachments',
    where: { owner_type: 'invoice' },
    columns: ['owner_id'],
    find: async (ctx, changes) => {
      const invoices = [
        ...new Set(
          changes
            .flatMap((c) => [c.old?.owner_id, c.new?.owner_id])
            .filter((v) => v != null)
            .map(Number),
        ),
      ];
      const now = (await ctx.scope.db
        .selectFrom('attachments')
        .select(['id', 'owner_type', 'owner_id'])
        .where('owner_type', '=', 'invoice')
        .where('owner_id', 'in', invoices)
        .execute()) as Row[];
      const owns = (rows: readonly Row[], id: number) =>
        rows.some((r) => r.owner_type === 'invoice' && Number(r.owner_id) === id);
      const before = ctx.before(
        'attachments',
        now,
        (r) => r.owner_type === 'invoice' && invoices.includes(Number(r.owner_id)),
      );
      return invoices.filter((id) => owns(now, id) !== owns(before, id));
    },
  },
];
