// German and English texts of the web app. The language: the user's choice (localStorage, per tenant and user, and
// the last choice on this browser for the sign-in page), else the browser's (docs/web-app.md "Language").
import { signal } from './signal';

export type Lang = 'de' | 'en';

const en = {
  appName: 'zeitkonto',
  language: 'Language',
  signInTitle: 'Sign in',
  tenant: 'Tenant',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  required: 'Please fill in this field.',
  unknownTenant: 'No tenant can have this name.',
  tooMany: 'Too many attempts. Please wait a moment and try again.',
  signInWith: (name: string) => `Sign in with ${name}`,
  ssoFailed: 'Signing in with the provider did not work. Try again, or sign in with your password.',
  offline: 'The server cannot be reached.',
  signOut: 'Sign out',
  myWeek: 'My week',
  weekOf: (from: string, to: string) => `Week ${from} – ${to}`,
  previousWeek: 'Previous week',
  nextWeek: 'Next week',
  thisWeek: 'This week',
  weekTotal: 'Week total',
  dayTotal: 'Day total',
  noBookings: 'No bookings',
  addBooking: 'Add booking',
  addBookingOn: (day: string) => `Add booking on ${day}`,
  editBooking: 'Edit',
  editBookingOf: (what: string) => `Edit booking ${what}`,
  date: 'Date',
  from: 'From',
  to: 'To',
  project: 'Project',
  task: 'Task',
  activity: 'Activity',
  note: 'Note',
  billable: 'Billable',
  billableFixed: 'set by the project',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  choose: 'Choose…',
  loading: 'Loading…',
  timeFormat: 'Use HH:MM, for example 09:00.',
  hours: (h: string) => `${h} h`,
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  saved: 'Saved.',
  deleted: 'Deleted.',
  locked: 'locked',
  // My week: targets, holidays, absences, locks, copies (docs/web-app.md).
  pages: 'Pages',
  target: 'Target',
  ofTarget: 'of target',
  holiday: 'Holiday',
  halfDay: 'half day',
  absent: 'Absent',
  requested: 'requested',
  lockedDay: 'Locked',
  duplicate: 'Duplicate',
  duplicateOf: (what: string) => `Duplicate booking ${what}`,
  copyDay: 'Copy day',
  copyDayOf: (day: string) => `Copy day ${day}`,
  copyTo: 'Copy to',
  copy: 'Copy',
  copyPreviousWeek: 'Copy previous week',
  copied: (done: number, of: number) => `${done} of ${of} bookings copied.`,
  dismiss: 'Dismiss',
  // My month.
  myMonth: 'My month',
  monthOf: (month: string) => month,
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  thisMonth: 'This month',
  booked: 'Booked',
  missing: 'missing',
  missingDays: (n: number) => (n === 1 ? '1 day without bookings' : `${n} days without bookings`),
  balance: 'Working-time balance',
  balanceChart: (months: number) => `Working-time balance at the end of each of the last ${months} months`,
  balanceNow: 'now',
  month: 'Month',
  weekdaysShort: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'],
  legend: 'Legend',
};

