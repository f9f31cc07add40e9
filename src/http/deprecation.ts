// Deprecation, Sunset and Link headers (RFC 9745, RFC 8594) for deprecated routes and fields.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestBase } from './list/envelope.js';

export interface Deprecation {
  /** Date the route or field was deprecated, 'YYYY-MM-DD'. */
  since: string;
  /** Removal date, 'YYYY-MM-DD'. */
  sunset: string;
}

/** The customer `status` object: deprecated 2025-10-28, removed on or after 2027-08-31 (contract, Versioning 4). */
export const CUSTOMER_STATUS_DEPRECATION: Deprecation = { since: '2025-10-28', sunset: '2027-08-31' };
/** GET /planning: same sunset. */
export const PLANNING_ALIAS_DEPRECATION: Deprecation = { since: '2025-10-28', sunset: '2027-08-31' };

export function markDeprecated(request: FastifyRequest, reply: FastifyReply, d: Deprecation): void {
  const since = Math.floor(Date.parse(`${d.since}T00:00:00Z`) / 1000);
  reply.header('Deprecation', `@${since}`);
  reply.header('Sunset', new Date(`${d.sunset}T00:00:00Z`).toUTCString());
  reply.header('Link', `<${requestBase(request)}/docs>; rel="deprecation"; type="text/html"`);
}
