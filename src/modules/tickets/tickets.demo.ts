// The demo tenant's ticket on the first project's first task, with a subtask (src/tenancy/demo-records.ts): so that /docs can offer updating one.
import { demoAnchors, type DemoRecords } from '../../tenancy/demo-records.js';
import { writeSubtask } from './subtasks.service.js';
import { writeTicket } from './tickets.service.js';

export const demo: DemoRecords = async (db) => {
  const { username, projectId, taskId } = await demoAnchors(db);
  if (!username || !projectId || !taskId) return;
  const ticket = await writeTicket(db, {
    subject: 'Zeiterfassung am Terminal einrichten',
    status: 2,
    priority: 2,
    project_id: projectId,
    project_task_id: taskId,
    creator_username: username,
  });
  await writeSubtask(db, ticket, {
    subject: 'Terminal',
    name: 'Transponder anlernen',
    status: 1,
    creator_username: username,
  });
};
