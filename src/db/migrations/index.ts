// Every migration, in the one order they are applied: a fresh database and an upgraded one run the same
// sequence. A new migration is appended here with the next number (migrations/README.md).
import type { Migration } from '../migration.js';
import { foundation } from './0001_foundation.js';
import { spine } from './0002_spine.js';
import { customers } from './0100_customers.js';
import { people } from './0200_people.js';
import { peopleAssets } from './0201_people_assets.js';
import { projects } from './0300_projects.js';
import { tickets } from './0301_tickets.js';
import { monthClosings } from './0400_month_closings.js';
import { attendances } from './0401_attendances.js';
import { queryPlanIndexes } from './0900_query_plan_indexes.js';
import { absences } from './0940_absences.js';
import { caseInsensitiveKeys } from './1200_case_insensitive_keys.js';
import { uniqueness } from './1300_uniqueness.js';
import { articles } from './1600_articles.js';
import { attachments } from './1601_attachments.js';
import { receipts } from './1602_receipts.js';
import { plannings } from './1700_plannings.js';
import { offers } from './1800_offers.js';
import { invoices } from './1801_invoices.js';
import { writePath } from './1900_write_path.js';
import { caseInsensitiveNumbers } from './2000_case_insensitive_numbers.js';
import { folders } from './2300_folders.js';
import { bookedHours } from './2400_booked_hours.js';
import { writeJournal } from './2500_write_journal.js';
import { invoiceBilling } from './2600_invoice_billing.js';
import { invoiceNumberOrder } from './2601_invoice_number_order.js';
import { receiptMoney } from './2602_receipt_money.js';
import { currencyCodes } from './2603_currency_codes.js';
import { idempotencyOwner } from './2800_idempotency_owner.js';
import { recordIds } from './2801_record_ids.js';
import { absenceReasonExternalId } from './2900_absence_reason_external_id.js';
import { journalWebhooks } from './2901_journal_webhooks.js';
import { personalTokens } from './2902_personal_tokens.js';
import { changeActors } from './2903_change_actors.js';

export const migrations: readonly Migration[] = [
  foundation,
  spine,
  customers,
  people,
  peopleAssets,
  projects,
  tickets,
  monthClosings,
  attendances,
  queryPlanIndexes,
  absences,
  caseInsensitiveKeys,
  uniqueness,
  articles,
  attachments,
  receipts,
  plannings,
  offers,
  invoices,
  writePath,
  caseInsensitiveNumbers,
  folders,
  bookedHours,
  writeJournal,
  invoiceBilling,
  invoiceNumberOrder,
  receiptMoney,
  currencyCodes,
  idempotencyOwner,
  recordIds,
  absenceReasonExternalId,
  journalWebhooks,
  personalTokens,
  changeActors,
];
