// GET /attendances (+ start_date, end_date, employee_id, project_id, ticket_id), GET /attendances/{id},
// POST /attendances, PATCH/PUT /attendances/{id} (also on the clock edition), DELETE /attendances/{id}, and
// PATCH/PUT /attendances/{id}/release (additive, project_release module).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { IntKey, Single, Paginated, responses } from '../../http/schemas.js';
import { listResponse } from '../../http/list/index.js';
import {
  Attendance,
  AttendanceCreate,
  AttendanceListQuery,
  AttendancePatch,
  ReleaseBody,
} from './attendances.schemas.js';
import { attendanceListSpec, listAttendances, toAttendance, type AttendanceRow } from './attendances.repository.js';
import { rowsById } from '../../plugins/write-path/records.js';
import {
  changeAttendance,
  createAttendance,
  releaseAttendance,
  removeAttendance,
  requireAttendance,
} from './attendances.service.js';
import { scopeOf } from '../crud/index.js';
import { requestedChanges } from '../../http/round-trip.js';

const tags = ['Attendances'];
const Params = IntKey('id');
const writeResponses = (ok: Record<number, any>) => responses(ok, { write: true });

/**
 * The booking rules, for the OpenAPI document (docs/api/attendances.md has the details). The rule codes are
 * written once, on the `rule` of the shared Violation schema (http/schemas.ts) that every 422 answer carries.
 */
const RULES_DESCRIPTION = `Booking rules are checked before writing, in one locked transaction; every violation is reported at once as
422 \`{message, errors: {field: [...]}, violations: [{field, rule, message}]}\`; the rule codes are listed on \`Violation.rule\`.
References (employee, project, task of the project, one of the project's activities, ticket, subtask, work location, vehicle of the list valid on the date) must exist in the tenant: 422 on the field.`;

export default async function attendanceRoutes(app: ZkApp) {
  app.zk.records.add({
    type: 'attendances',
    table: 'attendances',
    load: async (s, keys) => {
      const rows = await rowsById<AttendanceRow>(s, 'attendances', keys);
      return new Map(rows.map((r) => [String(r.id), toAttendance(r, s.tenant)]));
    },
  });

  app.get(
    '/attendances',
    {
      schema: {
        summary: 'List attendances (project time bookings)',
        tags,
        querystring: AttendanceListQuery,
        response: responses({ 200: Paginated(Attendance) }),
      },
    },
    async (req) =>
      listResponse(req, listAttendances(req.db, req.query), attendanceListSpec, (rows) =>
        rows.map((r) => toAttendance(r, req.tenant)),
      ),
  );

  app.get(
    '/attendances/:id',
    {
      schema: { summary: 'Get an attendance', tags, params: Params, response: responses({ 200: Single(Attendance) }) },
    },
    async (req) => {
      return { data: toAttendance(await requireAttendance(req.db, req.params.id), req.tenant) };
    },
  );

  app.post(
    '/attendances',
    {
      config: { groupCommit: true },
      schema: {
        summary: 'Book time (every booking rule is checked; all violations are reported at once)',
        description: RULES_DESCRIPTION,
        tags,
        body: AttendanceCreate,
        response: writeResponses({ 201: Single(Attendance) }),
      },
    },
    async (req, reply) =>
      reply.code(201).send({ data: toAttendance(await createAttendance(scopeOf(app, req), req.body), req.tenant) }),
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/attendances/:id',
    config: { editions: ['full', 'clock'], groupCommit: true },
    schema: {
      summary: 'Change a booking: only submitted fields change, the rules re-run on the merged record (both editions)',
      description: RULES_DESCRIPTION,
      tags,
      params: Params,
      body: AttendancePatch,
      response: writeResponses({ 200: Single(Attendance) }),
    },
    handler: async (req) => {
      // Fields sent as the booking reads them change nothing (http/round-trip.ts).
      const current = toAttendance(await requireAttendance(req.db, req.params.id), req.tenant);
      const changes = requestedChanges<typeof req.body>(req, current, AttendancePatch);
      if (!changes) return { data: current };
      return { data: toAttendance(await changeAttendance(scopeOf(app, req), req.params.id, changes), req.tenant) };
    },
  });

  app.delete(
    '/attendances/:id',
    {
      config: { groupCommit: true },
      schema: {
        summary: 'Delete a booking (refused in lock periods and when billed or released)',
        tags,
        params: Params,
        response: writeResponses({ 204: Type.Null() }),
      },
    },
    async (req, reply) => {
      await removeAttendance(scopeOf(app, req), req.params.id);
      return reply.code(204).send();
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/attendances/:id/release',
    config: { module: 'project_release' },
    schema: {
      summary: 'Set the project release state of a booking (released bookings are locked)',
      tags,
      params: Params,
      body: ReleaseBody,
      response: responses({ 200: Single(Attendance) }, { write: true }),
    },
    handler: async (req) => ({
      data: toAttendance(
        await releaseAttendance(
          scopeOf(app, req),
          req.params.id,
          req.body.project_release,
          req.body.project_released_by ?? null,
        ),
        req.tenant,
      ),
    }),
  });
}
