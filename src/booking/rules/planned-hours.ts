// Rule 7: the booking must not push booked hours over the planned hours of the project, task, ticket or subtask
// where its setting forbids it (plan_can_exceed / prevent_overbooking, ids 0..4 as in docs/api/conventions.md):
//   0 all may exceed · 1 only non-billable may exceed · 2 none may exceed ·
//   3 only travel or non-billable may exceed · 4 only travel may exceed.
// Planned hours of null or 0 mean "no plan".
import { PlanExceed, type Booking, type PlannedItem, type Rule, type Violation } from '../facts.js';

export const PLANNED_HOURS = 'planned_hours';

/** May this booking exceed the plan under this setting? */
export function mayExceed(setting: PlanExceed, booking: Pick<Booking, 'billable' | 'is_travel'>): boolean {
  switch (setting) {
    case PlanExceed.All:
      return true;
    case PlanExceed.OnlyNonBillable:
      return !booking.billable;
    case PlanExceed.None:
      return false;
    case PlanExceed.TravelOrNonBillable:
      return booking.is_travel || !booking.billable;
    case PlanExceed.OnlyTravel:
      return booking.is_travel;
    default:
      return true;
  }
}

/** Round to avoid float noise in sums of 10-decimal durations. */
const hours = (n: number) => Math.round(n * 1e6) / 1e6;

export function exceedsPlan(item: PlannedItem, booking: Booking): boolean {
  if (!item.planned_hours) return false;
  if (mayExceed(item.exceed, booking)) return false;
  return hours(item.booked_hours + booking.duration) > hours(item.planned_hours);
}

export const plannedHours: Rule = ({ booking, project, task, ticket, subtask }) => {
  const out: Violation[] = [];
  const check = (field: string, what: string, item: PlannedItem | null) => {
    if (item && exceedsPlan(item, booking)) {
      const left = Math.max(0, hours(item.planned_hours! - item.booked_hours));
      out.push({
        field,
        rule: PLANNED_HOURS,
        message: `The booking exceeds the planned hours of the ${what}: ${item.planned_hours} h planned, ${left} h left, ${hours(booking.duration)} h requested.`,
      });
    }
  };
  check('project_id', 'project', project);
  check('project_task_id', 'task', task);
  check('ticket_id', 'ticket', ticket);
  check('subtask_id', 'subtask', subtask);
  return out;
};
