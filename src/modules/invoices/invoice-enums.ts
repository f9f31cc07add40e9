// Invoice and invoice item enumerations (docs/api/conventions.md: item status 0–3, item kind 1, item type 0, invoice
// billing kind 0 and status 0 are attested; the other ids are chosen here, docs/api/commercial.md). Their names
// are in the one label table (values/labels.ts) and follow the tenant's language.
import { LABELS, type LabelSetName } from '../../values/labels.js';

/** Invoice status: an invoice is Billed (0) once issued; Draft invoices may still change or be deleted. */
export const BILLED = 0;
export const DRAFT = 1;
export const ITEM_BILLED = 2;
export const ITEM_CANCELED = 3;

/** "0 Billed, 1 Draft, …" for schema descriptions (the English names). */
export const describe = (set: LabelSetName) =>
  Object.entries(LABELS[set])
    .map(([k, v]) => `${k} ${v.en}`)
    .join(', ');
