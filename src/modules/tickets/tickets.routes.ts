// GET/POST /tickets, GET/PATCH/PUT/DELETE /tickets/{id} (docs/api/projects.md). A ticket belongs to a project and
// one of its tasks (a task of another project is 422 on project_task_id).
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import { Ticket, TicketCreate, TicketListQuery, TicketUpdate } from './tickets.schemas.js';
import { findTicket, listTickets, ticketListSpec, toTicket } from './tickets.repository.js';
import { removeTicket, ticketDetail, writeTicket } from './tickets.service.js';
import { categoryDerivations } from '../categories/categories.records.js';

export default async function ticketRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Ticket',
    plural: 'tickets',
    tags: ['Tickets'],
    path: '/tickets',
    records: { table: 'tickets', derivations: [...categoryDerivations('ticket')] },
    resource: Ticket,
    repository: {
      list: (s, q) => listTickets(s.db, q),
      listItems: async (s, rows) => rows.map((r) => toTicket(r, s.db.language)),
      find: (s, id) => findTicket(s.db, id),
      show: (s, row) => ticketDetail(s.db, row),
      insert: (s, body) => writeTicket(s.db, body),
      update: (s, row, body) => writeTicket(s.db, body, row),
      remove: (s, row) => removeTicket(s.db, row),
    },
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
