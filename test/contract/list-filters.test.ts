// Generic over the OpenAPI document: on every list, a date filter is validated or not applied at all, and a date
// window is given forwards (docs/api/conventions.md, "Lists"). For each date or timestamp parameter any list
// declares: where the list declares it, an empty, malformed or out-of-range value is a 422 on it; where it does not,
// the value changes nothing (the same records as without it). Every window a list declares (start_date/end_date,
// date_from/date_to, …) is a 422 on its end when the start is after the end, and a one-day range when they are equal.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { listEndpoints, withRequired } from './support/list-endpoints.js';
import { dereference } from './support/openapi.js';
import { seedWorld, SWEEP_CONFIG } from './support/robustness.js';
import { refusedOn } from './support/hostile-values.js';

/** Every date window of the API, [start, end]: a new date parameter must be named here (or in SINGLE_DATES). */
const WINDOWS: [string, string][] = [
  ['start_date', 'end_date'],
  ['date_from', 'date_to'],
  ['planned_from', 'planned_to'],
  ['project_start_date', 'project_end_date'],
  ['modified_after', 'modified_before'],
  ['from', 'to'],
];
/** Date parameters that are no end of a window (a vehicle list's day). */
const SINGLE_DATES = ['date', 'as_of'];
/**
 * The hours report's required parameters, with a window no bad start date is after (the backwards-window check of
 * http/request-input.ts would answer on end_date first).
 */
const REQUIRED = {
  '/reports/hours': [
    ['group_by', 'customer,month'],
    ['start_date', '2023-01-01'],
    ['end_date', '9999-12-31'],
  ] as [string, string][],
};

const isDate = (s: any) => s?.format === 'date' || s?.format === 'filter-timestamp';
const BAD: Record<string, string[]> = {
  date: ['', 'garbage', '2024-02-30', '0000-01-01', '10000-01-01', '2024-03-01T00:00:00'],
  'filter-timestamp': ['', 'garbage', '2024-02-30', '0000-01-01 00:00:00', '10000-01-01'],
};
const ofList = (r: { body: any }) => JSON.stringify([r.body?.data, r.body?.meta?.total]);

forEachDialect(
  'list filters on every list',
  (t) => {
    test('a date filter is validated where a list declares it and changes nothing where it does not; a reversed window is a 422 on its end', async () => {
      const w = await seedWorld(t());
      const doc = dereference((await t().inject({ method: 'GET', url: '/openapi/full.json' })).body);
      const routes = listEndpoints(doc);
      const declared = (route: string) =>
        new Map<string, any>(
          [...(doc.paths[route].parameters ?? []), ...(doc.paths[route].get.parameters ?? [])]
            .filter((p: any) => p.in === 'query' && isDate(p.schema))
            .map((p: any) => [p.name, p.schema]),
        );
      const all = new Map(routes.flatMap((r) => [...declared(r.path)]));
      const failures: string[] = [];
      let requests = 0;
      for (const name of all.keys())
        if (!SINGLE_DATES.includes(name) && !WINDOWS.flat().includes(name))
          failures.push(`${name}: a date parameter no window names; add it to WINDOWS or SINGLE_DATES`);
      for (const route of routes) {
        const path = w.fill(route.path, w.keys(route.path)!);
        const get = async (query: string) => {
          requests++;
          return w.c.get(withRequired(route.path, path, query, REQUIRED));
        };
        const plain = await w.c.get(withRequired(route.path, path, '', REQUIRED));
        const params = declared(route.path);
        for (const [name, schema] of all) {
          if (params.has(name)) {
            for (const value of BAD[params.get(name).format]) {
              const r = await get(`${name}=${encodeURIComponent(value)}`);
              if (!refusedOn(r, name))
                failures.push(
                  `GET ${route.path}?${name}=${value} -> ${r.status}, not a 422 on ${name}: ${r.text.slice(0, 200)}`,
                );
            }
          } else if (plain.status === 200) {
            for (const value of ['', 'garbage', schema.format === 'date' ? '2024-03-01' : '2030-01-01 00:00:00']) {
              const r = await get(`${name}=${encodeURIComponent(value)}`);
              if (r.status !== 200 || ofList(r) !== ofList(plain))
                failures.push(
                  `GET ${route.path}?${name}=${value} (not a parameter of the list) -> ${r.status}, not the list without it: ${r.text.slice(0, 200)}`,
                );
            }
          }
        }
        for (const [start, end] of WINDOWS.filter(([s, e]) => params.has(s) && params.has(e))) {
          const [early, late] =
            params.get(start).format === 'date'
              ? ['2024-03-01', '2024-03-10']
              : ['2024-03-01 00:00:00', '2024-03-10 00:00:00'];
          const reversed = await get(`${start}=${encodeURIComponent(late)}&${end}=${encodeURIComponent(early)}`);
          if (!refusedOn(reversed, end))
            failures.push(
              `GET ${route.path}?${start}=${late}&${end}=${early} -> ${reversed.status}, not a 422 on ${end}: ${reversed.text.slice(0, 200)}`,
            );
          if (params.get(start).format === 'date') {
            const oneDay = await get(`${start}=${early}&${end}=${early}`);
            if (oneDay.status !== 200)
              failures.push(
                `GET ${route.path}?${start}=${early}&${end}=${early} -> ${oneDay.status}, not a one-day range: ${oneDay.text.slice(0, 200)}`,
              );
          }
        }
      }
      assert.deepEqual(failures, []);
      assert.ok(
        routes.length >= 40 && all.size >= 10,
        `the sweep saw ${routes.length} lists and ${all.size} date parameters`,
      );
      console.log(
        `# figure listFilters: ${JSON.stringify({ lists: routes.length, dateParameters: all.size, requests })}`,
      );
    });
  },
  SWEEP_CONFIG,
);
