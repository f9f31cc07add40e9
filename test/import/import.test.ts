// zeitkonto import: a generated tenant read over HTTP into an empty tenant answers every GET as the source does;
// an interrupted import resumes without writing anything twice; 429 answers are waited out; a 404 list is skipped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, uniqueName } from '../support/app.js';
import { importTenant } from '../../src/import/importer.js';
import { findTenant } from '../../src/tenancy/tenants.js';
import { SourceError } from '../../src/import/source.js';
import { assertSameAnswers, freshToken, minimumRequests, sourceTenant } from './support.js';

forEachDialect(
  'import',
  (t) => {
    const run = (instance: string, source: { base: string; token: string; fetch?: typeof fetch }, more = {}) =>
      importTenant(t().database.db, t().database.dialect, { instance, source, ...more });
    const clientOf = async (instance: string) => {
      const tenant = (await findTenant(t().database.db, instance))!;
      return t().client(tenant, await freshToken(t(), tenant));
    };

    test('an imported tenant answers every GET of the imported resources as the source does', async () => {
      const src = await sourceTenant(t());
      const instance = uniqueName('imp');
      const lines: string[] = [];
      const report = await run(
        instance,
        { base: src.base, token: await freshToken(t(), src.tenant) },
        {
          progress: (l: string) => lines.push(l),
        },
      );
      assert.equal(report.created, true);
      assert.deepEqual(
        report.resources.filter((r) => r.outcome !== 'imported' || r.reason),
        [],
        'every resource imported whole',
      );
      const byName = Object.fromEntries(report.resources.map((r) => [r.name, r.records]));
      assert.equal(byName.attendances, src.counts.attendances);
      assert.equal(byName.receipts, src.counts.receipts);
      assert.ok(
        lines.some((l) => /attendances: page \d+\/\d+, \d+ records/.test(l)),
        lines.join('\n'),
      );
      const source = await clientOf(src.tenant.instance);
      // The fewest requests the page size allows: one per page of every list.
      assert.equal(report.requests, await minimumRequests(source));
      await assertSameAnswers(source, await clientOf(instance));
    });

    test('an import that fails midway resumes on the rerun and writes nothing twice', async () => {
      const src = await sourceTenant(t());
      const instance = uniqueName('imp');
      let sent = 0;
      const failing: typeof fetch = async (input, init) => {
        if (++sent > 60) throw new Error('connection reset');
        return fetch(input, init);
      };
      await assert.rejects(
        run(instance, { base: src.base, token: await freshToken(t(), src.tenant), fetch: failing }),
        (e) => e instanceof SourceError && /connection reset/.test(e.message),
      );
      const rerun = await run(instance, { base: src.base, token: await freshToken(t(), src.tenant) });
      assert.ok(
        rerun.resources.some((r) => r.outcome === 'already imported'),
        'the first resources were not read again',
      );
      const source = await clientOf(src.tenant.instance);
      assert.ok(rerun.requests < (await minimumRequests(source)), 'the rerun read only what was missing');
      await assertSameAnswers(source, await clientOf(instance), false);
    });

    test('a source answering 429 with Retry-After is waited out, within 10 % of the fewest requests', async () => {
      const src = await sourceTenant(t());
      const instance = uniqueName('imp');
      let sent = 0;
      // Every 25th request is refused once, as the live system does when its limit is reached.
      const limited: typeof fetch = async (input, init) =>
        ++sent % 25 === 0
          ? new Response('{"message":"Too Many Attempts."}', { status: 429, headers: { 'retry-after': '2' } })
          : fetch(input, init);
      const waits: number[] = [];
      const report = await importTenant(t().database.db, t().database.dialect, {
        instance,
        source: {
          base: src.base,
          token: await freshToken(t(), src.tenant),
          fetch: limited,
          sleep: async (ms) => void waits.push(ms),
        },
      });
      assert.ok(report.throttled > 0);
      assert.deepEqual(new Set(waits), new Set([2000]), 'waited as long as Retry-After said');
      const minimum = await minimumRequests(await clientOf(src.tenant.instance));
      assert.ok(report.requests <= minimum * 1.1, `${report.requests} requests, at least ${minimum}`);
      await assertSameAnswers(await clientOf(src.tenant.instance), await clientOf(instance), false);
    });

    test('the client keeps to the rate limit it is given', async () => {
      const src = await sourceTenant(t());
      const waits: number[] = [];
      let clock = Date.now();
      const report = await importTenant(t().database.db, t().database.dialect, {
        instance: uniqueName('imp'),
        only: ['departments', 'price-groups', 'activities', 'absence-reasons', 'holiday-calendars', 'employees'],
        source: {
          base: src.base,
          token: await freshToken(t(), src.tenant),
          perWindow: 5,
          windowMs: 60_000,
          now: () => clock,
          sleep: async (ms) => {
            waits.push(ms);
            clock += ms;
          },
        },
      });
      // 6 lists + 1 calendar's holidays + 3 child lists for each of 5 employees = 22 requests: a pause before the
      // 6th, 11th, 16th and 21st.
      assert.equal(report.requests, 22);
      assert.equal(waits.length, 4);
      assert.ok(
        waits.every((ms) => ms > 55_000 && ms <= 60_000),
        waits.join(),
      );
    });

    test('a list the source answers 404 is skipped and reported', async () => {
      const src = await sourceTenant(t());
      const unlicensed: typeof fetch = async (input, init) =>
        new URL(String(input)).pathname.endsWith('/receipts')
          ? new Response('{"message":"Not Found"}', { status: 404 })
          : fetch(input, init);
      const report = await run(
        uniqueName('imp'),
        { base: src.base, token: await freshToken(t(), src.tenant), fetch: unlicensed },
        { only: ['activities', 'receipts'] },
      );
      assert.deepEqual(
        report.resources.map((r) => [r.name, r.outcome]),
        [
          ['activities', 'imported'],
          ['receipts', 'skipped'],
        ],
      );
      assert.match(report.resources[1].reason!, /404/);
    });
    // The comparisons read far more than 1000 requests in 5 minutes: the source's limit is the stub's above.
  },
  { rateLimit: { perFiveMinutes: 1_000_000, perHour: 1_000_000 } },
);
