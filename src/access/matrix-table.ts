// The permission matrix as the Markdown table docs/api/permissions.md shows (a test keeps the two equal).
import { MATRIX, type Grant, type Rows } from './matrix.js';
import { ROLES } from './roles.js';

const NAMES: Record<(typeof ROLES)[number], string> = {
  user: 'User (0)',
  administrator: 'Administrator (1)',
  controller: 'Controller (2)',
  extended: 'Extended (3)',
  project_controller: 'Project Controller (4)',
};
const ORDER = ['user', 'extended', 'project_controller', 'controller', 'administrator'] as const;

/** The rows of a grant as the table names them. */
const ROWS: Record<Rows, string> = {
  all: 'all',
  own: 'own',
  department: 'own + department',
  controlled: 'own + controlled projects',
};

const cell = (grant: Grant | undefined) =>
  [grant?.read && `read ${ROWS[grant.read]}`, grant?.write && `write ${ROWS[grant.write]}`]
    .filter(Boolean)
    .join(', ') || '—';

export function matrixTable(): string {
  const head = `| area | ${ORDER.map((r) => NAMES[r]).join(' | ')} |`;
  const rule = `|---|${ORDER.map(() => '---').join('|')}|`;
  const rows = Object.keys(MATRIX)
    .sort()
    .map((area) => `| ${area} | ${ORDER.map((role) => cell(MATRIX[area][role])).join(' | ')} |`);
  return [head, rule, ...rows].join('\n');
}
