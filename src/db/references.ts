// "What still points at this record?" — one mechanism for every delete refusal (departments, customers,
// projects, tasks, tickets, subtasks, ...). The module owning a referencing table declares its references in its
// folder (`references` in its index.ts: "attendances.activity_id refers to activities by name, counted as
// bookings"); src/modules/index.ts collects them here at start-up, and the delete of the referenced record asks
// for the references to its table (docs/architecture.md, "Adding a resource").
import { untyped, type TenantDb, type TenantTable } from './tenant-scope.js';

/** One column of a table that names records of another table. */
export interface Reference {
  /** The referencing rows: their table and the column naming the referenced record. */
  table: TenantTable;
  column: string;
  /** The referenced table, and the column of its rows the referencing column holds (default: its `id`). */
  to: TenantTable;
  by?: string;
  /** Completes the referenced record's refusal, e.g. "… is still used by bookings (2)": 'bookings'. */
  what: string;
  /**
   * Where a refusal lists it among the references to the same table: ascending. The modules share one scale by
   * referencing table (departments 10, customers 20, customer contacts 30, project tasks 35, projects 40,
   * employees 45, tickets 50, bookings 60, absences 65, receipts 70, prices 75, project activities 76, price
   * factors 77, offers 80, offer items 82, invoices 85, invoice items 90, folders 100, regular working times 110).
   */
  order: number;
}

/** Every declared reference, by referenced table (filled once by src/modules/index.ts). */
const byTarget = new Map<string, Reference[]>();
let declared = false;

/** Collects the modules' references; a second call (another app in the same process) replaces them. */
export function declareReferences(references: readonly Reference[]): void {
  byTarget.clear();
  for (const r of references) (byTarget.get(r.to) ?? byTarget.set(r.to, []).get(r.to)!).push(r);
  for (const list of byTarget.values()) list.sort((a, b) => a.order - b.order);
  declared = true;
}

/** The references to records of `table`, in the order a refusal lists them. */
export function referencesTo(table: TenantTable): readonly Reference[] {
  if (!declared) throw new Error('No references are declared: src/modules/index.ts collects them.');
  return byTarget.get(table) ?? [];
}

/**
 * The references that still find rows of this tenant pointing at this record of `table`, each described with its
 * count so a refusal says what to clear first: `bookings (12)`. Each count reads the referencing table's (tenant,
 * column) index.
 */
export async function findReferences(db: TenantDb, table: TenantTable, record: object): Promise<string[]> {
  const fields = record as Record<string, unknown>;
  const found: string[] = [];
  for (const r of referencesTo(table)) {
    const value = r.by === undefined ? Number(fields.id) : fields[r.by];
    const row = await untyped(db)
      .selectFrom(r.table)
      .select((eb: any) => eb.fn.countAll().as('n'))
      .where(r.column, '=', value)
      .executeTakeFirst();
    const n = Number((row as { n?: unknown } | undefined)?.n ?? 0);
    if (n > 0) found.push(`${r.what} (${n})`);
  }
  return found;
}
