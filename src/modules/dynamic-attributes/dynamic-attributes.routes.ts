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
import { dynamicAttributeListSpec, dynamicAttributes } from './dynamic-attributes.repository.js';

export default async function dynamicAttributeRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Dynamic attribute',
    plural: 'dynamic attribute definitions',
    tags: ['Dynamic attributes'],
    path: '/dynamic-attributes',
    records: { table: 'dynamic_attributes' },
    unique: { table: 'dynamic_attributes', field: 'name' },
    resource: DynamicAttributeDefinition,
    repository: dynamicAttributes,
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
