// What a day is besides its bookings (GET /employees/{username}/days): its holiday, the absences on it (their
// reason, half day or hours, requested or approved) and why it is locked, if it is. Shared by My week and My month.
import type { EmployeeDay } from './api';
import { t } from './i18n';

export const hours = (h: number) =>
  t().hours(h.toLocaleString(document.documentElement.lang, { maximumFractionDigits: 2 }));

export const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(document.documentElement.lang, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

const portion = (a: EmployeeDay['absences'][number]) => {
  if (a.portion === 'full') return '';
  return a.portion === 'half' ? ` (${t().halfDay})` : ` (${hours(a.hours ?? 0)})`;
};

export function DayFacts({ day }: { day: EmployeeDay }) {
  if (!day.holiday && day.absences.length === 0 && !day.locked) return null;
  return (
    <ul class="facts">
      {day.holiday && (
        <li class="holiday">
          {t().holiday}: {day.holiday.name}
          {day.holiday.half_day && ` (${t().halfDay})`}
        </li>
      )}
      {day.absences.map((a) => (
        <li class="absence" key={a.id}>
          {t().absent}: {a.absence_reason_id}
          {portion(a)}
          {!a.approved && ` · ${t().requested}`}
        </li>
      ))}
      {day.locked && (
        <li class="locked-reason">
          {t().lockedDay}: {day.locked.message}
        </li>
      )}
    </ul>
  );
}
