// Generic over the OpenAPI document: every list endpoint it declares (a GET whose 200 answer holds a
// `data` array) answers `?format=csv` and `Accept: text/csv` with the same items as its JSON pages, in the same
// order, with a header row; and the document declares text/csv for each. A new list route is covered without edits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { cellOf, parseCsv } from '../support/csv.js';
import { readAll } from './support/isolation.js';
import { listEndpoints, withRequired } from './support/list-endpoints.js';
import { seedWorld, SWEEP_CONFIG } from './support/robustness.js';

const CSV = 'text/csv; charset=utf-8';

forEachDialect(
  'CSV on every list of the OpenAPI document',
  (t) => {
    test('each list answers ?format=csv and Accept: text/csv with every item of its JSON pages', async () => {
      const w = await seedWorld(t());
      const doc = (await t().inject({ method: 'GET', url: '/openapi/full.json' })).body;
      const routes = listEndpoints(doc);
      const failures: string[] = [];
      let withRows = 0;
      for (const route of routes) {
        if (!doc.paths[route.path].get.responses['200'].content['text/csv'])
          failures.push(`${route.path}: the document declares no text/csv answer`);
        const path = withRequired(route.path, w.fill(route.path, w.keys(route.path)!));
        const items = await readAll(w.c, path, route.paginated);
        const byFormat = await w.c.get(`${path}${path.includes('?') ? '&' : '?'}format=csv`);
        const byAccept = await w.c.get(path, { headers: { accept: 'text/csv' } });
        if (byFormat.status !== 200 || byFormat.headers['content-type'] !== CSV) {
          failures.push(
            `GET ${path}?format=csv -> ${byFormat.status} ${byFormat.headers['content-type']} ${byFormat.text.slice(0, 200)}`,
          );
          continue;
        }
        if (byAccept.status !== 200 || byAccept.headers['content-type'] !== CSV || byAccept.text !== byFormat.text) {
          failures.push(
            `GET ${path} with Accept: text/csv -> ${byAccept.status} ${byAccept.headers['content-type']}, not the ?format=csv answer`,
          );
        }
        const [header, ...rows] = parseCsv(byFormat.text);
        // A report ends with its totals row (docs/api/reports.md "Exports").
        if (route.path.startsWith('/reports/') && rows.pop()?.[0] !== 'Total')
          failures.push(`GET ${path}?format=csv: no totals row`);
        if (!header || header.length === 0 || header.some((h) => h === '')) {
          failures.push(`GET ${path}?format=csv: no header row`);
          continue;
        }
        const expected = items.map((item) =>
          header.map((h) => cellOf(h.split('.').reduce((v: any, k) => v?.[k], item))),
        );
        try {
          assert.deepEqual(rows, expected);
        } catch {
          failures.push(
            `GET ${path}?format=csv: ${rows.length} rows, not the ${items.length} items of the JSON pages with the same values in the same order`,
          );
        }
        if (rows.length > 0) withRows++;
      }
      assert.deepEqual(failures, []);
      assert.ok(routes.length >= 40, `the sweep saw ${routes.length} list routes`);
      assert.ok(
        withRows >= (routes.length * 3) / 4,
        `only ${withRows} of ${routes.length} lists had rows: the sweep proves little`,
      );
    });
  },
  SWEEP_CONFIG,
);
