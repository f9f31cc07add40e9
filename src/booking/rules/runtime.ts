// Rule 6: the date must lie inside the runtime of the project, task, ticket and subtask (open ends are open).
// The project's status must also allow booking.
import { inRuntime } from '../time.js';
import type { BookingFacts, Rule, Violation } from '../facts.js';

export const RUNTIME = 'runtime';
export const PROJECT_NOT_BOOKABLE = 'project_not_bookable';

const span = (r: { start_date: string | null; end_date: string | null }) =>
  `${r.start_date ?? 'open'} – ${r.end_date ?? 'open'}`;

const items = (f: BookingFacts) =>
  [
    { field: 'project_id', what: 'project', item: f.project },
    { field: 'project_task_id', what: 'task', item: f.task },
    { field: 'ticket_id', what: 'ticket', item: f.ticket },
    { field: 'subtask_id', what: 'subtask', item: f.subtask },
  ] as const;

export const runtime: Rule = (facts) => {
  const out: Violation[] = [];
  for (const { field, what, item } of items(facts)) {
    if (item && !inRuntime(facts.booking.date, item)) {
      out.push({
        field,
        rule: RUNTIME,
        message: `The date ${facts.booking.date} is outside the runtime of the ${what} (${span(item)}).`,
      });
    }
  }
  return out;
};

export const projectBookable: Rule = ({ project }) =>
  project && !project.bookable
    ? [
        {
          field: 'project_id',
          rule: PROJECT_NOT_BOOKABLE,
          message: `The project's status "${project.status}" does not allow bookings.`,
        },
      ]
    : [];
