// Labels of enumerated {id, name} objects in the tenant's language (contract: "labels of enumerated objects in the
// tenant's language"): one table, German for a 'de' tenant and English otherwise (the other languages fall back to
// English until translated). docs/api/conventions.md "Labels".
export type Names = Readonly<{ de: string; en: string }>;
export type LabelSet = Readonly<Record<string | number, Names>>;

const n = (de: string, en: string): Names => ({ de, en });

export const LABELS = {
  ticket_status: { 1: n('Neu', 'New'), 2: n('In Bearbeitung', 'In process'), 3: n('Erledigt', 'Done'), 4: n('Abgelehnt', 'Rejected'), 5: n('Abgenommen', 'Approved'), 8: n('Abgerechnet', 'Billed') },
  direction_of_travel: { 0: n('Hinfahrt', 'outward'), 1: n('Weiterfahrt', 'continue'), 2: n('Rückfahrt', 'return') },
  absence_reason_type: { 0: n('Urlaub', 'annual holiday'), 1: n('bezahlte Abwesenheit', 'paid absence'), 2: n('unbezahlte Abwesenheit', 'unpaid absence'), 3: n('Gleitzeit', 'flexitime') },
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
  price_type: { basehour: n('Stundensatz', 'Hourly rate'), tsatz: n('Tagessatz', 'Daily rate'), pauschal: n('Pauschal', 'Flat rate') },
  plan_can_exceed: {
    0: n('Ja, alle Zeiten dürfen die Planstunden überschreiten', 'Yes, all times can exceed the plan hours'),
    1: n('Ja, aber nur nicht fakturierbare Zeiten dürfen die Planstunden überschreiten', 'Yes, but only non-billable times can exceed the plan hours'),
    2: n('Nein, keine Zeiten dürfen die Planstunden überschreiten', 'No, all times can not exceed the plan hours'),
    3: n('Ja, aber nur Reise- oder nicht fakturierbare Zeiten dürfen die Planstunden überschreiten', 'Yes, but only travel or non-billable times can exceed the plan hours'),
    4: n('Ja, aber nur Reisezeiten dürfen die Planstunden überschreiten', 'Yes, but only travel times can exceed the plan hours'),
  },
} as const satisfies Record<string, LabelSet>;

export type LabelSetName = keyof typeof LABELS;

/** The label of `id` in the language ('de' German, anything else English); the id as text when it is unknown. */
export function label(language: string | null | undefined, set: LabelSetName, id: string | number): string {
  const names = (LABELS[set] as LabelSet)[id];
  return names ? (language === 'de' ? names.de : names.en) : String(id);
}

/** `{id, name}` with the label in the language, or null for a null id. */
export function labelled<I extends string | number>(language: string | null | undefined, set: LabelSetName, id: I | null | undefined): { id: I; name: string } | null {
  return id === null || id === undefined ? null : { id, name: label(language, set, id) };
}
