// SQL for internal rates; every query is scoped by tenant and employee.
import { rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { decimalText } from '../../values/formats.js';
import type { InternalRatesTable } from './internal-rates.tables.js';
import { InternalRate, RATE_SCALE, type InternalRateT } from './internal-rates.schemas.js';

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

const mapInternalRate = rowMapper(InternalRate, {
  convert: { start_date: (v) => String(v).slice(0, 10), internal_rate: (v) => decimalText(v, RATE_SCALE) },
  labels: { rate_type: 'rate_type' },
});
export const toInternalRate = (r: InternalRateRow, language: string): InternalRateT => mapInternalRate(r, { language });
