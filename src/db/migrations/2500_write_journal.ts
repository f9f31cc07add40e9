// The write journal (db/journal.ts): on PostgreSQL its UNLOGGED table, the trigger function and the triggers of every
// table whose rows the API shows (the tables the records registry names: plugins/write-path/records.ts); SQLite
// creates its journal per connection. The change feed gains previous_key (a rename's old key), and attachments
// gain `modified` (a file's metadata changes when it is replaced; files stored before show their `created`: no
// backfill, which would rewrite every file's bytes on SQLite).
import { sql } from 'kysely';
import type { Migration } from '../migration.js';
import { createPostgresJournal, journalTable } from '../journal.js';
import { ddl } from '../dialect.js';

/** The journalled tables and their columns whose changes are no change (besides `modified`). */
export const JOURNALLED_2500: readonly (readonly [string, readonly string[]])[] = [
  ...[
    'absence_reasons',
    'absences',
    'activities',
    'articles',
    'attachments',
    'attendances',
    'break_regulation_types',
    'categories',
    'category_links',
    'customer_addresses',
    'customer_contacts',
    'customer_managers',
    'customers',
    'default_plannings',
    'department_managers',
    'departments',
    'device_employees',
    'dynamic_attribute_values',
    'dynamic_attributes',
    'employment_periods',
    'folders',
    'holiday_calendars',
    'holidays',
    'internal_rates',
    'invoice_items',
    'invoices',
    'leave_approval_applications',
    'location_list_items',
    'location_lists',
    'locations',
    'meals',
    'month_closings',
    'offer_items',
    'offers',
    'plannings',
    'price_factors',
    'price_groups',
    'price_tables',
    'prices',
    'project_activities',
    'project_assignments',
    'project_locations',
    'project_statuses',
    'project_tasks',
    'projects',
    'receipt_amounts',
    'receipt_types',
    'receipts',
    'regular_working_times',
    'resource_plannings',
    'ticket_subtasks',
    'tickets',
    'transponders',
    'vehicle_lists',
    'vehicles',
  ].map((t) => [t, []] as const),
  ['devices', ['password_hash']],
  ['employees', ['password_hash']],
];

export const writeJournal: Migration = {
  version: '2500_write_journal',
  async up(db, dialect) {
    const t = ddl(dialect);
    await sql.raw('ALTER TABLE changes ADD COLUMN previous_key ' + t.text).execute(db);
    await sql.raw('ALTER TABLE attachments ADD COLUMN modified ' + t.timestamp).execute(db);
    if (dialect !== 'postgres') return;
    await createPostgresJournal(db);
    for (const [table, internal] of JOURNALLED_2500) await journalTable(db, dialect, table, ['modified', ...internal]);
  },
};
