// Activities allowed on a project (docs/api/projects.md: items {id, name, default_factor}). Only listed activities
// may be booked on the project; `name` is an activity of /activities.
import { Type, type Static } from '@sinclair/typebox';
import { listQuery } from '../../http/list/index.js';
import { Nullable, Opt, RecordAuthors } from '../../http/schemas.js';

export const ProjectActivity = Type.Object({
  id: Type.Integer({ description: 'Id of the allowance (not of the activity).' }),
  name: Type.String({ description: 'Activity name (key of /activities).' }),
  default_factor: Type.Number(),
  ...RecordAuthors,
});
export type ProjectActivityT = Static<typeof ProjectActivity>;

const Factor = Type.Number({
  minimum: 0,
  maximum: 1000,
  description: 'Default factor applied to bookings with this activity; default 1.',
});
export const ProjectActivityCreate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  default_factor: Type.Optional(Factor),
});
export const ProjectActivityUpdate = Type.Object({ default_factor: Type.Optional(Factor) });
export const ProjectActivityListQuery = listQuery();

// Project locations (docs/api/people.md: items {name, description, project_id}); the name is the key within the project.
export const ProjectLocation = Type.Object({
  name: Type.String(),
  description: Nullable(Type.String()),
  project_id: Type.Integer(),
  ...RecordAuthors,
});
export type ProjectLocationT = Static<typeof ProjectLocation>;
const LocationName = Type.String({ minLength: 1, maxLength: 255, pattern: '^[^/?#]+$' });
const LocationDescription = Opt(Type.String({ maxLength: 1000 }));
export const ProjectLocationCreate = Type.Object({ name: LocationName, description: LocationDescription });
export const ProjectLocationUpdate = Type.Object({
  name: Type.Optional(LocationName),
  description: LocationDescription,
});
export type ProjectLocationUpdateT = Static<typeof ProjectLocationUpdate>;
