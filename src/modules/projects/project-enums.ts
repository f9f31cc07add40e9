// Enumerated project fields as {id, name} (contract "Project", docs/api/conventions.md). Where no public source gives the
// numeric ids, they are chosen here and documented in docs/api/projects.md. Their names, in German and English,
// are in the one label table (values/labels.ts): billing types, task billing types, plan_can_exceed,
// default_billability, receipts_billability, assignment and rate types.
import { idOfLabel, LABELS, type LabelSetName } from '../../values/labels.js';

/** Project billing type (ids chosen: 1..3). Requests also take the docs' strings and the names. */
const BILLING_TYPE_ALIASES: Record<string, number> = {
  hourly: 1,
  stundensatz: 1,
  basehour: 1,
  daily: 2,
  tagessatz: 2,
  tsatz: 2,
  flat: 3,
  flat_rate: 3,
  pausch: 3,
  pauschal: 3,
};

/** Task billing type: 1 = like the project (docs/api/conventions.md, the default), then the project's three types. */
const TASK_BILLING_TYPE_ALIASES: Record<string, number> = {
  like_project: 1,
  'wie projekt': 1,
  hourly: 2,
  stundensatz: 2,
  daily: 3,
  tagessatz: 3,
  flat: 4,
  flat_rate: 4,
  pausch: 4,
  pauschal: 4,
};

/** A billing type from a request: an id (number or digit string), an alias or a name (German or English); undefined when unknown. */
function parseAliased(set: LabelSetName, aliases: Record<string, number>, value: number | string): number | undefined {
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return Object.hasOwn(LABELS[set], Number(text)) ? Number(text) : undefined;
  const named = idOfLabel(set, text);
  return aliases[text.toLowerCase()] ?? (typeof named === 'number' ? named : undefined);
}
export const parseBillingType = (value: number | string) => parseAliased('billing_type', BILLING_TYPE_ALIASES, value);
export const parseTaskBillingType = (value: number | string) =>
  parseAliased('task_billing_type', TASK_BILLING_TYPE_ALIASES, value);
