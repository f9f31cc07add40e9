// Labels of enumerated {id, name} objects in the tenant's language (contract: "labels of enumerated objects in the
// tenant's language"): one table, German for a 'de' tenant and English otherwise (the other languages fall back to
// English until translated). docs/api/conventions.md "Labels".
export type Names = Readonly<{ de: string; en: string }>;
export type LabelSet = Readonly<Record<string | number, Names>>;

const n = (de: string, en: string): Names => ({ de, en });

export const LABELS = {
  ticket_status: {
    1: n('Neu', 'New'),
    2: n('In Bearbeitung', 'In process'),
    3: n('Erledigt', 'Done'),
    4: n('Abgelehnt', 'Rejected'),
    5: n('Abgenommen', 'Approved'),
    8: n('Abgerechnet', 'Billed'),
  },
  direction_of_travel: { 0: n('Hinfahrt', 'outward'), 1: n('Weiterfahrt', 'continue'), 2: n('Rückfahrt', 'return') },
  absence_reason_type: {
    0: n('Urlaub', 'annual holiday'),
    1: n('bezahlte Abwesenheit', 'paid absence'),
    2: n('unbezahlte Abwesenheit', 'unpaid absence'),
    3: n('Gleitzeit', 'flexitime'),
  },
  category_type: {
    customer: n('Kunde', 'Customer'),
    contact: n('Kontakt', 'Contact'),
    employee: n('Mitarbeiter', 'Employee'),
    project: n('Projekt', 'Project'),
    task: n('Vorgang', 'Task'),
    ticket: n('Ticket', 'Ticket'),
    subtask: n('Teilaufgabe', 'Subtask'),
    device: n('Terminal', 'Terminal'),
    offer: n('Angebot', 'Offer'),
    receipt: n('Beleg', 'Receipt'),
  },
  price_type: {
    basehour: n('Stundensatz', 'Hourly rate'),
    tsatz: n('Tagessatz', 'Daily rate'),
    pauschal: n('Pauschal', 'Flat rate'),
  },
  plan_can_exceed: {
    0: n('Ja, alle Zeiten dürfen die Planstunden überschreiten', 'Yes, all times can exceed the plan hours'),
    1: n(
      'Ja, aber nur nicht fakturierbare Zeiten dürfen die Planstunden überschreiten',
      'Yes, but only non-billable times can exceed the plan hours',
    ),
    2: n('Nein, keine Zeiten dürfen die Planstunden überschreiten', 'No, all times can not exceed the plan hours'),
    3: n(
      'Ja, aber nur Reise- oder nicht fakturierbare Zeiten dürfen die Planstunden überschreiten',
      'Yes, but only travel or non-billable times can exceed the plan hours',
    ),
    4: n(
      'Ja, aber nur Reisezeiten dürfen die Planstunden überschreiten',
      'Yes, but only travel times can exceed the plan hours',
    ),
  },
  // Projects and tasks (ids chosen, docs/api/projects.md); the contract's names are kept in their language.
  billing_type: { 1: n('Stundensatz', 'Hourly rate'), 2: n('Tagessatz', 'Daily rate'), 3: n('Pausch', 'Flat rate') },
  task_billing_type: {
    1: n('Wie Projekt', 'Like project'),
    2: n('Stundensatz', 'Hourly rate'),
    3: n('Tagessatz', 'Daily rate'),
    4: n('Pausch', 'Flat rate'),
  },
  default_billability: {
    0: n('Fakturierbar, durch den Mitarbeiter änderbar', 'Billable, user can change the flag'),
    1: n('Fakturierbar, durch den Mitarbeiter nicht änderbar', 'Billable, user can not change the flag'),
    2: n('Nicht fakturierbar, durch den Mitarbeiter änderbar', 'Not billable, user can change the flag'),
    3: n('Nicht fakturierbar, durch den Mitarbeiter nicht änderbar', 'Not billable, user can not change the flag'),
  },
  receipts_billability: {
    0: n('Fakturierbaren Betrag separat angeben', 'Specify billable amount apart'),
    1: n('Vorbelegung identisch weiterfakturieren', 'Bill on as pre-assigned'),
    2: n('Vorbelegung nicht weiterfakturieren', 'Do not bill on the pre-assignment'),
    3: n('keine Belegerfassung möglich', 'No receipt entry possible'),
  },
  assignment_type: {
    0: n('Mitarbeiter', 'Employee'),
    1: n('Projektleiter mit Budgetverantwortung', 'Project manager with budget responsibility'),
    2: n('Projektleiter ohne Budgetverantwortung', 'Project manager without budget responsibility'),
  },
  rate_type: {
    0: n('keines', 'none'),
    1: n('Stundensatz', 'Hourly rate'),
    2: n('Tagessatz', 'Daily rate'),
    3: n('Monatssatz', 'Monthly rate'),
  },
  expenditure_billing_type: { basehour: n('Stundensatz', 'Hourly rate'), tsatz: n('Tagessatz', 'Daily rate') },
  // Bookings: the release state (reference: 1 freigegeben, "released" in English); 0 never released.
  project_release: {
    0: n('unverändert', 'unchanged'),
    1: n('freigegeben', 'released'),
    2: n('zu prüfen', 'to be checked'),
    3: n('abgerechnet', 'billed'),
  },
  // People (docs/api/conventions.md): rights 0..4, employment 0..2; meals; leave approval states.
  rights: {
    0: n('Benutzer', 'User'),
    1: n('Administrator', 'Administrator'),
    2: n('Controller', 'Controller'),
    3: n('Benutzer mit zusätzlichen Berechtigungen', 'User with extended rights'),
    4: n('Projektcontroller', 'Project Controller'),
  },
  employment: {
    0: n('Mitarbeiter/in', 'Employee'),
    1: n('Freelancer', 'Freelancer'),
    2: n('Freelancer mit Gutschrift', 'Freelancer with credit note'),
  },
  meal_type: { 1: n('Frühstück', 'Breakfast'), 2: n('Mittagessen', 'Lunch'), 3: n('Abendessen', 'Dinner') },
  leave_status: {
    0: n('beantragt', 'requested'),
    1: n('genehmigt', 'approved'),
    2: n('abgelehnt', 'rejected'),
    3: n('widerrufen', 'revoked'),
  },
  // The commercial side (docs/api/commercial.md, receipts.md). English keeps the names the API always gave (the
  // reference's and the contract's, some of them German words); German tenants read German.
  offer_status: {
    1: n('Entwurf', 'Draft'),
    2: n('Versendet', 'Sent'),
    3: n('Angenommen', 'Accepted'),
    4: n('Abgelehnt', 'Rejected'),
    5: n('Storniert', 'Cancelled'),
  },
  offer_item_type: {
    gruppierung: n('Gliederung', 'Gliederung'),
    artikel: n('Artikel', 'Artikel'),
    aufwand: n('Aufwand', 'Expenditure'),
    pauschal: n('Pauschal', 'Pauschal'),
    festpreis: n('Festpreis (frei)', 'Fixed price (free)'),
    zuschlag_prozent: n('Zuschlag in Prozent', 'Surcharge in percent'),
  },
  invoice_status: { 0: n('Abgerechnet', 'Billed'), 1: n('Entwurf', 'Draft'), 2: n('Storniert', 'Cancelled') },
  invoice_billing_kind: {
    0: n('Abrechnung', 'Abrechnung'),
    1: n('Abschlagsrechnung', 'Abschlagsrechnung'),
    2: n('Gutschrift', 'Gutschrift'),
  },
  invoice_item_status: {
    0: n('Geplant', 'Planned'),
    1: n('Freigegeben', 'Approved'),
    2: n('Abgerechnet', 'Billed'),
    3: n('Storniert', 'Canceled'),
  },
  invoice_item_kind: { 0: n('Nach Aufwand', 'Time and material'), 1: n('Pauschal', 'Flat Rate') },
  invoice_item_type: { 0: n('Geplante', 'Geplante'), 1: n('Ungeplante', 'Ungeplante') },
  receipt_billing_status: {
    0: n('beliebig', 'beliebig'),
    1: n('Nicht abgerechnet', 'Not billed'),
    2: n('Freigegebene', 'Freigegebene'),
    3: n('Abgerechnet', 'Billed'),
  },
} as const satisfies Record<string, LabelSet>;

