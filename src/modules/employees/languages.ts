// Employee language (docs/api/people.md): stored as a locale code, returned as the live object.
export interface LanguageT {
  locale: string;
  isoCode: string;
  name: string;
  dateFormat: string;
  dateTimeFormat: string;
  numberFormat: { decimalSeparator: string; thousandsSeparator: string };
}

const lang = (
  locale: string,
  name: string,
  date: string,
  decimalSeparator: string,
  thousandsSeparator: string,
): LanguageT => ({
  locale,
  isoCode: locale,
  name,
  dateFormat: date,
  dateTimeFormat: `${date} H:i`,
  numberFormat: { decimalSeparator, thousandsSeparator },
});

export const LANGUAGE_OBJECTS: Record<string, LanguageT> = {
  de: lang('de', 'deutsch', 'd.m.Y', ',', '.'),
  en: lang('en', 'english', 'd/m/Y', '.', ','),
  fr: lang('fr', 'français', 'd/m/Y', ',', ' '),
  es: lang('es', 'español', 'd/m/Y', ',', '.'),
  pl: lang('pl', 'polski', 'd.m.Y', ',', ' '),
  sk: lang('sk', 'slovenčina', 'd.m.Y', ',', ' '),
  tr: lang('tr', 'türkçe', 'd.m.Y', ',', '.'),
};

export const languageObject = (code: string | null): LanguageT | null =>
  code ? (LANGUAGE_OBJECTS[code] ?? null) : null;

export const LANGUAGE_ERROR = `The selected language is invalid; use one of ${Object.keys(LANGUAGE_OBJECTS).join(', ')}.`;

/** A request language: the locale code, or the object the API returns ({locale} or {isoCode}); false when unknown. */
export function languageCode(value: unknown): string | null | undefined | false {
  if (value === undefined || value === null) return value;
  const o = value as { locale?: unknown; isoCode?: unknown };
  const raw = typeof value === 'string' ? value : (o.locale ?? o.isoCode);
  const code = typeof raw === 'string' ? raw.toLowerCase().slice(0, 2) : '';
  return LANGUAGE_OBJECTS[code] ? code : false;
}
