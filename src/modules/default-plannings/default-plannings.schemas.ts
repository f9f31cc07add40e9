// Default plannings (additive): a standing plan of an employee for a project over a period, in percent
// of the day, hours or days per working day. GET /plannings?include_defaults=true shows its days.
import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, DateTimeOut, MAX_ID, Nullable, Opt, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { planFilters } from '../plannings/plannings.schemas.js';

export const DefaultPlanning = Type.Object({
  id: Type.Integer(),
  employee_id: Type.String(),
  project_id: Type.Integer(),
  kind: Type.Integer({ enum: [0, 1, 2], description: '0 percentage, 1 hours, 2 day (per working day).' }),
  planning: Type.Number({ description: "The amount per working day in the kind's unit." }),
  start_date: Type.String({ examples: ['2026-03-01'] }),
  end_date: Type.String({ examples: ['2026-06-30'] }),
  note: Nullable(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type DefaultPlanningT = Static<typeof DefaultPlanning>;

const fields = {
  kind: Type.Integer({ enum: [0, 1, 2], description: '0 percentage, 1 hours, 2 day.' }),
  planning: Type.Number({ minimum: 0, maximum: 100_000, description: 'Amount per working day; hours at most 24.' }),
  start_date: DateOnly({ description: 'First day of the period.' }),
  end_date: DateOnly({ description: 'Last day of the period (inclusive, not before start_date).' }),
  note: Opt(Type.String({ maxLength: 4000 })),
};

export const DefaultPlanningCreate = Type.Object({
  employee_id: Type.String({ minLength: 1, maxLength: 255, description: 'Username.' }),
  project_id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  ...fields,
});
export const DefaultPlanningUpdate = Type.Partial(DefaultPlanningCreate);
export type DefaultPlanningBody = Partial<Static<typeof DefaultPlanningCreate>>;

export const DefaultPlanningListQuery = listQuery({
  ...planFilters,
  date_from: Type.Optional(DateOnly({ description: 'Only periods that end on or after this date.' })),
  date_to: Type.Optional(DateOnly({ description: 'Only periods that start on or before this date.' })),
});