const de: typeof en = {
  appName: 'zeitkonto',
  language: 'Sprache',
  signInTitle: 'Anmelden',
  tenant: 'Mandant',
  username: 'Benutzername',
  password: 'Passwort',
  signIn: 'Anmelden',
  signingIn: 'Anmeldung läuft…',
  required: 'Bitte füllen Sie dieses Feld aus.',
  unknownTenant: 'Einen Mandanten dieses Namens kann es nicht geben.',
  tooMany: 'Zu viele Versuche. Bitte warten Sie kurz und versuchen Sie es erneut.',
  signInWith: (name: string) => `Anmelden mit ${name}`,
  ssoFailed:
    'Die Anmeldung beim Anbieter hat nicht geklappt. Versuchen Sie es erneut oder melden Sie sich mit Ihrem Passwort an.',
  offline: 'Der Server ist nicht erreichbar.',
  signOut: 'Abmelden',
  myWeek: 'Meine Woche',
  weekOf: (from, to) => `Woche ${from} – ${to}`,
  previousWeek: 'Vorige Woche',
  nextWeek: 'Nächste Woche',
  thisWeek: 'Diese Woche',
  weekTotal: 'Summe der Woche',
  dayTotal: 'Summe des Tages',
  noBookings: 'Keine Buchungen',
  addBooking: 'Buchung hinzufügen',
  addBookingOn: (day) => `Buchung am ${day} hinzufügen`,
  editBooking: 'Bearbeiten',
  editBookingOf: (what) => `Buchung ${what} bearbeiten`,
  date: 'Datum',
  from: 'Von',
  to: 'Bis',
  project: 'Projekt',
  task: 'Vorgang',
  activity: 'Tätigkeit',
  note: 'Bemerkung',
  billable: 'Abrechenbar',
  billableFixed: 'vom Projekt festgelegt',
  save: 'Speichern',
  cancel: 'Abbrechen',
  delete: 'Löschen',
  choose: 'Auswählen…',
  loading: 'Wird geladen…',
  timeFormat: 'Bitte als HH:MM angeben, zum Beispiel 09:00.',
  hours: (h) => `${h} Std.`,
  weekdays: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
  saved: 'Gespeichert.',
  deleted: 'Gelöscht.',
  locked: 'gesperrt',
  pages: 'Seiten',
  target: 'Soll',
  ofTarget: 'von Soll',
  holiday: 'Feiertag',
  halfDay: 'halber Tag',
  absent: 'Abwesend',
  requested: 'beantragt',
  lockedDay: 'Gesperrt',
  duplicate: 'Duplizieren',
  duplicateOf: (what) => `Buchung ${what} duplizieren`,
  copyDay: 'Tag kopieren',
  copyDayOf: (day) => `Tag kopieren: ${day}`,
  copyTo: 'Kopieren nach',
  copy: 'Kopieren',
  copyPreviousWeek: 'Vorwoche kopieren',
  copied: (done, of) => `${done} von ${of} Buchungen kopiert.`,
  dismiss: 'Schließen',
  myMonth: 'Mein Monat',
  monthOf: (month) => month,
  previousMonth: 'Voriger Monat',
  nextMonth: 'Nächster Monat',
  thisMonth: 'Dieser Monat',
  booked: 'Gebucht',
  missing: 'fehlt',
  missingDays: (n) => (n === 1 ? '1 Tag ohne Buchungen' : `${n} Tage ohne Buchungen`),
  balance: 'Arbeitszeitkonto',
  balanceChart: (months) => `Arbeitszeitkonto am Ende jedes der letzten ${months} Monate`,
  balanceNow: 'jetzt',
  month: 'Monat',
  weekdaysShort: ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'],
  legend: 'Legende',
};

export type Texts = typeof en;
const TEXTS: Record<Lang, Texts> = { de, en };

const LAST = 'zk.lang';
const userKey = (instance: string, username: string) => `zk.lang:${instance}:${username}`;

const stored = (key: string): Lang | null => {
  const value = localStorage.getItem(key);
  return value === 'de' || value === 'en' ? value : null;
};
const browserLang = (): Lang => (navigator.language.toLowerCase().startsWith('de') ? 'de' : 'en');

export const lang = signal<Lang>(stored(LAST) ?? browserLang());
let user: string | null = null;

/** The texts of the current language. */
export const t = (): Texts => TEXTS[lang.value];

export function setLang(value: Lang): void {
  localStorage.setItem(LAST, value);
  if (user) localStorage.setItem(user, value);
  lang.value = value;
}

/** A user signed in: their own choice wins, else the current language is theirs from now on. */
export function useLangOf(instance: string, username: string | null): void {
  user = username && userKey(instance, username);
  if (!user) return;
  const theirs = stored(user);
  if (theirs) lang.value = theirs;
}

const applyLang = () => (document.documentElement.lang = lang.value);
lang.subscribe(applyLang);
applyLang();
