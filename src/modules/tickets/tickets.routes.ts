// GET/POST /tickets, GET/PATCH/PUT/DELETE /tickets/{id} (reference §4.26). A ticket belongs to a project and
// one of its tasks (a task of another project is 422 on project_task_id).
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { ZkApp } from '../../types.js';
import type { DB } from '../../db/schema.js';
import { IntKey, Paginated, Single, responses } from '../../http/schemas.js';
import { listResponse } from '../../http/list/index.js';
import { ErrorBag, notFound, validationError } from '../../http/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { loadCategories, resolveCategoryIds, setCategories } from '../categories/category-links.js';
import { findTask } from '../projects/project-tasks.repository.js';
import { collect } from '../projects/projects.service.js';
import { findReferences } from '../../db/references.js';
import { TICKET_REFERENCES } from '../projects/project-references.js';
import { commonColumns } from './ticket-common.js';
import { Ticket, TicketCreate, TicketListQuery, TicketUpdate, type TicketUpdateT } from './tickets.schemas.js';
import { deleteTicket, findTicket, insertTicket, listTickets, ticketListSpec, toTicket, updateTicket, type TicketRow } from './tickets.repository.js';

const tags = ['Tickets'];
const Params = IntKey('id');

/** Validate a ticket body (references inside the tenant) and return its columns and category ids. */
export async function ticketColumns(db: Kysely<DB>, tenantId: number, body: TicketUpdateT, current?: TicketRow) {
  const errors = new ErrorBag();
  const { project_task_id, categories, ...rest } = body;
  const columns = await commonColumns(db, tenantId, rest, errors, current);
  const projectId = body.project_id ?? Number(current?.project_id);
  const taskId = project_task_id !== undefined ? Number(project_task_id) : Number(current?.project_task_id);
  if (project_task_id !== undefined) columns.project_task_id = taskId;
  if (body.project_id !== undefined && !(await existsInTenant(db, 'projects', tenantId, 'id', body.project_id))) {
    errors.add('project_id', 'The selected project id is invalid.');
  } else if ((body.project_id !== undefined || project_task_id !== undefined) && !(await findTask(db, tenantId, projectId, taskId))) {
    errors.add('project_task_id', 'The selected project task id is not a task of the project.');
  }
  const categoryIds = categories === undefined ? undefined : await collect(errors, () => resolveCategoryIds(db, tenantId, categories ?? []));
  errors.throwIfAny();
  return { columns, categoryIds };
}

export default async function ticketRoutes(app: ZkApp) {
  const { db } = app.zk;

  async function load(tenantId: number, id: number) {
    const row = await findTicket(db, tenantId, id);
    if (!row) throw notFound('Ticket');
    return row;
  }
  async function present(tenantId: number, id: number) {
    const ticket = toTicket(await load(tenantId, id));
    ticket.categories = (await loadCategories(db, tenantId, 'ticket', [id])).get(id) ?? [];
    return { data: ticket };
  }
  async function write(tenantId: number, body: TicketUpdateT, current?: TicketRow): Promise<number> {
    const { columns, categoryIds } = await ticketColumns(db, tenantId, body, current);
    return db.transaction().execute(async (trx) => {
      const id = current ? Number(current.id) : await insertTicket(trx, tenantId, columns);
      if (current) await updateTicket(trx, tenantId, id, columns);
      if (categoryIds) await setCategories(trx, tenantId, 'ticket', id, categoryIds);
      return id;
    });
  }

  app.get(
    '/tickets',
    { schema: { summary: 'List tickets', tags, querystring: TicketListQuery, response: responses({ 200: Paginated(Ticket) }) } },
    async (req) => listResponse(req, listTickets(db, req.tenant.id, req.query), ticketListSpec, (rows) => rows.map(toTicket)),
  );

  app.get(
    '/tickets/:id',
    { schema: { summary: 'Get a ticket (with its categories)', tags, params: Params, response: responses({ 200: Single(Ticket) }) } },
    async (req) => present(req.tenant.id, req.params.id),
  );

  app.post(
    '/tickets',
    { schema: { summary: 'Create a ticket', tags, body: TicketCreate, response: responses({ 201: Single(Ticket) }, { write: true }) } },
    async (req, reply) => reply.code(201).send(await present(req.tenant.id, await write(req.tenant.id, req.body))),
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/tickets/:id',
    schema: { summary: 'Update a ticket (only submitted fields change)', tags, params: Params, body: TicketUpdate, response: responses({ 200: Single(Ticket) }, { write: true }) },
    handler: async (req) => present(req.tenant.id, await write(req.tenant.id, req.body, await load(req.tenant.id, req.params.id))),
  });

  app.delete(
    '/tickets/:id',
    { schema: { summary: 'Delete a ticket with its subtasks and attachments (refused while bookings refer to it)', tags, params: Params, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const current = await load(req.tenant.id, req.params.id);
      const refs = await findReferences(db, req.tenant.id, TICKET_REFERENCES, Number(current.id));
      if (refs.length > 0) throw validationError({ id: refs.map((r) => `The ticket still has ${r}.`) });
      await deleteTicket(db, req.tenant.id, Number(current.id));
      return reply.code(204).send();
    },
  );
}
