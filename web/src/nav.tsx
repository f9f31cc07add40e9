// The app's route (the path) and the language switch every page shows.
import { lang, setLang, t, type Lang } from './i18n';
import { signal, useSignal } from './signal';

export const route = signal(location.pathname);
addEventListener('popstate', () => (route.value = location.pathname));

export function navigate(path: string, replace = false): void {
  if (path === location.pathname) return;
  history[replace ? 'replaceState' : 'pushState'](null, '', path);
  route.value = path;
}

export function LanguageSwitch() {
  const current = useSignal(lang);
  return (
    <label class="lang">
      <span>{t().language}</span>
      <select value={current} onChange={(e) => setLang(e.currentTarget.value as Lang)}>
        <option value="de" lang="de">
          Deutsch
        </option>
        <option value="en" lang="en">
          English
        </option>
      </select>
    </label>
  );
}
