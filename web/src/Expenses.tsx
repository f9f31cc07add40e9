// Expenses: file a receipt from the phone (a photo from the camera, the receipt type, project, date and amount
// lines) and the employee's latest receipts with their billing state and amount lines. Requests to show the page:
// the session, the receipts, the receipt types, the employee's projects (their day) and one per listed receipt for
// its lines (docs/web-app.md "Expenses").
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, today, type Refusal, type Session } from './api';
import { t } from './i18n';
import { AppBar } from './AppBar';
import { Field } from './Field';
import { expenses, fileReceipt, readPhoto, type ExpenseData, type Photo } from './leave-api';

interface Props {
  session: Session;
  onSignOut: () => void;
  onEnded: () => void;
}

interface Line {
  amount: string;
  tax: string;
  quantity: string;
}
const decimal = (s: string) => (s.trim() === '' ? s : s.trim().replace(',', '.'));
const money = (n: number | string, currency: string) =>
  Number(n).toLocaleString(document.documentElement.lang, { style: 'currency', currency });

export function Expenses({ session, onSignOut, onEnded }: Props) {
  const [data, setData] = useState<ExpenseData | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  const [date, setDate] = useState(today());
  const [type, setType] = useState('');
  const [project, setProject] = useState('');
  const [currency, setCurrency] = useState('EUR');
  const [net, setNet] = useState(false);
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<Line[]>([{ amount: '', tax: '', quantity: '1' }]);
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    expenses(session)
      .then((d) => {
        if (!current) return;
        setData(d);
        setFailed(null);
        if (!type && d.types[0]) setType(d.types[0].name);
        if (!project && d.projects[0]) setProject(String(d.projects[0].id));
      })
      .catch((e) => {
        if (e instanceof ApiFailure && e.status === 401) return onEnded();
        setFailed((e as Error).message);
      });
    return () => (current = false);
  }, [reload]);

  const rates = data?.types.find((x) => x.name === type)?.tax_rates ?? [];
  const setLine = (i: number, change: Partial<Line>) =>
    setLines(lines.map((l, j) => (j === i ? { ...l, ...change } : l)));

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    const answer = await fileReceipt(
      session,
      {
        date,
        receipt_type_id: type,
        project_id: Number(project),
        currency: currency.trim().toUpperCase(),
        is_amount_net: net,
        note,
        receiptAmounts: lines.map((l) => ({
          amount: decimal(l.amount),
          tax: decimal(l.tax || String(rates[0] ?? 0)),
          quantity: decimal(l.quantity),
        })),
      },
      photo,
    );
    setBusy(false);
    setRefused(answer.refused);
    if (answer.id !== undefined) setReload((n) => n + 1);
    if (answer.refused) return;
    setLines([{ amount: '', tax: '', quantity: '1' }]);
    setNote('');
    setPhoto(null);
    const input = document.getElementById('receipt-photo') as HTMLInputElement | null;
    if (input) input.value = '';
    setNotice(t().filed);
  };
  const err = (...fields: string[]) =>
    fields
      .map((f) => refused?.fields[f])
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <>
      <AppBar session={session} onSignOut={onSignOut} />
      <main class="week expenses" aria-busy={data === null}>
        <div class="week-head">
          <h1>{t().expenses}</h1>
        </div>
        {failed && (
          <p class="form-error" role="alert">
            {failed}
          </p>
        )}
        <p class="notice" role="status">
          {notice}
        </p>
        {data === null ? (
          <p class="loading">{t().loading}</p>
        ) : (
          <div class="panes">
            <form class="card receipt-form" onSubmit={submit} noValidate>
              <h2>{t().fileReceipt}</h2>
              <Field id="receipt-photo" label={t().photo} error={err('photo', 'file', 'file_contents')}>
                <input
                  id="receipt-photo"
                  type="file"
                  accept="image/*"
                  capture="environment"
                  onChange={async (e) => {
                    const file = e.currentTarget.files?.[0];
                    setPhoto(file ? await readPhoto(file) : null);
                  }}
                />
              </Field>
              {photo && <img class="receipt-preview" src={photo.contents} alt={photo.filename} />}
              <div class="pair">
                <Field id="receipt-date" label={t().date} error={err('date')}>
                  <input id="receipt-date" type="date" value={date} onInput={(e) => setDate(e.currentTarget.value)} />
                </Field>
                <Field id="receipt-type" label={t().receiptType} error={err('receipt_type_id')}>
                  <select id="receipt-type" value={type} onChange={(e) => setType(e.currentTarget.value)}>
                    {data.types.map((x) => (
                      <option key={x.name} value={x.name}>
                        {x.description ? `${x.name} (${x.description})` : x.name}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
              <Field id="receipt-project" label={t().project} error={err('project_id')}>
                <select id="receipt-project" value={project} onChange={(e) => setProject(e.currentTarget.value)}>
                  {data.projects.map((p) => (
                    <option key={p.id} value={String(p.id)}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </Field>
              <div class="pair">
                <Field id="receipt-currency" label={t().currency} error={err('currency')}>
                  <input
                    id="receipt-currency"
                    value={currency}
                    maxLength={3}
                    autoCapitalize="characters"
                    onInput={(e) => setCurrency(e.currentTarget.value)}
                  />
                </Field>
                <Field id="receipt-net" class="check" label={t().amountsNet} error={err('is_amount_net')}>
                  <input
                    id="receipt-net"
                    type="checkbox"
                    checked={net}
                    onChange={(e) => setNet(e.currentTarget.checked)}
                  />
                </Field>
              </div>
              {lines.map((l, i) => (
                <fieldset class="amount-line" key={i}>
                  <legend>{t().amountLine(i + 1)}</legend>
                  <Field id={`line-${i}-amount`} label={t().amount} error={err(`receiptAmounts.${i}.amount`)}>
                    <input
                      id={`line-${i}-amount`}
                      inputMode="decimal"
                      value={l.amount}
                      onInput={(e) => setLine(i, { amount: e.currentTarget.value })}
                    />
                  </Field>
                  <Field id={`line-${i}-tax`} label={t().tax} error={err(`receiptAmounts.${i}.tax`)}>
                    {rates.length > 0 ? (
                      <select
                        id={`line-${i}-tax`}
                        value={l.tax || String(rates[0])}
                        onChange={(e) => setLine(i, { tax: e.currentTarget.value })}
                      >
                        {rates.map((r) => (
                          <option key={r} value={String(r)}>
                            {r}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <input
                        id={`line-${i}-tax`}
                        inputMode="decimal"
                        value={l.tax}
                        onInput={(e) => setLine(i, { tax: e.currentTarget.value })}
                      />
                    )}
                  </Field>
                  <Field id={`line-${i}-quantity`} label={t().quantity} error={err(`receiptAmounts.${i}.quantity`)}>
                    <input
                      id={`line-${i}-quantity`}
                      inputMode="decimal"
                      value={l.quantity}
                      onInput={(e) => setLine(i, { quantity: e.currentTarget.value })}
                    />
                  </Field>
                  {lines.length > 1 && (
                    <button type="button" class="link" onClick={() => setLines(lines.filter((_, j) => j !== i))}>
                      {t().removeLine(i + 1)}
                    </button>
                  )}
                </fieldset>
              ))}
              {err('receiptAmounts') && <p class="form-error">{err('receiptAmounts')}</p>}
              <button
                type="button"
                class="add-line"
                onClick={() => setLines([...lines, { amount: '', tax: '', quantity: '1' }])}
              >
                + {t().addLine}
              </button>
              <Field id="receipt-note" label={t().note} error={err('note')}>
                <input id="receipt-note" value={note} onInput={(e) => setNote(e.currentTarget.value)} />
              </Field>
              {refused?.form && (
                <p class="form-error" role="alert">
                  {refused.form}
                </p>
              )}
              <div class="actions">
                <button type="submit" class="primary" disabled={busy || !type || !project}>
                  {t().fileReceipt}
                </button>
              </div>
            </form>
            <section class="card receipts" aria-labelledby="receipts-title">
              <h2 id="receipts-title">{t().myReceipts}</h2>
              {data.receipts.length === 0 ? (
                <p class="empty">{t().noReceipts}</p>
              ) : (
                <ul class="receipt-list">
                  {data.receipts.map((r) => {
                    const total = r.amounts.reduce((s, a) => s + Number(a.amount) * Number(a.quantity), 0);
                    return (
                      <li key={r.id} class="receipt-item" data-id={r.id}>
                        <div class="receipt-head">
                          <strong>{r.receipt_type_id}</strong> <span>{r.date}</span>
                          <span class="state">
                            <span class="sr-only">{t().billingState}: </span>
                            {r.billing_status?.name ?? '–'}
                          </span>
                        </div>
                        <ul class="amounts">
                          {r.amounts.map((a) => (
                            <li key={a.id}>
                              {money(a.amount, r.currency)} · {t().tax} {Number(a.tax)}
                              {Number(a.quantity) !== 1 && ` · × ${Number(a.quantity)}`}
                            </li>
                          ))}
                        </ul>
                        <p class="receipt-total">
                          {t().total}: <strong>{money(total, r.currency)}</strong>
                          {r.filename && <span class="attached"> · {t().attached}</span>}
                          {r.note && <span class="note"> · {r.note}</span>}
                        </p>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          </div>
        )}
      </main>
    </>
  );
}
