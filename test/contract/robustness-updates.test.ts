// Robustness sweep, PATCH/PUT and DELETE on real records: bodies that are not an object, empty or broken JSON,
// unknown properties, every declared property wrong in turn (sent alone, as a partial update); then every
// DELETE with an empty JSON body, children before parents. Never a 5xx; every error is JSON with a message.
// A hostile value (hostile-values.ts) sent alone is a 422 on its field and changes nothing: the record reads the
// same and the change feed has no entry; upload routes refuse multipart bodies without a boundary.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { bodyText, FULL_SWEEP } from './support/hostile-values.js';
import {
  bodySchema,
  bodyVariants,
  changesSince,
  checkBoundaryless,
  collectionOf,
  describe,
  feedCursor,
  Findings,
  loadOperations,
  NON_OBJECT_BODIES,
  seedWorld,
  send,
  type World,
  SWEEP_CONFIG,
} from './support/robustness.js';

const parentOf = (template: string) => template.replace(/\/\{[^}]+\}$/, '');

/** Keep the world's record current after a successful update (a renamed key must be followed). */
function remember(w: World, template: string, body: any) {
  const collection = collectionOf(parentOf(template));
  if (body?.data && w.records.has(collection) && !Array.isArray(body.data)) w.records.set(collection, body.data);
}

forEachDialect(
  'robustness: updates and deletes',
  (t) => {
    test('every PATCH and PUT answers bad bodies and bad properties with a JSON 4xx (or applies a fine value); hostile values are a 422 on their field and change nothing', async () => {
      const started = Date.now();
      const w = await seedWorld(t());
      const findings = new Findings();
      const ops = await loadOperations(t());
      const postTemplates = new Map(
        ops.filter((o) => o.method === 'POST').map((o) => [collectionOf(o.template), o.template]),
      );
      const gets = new Set(ops.filter((o) => o.method === 'GET').map((o) => o.template));
      for (const o of ops.filter((x) => x.method === 'PATCH' || x.method === 'PUT')) {
        const at = () => w.fill(o.template, w.keys(o.template)!);
        const post = postTemplates.get(collectionOf(parentOf(o.template)));
        const nestedBase = post ? await w.baseline(post) : {};
        const variants = bodyVariants(bodySchema(o), nestedBase);
        // PUT runs the same handler as PATCH: in npm test its hostile values are left to PATCH (the reliability run sends all).
        const hostile = variants.filter((v) => v[2] && (o.method === 'PATCH' || FULL_SWEEP));
        const cursor = await feedCursor(w.c);
        const before = gets.has(o.template) ? (await w.c.get(at())).text : undefined;
        for (const [label, changes, field] of hostile)
          findings.refused(
            `${o.method} ${o.template} ${label}`,
            await send(w.c, o.method, at(), bodyText(changes)),
            field!,
          );
        await checkBoundaryless(findings, w.c, o, at());
        const written = await changesSince(w.c, cursor);
        if (written.length > 0)
          findings.failures.push(`${o.method} ${o.template}: refused bodies wrote ${written.join(', ')}`);
        if (before !== undefined && (await w.c.get(at())).text !== before)
          findings.failures.push(`${o.method} ${o.template}: refused bodies changed the record`);
        for (const raw of NON_OBJECT_BODIES)
          findings.check(`${o.method} ${o.template} body=${describe(raw)}`, await send(w.c, o.method, at(), raw));
        // PUT runs the same handler as PATCH: the unknown-property case stands for the rest.
        const others = variants.filter((v) => !v[2]);
        for (const [label, changes] of o.method === 'PUT' ? others.slice(0, 1) : others) {
          const r = findings.check(
            `${o.method} ${o.template} ${label}`,
            await send(w.c, o.method, at(), bodyText(changes)),
          );
          if (r.status < 300) remember(w, o.template, r.body);
        }
      }
      console.log(
        `# figure hostileUpdate: ${JSON.stringify({ full: FULL_SWEEP, requests: findings.count, hostile: findings.hostile, failures: findings.failures.length, seconds: Math.round((Date.now() - started) / 1000) })}`,
      );
      assert.equal(findings.failures.length, 0, findings.message());
    });

    test('every DELETE of a real record, with broken JSON and then an empty JSON body, is a JSON 4xx or a 204', async () => {
      const w = await seedWorld(t());
      const findings = new Findings();
      const deletes = (await loadOperations(t())).filter((o) => o.method === 'DELETE');
      deletes.sort((a, b) => b.template.split('/').length - a.template.split('/').length);
      for (const o of deletes) {
        const path = w.fill(o.template, w.keys(o.template)!);
        const broken = findings.check(`DELETE ${o.template} body={`, await send(w.c, 'DELETE', path, '{'));
        assert.equal(broken.status, 400, `DELETE ${o.template} with broken JSON: ${broken.text}`);
        findings.check(`DELETE ${o.template} empty JSON body`, await send(w.c, 'DELETE', path, ''));
      }
      assert.equal(findings.failures.length, 0, findings.message());
    });
  },
  SWEEP_CONFIG,
);
