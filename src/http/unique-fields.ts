// A unique index the database enforces, turned into the field error a sequential duplicate gets: the
// loser of a race reads the same 422 as a client that sends the duplicate later. Only indexes whose field or
// message differs from the default need an entry; any other unique index reports "The <column> has already been
// taken." on its last column, so a new resource's unique index maps without touching this file.
import type { UniqueViolation } from '../db/dialect.js';

type Body = Record<string, unknown>;

interface UniqueField {
  table: string;
  /** The index's last column (the one the field is stored in). */
  column: string;
  /** Index names that end in that column, and expression indexes (SQLite names those instead of columns). */
  indexes: string[];
  /** The request field (default: the column). */
  field?: string;
  /** The message, from the request body when it names the values (default: "The <field> has already been taken."). */
  message?: string | ((body: Body) => string);
}

const UNIQUE_FIELDS: UniqueField[] = [
  {
    table: 'month_closings',
    column: 'month',
    indexes: ['month_closings_tenant_month', 'month_closings_employee_month'],
    message: (b) =>
      `The month ${String(b.month)} is already closed${b.employee_id ? ` for ${String(b.employee_id)}` : ''}.`,
  },
  {
    table: 'price_tables',
    column: 'start_date',
    indexes: ['price_tables_owner_start'],
    message: 'This owner already has a price table with this start date.',
  },
  { table: 'locations', column: 'code', indexes: ['locations_code'], field: 'id' },
  {
    table: 'vehicle_lists',
    column: 'start_date',
    indexes: ['vehicle_lists_start'],
    message: 'The start date of a vehicle list has already been taken.',
  },
  {
    table: 'holidays',
    column: 'date',
    indexes: ['holidays_calendar_date'],
    message: 'The date of this calendar has already been taken.',
  },
  {
    table: 'employees',
    column: 'personal_number',
    indexes: ['employees_personal_number_unique'],
    message: 'The personal number has already been taken.',
  },
  {
    table: 'project_activities',
    column: 'activity_id',
    indexes: ['project_activities_pair'],
    field: 'name',
    message: 'The activity is already allowed on the project.',
  },
  {
    table: 'project_locations',
    column: 'name',
    indexes: ['project_locations_name'],
    message: 'The project already has a location with this name.',
  },
  {
    table: 'meals',
    column: 'meal_type',
    indexes: ['meals_employee_date_type'],
    message: 'The employee already has a meal of this type on this date.',
  },
  {
    table: 'internal_rates',
    column: 'start_date',
    indexes: ['internal_rates_employee_start'],
    message: 'The employee already has an internal rate starting on this date.',
  },
];

/** The field errors for a unique violation, or undefined when it names no column (then the record conflicts). */
export function uniqueFieldErrors(v: UniqueViolation, body: unknown): Record<string, string[]> | undefined {
  const column = v.columns?.filter((c) => c !== 'tenant_id').at(-1);
  const known = UNIQUE_FIELDS.find(
    (u) => (v.index !== undefined && u.indexes.includes(v.index)) || (u.table === v.table && u.column === column),
  );
  if (known) return { [known.field ?? known.column]: [messageOf(known, body)] };
  // A case-insensitive index `<table>_<field>_ci` on (tenant_id, lower(<field>)) names no column (migrations 1200, 2000).
  const caseless =
    v.index?.endsWith('_ci') && body && typeof body === 'object'
      ? Object.keys(body).find((f) => v.index!.endsWith(`_${f}_ci`))
      : undefined;
  if (caseless) return { [caseless]: [taken(caseless)] };
  if (!column || column === 'id') return undefined;
  return { [column]: [taken(column)] };
}

const taken = (field: string) => `The ${field.replace(/_/g, ' ')} has already been taken.`;

function messageOf(u: UniqueField, body: unknown): string {
  if (typeof u.message === 'function') return u.message(body && typeof body === 'object' ? (body as Body) : {});
  return u.message ?? taken(u.field ?? u.column);
}
