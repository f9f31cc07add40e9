// Keys are unique regardless of case on both databases ("K-1" takes "k-1"), as the real system's
// MySQL collation has it. The application checks first (checkUnique compares lower() on both sides); these
// indexes make the rule hold under concurrent requests on PostgreSQL too, and serve the case-insensitive name
// filters (projects and tasks by name, absence reasons by external_id). The existing case-sensitive unique
// indexes stay: foreign keys reference them. Articles (migration 1600, after this one) rely on their check.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';

const UNIQUE_KEYS: [table: string, column: string][] = [
  ['absence_reasons', 'name'],
  ['activities', 'name'],
  ['categories', 'name'],
  ['price_groups', 'name'],
  ['customers', 'customer_number'],
  ['employees', 'username'],
  ['locations', 'code'],
  ['project_statuses', 'name'],
];

export const caseInsensitiveKeys: Migration = {
  version: '1200_case_insensitive_keys',
  async up(db) {
    await execScript(
      db,
      [
        ...UNIQUE_KEYS.map(
          ([table, column]) => `CREATE UNIQUE INDEX ${table}_${column}_ci ON ${table} (tenant_id, lower(${column}))`,
        ),
        'CREATE INDEX projects_name_ci ON projects (tenant_id, lower(name))',
        'CREATE INDEX project_tasks_name_ci ON project_tasks (tenant_id, project_id, lower(name))',
        'CREATE INDEX absence_reasons_external_id_ci ON absence_reasons (tenant_id, lower(external_id))',
      ].join(';\n'),
    );
  },
};
