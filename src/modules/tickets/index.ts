// Tickets with their subtasks and attachments.
import type { ZkApp } from '../../types.js';
import tickets from './tickets.routes.js';
import subtasks from './subtasks.routes.js';
import attachments from './ticket-attachments.routes.js';

export default async function ticketsArea(app: ZkApp) {
  await app.register(tickets);
  await app.register(subtasks);
  await app.register(attachments);
}
