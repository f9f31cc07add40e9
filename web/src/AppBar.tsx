// The bar every signed-in page shows: the pages (My week, My month, Leave, Expenses), who is signed in, the language, sign out.
import { t } from './i18n';
import { LanguageSwitch, navigate, route } from './nav';
import { useSignal } from './signal';

export function AppBar({ who, onSignOut }: { who: string; onSignOut: () => void }) {
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
      </nav>
      <span class="who">{who}</span>
      <LanguageSwitch />
      <button type="button" class="link" onClick={onSignOut}>
        {t().signOut}
      </button>
    </header>
  );
}
