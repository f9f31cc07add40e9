// A record of the source's JSON as a row of the local table: each column takes the field of its name (or what the
// resource's `columns` computes), converted to how the table stores it. Fields without a column are left out.
import type { ColumnInfo } from '../db/journal.js';

type Item = Record<string, any>;

const ISO = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;
/** Columns holding a calendar date ('YYYY-MM-DD'); other date-times are stored as 'YYYY-MM-DD HH:MM:SS' (UTC). */
const DATE_COLUMN = /(^|_)(date|birthdate)$/;
/** Columns the import never writes: the tenant (the scope sets it) and the record's authors (people of the source). */
const NOT_WRITTEN = new Set(['tenant_id']);

/** One value as the column stores it; undefined: the field does not fit the column and is left out. */
export function columnValue(column: string, value: unknown): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'string') {
    const m = ISO.exec(value);
    if (!m) return value;
    if (DATE_COLUMN.test(column)) return m[1];
    const utc = m[4] === 'Z' ? `${m[1]} ${m[2]}` : new Date(value).toISOString().slice(0, 19).replace('T', ' ');
    return utc;
  }
  // A list of plain values (a receipt type's tax rates) is stored as its JSON text.
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return JSON.stringify(value);
  // An enumerated object ({id, name}: a label in the source's language) is stored by its id.
  if (typeof value === 'object' && !Array.isArray(value) && value !== null && 'id' in value) {
    const id = (value as { id: unknown }).id;
    return typeof id === 'object' ? undefined : id;
  }
  return undefined;
}

export function toRow(
  columns: readonly ColumnInfo[],
  item: Item,
  fixed: Item = {},
  computed: Record<string, (item: Item) => unknown> = {},
): Item {
  const row: Item = {};
  for (const { name, blob } of columns) {
    if (blob || NOT_WRITTEN.has(name)) continue;
    let value: unknown;
    if (name in fixed) value = fixed[name];
    else if (name in computed) value = computed[name](item);
    else if (name in item) value = columnValue(name, item[name]);
    if (value !== undefined) row[name] = value;
  }
  return row;
}
