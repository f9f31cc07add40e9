// Vehicles (contract "Vehicle", "GET /vehicles"; docs/api/people.md). Vehicles sit in dated lists: the list with the
// latest start_date on or before the asked date applies. `id` is the short code attendances carry as vehicle_id.
import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, DateTimeOut, Nullable, Opt, DateIn, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';

export const Vehicle = Type.Object({
  id: Type.String({ maxLength: 32 }),
  name: Nullable(Type.String()),
  license_plate: Nullable(Type.String()),
  note: Nullable(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type VehicleT = Static<typeof Vehicle>;

/** Contract: `date` YYYY-MM-DD, default today; an empty value is 422. */
export const VehicleQuery = listQuery({
  date: Type.Optional(DateOnly({ description: 'Day whose vehicle list applies (default today).' })),
});

export const VehicleList = Type.Object({
  id: Type.Integer(),
  start_date: DateTimeOut(),
  name: Nullable(Type.String()),
  vehicles_count: Type.Integer(),
  vehicles: Type.Array(Vehicle),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export const VehicleListItem = Type.Object({ ...VehicleList.properties, vehicles: Type.Optional(Type.Array(Vehicle)) });

const VehicleIn = Type.Object({
  id: Type.String({
    minLength: 1,
    maxLength: 32,
    pattern: '^\\S(.*\\S)?$',
    description: 'Short code (as attendances carry it in vehicle_id).',
  }),
  name: Opt(Type.String({ maxLength: 255 })),
  license_plate: Opt(Type.String({ maxLength: 32 })),
  note: Opt(Type.String({ maxLength: 1000 })),
});
export type VehicleInT = Static<typeof VehicleIn>;
const vehicles = Type.Array(VehicleIn, { maxItems: 1000, description: 'The vehicles of the list (replaces the set).' });
export const VehicleListCreate = Type.Object({
  start_date: DateIn(),
  name: Opt(Type.String({ maxLength: 255 })),
  vehicles: Type.Optional(vehicles),
});
export const VehicleListUpdate = Type.Object({
  start_date: Type.Optional(DateIn()),
  name: Opt(Type.String({ maxLength: 255 })),
  vehicles: Type.Optional(vehicles),
});
export type VehicleListWriteT = Static<typeof VehicleListUpdate>;
