// Department rules beyond plain SQL: the parent must exist in the tenant and must not be the department itself
// or one below it; the end date is not before the start; managers are written with the department; the
// standard department and departments still referenced cannot be deleted.
import { findReferences } from '../../db/references.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { existsInTenant } from '../../db/lookup.js';
import { ErrorBag, validationError } from '../../values/errors.js';
import { toBool } from '../../values/formats.js';
import type { DepartmentUpdateT } from './departments.schemas.js';
import {
  deleteDepartment,
  insertDepartment,
  isSelfOrDescendant,
  updateDepartment,
  type DepartmentRow,
} from './departments.repository.js';
import { resolveManagers, setManagers } from './department-managers.repository.js';

const WRITABLE = ['name', 'parent_id', 'description', 'comments', 'status', 'start_date', 'end_date'] as const;

/** The department's own columns of a body (read-only keys of a GET-merge-PUT body are ignored). */
function ownColumns(body: DepartmentUpdateT): Omit<DepartmentUpdateT, 'manager'> {
  return Object.fromEntries(WRITABLE.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
}

async function checkBody(db: TenantDb, body: DepartmentUpdateT, current?: DepartmentRow) {
  const errors = new ErrorBag();
  if (body.parent_id !== undefined && body.parent_id !== null) {
    if (!(await existsInTenant(db, 'departments', 'id', body.parent_id)))
      errors.add('parent_id', 'The selected parent id is invalid.');
    else if (current && (await isSelfOrDescendant(db, Number(current.id), body.parent_id))) {
      errors.add('parent_id', 'A department cannot be placed below itself.');
    }
  }
  const start = body.start_date !== undefined ? body.start_date : current?.start_date;
  const end = body.end_date !== undefined ? body.end_date : current?.end_date;
  if (start && end && end < start) errors.add('end_date', 'The end date must be a date after or equal to start date.');
  errors.throwIfAny();
}

/** Create (no current row) or update a department and, when `manager` is submitted, its managers in one transaction. */
export async function writeDepartment(
  db: TenantDb,
  body: DepartmentUpdateT,
  current?: DepartmentRow,
): Promise<DepartmentRow> {
  await checkBody(db, body, current);
  let managers: Awaited<ReturnType<typeof resolveManagers>> | undefined = body.manager === null ? [] : undefined;
  if (body.manager != null) managers = await resolveManagers(db, body.manager);
  return db.transaction(async (trx) => {
    const row = current
      ? await updateDepartment(trx, Number(current.id), ownColumns(body))
      : await insertDepartment(trx, ownColumns(body) as DepartmentUpdateT & { name: string });
    if (managers) await setManagers(trx, Number(row.id), managers);
    return row;
  });
}

/** 422 naming what still needs the department: being the standard one, or references from other records. */
export async function removeDepartment(db: TenantDb, current: DepartmentRow): Promise<void> {
  const refs = [
    ...(toBool(current.is_standard) ? ['the standard department'] : []),
    ...(await findReferences(db, 'departments', current)),
  ];
  if (refs.length > 0) throw validationError({ id: refs.map((r) => `The department is still ${r}.`) });
  await deleteDepartment(db, Number(current.id));
}
