// Group commit: on SQLite, bookings arriving together share one COMMIT, each in its own savepoint.
// Seen by a client: a refused booking among parallel ones is a 422 and absent while the others are stored, and no
// booking is acknowledged before it is committed — each reply is checked, the moment it arrives, against a second
// connection that sees only committed rows. The same holds on PostgreSQL (one transaction per booking there).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import pg from 'pg';
import { forEachDialect, type Response, type TestContext } from '../../support/app.js';
import { bookingWorld } from '../../support/booking-world.js';

/** The tenant's booking ids as another connection sees them: committed rows only. */
function committedBookings(t: TestContext, tenantId: number): { ids(): Promise<Set<number>>; close(): Promise<void> } {
  const config = t.config.database;
  if (config.dialect === 'sqlite') {
    const db = new DatabaseSync(config.file, { readOnly: true });
    const statement = db.prepare('SELECT id FROM attendances WHERE tenant_id = ?');
    return {
      ids: async () => new Set(statement.all(tenantId).map((r) => Number(r.id))),
      close: async () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: config.url });
  const connected = client.connect();
  return {
    ids: async () => {
      await connected;
      return new Set(
        (await client.query('SELECT id FROM attendances WHERE tenant_id = $1', [tenantId])).rows.map((r) =>
          Number(r.id),
        ),
      );
    },
    close: () => client.end(),
  };
}

