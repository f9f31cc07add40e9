// Terminals (devices) and the employees who may use them (migration 0201).
import type { Owned, Stamps, Authored } from '../../db/columns.js';

export interface DevicesTable extends Owned, Stamps, Authored {
  type: number;
  status: number;
  name: string;
  password_hash: string | null;
  min_time: string | null;
  max_time: string | null;
  track: number;
  display_config: string | null;
}

export interface DeviceEmployeesTable {
  tenant_id: number;
  device_id: number;
  employee_id: string;
}

export interface DeviceTables {
  devices: DevicesTable;
  device_employees: DeviceEmployeesTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends DeviceTables {}
}
