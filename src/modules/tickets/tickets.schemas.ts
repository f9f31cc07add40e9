// Ticket read shape and request bodies (docs/api/projects.md). Runtime: start_date..deadline; planned_hours.
import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, DateTimeOut, MAX_ID, Nullable, Opt, requiredUnless } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { Category } from '../categories/categories.schemas.js';
import { commonOutput, commonWritable, statusSchema } from './ticket-common.schemas.js';

export const Ticket = Type.Object({
  ...commonOutput,
  priority: Type.Integer(),
  start_date: Nullable(DateTimeOut()),
  deadline: Nullable(DateTimeOut()),
  approved_date: Nullable(DateTimeOut()),
  rejected_date: Nullable(DateTimeOut()),
  billed_date: Nullable(DateTimeOut()),
  project_id: Type.Integer(),
  project_task_id: Type.Integer(),
  notify_of_completion: Nullable(Type.Boolean()),
  external_ticket_number: Nullable(Type.String()),
  from_mail: Nullable(Type.String()),
  /** Detail, create and update only. */
  categories: Type.Optional(Type.Array(Category)),
});
export type TicketT = Static<typeof Ticket>;

/** The docs send project_task_id as a string; an integer is accepted too. */
const TaskId = Type.Unsafe<string | number>({
  type: ['string', 'integer'],
  pattern: '^[0-9]{1,15}$',
  maxLength: 15,
  minimum: 1,
  maximum: MAX_ID,
  description: 'A task of project_id.',
});

const writable = {
  ...commonWritable,
  external_ticket_number: Opt(Type.String({ maxLength: 255 })),
  from_mail: Opt(Type.String({ maxLength: 255 })),
  notify_of_completion: Opt(Type.Boolean()),
};
export const TicketCreate = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: 255 }),
    status: statusSchema(),
    priority: Type.Integer({ minimum: 1, maximum: 5 }),
    project_id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
    project_task_id: TaskId,
    ...writable,
  },
  requiredUnless({ creator_username: ['customer_contact_person'] }),
);
export const TicketUpdate = Type.Object({
  subject: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  status: Type.Optional(statusSchema()),
  priority: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  project_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  project_task_id: Type.Optional(TaskId),
  ...writable,
});
export type TicketUpdateT = Static<typeof TicketUpdate>;

export const TicketListQuery = listQuery({
  start_date: Type.Optional(
    DateOnly({
      description: 'Tickets whose runtime (start_date..deadline) reaches this date or later; open ends count as open.',
    }),
  ),
  end_date: Type.Optional(DateOnly({ description: 'Tickets whose runtime starts on or before this date.' })),
  project_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  project_task_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  status: Type.Optional(statusSchema()),
});
