// Tickets and their subtasks (migration 0301; their attachments live in modules/attachments).
import type { Generated } from 'kysely';
import type { DbBool, Authored } from '../../db/columns.js';

/** Columns tickets and subtasks share (migration 0301_tickets). */
interface TicketCommon {
  tenant_id: number;
  id: Generated<number>;
  subject: string;
  status: number;
  creator_username: string | null;
  processor_username: string | null;
  customer_contact_person: string | null;
  date: string;
  receipt_date: string | null;
  start_date: string | null;
  deadline: string | null;
  processing_date: string | null;
  done_date: string | null;
  approved_date: string | null;
  rejected_date: string | null;
  billed_date: string | null;
  planned_hours: number | null;
  prevent_overbooking: number;
  history_modified: string | null;
  history_creator_username: string | null;
  customer_reference: string | null;
  keywords: string | null; // JSON array of strings
  created: string | null;
  modified: string | null;
}

export interface TicketsTable extends TicketCommon, Authored {
  project_id: number;
  project_task_id: number;
  priority: number;
  notify_of_completion: DbBool | null;
  external_ticket_number: string | null;
  from_mail: string | null;
}

export interface TicketSubtasksTable extends TicketCommon, Authored {
  ticket_id: number;
  name: string;
}

export interface TicketTables {
  tickets: TicketsTable;
  ticket_subtasks: TicketSubtasksTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends TicketTables {}
}
