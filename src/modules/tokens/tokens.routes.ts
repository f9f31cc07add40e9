// GET/POST /tokens, DELETE /tokens/{id} (zeitkonto extension): people create, list and revoke their own API tokens;
// administrators and service tokens do it for anyone. Which tokens a caller reaches is the area's row rule
// (access/rows.ts): `own` is the caller's own tokens.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { ZkApp } from '../../types.js';
import { DataArray, MAX_ID, responses, Single } from '../../http/schemas.js';
import { fieldError, notFound } from '../../values/errors.js';
import { createToken, listTokens, revokeToken, type TokenInfo } from '../../tenancy/tokens.js';
import { missingPermission, scopesAllow } from '../../access/authorize.js';
import { MATRIX } from '../../access/matrix.js';
import { outTimestamp } from '../../values/formats.js';
import { ApiToken, ApiTokenCreate, ApiTokenCreated, type ApiTokenT } from './tokens.schemas.js';

const show = (t: TokenInfo): ApiTokenT => ({
  id: t.id,
  name: t.name,
  employee_id: t.employeeId,
  scopes: t.scopes,
  expires_at: outTimestamp(t.expiresAt),
  last_used_at: outTimestamp(t.lastUsedAt),
  revoked_at: outTimestamp(t.revokedAt),
  created: outTimestamp(t.created)!,
});

/** The tokens this caller reaches: all of them, or their own. */
const reachable = (req: FastifyRequest) => (t: TokenInfo) =>
  req.rows === 'all' || t.employeeId === req.caller.employee?.username;

export default async function tokenRoutes(app: ZkApp) {
  const config = { extension: true };
  const tags = ['Tokens'];

  app.get(
    '/tokens',
    {
      config,
      schema: {
        summary: 'List API tokens: your own, or everyone’s for administrators (zeitkonto extension)',
        tags,
        response: responses({ 200: DataArray(ApiToken) }),
      },
    },
    async (req) => ({ data: (await listTokens(req.db.kysely, req.tenant.id)).filter(reachable(req)).map(show) }),
  );

  app.post(
    '/tokens',
    {
      config,
      schema: {
        summary: 'Create an API token; its secret is in this answer only (zeitkonto extension)',
        tags,
        body: ApiTokenCreate,
        response: responses({ 201: Single(ApiTokenCreated) }, { write: true }),
      },
    },
    async (req, reply) => {
      const { caller } = req;
      const own = caller.employee?.username ?? null;
      const employeeId = req.body.employee_id === undefined ? own : req.body.employee_id;
      if (req.rows !== 'all' && employeeId !== own) throw missingPermission('tokens:write (for another employee)');
      if (employeeId !== null && employeeId !== own) {
        const found = await req.db
          .selectFrom('employees')
          .select('id')
          .where('username', '=', employeeId)
          .executeTakeFirst();
        if (!found) throw fieldError('employee_id', 'The selected employee id is invalid.');
      }
      const scopes = req.body.scopes ?? (caller.scopes ? [...caller.scopes] : undefined);
      for (const scope of scopes ?? []) {
        const [area, action] = scope.split(':') as [string, 'read' | 'write'];
        if (area !== '*' && !(area in MATRIX)) throw fieldError('scopes', `The scope ${scope} names no area.`);
        // A token never makes one that may do more than itself.
        if (!scopesAllow(caller.scopes, area, action)) throw missingPermission(scope);
      }
      const { token, info } = await createToken(req.db.kysely, req.tenant.id, {
        name: req.body.name,
        employeeId: employeeId ?? undefined,
        scopes,
        expiresInDays: req.body.expires_in_days,
      });
      return reply.code(201).send({ data: { ...show(info), token } });
    },
  );

  app.delete(
    '/tokens/:id',
    {
      config,
      schema: {
        summary: 'Revoke an API token (zeitkonto extension)',
        tags,
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) }),
        response: responses({ 204: Type.Null() }, { write: true }),
      },
    },
    async (req, reply) => {
      const token = (await listTokens(req.db.kysely, req.tenant.id)).find((t) => t.id === req.params.id);
      if (!token || !reachable(req)(token) || token.revokedAt !== null) throw notFound('Token');
      await revokeToken(req.db.kysely, req.tenant.id, token.id);
      return reply.code(204).send();
    },
  );
}
