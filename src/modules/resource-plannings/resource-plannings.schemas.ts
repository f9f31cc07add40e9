// Resource planning periods (contract: GET /resource-plannings, module resource_planning; field names are ours —
// no public source names them, docs/api/plannings.md). Each record carries the planned hours per calendar month and in
// total, computed from the employee's working days in the period.
import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, DateTimeOut, MAX_ID, Nullable, Opt, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { planFilters } from '../plannings/plannings.schemas.js';

export const UNITS = ['percent', 'hours_per_day'] as const;

export const ResourcePlanning = Type.Object({
  id: Type.Integer(),
  employee_id: Type.String(),
  project_id: Type.Integer(),
  customer_number: Nullable(Type.String({ description: "The project's customer." })),
  start_date: Type.String({ examples: ['2026-03-01'] }),
  end_date: Type.String({ examples: ['2026-06-30'] }),
  unit: Type.String({
    enum: [...UNITS],
    description: "percent: of each working day's target hours; hours_per_day: hours on each working day.",
  }),
  value: Type.Number(),
  note: Nullable(Type.String()),
  planned_hours_per_month: Type.Record(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$' }), Type.Number(), {
    description:
      'Planned hours per calendar month of the whole period ("YYYY-MM": hours, in month order), whatever the list window.',
    examples: [{ '2026-03': 84, '2026-04': 80 }],
  }),
  planned_hours_total: Type.Number({ description: 'The sum over the period.' }),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type ResourcePlanningT = Static<typeof ResourcePlanning>;

export const ResourcePlanningCreate = Type.Object({
  employee_id: Type.String({ minLength: 1, maxLength: 255, description: 'Username.' }),
  project_id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  start_date: DateOnly(),
  end_date: DateOnly({ description: 'Inclusive; not before start_date, at most 5 years after it.' }),
  unit: Type.String({ enum: [...UNITS] }),
  value: Type.Number({
    minimum: 0,
    maximum: 100_000,
    description: 'Percent (at most 1000) or hours per day (at most 24).',
  }),
  note: Opt(Type.String({ maxLength: 4000 })),
});
export const ResourcePlanningUpdate = Type.Partial(ResourcePlanningCreate);
export type ResourcePlanningBody = Partial<Static<typeof ResourcePlanningCreate>>;

export const ResourcePlanningListQuery = listQuery({
  ...planFilters,
  date_from: Type.Optional(
    DateOnly({ description: 'Only periods that end on or after this date (their months are still all reported).' }),
  ),
  date_to: Type.Optional(DateOnly({ description: 'Only periods that start on or before this date.' })),
});
