// Dynamic attribute values in requests: the accepted forms, validation by the attribute's type, and unknown names
// (all as 422 on `dynamicAttributes`). The records' services write what resolveDynamicAttributes returns.
import type { TenantDb } from '../../db/tenant-scope.js';
import { ErrorBag } from '../../values/errors.js';
import { fromJson, isValidDate } from '../../values/formats.js';
import {
  attributeDefinitions,
  type AttributeEntity,
  type ResolvedAttributes,
} from './dynamic-attribute-values.repository.js';

const FIELD = 'dynamicAttributes';

/** Normalise the accepted request forms into name -> value pairs. */
function pairs(input: unknown[], errors: ErrorBag): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const item of input) {
    if (Array.isArray(item)) {
      if (item.length === 2 && typeof item[0] === 'string') out.push([item[0], item[1]]);
      else errors.add(FIELD, 'Each dynamic attribute must be {name, value}, {"<name>": value} or ["<name>", value].');
    } else if (item && typeof item === 'object') {
      const o = item as Record<string, unknown>;
      if (typeof o.name === 'string' && 'value' in o) out.push([o.name, o.value]);
      else for (const [k, v] of Object.entries(o)) out.push([k, v]);
    }
  }
  return out;
}

function checkValue(type: string, value: unknown, options: string[] | null): string | null {
  if (value === null) return null;
  switch (type) {
    case 'Integer':
      return Number.isInteger(value) ? null : 'must be an integer';
    case 'Float':
    case 'Betrag':
    case 'Prozent':
      return typeof value === 'number' ? null : 'must be a number';
    case 'Boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'Datum':
      return typeof value === 'string' && isValidDate(value) ? null : 'must be a date YYYY-MM-DD';
    case 'E-Mail':
      return typeof value === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value) ? null : 'must be an email address';
    case 'Optionen':
      return options && typeof value === 'string' && !options.includes(value)
        ? `must be one of ${options.join(', ')}`
        : null;
    default:
      return typeof value === 'string' ||
        typeof value === 'number' ||
        typeof value === 'boolean' ||
        Array.isArray(value)
        ? null
        : 'has an invalid value';
  }
}

/** Validate names (unknown -> 422 on dynamicAttributes) and values; returns what setDynamicAttributes writes. */
export async function resolveDynamicAttributes(
  db: TenantDb,
  entity: AttributeEntity,
  input: unknown[],
): Promise<ResolvedAttributes> {
  const errors = new ErrorBag();
  const given = pairs(input, errors);
  const names = [...new Set(given.map(([n]) => n))];
  const defs = await attributeDefinitions(db, names);
  const values: ResolvedAttributes['values'] = [];
  for (const [name, value] of given) {
    const def = defs.find((d) => d.name === name);
    if (!def || (def.entity_type !== null && def.entity_type !== entity)) {
      errors.add(FIELD, `The dynamic attribute "${name}" does not exist.`);
      continue;
    }
    const problem = checkValue(def.type, value, fromJson<string[] | null>(def.options, null));
    if (problem) errors.add(FIELD, `The dynamic attribute "${name}" ${problem}.`);
    else values.push({ attribute_id: Number(def.id), value: JSON.stringify(value) });
  }
  errors.throwIfAny();
  return { values };
}
