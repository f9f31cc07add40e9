// Errors are mapped once. Handlers and services throw ApiError (values/errors.ts); this maps it, the framework's
// and the databases' errors to responses, and everything else becomes "Server Error." with the details only in
// the log (docs/api/conventions.md "Errors").
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { constraintKind, uniqueViolation } from '../db/dialect.js';
import { uniqueFieldErrors } from './unique-fields.js';
import { ApiError, validationError, type FieldErrors } from '../values/errors.js';

/** 'customer_number[]' -> 'customer number': the field as messages name it. */
export const label = (field: string) => field.replace(/\[\]$/, '').replace(/_/g, ' ');

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, any>;
  message?: string;
}

/** Turn schema (Ajv) errors into Laravel-style per-field messages. */
export function schemaErrorsToFields(errors: AjvError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required') field = field ? `${field}.${e.params.missingProperty}` : e.params.missingProperty;
    if (e.keyword === 'additionalProperties')
      field = field ? `${field}.${e.params.additionalProperty}` : e.params.additionalProperty;
    field = field.replace(/\[\]/g, '') || 'body';
    const f = label(field);
    let message: string;
    switch (e.keyword) {
      case 'required':
        message = `The ${f} field is required.`;
        break;
      case 'type': {
        const types = String(e.params.type)
          .split(',')
          .filter((t) => t !== 'null');
        message = `The ${f} field must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}.`;
        break;
      }
      case 'minimum':
        message = `The ${f} field must be at least ${e.params.limit}.`;
        break;
      case 'exclusiveMinimum':
        message = `The ${f} field must be greater than ${e.params.limit}.`;
        break;
      case 'maximum':
        message = `The ${f} field must not be greater than ${e.params.limit}.`;
        break;
      case 'minLength':
        message =
          e.params.limit === 1
            ? `The ${f} field must not be empty.`
            : `The ${f} field must be at least ${e.params.limit} characters.`;
        break;
      case 'maxLength':
        message = `The ${f} field must not be greater than ${e.params.limit} characters.`;
        break;
      case 'minItems':
        message = `The ${f} field must have at least ${e.params.limit} items.`;
        break;
      case 'maxItems':
        message = `The ${f} field must not have more than ${e.params.limit} items.`;
        break;
      case 'enum':
        message = `The selected ${f} is invalid.`;
        break;
      case 'format':
        message = formatMessage(f, e.params.format);
        break;
      case 'additionalProperties':
        message = `The ${f} field is not allowed.`;
        break;
      default:
        message = `The ${f} field format is invalid.`;
    }
    (out[field] ??= []).includes(message) || out[field].push(message);
  }
  return out;
}

function formatMessage(f: string, format: string): string {
  switch (format) {
    case 'date':
      return `The ${f} field must be a valid date in the format YYYY-MM-DD.`;
    case 'filter-timestamp':
      return `The ${f} field must be a valid date (ISO 8601 or Y-m-d H:i:s).`;
    case 'currency':
      return `The ${f} must be an ISO 4217 currency code (three capital letters, e.g. EUR).`;
    case 'email':
      return `The ${f} field must be a valid email address.`;
    case 'time':
      return `The ${f} field must be a valid time in the format HH:MM:SS.`;
    default:
      return `The ${f} field format is invalid.`;
  }
}

function send(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  // Error bodies bypass the route's response schema: they are written as plain JSON.
  return reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

/** Errors Fastify raises before routing (a malformed URL escape): the same JSON shape as every other error. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, 400, { message: 'The request URL is malformed.' });
  request.log.error({ err: error }, 'framework error');
  return send(reply, 500, { message: 'Server Error.' });
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a URL or headers over 16 KB, a request that
 * took too long, malformed HTTP): the API's {message} envelope instead of Node's or Fastify's own bodies.
 */
const CLIENT_ERRORS = new Map<string | undefined, [number, string, string]>([
  ['HPE_HEADER_OVERFLOW', [431, 'Request Header Fields Too Large', 'The request URL or headers are too large.']],
  ['ERR_HTTP_REQUEST_TIMEOUT', [408, 'Request Timeout', 'The request took too long to arrive.']],
]);
export function clientErrorHandler(
  this: FastifyInstance,
  err: NodeJS.ErrnoException,
  socket: import('node:net').Socket,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS.get(err.code) ?? [400, 'Bad Request', 'The request is malformed.'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

const CONSTRAINT_MESSAGES: Partial<Record<NonNullable<ReturnType<typeof constraintKind>>, string>> = {
  unique: 'The record conflicts with an existing one.',
  out_of_range: 'A number is out of range.',
  foreign_key: 'The record references or is referenced by other records.',
};

/**
 * A database constraint violation as the 422 the API answers with, or undefined for other errors: a unique index
 * over fields of the request body names those fields, anything else is reported on `record`.
 */
export function constraintError(error: unknown, body?: unknown): ApiError | undefined {
  const unique = uniqueViolation(error);
  const fields = unique && uniqueFieldErrors(unique, body);
  if (fields) return validationError(fields);
  const kind = constraintKind(error);
  const message = kind ? CONSTRAINT_MESSAGES[kind] : undefined;
  return message ? validationError({ record: [message] }) : undefined;
}

/** Schema errors beyond this many are not listed in a 422 (the body has at least this many problems). */
export const MAX_REPORTED_SCHEMA_ERRORS = 100;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError & { validation?: AjvError[] }, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ApiError) {
        const body: Record<string, unknown> = { message: error.message };
        if (error.errors) body.errors = error.errors;
        if (error.extra) Object.assign(body, error.extra);
        return send(reply, error.statusCode, body);
      }
      if (error.validation) {
        // A huge array of wrong items yields one error per item: report the first ones, not megabytes of them.
        const fields = schemaErrorsToFields(error.validation.slice(0, MAX_REPORTED_SCHEMA_ERRORS));
        const err = validationError(Object.keys(fields).length ? fields : { body: ['The given data was invalid.'] });
        return send(reply, 422, { message: err.message, errors: err.errors });
      }
      switch (error.code) {
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return send(reply, 413, { message: 'The request body is too large.' });
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return send(reply, 415, {
            message: 'Unsupported media type: send application/json (multipart/form-data for file uploads).',
          });
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
          return send(reply, 400, { message: 'The request body is not valid JSON.' });
        default:
          break;
      }
      if (error.statusCode === 400 && error instanceof SyntaxError) {
        return send(reply, 400, { message: 'The request body is not valid JSON.' });
      }
      const constraint = constraintError(error, request.body);
      if (constraint) return send(reply, 422, { message: constraint.message, errors: constraint.errors });
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return send(reply, error.statusCode, {
          message: error.statusCode === 429 ? 'Too Many Attempts.' : 'Bad request.',
        });
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 500, { message: 'Server Error.' });
    },
  );
}
