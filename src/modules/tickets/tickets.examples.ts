// "Try it out" examples of tickets for /docs: each is accepted by a fresh demo tenant (src/demo).
import { EXAMPLE_FILE, type ModuleExamples, unbilled } from '../../plugins/docs-examples.js';

/** The /docs "Try it out" bodies of this module (src/plugins/docs-examples.ts). */
export const examples: ModuleExamples = {
  curated: {
    'POST /tickets/{id}/attachments': async () => EXAMPLE_FILE,
    // A status is answered as {id, name}; the body takes the id.
    'POST /tickets/{id}/subtasks': async (ctx) => ({ ...(await ctx.copy()), status: 1 }),
    'POST /tickets': async (ctx) => {
      const task = await ctx.first('/attendances', unbilled);
      const creator = await ctx.first('/employees');
      return {
        subject: 'Export schlägt fehl',
        status: 1,
        priority: 3,
        project_id: task?.project_id,
        project_task_id: task?.project_task_id,
        creator_username: creator?.username,
      };
    },
  },
};
