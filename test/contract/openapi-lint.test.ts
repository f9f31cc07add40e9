// The served OpenAPI documents pass Spectral's OpenAPI ruleset without errors and Redocly's
// recommended rules without warnings (both linters are devDependencies and run offline); so does the 3.0 rendition.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { forEachDialect } from '../support/app.js';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const OFFLINE = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

/** Run a linter's CLI on this Node; its exit code is read from the output, not thrown. */
async function lint(bin: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, bin), ...args], {
      cwd: root,
      env: OFFLINE,
      maxBuffer: 64 << 20,
    });
    return { code: 0, output: stdout, log: stderr };
  } catch (e: any) {
    return { code: e.code as number, output: String(e.stdout), log: String(e.stderr) };
  }
}

forEachDialect('openapi linters', (t) => {
  for (const edition of ['full', 'clock', 'full-3.0']) {
    test(`/openapi/${edition}.json: spectral:oas 0 errors, redocly recommended 0 warnings`, async () => {
      // A deployed host: the linters reject localhost server URLs.
      const r = await t().inject({
        method: 'GET',
        url: `/openapi/${edition}.json`,
        headers: { host: 'zeitkonto.internal' },
      });
      assert.equal(r.status, 200);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-openapi-'));
      const file = path.join(dir, `${edition}.json`);
      fs.writeFileSync(file, r.text);
      try {
        const spectral = await lint('node_modules/@stoplight/spectral-cli/dist/index.js', [
          'lint',
          '-r',
          '.spectral.yaml',
          '-f',
          'json',
          '-q',
          file,
        ]);
        const problems = JSON.parse(spectral.output) as {
          code: string;
          severity: number;
          message: string;
          path: string[];
        }[];
        const errors = problems
          .filter((p) => p.severity === 0)
          .map((p) => `${p.code}: ${p.message} at ${p.path.join('.')}`);
        assert.deepEqual(errors, [], 'spectral errors');
        const redocly = await lint('node_modules/@redocly/cli/bin/cli.js', [
          'lint',
          '--config',
          'redocly.yaml',
          '--format',
          'json',
          file,
        ]);
        const report = JSON.parse(redocly.output);
        const found = report.problems.map((p: any) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`);
        assert.deepEqual(found, [], 'redocly problems');
        assert.equal(redocly.code, 0);
        if (edition === 'full-3.0') {
          assert.equal(r.body.openapi, '3.0.3');
          assert.doesNotMatch(r.text, /"type":\[|"examples":|"const":/, 'no 3.1-only keywords');
          assert.equal(
            Object.keys(r.body.paths).length,
            Object.keys((await t().inject({ method: 'GET', url: '/openapi/full.json' })).body.paths).length,
          );
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
