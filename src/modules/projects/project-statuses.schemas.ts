// ProjectStatus (contract "Project".status): id, name (short name, the key), description, bookable, order,
// color, abrechnungsrelevant. Managed through the additive /project-statuses endpoints.
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, Nullable, Opt, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';

export const ProjectStatus = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: 'Short name; the key of the status and the value of project_status_id.' }),
  description: Nullable(Type.String()),
  bookable: Type.Boolean({ description: 'Whether time can still be booked on projects in this status.' }),
  order: Type.Integer(),
  color: Nullable(Type.String({ description: 'Hex colour, e.g. #00A000.' })),
  abrechnungsrelevant: Type.String({
    description: "'1' when projects in this status are included in billing runs, else '0'.",
  }),
  created: Type.Optional(Nullable(DateTimeOut())),
  modified: Type.Optional(Nullable(DateTimeOut())),
  // Like the timestamps, not part of the status a project embeds.
  created_by: Type.Optional(RecordAuthors.created_by),
  modified_by: Type.Optional(RecordAuthors.modified_by),
});
export type ProjectStatusT = Static<typeof ProjectStatus>;

const writable = {
  description: Opt(Type.String({ maxLength: 255 })),
  bookable: Type.Optional(Type.Boolean()),
  order: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  color: Opt(Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', maxLength: 7 })),
  abrechnungsrelevant: Type.Optional(Type.String({ enum: ['0', '1'] })),
};
const ShortName = Type.String({ minLength: 1, maxLength: 32, pattern: '^[^/?#]+$' });
export const ProjectStatusCreate = Type.Object({ name: ShortName, ...writable });
export const ProjectStatusUpdate = Type.Object({ name: Type.Optional(ShortName), ...writable });
export type ProjectStatusUpdateT = Static<typeof ProjectStatusUpdate>;

export const ProjectStatusListQuery = listQuery({
  bookable: Type.Optional(Type.Boolean({ description: 'true: only bookable statuses; false: only the others.' })),
});
