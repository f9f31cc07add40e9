// GET /audit-events (zeitkonto extension): the audit trail of the tenant's records.
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, FilterTimestamp, MAX_ID } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { Actor } from '../changes/changes.schemas.js';

export const AuditEventsQuery = listQuery({
  type: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Only records of this type, e.g. attendances.' }),
  ),
  key: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'Only the record with this key (with type): its key now or before a rename, e.g. 42 or max/3.',
    }),
  ),
  employee_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: 'Only writes by this employee (username).' }),
  ),
  token_id: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Only writes through this API token.' }),
  ),
  from: Type.Optional({ ...FilterTimestamp(), description: 'Only changes at or after this time.' }),
  to: Type.Optional({ ...FilterTimestamp(), description: 'Only changes before this time.' }),
});
export type AuditEventsQueryT = Static<typeof AuditEventsQuery>;

export const FieldChange = Type.Object({
  old: Type.Unknown({ description: 'The value before the write; null when created or it had none.' }),
  new: Type.Unknown({ description: 'The value after the write; null when deleted or it has none.' }),
});

export const AuditEvent = Type.Object({
  cursor: Type.String({ description: "The change's cursor in the change feed (GET /changes): commit order." }),
  type: Type.String({ description: "The record's collection path without keys, e.g. attendances, employees/meals." }),
  key: Type.String({ description: "The record's path key after the change." }),
  previous_key: Type.Optional(Type.String({ description: 'Only after a rename: the key the record had before.' })),
  action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]),
  actor: Actor,
  changed_at: DateTimeOut(),
  fields: Type.Record(Type.String(), FieldChange, {
    description:
      "The record's changed stored fields (its table's columns, as stored), each with its old and new value: on a create every field it was given, on a delete every field it had. Empty when the record changed only through data it shows from other records (a renamed activity in a booking).",
  }),
});
export type AuditEventT = Static<typeof AuditEvent>;
