// People and organisation: department managers, employment periods, holiday calendars and holidays,
// break regulation types, regular working times, internal rates; unique employee keys on the spine's table.
// Child rows of an employee reference its username (the contract's key; it never changes) and go with it.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const people: Migration = {
  version: '0200_people',
  async up(db, dialect) {
    const t = ddl(dialect);
    const owned = `tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,\n  id ${t.id}`;
    const ofEmployee =
      'FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, username) ON UPDATE CASCADE ON DELETE CASCADE';
    await execScript(
      db,
      `
CREATE UNIQUE INDEX employees_email_unique ON employees (tenant_id, email);
CREATE UNIQUE INDEX employees_personal_number_unique ON employees (tenant_id, personal_number);
CREATE INDEX employees_firstname ON employees (tenant_id, firstname, username);
CREATE INDEX employees_price_group ON employees (tenant_id, price_group, username);
CREATE INDEX employees_approval_date ON employees (tenant_id, approval_date, username);
CREATE INDEX employees_created ON employees (tenant_id, created);

CREATE TABLE department_managers (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  department_id ${t.int} NOT NULL,
  employee_id ${t.text} NOT NULL,
  PRIMARY KEY (tenant_id, department_id, employee_id),
  FOREIGN KEY (tenant_id, department_id) REFERENCES departments (tenant_id, id) ON DELETE CASCADE,
  ${ofEmployee}
);
CREATE INDEX department_managers_employee ON department_managers (tenant_id, employee_id);

CREATE TABLE employment_periods (
  ${owned},
  employee_id ${t.text} NOT NULL,
  start_date ${t.date},
  end_date ${t.date},
  note ${t.text},
  beginning_of_year ${t.date},
  annual_leave_entitlement ${t.num},
  period_holiday_entitlement ${t.num},
  is_holiday_per_year ${t.bool},
  day_absent_in_hours ${t.num},
  created ${t.timestamp},
  modified ${t.timestamp},
  ${ofEmployee}
  ${t.tenantPk}
);
${t.tenantIdIndex('employment_periods')}
CREATE INDEX employment_periods_employee ON employment_periods (tenant_id, employee_id, start_date);
CREATE INDEX employment_periods_modified ON employment_periods (tenant_id, modified);

CREATE TABLE holiday_calendars (
  ${owned},
  name ${t.text} NOT NULL,
  note ${t.text},
  country ${t.text},
  region ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('holiday_calendars')}
CREATE UNIQUE INDEX holiday_calendars_name ON holiday_calendars (tenant_id, name);
CREATE INDEX holiday_calendars_modified ON holiday_calendars (tenant_id, modified);

CREATE TABLE holidays (
  ${owned},
  holiday_calendar_id ${t.int} NOT NULL,
  date ${t.date} NOT NULL,
  name ${t.text} NOT NULL,
  half_day ${t.bool} NOT NULL DEFAULT ${t.false},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, holiday_calendar_id) REFERENCES holiday_calendars (tenant_id, id) ON DELETE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('holidays')}
CREATE UNIQUE INDEX holidays_calendar_date ON holidays (tenant_id, holiday_calendar_id, date);
CREATE INDEX holidays_name ON holidays (tenant_id, holiday_calendar_id, name);
CREATE INDEX holidays_modified ON holidays (tenant_id, modified);

CREATE TABLE break_regulation_types (
  ${owned},
  name ${t.text} NOT NULL,
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('break_regulation_types')}
CREATE UNIQUE INDEX break_regulation_types_name ON break_regulation_types (tenant_id, name);
CREATE INDEX break_regulation_types_modified ON break_regulation_types (tenant_id, modified);

CREATE TABLE regular_working_times (
  ${owned},
  employee_id ${t.text} NOT NULL,
  start_date ${t.date},
  monday ${t.num}, monday_workday ${t.bool},
  tuesday ${t.num}, tuesday_workday ${t.bool},
  wednesday ${t.num}, wednesday_workday ${t.bool},
  thursday ${t.num}, thursday_workday ${t.bool},
  friday ${t.num}, friday_workday ${t.bool},
  saturday ${t.num}, saturday_workday ${t.bool},
  sunday ${t.num}, sunday_workday ${t.bool},
  is_monthly ${t.bool},
  monthly_hours ${t.num},
  max_hours_in_month ${t.num},
  max_hours_in_week ${t.num},
  holiday_calendar_id ${t.int},
  break_regulation_type_id ${t.int},
  created ${t.timestamp},
  modified ${t.timestamp},
  ${ofEmployee},
  FOREIGN KEY (tenant_id, holiday_calendar_id) REFERENCES holiday_calendars (tenant_id, id),
  FOREIGN KEY (tenant_id, break_regulation_type_id) REFERENCES break_regulation_types (tenant_id, id)
  ${t.tenantPk}
);
${t.tenantIdIndex('regular_working_times')}
CREATE INDEX regular_working_times_employee ON regular_working_times (tenant_id, employee_id, start_date);
CREATE INDEX regular_working_times_calendar ON regular_working_times (tenant_id, holiday_calendar_id);
CREATE INDEX regular_working_times_break ON regular_working_times (tenant_id, break_regulation_type_id);
CREATE INDEX regular_working_times_modified ON regular_working_times (tenant_id, modified);

CREATE TABLE internal_rates (
  ${owned},
  employee_id ${t.text} NOT NULL,
  start_date ${t.date} NOT NULL,
  internal_rate ${t.num} NOT NULL,
  note ${t.text},
  monthly_rate ${t.num},
  internal_rate_resets ${t.bool},
  rate_type ${t.int} NOT NULL DEFAULT 0,
  created ${t.timestamp},
  modified ${t.timestamp},
  ${ofEmployee}
  ${t.tenantPk}
);
${t.tenantIdIndex('internal_rates')}
CREATE UNIQUE INDEX internal_rates_employee_start ON internal_rates (tenant_id, employee_id, start_date)
`,
    );
  },
};
