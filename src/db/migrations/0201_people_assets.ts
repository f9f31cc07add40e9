// People and organisation, part 2: work locations and location lists, dated vehicle lists,
// terminals (devices) with their employees, transponders and employee meals.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const peopleAssets: Migration = {
  version: '0201_people_assets',
  async up(db, dialect) {
    const t = ddl(dialect);
    const owned = `tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,\n  id ${t.id}`;
    const ofEmployee =
      'FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, username) ON UPDATE CASCADE ON DELETE CASCADE';
    await execScript(
      db,
      `
CREATE TABLE locations (
  ${owned},
  code ${t.text} NOT NULL,
  name ${t.text} NOT NULL,
  description ${t.text},
  street ${t.text},
  zip ${t.text},
  city ${t.text},
  country ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('locations')}
CREATE UNIQUE INDEX locations_code ON locations (tenant_id, code);
CREATE INDEX locations_name ON locations (tenant_id, name, code);
CREATE INDEX locations_city ON locations (tenant_id, city, code);
CREATE INDEX locations_created ON locations (tenant_id, created);
CREATE INDEX locations_modified ON locations (tenant_id, modified);

CREATE TABLE location_lists (
  ${owned},
  name ${t.text} NOT NULL,
  description ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('location_lists')}
CREATE UNIQUE INDEX location_lists_name ON location_lists (tenant_id, name);
CREATE INDEX location_lists_modified ON location_lists (tenant_id, modified);

CREATE TABLE location_list_items (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  location_list_id ${t.int} NOT NULL,
  location_code ${t.text} NOT NULL,
  PRIMARY KEY (tenant_id, location_list_id, location_code),
  FOREIGN KEY (tenant_id, location_list_id) REFERENCES location_lists (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, location_code) REFERENCES locations (tenant_id, code) ON UPDATE CASCADE ON DELETE CASCADE
);
CREATE INDEX location_list_items_location ON location_list_items (tenant_id, location_code);

CREATE TABLE vehicle_lists (
  ${owned},
  start_date ${t.date} NOT NULL,
  name ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('vehicle_lists')}
CREATE UNIQUE INDEX vehicle_lists_start ON vehicle_lists (tenant_id, start_date);
CREATE INDEX vehicle_lists_modified ON vehicle_lists (tenant_id, modified);

CREATE TABLE vehicles (
  ${owned},
  vehicle_list_id ${t.int} NOT NULL,
  code ${t.text} NOT NULL,
  name ${t.text},
  license_plate ${t.text},
  note ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, vehicle_list_id) REFERENCES vehicle_lists (tenant_id, id) ON DELETE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('vehicles')}
CREATE UNIQUE INDEX vehicles_list_code ON vehicles (tenant_id, vehicle_list_id, code);
CREATE INDEX vehicles_list_name ON vehicles (tenant_id, vehicle_list_id, name);
CREATE INDEX vehicles_list_plate ON vehicles (tenant_id, vehicle_list_id, license_plate);

CREATE TABLE devices (
  ${owned},
  type ${t.int} NOT NULL DEFAULT 0,
  status ${t.int} NOT NULL DEFAULT 1,
  name ${t.text} NOT NULL,
  password_hash ${t.text},
  min_time ${t.time},
  max_time ${t.time},
  track ${t.int} NOT NULL DEFAULT 0,
  display_config ${t.json},
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('devices')}
CREATE INDEX devices_name ON devices (tenant_id, name, id);
CREATE INDEX devices_type ON devices (tenant_id, type, id);
CREATE INDEX devices_status ON devices (tenant_id, status, id);
CREATE INDEX devices_modified ON devices (tenant_id, modified);

CREATE TABLE device_employees (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  device_id ${t.int} NOT NULL,
  employee_id ${t.text} NOT NULL,
  PRIMARY KEY (tenant_id, device_id, employee_id),
  FOREIGN KEY (tenant_id, device_id) REFERENCES devices (tenant_id, id) ON DELETE CASCADE,
  ${ofEmployee}
);
CREATE INDEX device_employees_employee ON device_employees (tenant_id, employee_id);

CREATE TABLE transponders (
  ${owned},
  employee_id ${t.text} NOT NULL,
  number ${t.text} NOT NULL,
  valid_from ${t.date},
  valid_until ${t.date},
  note ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  ${ofEmployee}
  ${t.tenantPk}
);
${t.tenantIdIndex('transponders')}
CREATE UNIQUE INDEX transponders_number ON transponders (tenant_id, number);
CREATE INDEX transponders_employee ON transponders (tenant_id, employee_id, id);
CREATE INDEX transponders_modified ON transponders (tenant_id, modified);

CREATE TABLE meals (
  ${owned},
  employee_id ${t.text} NOT NULL,
  date ${t.date} NOT NULL,
  meal_type ${t.int} NOT NULL,
  note ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  ${ofEmployee}
  ${t.tenantPk}
);
${t.tenantIdIndex('meals')}
CREATE UNIQUE INDEX meals_employee_date_type ON meals (tenant_id, employee_id, date, meal_type);
CREATE INDEX meals_modified ON meals (tenant_id, modified)
`,
    );
  },
};
