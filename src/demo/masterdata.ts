// Demo master data: departments, absence reasons, activities, categories.
import type { TenantDb } from '../db/tenant-scope.js';
import type { Tenant } from '../tenancy/tenants.js';
import { insertAbsenceReason } from '../modules/absence-reasons/absence-reasons.repository.js';
import { insertActivity } from '../modules/activities/activities.repository.js';
import { insertCategory } from '../modules/categories/categories.repository.js';
import { insertDepartment, standardDepartmentId } from '../modules/departments/departments.repository.js';

export async function demoMasterdata(db: TenantDb, tenant: Tenant): Promise<void> {
  const standard = await standardDepartmentId(db);
  await insertDepartment(db, { name: 'Development', parent_id: standard, description: 'Software development' });
  await insertDepartment(db, { name: 'Consulting', parent_id: standard, description: 'Consulting' });
  await insertAbsenceReason(db, {
    name: 'UB',
    comment: 'Urlaub|en:Vacation|fr:Vacances|es:Vacaciones',
    type: 0,
    approve: 1,
    allow_self_entry: 1,
    allow_half_day_holiday: 1,
    color: '#FF8800',
  });
  await insertAbsenceReason(db, {
    name: 'KR',
    comment: 'Krank mit Lohnfortzahlung|en:Sick with continued pay',
    type: 1,
    approve: 0,
    allow_self_entry: 1,
    color: '#91300E',
  });
  await insertAbsenceReason(db, {
    name: 'GZ',
    comment: 'Gleitzeit|en:Flexitime',
    type: 3,
    approve: 1,
    color: '#2E7D32',
  });
  await insertActivity(db, { name: 'be', description: 'Beratung' });
  await insertActivity(db, { name: 'dev', description: 'Development' });
  await insertActivity(db, { name: 're', description: 'Reise', is_travel: true });
  await insertCategory(db, {
    name: 'Key account',
    type: 'customer',
    description: { de: 'Schlüsselkunde', en: 'Key account' },
  });
  await insertCategory(db, { name: 'Internal', type: 'project', description: { de: 'Intern', en: 'Internal' } });
}
