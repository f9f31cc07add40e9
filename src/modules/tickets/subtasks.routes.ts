// GET/POST /tickets/{id}/subtasks, GET/PATCH/PUT/DELETE /tickets/{id}/subtasks/{subtask_id} (docs/api/projects.md).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID } from '../../http/schemas.js';
import { resourceRoutes } from '../crud/index.js';
import { Subtask, SubtaskCreate, SubtaskListQuery, SubtaskUpdate } from './subtasks.schemas.js';
import { subtaskListSpec } from './subtasks.repository.js';
import { subtasks } from './subtasks.service.js';
import { requireTicket } from './tickets.service.js';
import { categoryDerivations } from '../categories/categories.records.js';

export default async function subtaskRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Subtask',
    plural: 'subtasks of a ticket',
    tags: ['Ticket subtasks'],
    path: '/tickets/:id/subtasks',
    records: { table: 'ticket_subtasks', key: ['ticket_id', 'id'], derivations: [...categoryDerivations('subtask')] },
    parentParams: { id: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    key: { name: 'subtask_id', schema: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    parent: (s, params) => requireTicket(s.db, Number(params.id)),
    resource: Subtask,
    repository: subtasks,
    list: { query: SubtaskListQuery, spec: subtaskListSpec },
    create: { body: SubtaskCreate },
    update: { body: SubtaskUpdate },
    summaries: {
      list: 'List the subtasks of a ticket',
      get: 'Get a subtask',
      update: 'Update a subtask (only submitted fields change)',
      remove: 'Delete a subtask (refused while bookings refer to it)',
    },
  });
}
