// GET /dynamic-attributes, GET /dynamic-attributes/{id} (contract "dynamic attribute definitions"), plus
// POST, PATCH/PUT, DELETE so tenants can define the attributes their records carry (additive in v1).
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import {
  DynamicAttributeCreate,
  DynamicAttributeDefinition,
  DynamicAttributeListQuery,
  DynamicAttributeUpdate,
} from './dynamic-attributes.schemas.js';
import {
  deleteDynamicAttribute,
  dynamicAttributeListSpec,
  findDynamicAttribute,
  insertDynamicAttribute,
  listDynamicAttributes,
  toDefinition,
  updateDynamicAttribute,
} from './dynamic-attributes.repository.js';

export default async function dynamicAttributeRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Dynamic attribute',
    plural: 'dynamic attribute definitions',
    tags: ['Dynamic attributes'],
    path: '/dynamic-attributes',
    records: { table: 'dynamic_attributes' },
    unique: { table: 'dynamic_attributes', field: 'name' },
    resource: DynamicAttributeDefinition,
    repository: {
      list: (s, q) => listDynamicAttributes(s.db, q),
      find: (s, id) => findDynamicAttribute(s.db, id),
      show: (_s, row) => toDefinition(row),
      insert: (s, body) => insertDynamicAttribute(s.db, body),
      update: (s, row, body) => updateDynamicAttribute(s.db, Number(row.id), body),
      remove: (s, row) => deleteDynamicAttribute(s.db, Number(row.id)),
    },
    list: { query: DynamicAttributeListQuery, spec: dynamicAttributeListSpec },
    create: { body: DynamicAttributeCreate },
    update: { body: DynamicAttributeUpdate },
    summaries: {
      get: 'Get a dynamic attribute definition',
      create: 'Define a dynamic attribute',
      update: 'Update a dynamic attribute definition',
      remove: 'Delete a dynamic attribute definition and its values',
    },
  });
}
