// A month as a calendar (Monday first): each day with its booked and target hours, missing days outlined, holidays,
// absences and locked days marked, the day's facts for screen readers. My month links each day to its week; a
// timesheet of someone else shows the same days without links (docs/web-app.md).
import type { ComponentChildren } from 'preact';
import { addDays, mondayOf, type EmployeeDay } from './api';
import { DayFacts, hours } from './DayFacts';
import { t } from './i18n';
import { monthEnd, monthName } from './months';
import { navigate } from './nav';

/** A past working day with a target and nothing booked, on which the employee is neither absent nor off. */
export const isMissing = (d: EmployeeDay, now: string) =>
  d.date < now && d.target_hours > 0 && d.booked_hours === 0 && d.absences.length === 0 && !d.holiday;

function DayLink({ date, linked, children }: { date: string; linked: boolean; children: ComponentChildren }) {
  if (!linked) return <span class="cal-cell">{children}</span>;
  return (
    <a
      href={`/week/${date}`}
      onClick={(e) => {
        e.preventDefault();
        navigate(`/week/${date}`);
      }}
    >
      {children}
    </a>
  );
}

interface Props {
  month: string;
  days: Map<string, EmployeeDay>;
  now: string;
  /** Each day leads to its week (the signed-in person's own month). */
  linked: boolean;
}

export function MonthCalendar({ month, days, now, linked }: Props) {
  // Weeks Monday to Sunday covering the month.
  const weeks: string[][] = [];
  for (let monday = mondayOf(`${month}-01`); monday <= monthEnd(month); monday = addDays(monday, 7))
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
  return (
    <table class="calendar">
      <caption class="sr-only">{monthName(month)}</caption>
      <thead>
        <tr>
          {t().weekdaysShort.map((d, i) => (
            <th scope="col" key={d}>
              <abbr title={t().weekdays[i]}>{d}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((date) => {
              const d = days.get(date);
              if (!date.startsWith(month) || !d) return <td key={date} class="outside" />;
              const miss = isMissing(d, now);
              const cls = [
                'cal-day',
                miss && 'missing',
                d.holiday && 'holiday',
                d.absences.length > 0 && 'absent',
                d.locked && 'locked',
                !d.working_day && 'off',
                date === now && 'today',
              ].filter(Boolean);
              return (
                <td key={date} class={cls.join(' ')} data-date={date}>
                  <DayLink date={date} linked={linked}>
                    <span class="num">{Number(date.slice(8))}</span>
                    <span class="hrs">
                      <span class="sr-only">{t().booked}: </span>
                      {hours(d.booked_hours)}
                      {d.target_hours > 0 && (
                        <span class="of">
                          <span class="sr-only"> {t().ofTarget}</span> / {hours(d.target_hours)}
                        </span>
                      )}
                    </span>
                    {miss && <span class="flag">{t().missing}</span>}
                    {(d.holiday || d.absences.length > 0 || d.locked) && (
                      <span class="marks" aria-hidden="true">
                        {d.holiday && '★'}
                        {d.absences.length > 0 && '○'}
                        {d.locked && '×'}
                      </span>
                    )}
                  </DayLink>
                  <div class="sr-only">
                    <DayFacts day={d} />
                  </div>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
