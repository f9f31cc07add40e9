// GET /devices[/{id}] (terminals, docs/api/people.md: list has employees_count/categories_count, detail has
// employees[] and categories[]), POST, PATCH/PUT, DELETE (additive).
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import { Device, DeviceCreate, DeviceListItem, DeviceListQuery, DeviceUpdate } from './devices.schemas.js';
import { deviceListSpec } from './devices.repository.js';
import { devices } from './devices.service.js';
import { categoryDerivations } from '../categories/categories.records.js';

export default async function deviceRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Device',
    plural: 'devices (terminals)',
    tags: ['Devices'],
    path: '/devices',
    records: {
      table: 'devices',
      internal: ['password_hash'],
      derivations: [...categoryDerivations('device'), { table: 'device_employees', match: { id: 'device_id' } }],
    },
    resource: Device,
    repository: devices,
    listItem: DeviceListItem,
    list: { query: DeviceListQuery, spec: { ...deviceListSpec, modified: 'modified' } },
    create: { body: DeviceCreate },
    update: { body: DeviceUpdate },
  });
}