export type LabelSetName = keyof typeof LABELS;

/** The label of `id` in the language ('de' German, anything else English); the id as text when it is unknown. */
export function label(language: string | null | undefined, set: LabelSetName, id: string | number): string {
  const names = (LABELS[set] as LabelSet)[id];
  if (!names) return String(id);
  return language === 'de' ? names.de : names.en;
}

/** `{id, name}` with the label in the language, or null for a null id. */
export function labelled<I extends string | number>(
  language: string | null | undefined,
  set: LabelSetName,
  id: I | null | undefined,
): { id: I; name: string } | null {
  return id === null || id === undefined ? null : { id, name: label(language, set, id) };
}

/** The ids of a label set, as stored (numbers where the set is numbered). */
export function labelIds(set: LabelSetName): (string | number)[] {
  return Object.keys(LABELS[set]).map((k) => (/^[0-9]+$/.test(k) ? Number(k) : k));
}

/** The id a name stands for, in German or English, ignoring case and surrounding space; undefined when none does. */
export function idOfLabel(set: LabelSetName, name: string): string | number | undefined {
  const wanted = name.trim().toLowerCase();
  for (const [id, names] of Object.entries(LABELS[set] as LabelSet)) {
    if (names.de.toLowerCase() === wanted || names.en.toLowerCase() === wanted)
      return /^[0-9]+$/.test(id) ? Number(id) : id;
  }
  return undefined;
}

/** The languages of a translation object (contract: de, en, fr, es, pl; sk and tr accepted; http/schemas.ts `Translations`). */
export const TRANSLATION_KEYS = ['de', 'en', 'fr', 'es', 'pl', 'sk', 'tr'] as const;
export type TranslationsT = { [K in (typeof TRANSLATION_KEYS)[number]]?: string | null };
