// GET/POST /tickets, GET/PATCH/PUT/DELETE /tickets/{id} (docs/api/projects.md). A ticket belongs to a project and
// one of its tasks (a task of another project is 422 on project_task_id).
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import { Ticket, TicketCreate, TicketListQuery, TicketUpdate } from './tickets.schemas.js';
import { ticketListSpec } from './tickets.repository.js';
import { tickets } from './tickets.service.js';
import { categoryDerivations } from '../categories/categories.records.js';

export default async function ticketRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Ticket',
    plural: 'tickets',
    tags: ['Tickets'],
    path: '/tickets',
    records: { table: 'tickets', derivations: [...categoryDerivations('ticket')] },
    resource: Ticket,
    repository: tickets,
    list: { query: TicketListQuery, spec: ticketListSpec },
    create: { body: TicketCreate },
    update: { body: TicketUpdate },
    summaries: {
      get: 'Get a ticket (with its categories)',
      update: 'Update a ticket (only submitted fields change)',
      remove: 'Delete a ticket with its subtasks and attachments (refused while bookings refer to it)',
    },
  });
}
