// Work locations (docs/api/people.md): the key `id` is a string (what attendances carry as work_location_id);
// lists sort by name by default (contract). Location lists group locations.
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, Nullable, Opt, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';

export const LOCATION_ID_PATTERN = '^[^/\\\\?#]+$';

export const Location = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  street: Nullable(Type.String()),
  zip: Nullable(Type.String()),
  city: Nullable(Type.String()),
  country: Nullable(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type LocationT = Static<typeof Location>;
const locationFields = {
  description: Opt(Type.String({ maxLength: 1000 })),
  street: Opt(Type.String({ maxLength: 255 })),
  zip: Opt(Type.String({ maxLength: 32 })),
  city: Opt(Type.String({ maxLength: 255 })),
  country: Opt(Type.String({ maxLength: 255 })),
};
export const LocationCreate = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: LOCATION_ID_PATTERN }),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  ...locationFields,
});
export const LocationUpdate = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  ...locationFields,
});
export const LOCATION_COLUMNS = ['name', 'description', 'street', 'zip', 'city', 'country'] as const;
export const LocationListQuery = listQuery({
  city: Type.Optional(Type.String({ maxLength: 255, description: 'Only locations in this city.' })),
});

export const LocationList = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  locations_count: Type.Integer(),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
const LocationRef = Type.Unsafe<string | { id: string }>({
  type: ['string', 'object'],
  maxLength: 64,
  properties: { id: { type: 'string', maxLength: 64 } },
  required: ['id'],
});
const listFields = {
  description: Opt(Type.String({ maxLength: 1000 })),
  locations: Opt(
    Type.Array(LocationRef, { maxItems: 1000, description: 'Location ids of the list (replaces the set).' }),
  ),
};
export const LocationListCreate = Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }), ...listFields });
export const LocationListUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  ...listFields,
});
export type LocationListWriteT = Static<typeof LocationListUpdate>;
