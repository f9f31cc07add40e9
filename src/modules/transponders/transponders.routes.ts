// GET/POST /employees/{username}/transponders, GET/PATCH/PUT/DELETE …/{id}: a transponder number is unique in the
// tenant; valid_until >= valid_from.
import type { ZkApp } from '../../types.js';
import { employeeChildRoutes } from '../employees/employee-children.routes.js';
import { Transponder, TransponderCreate, TransponderUpdate } from './transponders.schemas.js';
import { transponderListSpec } from './transponders.repository.js';
import { transponders } from './transponders.service.js';

export default async function transponderRoutes(app: ZkApp) {
  employeeChildRoutes(app, 'transponders', 'transponders', {
    name: 'Transponder',
    plural: 'transponders of an employee',
    tags: ['Transponders'],
    resource: Transponder,
    repository: transponders,
    list: { spec: transponderListSpec },
    create: { body: TransponderCreate },
    update: { body: TransponderUpdate },
  });
}
