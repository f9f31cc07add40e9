// GET/POST /tickets/{id}/subtasks, GET/PATCH/PUT/DELETE /tickets/{id}/subtasks/{subtask_id} (reference §4.26).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID, Paginated, responses, Single } from '../../http/schemas.js';
import { listResponse } from '../../http/list/index.js';
import { ErrorBag, notFound, validationError } from '../../http/errors.js';
import { loadCategories, resolveCategoryIds, setCategories } from '../categories/category-links.js';
import { collect } from '../projects/projects.service.js';
import { findReferences } from '../../db/references.js';
import { SUBTASK_REFERENCES } from '../projects/project-references.js';
import { commonColumns } from './ticket-common.js';
import { findTicket } from './tickets.repository.js';
import { Subtask, SubtaskCreate, SubtaskListQuery, SubtaskUpdate, type SubtaskUpdateT } from './subtasks.schemas.js';
import { deleteSubtask, findSubtask, insertSubtask, listSubtasks, subtaskListSpec, toSubtask, updateSubtask, type SubtaskRow } from './subtasks.repository.js';

const tags = ['Ticket subtasks'];
const TicketParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
const SubtaskParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }), subtask_id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

export default async function subtaskRoutes(app: ZkApp) {
  const { db } = app.zk;

  async function requireTicket(tenantId: number, id: number) {
    if (!(await findTicket(db, tenantId, id))) throw notFound('Ticket');
  }
  async function load(tenantId: number, ticketId: number, id: number) {
    await requireTicket(tenantId, ticketId);
    const row = await findSubtask(db, tenantId, ticketId, id);
    if (!row) throw notFound('Subtask');
    return row;
  }
  async function present(tenantId: number, ticketId: number, id: number) {
    const subtask = toSubtask(await load(tenantId, ticketId, id));
    subtask.categories = (await loadCategories(db, tenantId, 'subtask', [id])).get(id) ?? [];
    return { data: subtask };
  }
  async function write(tenantId: number, ticketId: number, body: SubtaskUpdateT, current?: SubtaskRow): Promise<number> {
    const errors = new ErrorBag();
    const columns = await commonColumns(db, tenantId, body, errors, current);
    const categoryIds = body.categories === undefined ? undefined : await collect(errors, () => resolveCategoryIds(db, tenantId, body.categories ?? []));
    errors.throwIfAny();
    return db.transaction().execute(async (trx) => {
      const id = current ? Number(current.id) : await insertSubtask(trx, tenantId, ticketId, columns);
      if (current) await updateSubtask(trx, tenantId, id, columns);
      if (categoryIds) await setCategories(trx, tenantId, 'subtask', id, categoryIds);
      return id;
    });
  }

  app.get(
    '/tickets/:id/subtasks',
    { schema: { summary: 'List the subtasks of a ticket', tags, params: TicketParams, querystring: SubtaskListQuery, response: responses({ 200: Paginated(Subtask) }) } },
    async (req) => {
      await requireTicket(req.tenant.id, req.params.id);
      return listResponse(req, listSubtasks(db, req.tenant.id, req.params.id, req.query), subtaskListSpec, (rows) => rows.map(toSubtask));
    },
  );

  app.get(
    '/tickets/:id/subtasks/:subtask_id',
    { schema: { summary: 'Get a subtask', tags, params: SubtaskParams, response: responses({ 200: Single(Subtask) }) } },
    async (req) => present(req.tenant.id, req.params.id, req.params.subtask_id),
  );

  app.post(
    '/tickets/:id/subtasks',
    { schema: { summary: 'Create a subtask', tags, params: TicketParams, body: SubtaskCreate, response: responses({ 201: Single(Subtask) }, { write: true }) } },
    async (req, reply) => {
      await requireTicket(req.tenant.id, req.params.id);
      return reply.code(201).send(await present(req.tenant.id, req.params.id, await write(req.tenant.id, req.params.id, req.body)));
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/tickets/:id/subtasks/:subtask_id',
    schema: { summary: 'Update a subtask (only submitted fields change)', tags, params: SubtaskParams, body: SubtaskUpdate, response: responses({ 200: Single(Subtask) }, { write: true }) },
    handler: async (req) => {
      const current = await load(req.tenant.id, req.params.id, req.params.subtask_id);
      return present(req.tenant.id, req.params.id, await write(req.tenant.id, req.params.id, req.body, current));
    },
  });

  app.delete(
    '/tickets/:id/subtasks/:subtask_id',
    { schema: { summary: 'Delete a subtask (refused while bookings refer to it)', tags, params: SubtaskParams, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const current = await load(req.tenant.id, req.params.id, req.params.subtask_id);
      const refs = await findReferences(db, req.tenant.id, SUBTASK_REFERENCES, Number(current.id));
      if (refs.length > 0) throw validationError({ subtask_id: refs.map((r) => `The subtask still has ${r}.`) });
      await deleteSubtask(db, req.tenant.id, Number(current.id));
      return reply.code(204).send();
    },
  );
}
