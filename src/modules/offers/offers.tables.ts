// Offers and their items (migration 1800). Money columns are scaled integers (values/money.ts).
import type { DbBool, Owned, Stamps, Authored } from '../../db/columns.js';

export interface OffersTable extends Owned, Stamps, Authored {
  title: string | null;
  status: number;
  status_since: string | null;
  valid_until: string | null;
  order_date: string | null;
  realization_from: string | null;
  realization_until: string | null;
  processor_username: string | null;
  customer_id: string | null;
  customer_contact_id: number | null;
  department_id: number | null;
  project_id: number | null;
  ticket_id: number | null;
  default_validity: number | null;
  order_probability_percent: number | null;
  is_net: DbBool;
}

export interface OfferItemsTable extends Owned, Stamps, Authored {
  offer_id: number;
  type: string;
  position: string | null;
  label: string | null;
  description: string | null;
  quantity_e4: number;
  single_price_e4: number;
  amount_deviating_net_cents: number | null;
  receipts_mileage_money_cents: number | null;
  additional_meal_expenses_cents: number | null;
  vat_e2: number | null;
  display_calculation: DbBool;
  display_total: DbBool;
  is_alternative: DbBool;
  sort_order: number | null;
  article_id: number | null;
  expenditure_billing_type: string | null;
}

export interface OfferTables {
  offers: OffersTable;
  offer_items: OfferItemsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends OfferTables {}
}
