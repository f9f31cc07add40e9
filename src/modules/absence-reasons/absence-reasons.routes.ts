// GET /absence-reasons, GET /absence-reasons/{name} (contract); POST, PATCH/PUT, DELETE (additive in v1).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { Paginated, Single, StringKey, responses } from '../../http/schemas.js';
import { listResponse } from '../../http/list/index.js';
import { fieldError, notFound } from '../../http/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { AbsenceReason, AbsenceReasonCreate, AbsenceReasonListQuery, AbsenceReasonUpdate } from './absence-reasons.schemas.js';
import {
  absenceReasonListSpec,
  deleteAbsenceReason,
  findAbsenceReason,
  insertAbsenceReason,
  listAbsenceReasons,
  toAbsenceReason,
  updateAbsenceReason,
} from './absence-reasons.repository.js';

const tags = ['Absence reasons'];
const Params = StringKey('name');

export default async function absenceReasonRoutes(app: ZkApp) {
  const { db } = app.zk;

  app.get(
    '/absence-reasons',
    { schema: { summary: 'List absence reasons', tags, querystring: AbsenceReasonListQuery, response: responses({ 200: Paginated(AbsenceReason) }) } },
    async (req) => listResponse(req, listAbsenceReasons(db, req.tenant.id, req.query), absenceReasonListSpec, (rows) => rows.map(toAbsenceReason)),
  );

  app.get(
    '/absence-reasons/:name',
    { schema: { summary: 'Get an absence reason by name', tags, params: Params, response: responses({ 200: Single(AbsenceReason) }) } },
    async (req) => {
      const row = await findAbsenceReason(db, req.tenant.id, req.params.name);
      if (!row) throw notFound('Absence reason');
      return { data: toAbsenceReason(row) };
    },
  );

  app.post(
    '/absence-reasons',
    { schema: { summary: 'Create an absence reason', tags, body: AbsenceReasonCreate, response: responses({ 201: Single(AbsenceReason) }, { write: true }) } },
    async (req, reply) => {
      if (await existsInTenant(db, 'absence_reasons', req.tenant.id, 'name', req.body.name)) throw fieldError('name', 'The name has already been taken.');
      const row = await insertAbsenceReason(db, req.tenant.id, req.body);
      return reply.code(201).send({ data: toAbsenceReason(row) });
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/absence-reasons/:name',
    schema: { summary: 'Update an absence reason (only submitted fields change)', tags, params: Params, body: AbsenceReasonUpdate, response: responses({ 200: Single(AbsenceReason) }, { write: true }) },
    handler: async (req) => {
      const current = await findAbsenceReason(db, req.tenant.id, req.params.name);
      if (!current) throw notFound('Absence reason');
      if (req.body.name !== undefined && (await existsInTenant(db, 'absence_reasons', req.tenant.id, 'name', req.body.name, current.id))) {
        throw fieldError('name', 'The name has already been taken.');
      }
      return { data: toAbsenceReason(await updateAbsenceReason(db, req.tenant.id, current.id, req.body)) };
    },
  });

  app.delete(
    '/absence-reasons/:name',
    { schema: { summary: 'Delete an absence reason', tags, params: Params, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const current = await findAbsenceReason(db, req.tenant.id, req.params.name);
      if (!current) throw notFound('Absence reason');
      await deleteAbsenceReason(db, req.tenant.id, current.id);
      return reply.code(204).send();
    },
  );
}