forEachDialect(
  'attendances: group commit',
  (t) => {
    test('parallel bookings with one refused: the others are stored and acknowledged only once committed, the refused one is a 422 and absent', async () => {
      const w = await bookingWorld(t());
      const kept = await w.book({ date: '2026-03-11', from: '09:00', to: '12:00' });
      const doomed = await w.book({ date: '2026-03-12', from: '09:00', to: '12:00' });
      assert.equal(kept.status, 201);
      assert.equal(doomed.status, 201);
      const observer = committedBookings(t(), w.c.tenant.id);
      try {
        // Checked as each reply arrives: what the reply acknowledges is already visible to another connection.
        const seen = async (r: Response) => ({ r, committed: await observer.ids() });
        const posts = Array.from({ length: 9 }, (_, i) =>
          w
            .book({ from: `${String(8 + i).padStart(2, '0')}:00`, to: `${String(8 + i).padStart(2, '0')}:30` })
            .then(seen),
        );
        const bad = w.book({ date: '2026-03-11', from: '10:00', to: '11:00' }).then(seen); // overlaps `kept`
        const patch = w.c.patch(`/attendances/${kept.body.data.id}`, { note: 'changed in a group' }).then(seen);
        const del = w.c.delete(`/attendances/${doomed.body.data.id}`).then(seen);
        const [created, refused, patched, deleted] = await Promise.all([Promise.all(posts), bad, patch, del]);

        for (const { r, committed } of created) {
          assert.equal(r.status, 201, JSON.stringify(r.body));
          assert.ok(
            committed.has(r.body.data.id),
            `booking ${r.body.data.id} was acknowledged before it was committed`,
          );
        }
        assert.equal(refused.r.status, 422);
        assert.ok(refused.r.body.violations.some((v: { rule: string }) => v.rule === 'overlap'));
        assert.equal(patched.r.status, 200);
        assert.equal(deleted.r.status, 204);
        assert.ok(!deleted.committed.has(doomed.body.data.id), 'the delete was acknowledged before it was committed');

        const stored = (await w.c.get(`/attendances?employee_id=${w.employee}&limit=100`)).body.data as {
          id: number;
          date: string;
          from: string;
          note: string | null;
        }[];
        assert.deepEqual(
          new Set(stored.map((a) => a.id)),
          new Set([kept.body.data.id, ...created.map(({ r }) => r.body.data.id)]),
        );
        assert.ok(
          !stored.some((a) => a.date.startsWith('2026-03-11') && a.from.startsWith('10:00')),
          'the refused booking was stored',
        );
        assert.equal(stored.find((a) => a.id === kept.body.data.id)!.note, 'changed in a group');
        assert.deepEqual(await observer.ids(), new Set(stored.map((a) => a.id)));
      } finally {
        await observer.close();
      }
    });

    test('a bulk request and single bookings in parallel: each is stored or refused on its own', async () => {
      const w = await bookingWorld(t());
      const [bulk, single, refused] = await Promise.all([
        w.c.post('/attendances/bulk', {
          items: [w.body({ date: '2026-03-16' }), w.body({ date: '2026-03-16', from: '10:00', to: '11:00' })],
        }),
        w.book({ date: '2026-03-17' }),
        w.book({ employee_id: 'nobody', date: '2026-03-18' }),
      ]);
      assert.equal(bulk.status, 200);
      assert.deepEqual(
        bulk.body.results.map((r: { status: number }) => r.status),
        [201, 422],
      );
      assert.equal(single.status, 201);
      assert.equal(refused.status, 422);
      const dates = ((await w.c.get(`/attendances?employee_id=${w.employee}`)).body.data as { date: string }[])
        .map((a) => a.date.slice(0, 10))
        .sort();
      assert.deepEqual(dates, ['2026-03-16', '2026-03-17']);
    });
    test('a COMMIT that fails fails every booking it would have made durable (500, or its own error alone): each 201 is stored, nothing else is', async () => {
      const w = await bookingWorld(t());
      await w.book({ date: '2026-03-02' }); // tenant and token cached before the race
      // A deferred foreign key (checked only at COMMIT) that a booking noted 'poison' breaks.
      const db = t().database.db;
      if (t().dialect === 'sqlite') {
        await sql`CREATE TABLE IF NOT EXISTS gc_poison_parent (id INTEGER PRIMARY KEY)`.execute(db);
        await sql`CREATE TABLE IF NOT EXISTS gc_poison (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES gc_poison_parent (id) DEFERRABLE INITIALLY DEFERRED)`.execute(
          db,
        );
        await sql`CREATE TRIGGER IF NOT EXISTS gc_poison_attendance AFTER INSERT ON attendances WHEN NEW.note = 'poison' BEGIN INSERT INTO gc_poison (parent_id) VALUES (-1); END`.execute(
          db,
        );
      } else {
        await sql`CREATE TABLE IF NOT EXISTS gc_poison_parent (id int PRIMARY KEY)`.execute(db);
        await sql`CREATE TABLE IF NOT EXISTS gc_poison (id serial PRIMARY KEY, parent_id int REFERENCES gc_poison_parent (id) DEFERRABLE INITIALLY DEFERRED)`.execute(
          db,
        );
        await sql`CREATE OR REPLACE FUNCTION gc_poison_fn() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO gc_poison (parent_id) VALUES (-1); RETURN NEW; END $$`.execute(
          db,
        );
        await sql`CREATE OR REPLACE TRIGGER gc_poison_attendance AFTER INSERT ON attendances FOR EACH ROW WHEN (NEW.note = 'poison') EXECUTE FUNCTION gc_poison_fn()`.execute(
          db,
        );
      }
      const slot = (i: number) => ({
        from: `${String(8 + i).padStart(2, '0')}:00`,
        to: `${String(8 + i).padStart(2, '0')}:30`,
      });
      const replies = await Promise.all(
        Array.from({ length: 9 }, (_, i) =>
          w.book({ ...slot(i), date: '2026-03-03', note: i === 4 ? 'poison' : null }),
        ),
      );
      assert.ok(replies[4].status >= 400, `the poisoned booking answered ${replies[4].status} ${replies[4].text}`);
      const stored = (
        (await w.c.get(`/attendances?employee_id=${w.employee}&date=2026-03-03&limit=100`)).body.data as {
          from: string;
          date: string;
        }[]
      )
        .filter((a) => a.date.startsWith('2026-03-03'))
        .map((a) => a.from.slice(0, 5))
        .sort();
      const acknowledged = replies.flatMap((r, i) => (r.status === 201 ? [slot(i).from] : [])).sort();
      assert.deepEqual(stored, acknowledged, `statuses ${replies.map((r) => r.status).join(',')}`);
      for (const [i, r] of replies.entries())
        if (i !== 4) assert.ok(r.status === 201 || r.status === 500, `status ${r.status}`);
    });

    // Tenant and token cached (as in production): the parallel requests reach the write path without a query first,
    // so on SQLite they do meet in one group.
  },
  { tenantCacheMs: 60_000 },
);
