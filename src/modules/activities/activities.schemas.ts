// Activities (docs/api/masterdata.md). Key: the name, which attendances carry as `activity_id`.
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, Nullable, Opt, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';

export const Activity = Type.Object({
  name: Type.String(),
  description: Nullable(Type.String()),
  is_travel: Type.Boolean(),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type ActivityT = Static<typeof Activity>;

const writable = {
  description: Opt(Type.String({ maxLength: 255 })),
  is_travel: Type.Optional(Type.Boolean()),
};
export const ActivityCreate = Type.Object({ name: Type.String({ minLength: 1, maxLength: 32 }), ...writable });
export const ActivityUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  ...writable,
});
export type ActivityUpdateT = Static<typeof ActivityUpdate>;

export const ActivityListQuery = listQuery();
