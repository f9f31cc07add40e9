// GET/POST /tickets/{id}/subtasks, GET/PATCH/PUT/DELETE /tickets/{id}/subtasks/{subtask_id} (docs/api/projects.md).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID } from '../../http/schemas.js';
import { resourceRoutes } from '../crud/index.js';
import { Subtask, SubtaskCreate, SubtaskListQuery, SubtaskUpdate, type SubtaskT } from './subtasks.schemas.js';
import { findSubtask, listSubtasks, subtaskListSpec, toSubtask, type SubtaskRow } from './subtasks.repository.js';
import { removeSubtask, subtaskDetail, writeSubtask } from './subtasks.service.js';
import type { TicketRow } from './tickets.repository.js';
import { requireTicket } from './tickets.service.js';
import { categoryDerivations } from '../categories/categories.records.js';

export default async function subtaskRoutes(app: ZkApp) {
  resourceRoutes<TicketRow, SubtaskRow, SubtaskT>(app, {
    name: 'Subtask',
    plural: 'subtasks of a ticket',
    tags: ['Ticket subtasks'],
    path: '/tickets/:id/subtasks',
    records: { table: 'ticket_subtasks', key: ['ticket_id', 'id'], derivations: [...categoryDerivations('subtask')] },
    parentParams: { id: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    key: { name: 'subtask_id', schema: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    parent: (s, params) => requireTicket(s.db, Number(params.id)),
    resource: Subtask,
    list: {
      query: SubtaskListQuery,
      build: (s, ticket, q) => listSubtasks(s.db, Number(ticket.id), q),
      spec: subtaskListSpec,
      map: async (s, _t, rows) => rows.map((r) => toSubtask(r, s.db.language)),
    },
    find: (s, ticket, id) => findSubtask(s.db, Number(ticket.id), id),
    show: (s, _t, row) => subtaskDetail(s.db, row),
    create: { body: SubtaskCreate, run: (s, ticket, body) => writeSubtask(s.db, ticket, body) },
    update: { body: SubtaskUpdate, run: (s, ticket, row, body) => writeSubtask(s.db, ticket, body, row) },
    remove: (s, _t, row) => removeSubtask(s.db, row),
    summaries: {
      list: 'List the subtasks of a ticket',
      get: 'Get a subtask',
      update: 'Update a subtask (only submitted fields change)',
      remove: 'Delete a subtask (refused while bookings refer to it)',
    },
  });
}
