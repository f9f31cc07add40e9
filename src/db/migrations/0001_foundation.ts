// Tenants, API tokens and the small master data: departments, absence reasons, activities, categories.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const foundation: Migration = {
  version: '0001_foundation',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      `
CREATE TABLE tenants (
  id ${t.serialPk},
  instance ${t.text} NOT NULL UNIQUE,
  name ${t.text} NOT NULL,
  edition ${t.text} NOT NULL,
  modules ${t.json} NOT NULL,
  settings ${t.json} NOT NULL,
  language ${t.text} NOT NULL,
  created ${t.timestamp} NOT NULL,
  modified ${t.timestamp} NOT NULL
);
CREATE TABLE api_tokens (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  name ${t.text} NOT NULL,
  token_hash ${t.text} NOT NULL,
  read_only ${t.bool} NOT NULL,
  expires_at ${t.timestamp},
  revoked_at ${t.timestamp},
  last_used_at ${t.timestamp},
  created ${t.timestamp} NOT NULL,
  modified ${t.timestamp} NOT NULL
  ${t.tenantPk}
);
${t.tenantIdIndex('api_tokens')}
CREATE UNIQUE INDEX api_tokens_hash ON api_tokens (tenant_id, token_hash);

CREATE TABLE departments (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  parent_id ${t.int},
  name ${t.text} NOT NULL,
  description ${t.text},
  comments ${t.text},
  status ${t.int},
  start_date ${t.date},
  end_date ${t.date},
  is_standard ${t.bool} NOT NULL DEFAULT ${t.false},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, parent_id) REFERENCES departments (tenant_id, id)
  ${t.tenantPk}
);
${t.tenantIdIndex('departments')}
CREATE INDEX departments_parent ON departments (tenant_id, parent_id);
CREATE INDEX departments_name ON departments (tenant_id, name);
CREATE INDEX departments_modified ON departments (tenant_id, modified);

CREATE TABLE absence_reasons (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  name ${t.text} NOT NULL,
  comment ${t.text},
  approve ${t.int},
  allow_self_entry ${t.int} NOT NULL DEFAULT 0,
  allow_half_day_holiday ${t.int} NOT NULL DEFAULT 0,
  allow_hours_of_vacation ${t.int} NOT NULL DEFAULT 0,
  anyone_can_see_name ${t.int},
  color ${t.text} NOT NULL,
  type ${t.int} NOT NULL,
  client_calendar_category ${t.text},
  inform_employee_upon_approval_or_revocation ${t.int} NOT NULL DEFAULT 0,
  external_id ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('absence_reasons')}
CREATE UNIQUE INDEX absence_reasons_name ON absence_reasons (tenant_id, name);
CREATE INDEX absence_reasons_external_id ON absence_reasons (tenant_id, external_id);
CREATE INDEX absence_reasons_modified ON absence_reasons (tenant_id, modified);

CREATE TABLE activities (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  name ${t.text} NOT NULL,
  description ${t.text},
  is_travel ${t.bool} NOT NULL DEFAULT ${t.false},
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('activities')}
CREATE UNIQUE INDEX activities_name ON activities (tenant_id, name);
CREATE INDEX activities_modified ON activities (tenant_id, modified);

CREATE TABLE categories (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  name ${t.text} NOT NULL,
  description ${t.json},
  type ${t.text} NOT NULL,
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('categories')}
CREATE UNIQUE INDEX categories_name ON categories (tenant_id, name);
CREATE INDEX categories_type ON categories (tenant_id, type, name);
CREATE INDEX categories_modified ON categories (tenant_id, modified)
`,
    );
  },
};
