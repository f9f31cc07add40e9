// "Try it out" examples of projects for /docs: each is accepted by a fresh demo tenant (src/demo).
import { EXAMPLE_DATES, type ModuleExamples } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  bodies: {
    ProjectCreate: {
      name: 'Website relaunch',
      description: 'New company website',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    },
    ProjectStatusCreate: { name: 'On hold', description: 'Paused by the customer', bookable: false },
  },
  curated: {
    'POST /projects/{id}/price-tables': async () => ({ start_date: EXAMPLE_DATES.farStart }),
    'POST /projects/{id}/activities': async (ctx) => {
      const used = new Set((await ctx.all(`/projects/${ctx.path.id}/activities`)).map((a) => a.name ?? a.activity));
      const free = (await ctx.all('/activities')).find((a) => !used.has(a.name));
      return { name: free?.name, default_factor: 1 };
    },
    // An employee the project does not have yet (the demo leaves o'brien.j off the first project).
    'POST /projects/{id}/employees': async (ctx) => {
      const assigned = new Set((await ctx.all(`/projects/${ctx.path.id}/employees`)).map((a) => a.employee_id));
      const free = (await ctx.all('/employees')).find((e) => !assigned.has(e.username));
      return { ...(await ctx.copy()), employee_id: free?.username };
    },
    'POST /projects/{id}/locations': async () => ({ name: 'Baustelle Nord', description: 'Try it out' }),
  },
};
