// The bar every signed-in page shows: the pages the person's role uses (web/src/roles.ts), who is signed in, the
// language, sign out.
import type { Session } from './api';
import { CLOSES_MONTHS, DECIDES_LEAVE, SEES_TEAM } from './roles';
import { t } from './i18n';
import { LanguageSwitch, navigate, route } from './nav';
import { useSignal } from './signal';

export function AppBar({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const path = useSignal(route);
  const link = (href: string, text: string) => (
    <a
      href={href}
      aria-current={path.startsWith(href) ? 'page' : undefined}
      onClick={(e) => {
        e.preventDefault();
        navigate(href);
      }}
    >
      {text}
    </a>
  );
  return (
    <header class="bar">
      <span class="brand">zeitkonto</span>
      <nav class="pages" aria-label={t().pages}>
        {link('/week', t().myWeek)}
        {link('/month', t().myMonth)}
        {link('/leave', t().leave)}
        {link('/expenses', t().expenses)}
        {link('/reports', t().reports)}
        {SEES_TEAM.includes(session.role) && link('/team', t().teamCalendar)}
        {DECIDES_LEAVE.includes(session.role) && link('/approvals', t().approvals)}
        {CLOSES_MONTHS.includes(session.role) && link('/closing', t().monthClosing)}
      </nav>
      <span class="who">{session.employee}</span>
      <LanguageSwitch />
      <button type="button" class="link" onClick={onSignOut}>
        {t().signOut}
      </button>
    </header>
  );
}
