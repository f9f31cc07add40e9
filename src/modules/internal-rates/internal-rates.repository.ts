// SQL for internal rates; every query is scoped by tenant and employee.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { decimalText, outTimestamp, toBool } from '../../values/formats.js';
import type { InternalRatesTable } from './internal-rates.tables.js';
import { RATE_SCALE, type InternalRateT } from './internal-rates.schemas.js';
import { labelled } from '../../values/labels.js';

export type InternalRateRow = Selectable<InternalRatesTable>;

export const internalRateListSpec: ListSpec = {
  key: ['id'],
  defaultSort: 'start_date',
  sortable: { id: 'id', start_date: 'start_date' },
};

export const listInternalRates = (db: TenantDb, username: string) =>
  db.selectFrom('internal_rates').selectAll().where('employee_id', '=', username);

export const findInternalRate = (db: TenantDb, username: string, id: number) =>
  listInternalRates(db, username).where('id', '=', id).executeTakeFirst();

export const toInternalRate = (r: InternalRateRow, language: string): InternalRateT => ({
  id: Number(r.id),
  employee_id: r.employee_id,
  start_date: String(r.start_date).slice(0, 10),
  internal_rate: decimalText(r.internal_rate, RATE_SCALE)!,
  note: r.note,
  monthly_rate: r.monthly_rate === null ? null : Number(r.monthly_rate),
  internal_rate_resets: toBool(r.internal_rate_resets),
  rate_type: labelled(language, 'rate_type', Number(r.rate_type))!,
  created: outTimestamp(r.created),
  modified: outTimestamp(r.modified),
});
