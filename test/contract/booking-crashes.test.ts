// The fast part of the reliability run's booking load (reliability/bookings.ts, docs/reliability.md): bookings
// written through POST, PATCH, DELETE and bulk (atomic and not) by two server processes sharing the database, while
// one or both are killed with SIGKILL — each kill at the moment a writer receives an acknowledgement — and restarted.
// Afterwards every acknowledged booking reads back as last acknowledged (deleted ones are 404), nothing refused is
// present, the change feed holds an entry for every acknowledged write and ends in each booking's final state, and
// the database's integrity check passes. (The run adds one process alone, more kills at random moments, more load.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bookingDurability, bookingRows } from '../../reliability/bookings.js';
import { Random } from '../../reliability/random.js';
import { prepareTarget } from '../../reliability/server.js';
import { DIALECTS } from '../support/app.js';

for (const dialect of DIALECTS) {
  test(`bookings under kill -9, two processes on one database [${dialect}]: nothing acknowledged lost or changed, nothing refused present, the feed complete`, async () => {
    const target = await prepareTarget(dialect);
    try {
      const b = await bookingDurability(target, new Random(28), {
        kills: 3,
        processes: 2,
        writers: 4,
        loadMs: [600, 1500],
        alwaysAfterAnswer: true,
      });
      console.log(
        `# figure bookings: ${JSON.stringify({ kills: b.kills, acknowledged: b.acknowledged, inDoubt: b.inDoubt, seconds: b.seconds })}`,
      );
      for (const row of bookingRows(b)) assert.ok(row.ok, `${row.check}: ${row.figure}\n${b.samples.join('\n')}`);
      // The kills take the first process, the second (the other keeps writing), then both at once.
      assert.equal(b.kills, 4);
      const a = b.acknowledged;
      assert.ok(
        a.created > 0 && a.bulkCreated > 0 && a.atomicCreated > 0 && a.updated > 0 && a.deleted > 0,
        JSON.stringify(a),
      );
    } finally {
      await target.cleanup();
    }
  });
}
