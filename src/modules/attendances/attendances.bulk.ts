// POST /attendances/bulk (zeitkonto extension): up to 500 bookings in one request, each validated
// and checked by the same rules as POST /attendances, in request order, within the request's one transaction.
// Each item runs under a savepoint, so a refused item leaves no trace; ?atomic=true writes all or none.
// The locks of every item's employee and project are taken first, in sorted order, so two bulk requests (or a
// bulk and a single booking) cannot deadlock on PostgreSQL.
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { ZkApp } from '../../types.js';
import { ApiError, validationError } from '../../values/errors.js';
import { constraintError, MAX_REPORTED_SCHEMA_ERRORS, schemaErrorsToFields, type AjvError } from '../../http/errors.js';
import { ErrorBody, ForbiddenBody, ValidationErrorBody, Violation } from '../../http/schemas.js';
import { lockedTransaction } from '../../db/transaction.js';
import { employeeLockKey } from '../employees/employees.locks.js';
import { projectLockKey } from '../projects/projects.locks.js';
import { scopeOf } from '../crud/index.js';
import { Attendance, AttendanceCreate, type AttendanceCreateT } from './attendances.schemas.js';
import { toAttendance } from './attendances.repository.js';
import { createAttendance } from './attendances.service.js';

export const BULK_MAX_ITEMS = 500;

/**
 * Built when the routes register, after the modules' schemas got their names (plugins/openapi-names.ts): a copy
 * TypeBox makes of `Attendance` at import time (Type.Optional) would lack the title, and the document would
 * repeat the whole record inline instead of a $ref.
 */
const bulkSchemas = () => {
  const Result = Type.Object(
    {
      status: Type.Integer({
        description:
          '201 when written, else the status POST /attendances would answer (422 with errors). With atomic=true and a refused item, the items that passed the rules are 424: not written (no data, no id).',
      }),
      data: Type.Optional(Attendance),
      message: Type.Optional(Type.String()),
      errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
      violations: Type.Optional(Type.Array(Violation)),
    },
    { title: 'AttendanceBulkResult' },
  );
  return {
    Result,
    Results: Type.Object({ results: Type.Array(Result) }, { title: 'AttendanceBulkResults' }),
    AtomicFailure: Type.Object(
      { message: Type.String(), results: Type.Array(Result) },
      { title: 'AttendanceBulkFailure' },
    ),
  };
};

type ItemResult = Static<ReturnType<typeof bulkSchemas>['Result']>;

const failure = (e: ApiError): ItemResult => ({
  status: e.statusCode,
  message: e.message,
  ...(e.errors ? { errors: e.errors } : {}),
  ...((e.extra ?? {}) as Pick<ItemResult, 'violations'>),
});

/** Schema errors per item index; errors outside an item (the envelope itself) refuse the whole request. */
function itemSchemaErrors(req: FastifyRequest): Map<number, ItemResult> {
  const out = new Map<number, ItemResult>();
  const validation = (req.validationError as { validation?: AjvError[] } | undefined)?.validation;
  if (!req.validationError) return out;
  const byItem = new Map<number, AjvError[]>();
  const envelope: AjvError[] = [];
  for (const e of validation ?? []) {
    const m = /^\/items\/(\d+)(\/.*)?$/.exec(e.instancePath);
    if (m)
      (byItem.get(Number(m[1])) ?? byItem.set(Number(m[1]), []).get(Number(m[1]))!).push({
        ...e,
        instancePath: m[2] ?? '',
      });
    else envelope.push(e);
  }
  if (envelope.length || !validation) {
    const fields = schemaErrorsToFields(envelope.slice(0, MAX_REPORTED_SCHEMA_ERRORS));
    throw validationError(Object.keys(fields).length ? fields : { body: ['The given data was invalid.'] });
  }
  for (const [i, errors] of byItem)
    out.set(i, failure(validationError(schemaErrorsToFields(errors.slice(0, MAX_REPORTED_SCHEMA_ERRORS)))));
  return out;
}

export default async function attendanceBulkRoutes(app: ZkApp) {
  const { Results, AtomicFailure } = bulkSchemas();
  app.post(
    '/attendances/bulk',
    {
      attachValidation: true,
      config: { extension: true, groupCommit: true },
      schema: {
        summary: 'Book up to 500 attendances at once, each by the rules of POST /attendances (zeitkonto extension)',
        description:
          'Without atomic (default): every item is tried, in request order; the answer is 200 with one result per item, `{status: 201, data}` or `{status: 422, message, errors, violations}`, and the accepted items are written. With `atomic=true`: all items are written, or none — 422 `{message, results}` names the refused ones.',
        tags: ['Attendances'],
        querystring: Type.Object({
          atomic: Type.Optional(Type.Boolean({ description: 'All or none (default false).' })),
        }),
        body: Type.Object({ items: Type.Array(AttendanceCreate, { minItems: 1, maxItems: BULK_MAX_ITEMS }) }),
        response: {
          200: Results,
          401: ErrorBody,
          403: ForbiddenBody,
          404: ErrorBody,
          422: Type.Union([AtomicFailure, ValidationErrorBody]),
          429: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const refused = itemSchemaErrors(req);
      const items = (req.body as { items: AttendanceCreateT[] }).items;
      const s = scopeOf(app, req);
      const valid = items.filter((_, i) => !refused.has(i));
      const keys = valid.flatMap((it) => [
        projectLockKey(s.tenant.id, it.project_id),
        employeeLockKey(s.tenant.id, it.employee_id),
      ]);
      const trx = req.write!.trx;
      const results: ItemResult[] = await lockedTransaction(s.db, s.dialect, keys, async (db) => {
        const out: ItemResult[] = [];
        for (const [i, item] of items.entries()) {
          const schemaFailure = refused.get(i);
          if (schemaFailure) {
            out.push(schemaFailure);
            continue;
          }
          const savepoint = await trx.savepoint('bulk_item').execute();
          try {
            const data = toAttendance(await createAttendance({ ...s, db }, item), req.tenant);
            await savepoint.releaseSavepoint('bulk_item').execute();
            out.push({ status: 201, data });
          } catch (err) {
            await savepoint.rollbackToSavepoint('bulk_item').execute();
            await savepoint.releaseSavepoint('bulk_item').execute();
            const known = err instanceof ApiError ? err : constraintError(err, item);
            if (!known) throw err;
            out.push(failure(known));
          }
        }
        return out;
      });
      const failed = results.filter((r) => r.status !== 201).length;
      if (req.query.atomic && failed > 0) {
        // Nothing was written: an item that passed reports so (424) instead of the id of a row that was rolled back.
        const unwritten = results.map((r) =>
          r.status === 201
            ? {
                status: 424,
                message: 'Not written: another item was refused, and atomic=true writes all items or none.',
              }
            : r,
        );
        return reply.code(422).send({
          message: `${failed} of ${items.length} bookings were refused; nothing was written (atomic).`,
          results: unwritten,
        });
      }
      return { results };
    },
  );
}
