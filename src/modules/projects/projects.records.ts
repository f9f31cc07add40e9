// What a project's answer derives from (plugins/write-path/records.ts): its status (embedded), categories and
// dynamic attributes, and the numbers of its tasks, assigned employees (distinct) and allowed activities.
import type { Derivation, Row } from '../../plugins/write-path/records.js';
import { categoryDerivations } from '../categories/categories.records.js';
import { attributeDerivations } from '../dynamic-attributes/dynamic-attributes.records.js';

const distinctEmployees = (rows: readonly Row[]) => new Set(rows.map((r) => String(r.employee_id))).size;

export const projectDerivations: Derivation[] = [
  ...categoryDerivations('project'),
  ...attributeDerivations('project'),
  { table: 'project_statuses', match: { project_status_id: 'name' } },
  { table: 'project_tasks', columns: ['project_id'], match: { id: 'project_id' } },
  { table: 'project_activities', columns: ['project_id'], match: { id: 'project_id' } },
  {
    // employees_count counts employees, not assignments
    table: 'project_assignments',
    columns: ['project_id', 'employee_id'],
    find: async (ctx, changes) => {
      const projects = [
        ...new Set(
          changes
            .flatMap((c) => [c.old?.project_id, c.new?.project_id])
            .filter((v) => v != null)
            .map(Number),
        ),
      ];
      const rows = (await ctx.scope.db
        .selectFrom('project_assignments')
        .select(['id', 'project_id', 'employee_id'])
        .where('project_id', 'in', projects)
        .execute()) as Row[];
      return projects.filter((p) => {
        const now = rows.filter((r) => Number(r.project_id) === p);
        return (
          distinctEmployees(now) !==
          distinctEmployees(ctx.before('project_assignments', now, (r) => Number(r.project_id) === p))
        );
      });
    },
  },
];
