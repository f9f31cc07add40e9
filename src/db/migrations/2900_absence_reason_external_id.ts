// An absence reason's `external_id` maps it to one record of an outside system, so it is unique in the tenant
// regardless of case, as the `?external_id=` filter compares it (docs/api/masterdata.md). The application checks
// first (checkUnique); this index makes the rule hold under concurrent writes on PostgreSQL too and replaces the
// plain index of migration 1200 of the same name.
// Duplicates stored before the rule: the reason created first (lowest id) keeps the value — the mapping that
// existed first; each later one keeps it with a suffix ` #2`, ` #3`, … (shortened to fit 100 characters), so
// nothing is lost, the filter finds one reason, and an operator sees which mappings to fix.
import { sql } from 'kysely';
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';

const MAX = 100;

export const absenceReasonExternalId: Migration = {
  version: '2900_absence_reason_external_id',
  async up(db) {
    const { rows } = await sql<{ tenant_id: string | number; id: string | number; external_id: string }>`
      SELECT r.tenant_id, r.id, r.external_id FROM absence_reasons r
      WHERE r.external_id IS NOT NULL AND EXISTS (
        SELECT 1 FROM absence_reasons o WHERE o.tenant_id = r.tenant_id AND lower(o.external_id) = lower(r.external_id) AND o.id <> r.id)
      ORDER BY r.tenant_id, lower(r.external_id), r.id`.execute(db);
    const taken = async (tenant: string | number, value: string) =>
      (
        await sql`SELECT 1 FROM absence_reasons WHERE tenant_id = ${tenant} AND lower(external_id) = lower(${value})`.execute(
          db,
        )
      ).rows.length > 0;
    let group = '';
    let n = 0;
    for (const r of rows) {
      const key = `${r.tenant_id}\u0000${r.external_id.toLowerCase()}`;
      n = key === group ? n + 1 : 1;
      group = key;
      if (n === 1) continue; // the first keeps its value
      let suffixNo = n;
      let value: string;
      do {
        const suffix = ` #${suffixNo++}`;
        value = r.external_id.slice(0, MAX - suffix.length) + suffix;
      } while (await taken(r.tenant_id, value));
      await sql`UPDATE absence_reasons SET external_id = ${value} WHERE tenant_id = ${r.tenant_id} AND id = ${r.id}`.execute(
        db,
      );
    }
    await execScript(
      db,
      'DROP INDEX absence_reasons_external_id_ci;\nCREATE UNIQUE INDEX absence_reasons_external_id_ci ON absence_reasons (tenant_id, lower(external_id))',
    );
  },
};
