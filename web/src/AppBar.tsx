// The bar every signed-in page shows: the pages the person's role uses (My week, My month, Reports; Month closing for
// Controllers and Administrators), who is signed in, the language, sign out. The role only chooses the links: the
// API decides every request.
import type { Session } from './api';
import { t } from './i18n';
import { LanguageSwitch, navigate, route } from './nav';
import { useSignal } from './signal';

/** Roles that read and write every closing (docs/api/permissions.md). */
const CLOSES_MONTHS = ['administrator', 'controller'];

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
        {link('/reports', t().reports)}
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
