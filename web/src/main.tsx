// The web app: sign in (/), then My week (/week/YYYY-MM-DD), My month (/month/YYYY-MM), Leave (/leave/YYYY),
// Expenses (/expenses), Reports (/reports?…), Team calendar (/team/YYYY-MM), Approvals (/approvals) and Month
// closing (/closing/YYYY-MM) with its timesheets (/timesheet/<username>/YYYY-MM). Client-side routes; the server
// answers index.html for them (src/plugins/web-app.ts). The tenant last signed in to is remembered on this browser.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { resume, signOut, type Session } from './api';
import { lang, t, useLangOf } from './i18n';
import { navigate, route } from './nav';
import { useSignal } from './signal';
import { SignIn } from './SignIn';
import { Week } from './Week';
import { Month } from './Month';
import { Reports } from './Reports';
import { Closing } from './Closing';
import { Approvals } from './Approvals';
import { Team } from './Team';
import { Leave } from './Leave';
import { Expenses } from './Expenses';
import './styles.css';

const INSTANCE = 'zk.instance';
function App() {
  useSignal(lang);
  const path = useSignal(route);
  // undefined: not known yet; null: not signed in.
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  useEffect(() => {
    // Back from single sign-on: /?tenant=<instance> names the tenant the new session belongs to.
    const query = new URLSearchParams(location.search);
    const back = query.get('tenant');
    if (back) {
      localStorage.setItem(INSTANCE, back);
      query.delete('tenant');
      history.replaceState(null, '', `${location.pathname}${query.size ? `?${query}` : ''}`);
    }
    const instance = localStorage.getItem(INSTANCE);
    if (!instance) return setSession(null);
    void resume(instance).then((s) => {
      if (s) useLangOf(s.instance, s.employee);
      setSession(s);
    });
  }, []);
  useEffect(() => {
    const pages: [string, string][] = [
      ['/month', t().myMonth],
      ['/leave', t().leave],
      ['/expenses', t().expenses],
      ['/reports', t().reports],
      ['/closing', t().monthClosing],
      ['/approvals', t().approvals],
      ['/team', t().teamCalendar],
      ['/timesheet', t().timesheet],
    ];
    const page = pages.find(([prefix]) => route.value.startsWith(prefix))?.[1] ?? t().myWeek;
    document.title = `${session ? page : t().signInTitle} · zeitkonto`;
  });
  if (session === undefined) return <p class="loading">{t().loading}</p>;
  if (!session) {
    if (path !== '/') navigate('/', true);
    return (
      <SignIn
        instance={localStorage.getItem(INSTANCE) ?? ''}
        onSignedIn={(s) => {
          localStorage.setItem(INSTANCE, s.instance);
          useLangOf(s.instance, s.employee);
          setSession(s);
          navigate('/week');
        }}
      />
    );
  }
  const signOutNow = async () => {
    await signOut(session);
    setSession(null);
  };
  const month = /^\/month(?:\/(\d{4}-\d{2}))?\/?$/.exec(path);
  if (month)
    return <Month session={session} month={month[1]} onSignOut={signOutNow} onEnded={() => setSession(null)} />;
  const leave = /^\/leave(?:\/(\d{4}))?\/?$/.exec(path);
  if (leave) return <Leave session={session} year={leave[1]} onSignOut={signOutNow} onEnded={() => setSession(null)} />;
  if (/^\/expenses\/?$/.test(path))
    return <Expenses session={session} onSignOut={signOutNow} onEnded={() => setSession(null)} />;
  const team = /^\/team(?:\/(\d{4}-\d{2}))?\/?$/.exec(path);
  if (team) return <Team session={session} month={team[1]} onSignOut={signOutNow} onEnded={() => setSession(null)} />;
  if (/^\/approvals\/?$/.test(path))
    return <Approvals session={session} onSignOut={signOutNow} onEnded={() => setSession(null)} />;
  const sheet = /^\/timesheet\/([^/]+)\/(\d{4}-\d{2})\/?$/.exec(path);
  if (sheet)
    return (
      <Month
        key={sheet[1]}
        session={session}
        employee={decodeURIComponent(sheet[1]!)}
        month={sheet[2]}
        onSignOut={signOutNow}
        onEnded={() => setSession(null)}
      />
    );
  const closing = /^\/closing(?:\/(\d{4}-\d{2}))?\/?$/.exec(path);
  if (closing)
    return <Closing session={session} month={closing[1]} onSignOut={signOutNow} onEnded={() => setSession(null)} />;
  if (/^\/reports\/?$/.test(path))
    return <Reports session={session} onSignOut={signOutNow} onEnded={() => setSession(null)} />;
  const week = /^\/week(?:\/(\d{4}-\d{2}-\d{2}))?\/?$/.exec(path);
  if (!week) navigate('/week', true);
  return (
    <Week
      session={session}
      date={week?.[1]}
      onSignOut={async () => {
        await signOut(session);
        setSession(null);
      }}
      onEnded={() => setSession(null)}
    />
  );
}

render(<App />, document.getElementById('app')!);
