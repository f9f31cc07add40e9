// Sign in: tenant, username, password. Each refusal is shown at its field (the API answers one uniform 401 for an
// unknown tenant, an unknown person and a wrong password: it is shown at the password).
import { useEffect, useRef, useState } from 'preact/hooks';
import { signIn, singleSignOn, type Session } from './api';
import { t } from './i18n';
import { LanguageSwitch } from './nav';
import { Field } from './Field';

const INSTANCE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/i;

export function SignIn({ instance, onSignedIn }: { instance: string; onSignedIn: (s: Session) => void }) {
  const [values, setValues] = useState({ instance, username: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A failed single sign-on comes back as /?sso_error=<code> (docs/api/permissions.md, "Single sign-on").
  const [form, setForm] = useState<string | null>(() =>
    new URLSearchParams(location.search).has('sso_error') ? t().ssoFailed : null,
  );
  const [sso, setSso] = useState<{ instance: string; name: string; start: string } | null>(null);
  const tenant = values.instance.trim();
  useEffect(() => {
    if (!INSTANCE_PATTERN.test(tenant)) return setSso(null);
    let current = true;
    const timer = setTimeout(() => {
      void singleSignOn(tenant).then(
        (found) => current && setSso(found && { instance: tenant, ...found }),
        () => current && setSso(null),
      );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [tenant]);
  const [busy, setBusy] = useState(false);
  const refs = {
    instance: useRef<HTMLInputElement>(null),
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const set = (name: keyof typeof values) => (value: string) => setValues({ ...values, [name]: value });

  const submit = async (e: Event) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    for (const name of ['instance', 'username', 'password'] as const)
      if (!values[name].trim()) found[name] = t().required;
    if (!found.instance && !INSTANCE_PATTERN.test(values.instance.trim())) found.instance = t().unknownTenant;
    setErrors(found);
    setForm(null);
    const first = (['instance', 'username', 'password'] as const).find((n) => found[n]);
    if (first) return refs[first].current?.focus();
    setBusy(true);
    try {
      const result = await signIn(values.instance.trim(), values.username.trim(), values.password);
      if ('session' in result) return onSignedIn(result.session);
      if (result.status === 429) return setForm(t().tooMany);
      if (result.status === 404) {
        setErrors({ instance: t().unknownTenant });
        return refs.instance.current?.focus();
      }
      const fieldErrors = Object.keys(result.fields).length > 0 ? result.fields : { password: result.message };
      setErrors(fieldErrors);
      refs[(Object.keys(fieldErrors)[0] as keyof typeof refs) ?? 'password']?.current?.focus();
    } catch {
      setForm(t().offline);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="sign-in">
      <header class="bar">
        <span class="brand">zeitkonto</span>
        <LanguageSwitch />
      </header>
      <form class="card" onSubmit={submit} noValidate aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">{t().signInTitle}</h1>
        <Field id="instance" label={t().tenant} error={errors.instance}>
          <input
            id="instance"
            ref={refs.instance}
            name="instance"
            autoComplete="organization"
            value={values.instance}
            onInput={(e) => set('instance')(e.currentTarget.value)}
            autoCapitalize="off"
            spellcheck={false}
          />
        </Field>
        <Field id="username" label={t().username} error={errors.username}>
          <input
            id="username"
            ref={refs.username}
            name="username"
            autoComplete="username"
            value={values.username}
            onInput={(e) => set('username')(e.currentTarget.value)}
            autoCapitalize="off"
            spellcheck={false}
          />
        </Field>
        <Field id="password" label={t().password} error={errors.password}>
          <input
            id="password"
            ref={refs.password}
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onInput={(e) => set('password')(e.currentTarget.value)}
          />
        </Field>
        {form && (
          <p class="form-error" role="alert">
            {form}
          </p>
        )}
        <button class="primary" type="submit" disabled={busy}>
          {busy ? t().signingIn : t().signIn}
        </button>
        {sso && sso.instance === tenant && (
          <a class="button sso" href={sso.start}>
            {t().signInWith(sso.name)}
          </a>
        )}
      </form>
    </main>
  );
}
