// Departments (migration 0001) and their managers (migration 0200).
import type { Generated } from 'kysely';
import type { DbBool, Authored } from '../../db/columns.js';

export interface DepartmentsTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  description: string | null;
  comments: string | null;
  status: number | null;
  start_date: string | null;
  end_date: string | null;
  is_standard: DbBool;
  created: string | null;
  modified: string | null;
}

export interface DepartmentManagersTable {
  tenant_id: number;
  department_id: number;
  employee_id: string;
}

export interface DepartmentTables {
  departments: DepartmentsTable;
  department_managers: DepartmentManagersTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends DepartmentTables {}
}
