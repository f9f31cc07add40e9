// Who created a record and who changed it last (`created_by`, `modified_by`: the employee's username, NULL for a
// service token, a system write or a record written before this migration), stamped by the write path on every
// record it sees change (plugins/write-path/collect.ts; docs/api/integration.md "Record authors"). Like `modified`
// they are not watched by the write journal (db/journal.ts STAMPED_COLUMNS): on PostgreSQL the journal triggers are
// made again after the migration without them (db/journal.ts aroundMigration).
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';

/** The record tables with `modified` (API tokens, tenants and webhook subscriptions are no such records). */
export const AUTHORED_TABLES = [
  'absence_reasons',
  'absences',
  'activities',
  'articles',
  'attachments',
  'attendances',
  'break_regulation_types',
  'categories',
  'customer_contacts',
  'customers',
  'default_plannings',
  'departments',
  'devices',
  'dynamic_attributes',
  'employees',
  'employment_periods',
  'folders',
  'holiday_calendars',
  'holidays',
  'internal_rates',
  'invoice_items',
  'invoices',
  'leave_approval_applications',
  'location_lists',
  'locations',
  'meals',
  'month_closings',
  'offer_items',
  'offers',
  'plannings',
  'price_groups',
  'price_tables',
  'project_activities',
  'project_assignments',
  'project_locations',
  'project_statuses',
  'project_tasks',
  'projects',
  'receipt_types',
  'receipts',
  'regular_working_times',
  'resource_plannings',
  'ticket_subtasks',
  'tickets',
  'transponders',
  'vehicle_lists',
  'vehicles',
];

export const recordAuthors: Migration = {
  version: '2905_record_authors',
  async up(db) {
    await execScript(
      db,
      AUTHORED_TABLES.map(
        (t) =>
          `ALTER TABLE ${t} ADD COLUMN created_by VARCHAR(255);\nALTER TABLE ${t} ADD COLUMN modified_by VARCHAR(255)`,
      ).join(';\n'),
    );
  },
};
