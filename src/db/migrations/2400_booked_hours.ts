// Running planned-hours sums: the hours booked on each project, task, ticket and subtask, kept in
// booked_hours by triggers on attendances in the same transaction as every booking insert, update (of its duration
// or of what it is booked on: a move) and delete — also bulk bookings, savepoints rolled back, cascades and direct
// SQL. The planned-hours rule reads one row instead of summing every booking of the item. Backfilled here.
// kind: 1 project, 2 task, 3 ticket, 4 subtask (BOOKED_KIND in booking/booking-facts.repository.ts).
// Concurrency: each change is an atomic `hours = hours ± duration` on the row (PostgreSQL: the row lock orders
// concurrent writers); the rule reads the row after the booking's project/employee locks (db/transaction.ts).
import { sql } from 'kysely';
import type { Migration } from '../migration.js';
import { ddl } from '../dialect.js';

const ITEMS = [
  [1, 'project_id'],
  [2, 'project_task_id'],
  [3, 'ticket_id'],
  [4, 'subtask_id'],
] as const;
const WATCHED = 'duration, project_id, project_task_id, ticket_id, subtask_id';

/** SQLite: one statement per item, subtracting the old row's hours or adding the new row's. */
const sqliteSubtract = (row: 'OLD') =>
  ITEMS.map(
    ([k, c]) =>
      `UPDATE booked_hours SET hours = hours - ${row}.duration WHERE tenant_id = ${row}.tenant_id AND kind = ${k} AND item_id = ${row}.${c};`,
  ).join('\n  ');
const sqliteAdd = (row: 'NEW') =>
  ITEMS.map(
    ([k, c]) =>
      `INSERT INTO booked_hours (tenant_id, kind, item_id, hours) SELECT ${row}.tenant_id, ${k}, ${row}.${c}, ${row}.duration WHERE ${row}.${c} IS NOT NULL ` +
      `ON CONFLICT (tenant_id, kind, item_id) DO UPDATE SET hours = hours + excluded.hours;`,
  ).join('\n  ');

export const bookedHours: Migration = {
  version: '2400_booked_hours',
  async up(db, dialect) {
    const t = ddl(dialect);
    const run = (statement: string) => sql.raw(statement).execute(db);
    await run(`
CREATE TABLE booked_hours (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  kind ${t.int} NOT NULL,
  item_id ${t.int} NOT NULL,
  hours ${t.num} NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, kind, item_id)
)`);
    await run(`
INSERT INTO booked_hours (tenant_id, kind, item_id, hours)
${ITEMS.map(([k, c]) => `SELECT tenant_id, ${k}, ${c}, sum(duration) FROM attendances WHERE ${c} IS NOT NULL GROUP BY tenant_id, ${c}`).join('\nUNION ALL\n')}`);
    if (dialect === 'postgres') {
      await run(`
CREATE FUNCTION attendances_booked_hours() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE booked_hours SET hours = hours - OLD.duration
    WHERE tenant_id = OLD.tenant_id AND (${ITEMS.map(([k, c]) => `(kind = ${k} AND item_id = OLD.${c})`).join(' OR ')});
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO booked_hours (tenant_id, kind, item_id, hours)
    SELECT NEW.tenant_id, v.kind, v.item_id, NEW.duration
    FROM (VALUES ${ITEMS.map(([k, c]) => `(${k}, NEW.${c})`).join(', ')}) AS v (kind, item_id)
    WHERE v.item_id IS NOT NULL
    ORDER BY v.kind
    ON CONFLICT (tenant_id, kind, item_id) DO UPDATE SET hours = booked_hours.hours + excluded.hours;
  END IF;
  RETURN NULL;
END
$$`);
      await run(
        `CREATE TRIGGER attendances_booked_hours_write AFTER INSERT OR DELETE ON attendances FOR EACH ROW EXECUTE FUNCTION attendances_booked_hours()`,
      );
      await run(`
CREATE TRIGGER attendances_booked_hours_update AFTER UPDATE OF ${WATCHED} ON attendances FOR EACH ROW
WHEN (${WATCHED.split(', ')
        .map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`)
        .join(' OR ')})
EXECUTE FUNCTION attendances_booked_hours()`);
      return;
    }
    await run(
      `CREATE TRIGGER attendances_booked_hours_insert AFTER INSERT ON attendances BEGIN\n  ${sqliteAdd('NEW')}\nEND`,
    );
    await run(
      `CREATE TRIGGER attendances_booked_hours_delete AFTER DELETE ON attendances BEGIN\n  ${sqliteSubtract('OLD')}\nEND`,
    );
    await run(`
CREATE TRIGGER attendances_booked_hours_update AFTER UPDATE OF ${WATCHED} ON attendances
WHEN ${WATCHED.split(', ')
      .map((c) => `OLD.${c} IS NOT NEW.${c}`)
      .join(' OR ')}
BEGIN
  ${sqliteSubtract('OLD')}
  ${sqliteAdd('NEW')}
END`);
  },
};
