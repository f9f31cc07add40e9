// Months as the pages name and move between them: YYYY-MM strings, their last day and name, and the previous / this /
// next month buttons (My month, Month closing).
import { addDays, today } from './api';
import { t } from './i18n';

export const monthEnd = (month: string) => addDays(`${shiftMonth(month, 1)}-01`, -1);
export const shiftMonth = (month: string, n: number) => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};
export const monthName = (month: string, style: 'long' | 'short' = 'long') =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(document.documentElement.lang, {
    month: style,
    ...(style === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });

export function MonthNav({ month, label, go }: { month: string; label: string; go: (month: string) => void }) {
  return (
    <nav class="week-nav" aria-label={label}>
      <button type="button" onClick={() => go(shiftMonth(month, -1))}>
        ← <span class="wide">{t().previousMonth}</span>
        <span class="sr-only narrow-sr">{t().previousMonth}</span>
      </button>
      <button type="button" onClick={() => go(today().slice(0, 7))}>
        {t().thisMonth}
      </button>
      <button type="button" onClick={() => go(shiftMonth(month, 1))}>
        <span class="wide">{t().nextMonth}</span>
        <span class="sr-only narrow-sr">{t().nextMonth}</span> →
      </button>
    </nav>
  );
}
