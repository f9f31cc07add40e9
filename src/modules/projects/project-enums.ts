// Enumerated project fields as {id, name} (contract "Project", reference §2). Where no public source gives the
// numeric ids, they are chosen here and documented in docs/api/projects.md.

export type Enum = Readonly<Record<number, string>>;

/** Project billing type (contract names; ids chosen: 1..3). Requests also take the docs' strings. */
export const BILLING_TYPES: Enum = { 1: 'Stundensatz', 2: 'Tagessatz', 3: 'Pausch' };
const BILLING_TYPE_ALIASES: Record<string, number> = {
  hourly: 1, stundensatz: 1, basehour: 1,
  daily: 2, tagessatz: 2, tsatz: 2,
  flat: 3, flat_rate: 3, pausch: 3, pauschal: 3,
};

/** Task billing type: 1 = like the project (reference §2, the default), then the project's three types. */
export const TASK_BILLING_TYPES: Enum = { 1: 'Wie Projekt', 2: 'Stundensatz', 3: 'Tagessatz', 4: 'Pausch' };
const TASK_BILLING_TYPE_ALIASES: Record<string, number> = {
  like_project: 1, 'wie projekt': 1,
  hourly: 2, stundensatz: 2, daily: 3, tagessatz: 3, flat: 4, flat_rate: 4, pausch: 4, pauschal: 4,
};

/** plan_can_exceed 0..4 (contract names in this order, reference §2; same members as prevent_overbooking): labels in http/labels.ts. */

/** default_billability (contract names; ids chosen 0..3 in the contract's order). */
export const DEFAULT_BILLABILITY: Enum = {
  0: 'Fakturierbar, durch den Mitarbeiter änderbar',
  1: 'Fakturierbar, durch den Mitarbeiter nicht änderbar',
  2: 'Not billable, user can change the flag',
  3: 'Not billable, user can not change the flag',
};

/** receipts_billability (contract names; ids chosen 0..3 in the contract's order). */
export const RECEIPTS_BILLABILITY: Enum = {
  0: 'Specify billable amount apart',
  1: 'Vorbelegung identisch weiterfakturieren',
  2: 'Vorbelegung nicht weiterfakturieren',
  3: 'keine Belegerfassung möglich',
};

/** Role of an employee in a project (reference §4.17: "1" = project manager with budget responsibility). */
export const ASSIGNMENT_TYPES: Readonly<Record<string, string>> = {
  '0': 'Employee',
  '1': 'Project manager with budget responsibility',
  '2': 'Project manager without budget responsibility',
};

/** Internal rate type of an assignment (reference §2: 0 = keines). */
export const RATE_TYPES: Enum = { 0: 'keines', 1: 'Stundensatz', 2: 'Tagessatz' };

export function enumObject(set: Enum, id: number | null | undefined): { id: number; name: string } | null {
  if (id === null || id === undefined) return null;
  const n = Number(id);
  return { id: n, name: set[n] ?? String(n) };
}

export const enumIds = (set: Enum) => Object.keys(set).map(Number);

/** A billing type from a request: an id (number or digit string) or a name/alias; undefined when unknown. */
function parseAliased(set: Enum, aliases: Record<string, number>, value: number | string): number | undefined {
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return Object.hasOwn(set, Number(text)) ? Number(text) : undefined;
  return aliases[text.toLowerCase()];
}
export const parseBillingType = (value: number | string) => parseAliased(BILLING_TYPES, BILLING_TYPE_ALIASES, value);
export const parseTaskBillingType = (value: number | string) => parseAliased(TASK_BILLING_TYPES, TASK_BILLING_TYPE_ALIASES, value);
