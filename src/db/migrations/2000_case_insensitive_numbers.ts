// Article and invoice numbers are unique regardless of case ("A-1" takes "a-1"), like the keys of
// migration 1200 (articles and invoices came later). The application checks first (checkUnique compares lower()
// on both sides); these indexes make the rule hold under concurrent creates on PostgreSQL too. The case-sensitive unique indexes stay (invoice items reference them).
// Numbers that differ only in case, stored before this rule, cannot be merged without losing a record: the
// migration then stops and names them, so an operator renames one and runs it again.
import { sql } from 'kysely';
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';

const NUMBERS: [table: string, column: string][] = [
  ['articles', 'article_number'],
  ['invoices', 'invoice_number'],
];

export const caseInsensitiveNumbers: Migration = {
  version: '2000_case_insensitive_numbers',
  async up(db) {
    for (const [table, column] of NUMBERS) {
      const clashes = await sql<{
        tenant_id: string;
        value: string;
      }>`SELECT tenant_id, lower(${sql.ref(column)}) AS value FROM ${sql.table(table)}
        GROUP BY tenant_id, lower(${sql.ref(column)}) HAVING count(*) > 1`.execute(db);
      if (clashes.rows.length > 0) {
        const list = clashes.rows
          .slice(0, 20)
          .map((r) => `tenant ${r.tenant_id}: ${r.value}`)
          .join(', ');
        throw new Error(
          `${table}.${column} holds values that differ only in case (${list}); rename one of each before migrating.`,
        );
      }
    }
    await execScript(
      db,
      NUMBERS.map(
        ([table, column]) => `CREATE UNIQUE INDEX ${table}_${column}_ci ON ${table} (tenant_id, lower(${column}))`,
      ).join(';\n'),
    );
  },
};
