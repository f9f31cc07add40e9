// The database as Kysely sees it: the core tables and every module's tables, merged. This is the one central
// list of tables: a new resource adds one line for its modules/<resource>/<resource>.tables.ts. Columns mirror
// the JSON field names of the contract.
import type { TenancyTables } from '../tenancy/tenancy.tables.js';
import type { AbsenceReasonTables } from '../modules/absence-reasons/absence-reasons.tables.js';
import type { AbsenceTables } from '../modules/absences/absences.tables.js';
import type { ActivityTables } from '../modules/activities/activities.tables.js';
import type { ArticleTables } from '../modules/articles/articles.tables.js';
import type { AttachmentTables } from '../modules/attachments/attachments.tables.js';
import type { AttendanceTables } from '../modules/attendances/attendances.tables.js';
import type { ChangeTables } from '../modules/changes/changes.tables.js';
import type { CategoryTables } from '../modules/categories/categories.tables.js';
import type { CustomerTables } from '../modules/customers/customers.tables.js';
import type { DepartmentTables } from '../modules/departments/departments.tables.js';
import type { DeviceTables } from '../modules/devices/devices.tables.js';
import type { DynamicAttributeTables } from '../modules/dynamic-attributes/dynamic-attributes.tables.js';
import type { EmployeeTables } from '../modules/employees/employees.tables.js';
import type { EmploymentPeriodTables } from '../modules/employment-periods/employment-periods.tables.js';
import type { FolderTables } from '../modules/folders/folders.tables.js';
import type { HolidayCalendarTables } from '../modules/holiday-calendars/holiday-calendars.tables.js';
import type { InvoiceTables } from '../modules/invoices/invoices.tables.js';
import type { InternalRateTables } from '../modules/internal-rates/internal-rates.tables.js';
import type { LocationTables } from '../modules/locations/locations.tables.js';
import type { MealTables } from '../modules/meals/meals.tables.js';
import type { OfferTables } from '../modules/offers/offers.tables.js';
import type { MonthClosingTables } from '../modules/month-closings/month-closings.tables.js';
import type { PlanningTables } from '../modules/plannings/plannings.tables.js';
import type { PriceGroupTables } from '../modules/price-groups/price-groups.tables.js';
import type { PriceTableTables } from '../modules/price-tables/price-tables.tables.js';
import type { ProjectTables } from '../modules/projects/projects.tables.js';
import type { ReceiptTables } from '../modules/receipts/receipts.tables.js';
import type { ReceiptTypeTables } from '../modules/receipt-types/receipt-types.tables.js';
import type { TicketTables } from '../modules/tickets/tickets.tables.js';
import type { TransponderTables } from '../modules/transponders/transponders.tables.js';
import type { VehicleTables } from '../modules/vehicles/vehicles.tables.js';
import type { WebhookTables } from '../modules/webhooks/webhooks.tables.js';
import type { WorkingTimeTables } from '../modules/working-times/working-times.tables.js';

/** Each tenant's counter of record ids per table (src/db/record-ids.ts, migration 2801). */
export interface RecordIdsTable {
  tenant_id: number;
  table_name: string;
  last_id: number;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: string;
}

export interface DB
  extends
    TenancyTables,
    AbsenceReasonTables,
    AbsenceTables,
    ActivityTables,
    ArticleTables,
    AttachmentTables,
    AttendanceTables,
    CategoryTables,
    ChangeTables,
    CustomerTables,
    DepartmentTables,
    DeviceTables,
    DynamicAttributeTables,
    EmployeeTables,
    EmploymentPeriodTables,
    FolderTables,
    HolidayCalendarTables,
    InternalRateTables,
    InvoiceTables,
    LocationTables,
    MealTables,
    MonthClosingTables,
    PlanningTables,
    OfferTables,
    PriceGroupTables,
    PriceTableTables,
    ProjectTables,
    ReceiptTables,
    ReceiptTypeTables,
    TicketTables,
    TransponderTables,
    VehicleTables,
    WebhookTables,
    WorkingTimeTables {
  schema_migrations: SchemaMigrationsTable;
  record_ids: RecordIdsTable;
}
