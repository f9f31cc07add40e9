// What a customer's answer derives from (plugins/write-path/records.ts): its addresses, managers, categories and
// dynamic attributes, the number of its contacts (list), and its price tables — its own, or without own tables the
// tenant's base tables (customerPriceTables), prices and factors included.
import type { DeriveContext, Derivation, Row, RowChange } from '../../plugins/write-path/records.js';
import { categoryDerivations } from '../categories/categories.records.js';
import { attributeDerivations } from '../dynamic-attributes/dynamic-attributes.records.js';

/** The customers whose price tables a change of these tables (rows of price_tables) shows in. */
async function customersShowing(ctx: DeriveContext, tables: readonly Row[]): Promise<number[]> {
  const numbers = [...new Set(tables.filter((t) => t.level === 'customer').map((t) => String(t.customer_number)))];
  const base = tables.some((t) => t.level === 'base');
  const ids: number[] = [];
  if (numbers.length)
    ids.push(
      ...(
        await ctx.scope.db.selectFrom('customers').select('id').where('customer_number', 'in', numbers).execute()
      ).map((r) => Number(r.id)),
    );
  if (base) {
    // Customers without tables of their own show the base tables.
    const rows = await ctx.scope.db
      .selectFrom('customers as c')
      .select('c.id')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('price_tables as t')
              .select('t.id')
              .where('t.tenant_id', '=', ctx.scope.db.tenantId)
              .where('t.level', '=', 'customer')
              .whereRef('t.customer_number', '=', 'c.customer_number'),
          ),
        ),
      )
      .execute();
    ids.push(...rows.map((r) => Number(r.id)));
  }
  return ids;
}

/** The price tables (as rows, as they are now or were) a change of prices or factors belongs to. */
async function tablesOf(ctx: DeriveContext, changes: readonly RowChange[]): Promise<Row[]> {
  const ids = [
    ...new Set(
      changes
        .flatMap((c) => [c.old?.price_table_id, c.new?.price_table_id])
        .filter((v) => v != null)
        .map(Number),
    ),
  ];
  const now = ids.length
    ? ((await ctx.scope.db
        .selectFrom('price_tables')
        .select(['id', 'level', 'customer_number'])
        .where('id', 'in', ids)
        .execute()) as Row[])
    : [];
  return [
    ...now,
    ...ctx.changes('price_tables').flatMap((c) => (c.old && ids.includes(Number(c.old.id)) ? [c.old] : [])),
  ];
}

export const customerDerivations: Derivation[] = [
  ...categoryDerivations('customer'),
  ...attributeDerivations('customer'),
  { table: 'customer_addresses', match: { id: 'customer_id' } },
  { table: 'customer_managers', match: { id: 'customer_id' } },
  { table: 'customer_contacts', columns: ['customer_id'], match: { id: 'customer_id' } },
  {
    table: 'price_tables',
    find: (ctx, changes) =>
      customersShowing(
        ctx,
        changes.flatMap((c) => [c.old, c.new].filter((r): r is Row => r !== null)),
      ),
  },
  { table: 'prices', find: async (ctx, changes) => customersShowing(ctx, await tablesOf(ctx, changes)) },
  { table: 'price_factors', find: async (ctx, changes) => customersShowing(ctx, await tablesOf(ctx, changes)) },
];
