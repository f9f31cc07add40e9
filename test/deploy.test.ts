// The deploy files (Dockerfile, deploy/compose.yaml, deploy/zeitkonto.service) stay true: every setting they pass is
// one README's configuration table documents, what they start exists, and systemd accepts the unit. The image itself
// is built and run by `npm run test:container` (scripts/container-smoke.sh; podman), the install it makes by
// test/install.test.ts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import YAML from 'yaml';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const documented = new Set([...read('README.md').matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]));

test('every setting the deploy files pass is documented in README', () => {
  const compose = YAML.parse(read('deploy/compose.yaml'));
  const names = [
    ...Object.keys(compose.services.zeitkonto.environment),
    ...[...read('Dockerfile').matchAll(/^ENV (.+)$/gm)].flatMap((m) =>
      [...m[1].matchAll(/([A-Z_]+)=/g)].map((x) => x[1]),
    ),
    ...[...read('deploy/zeitkonto.service').matchAll(/^Environment=(.+)$/gm)].flatMap((m) =>
      [...m[1].matchAll(/([A-Z_]+)=/g)].map((x) => x[1]),
    ),
  ];
  assert.ok(names.length >= 6, names.join());
  for (const name of names) assert.ok(documented.has(name), `${name} is not in README's configuration table`);
});

test('the image and the unit start bin/zeitkonto.js serve; the healthcheck asks /readyz', () => {
  const docker = read('Dockerfile');
  assert.match(docker, /^ENTRYPOINT \["node", "bin\/zeitkonto\.js"\]$/m);
  assert.match(docker, /^CMD \["serve"\]$/m);
  assert.match(docker, /^USER 1000:1000$/m, 'not root');
  assert.match(docker, /HEALTHCHECK[\s\S]*\/readyz/);
  assert.ok(fs.existsSync(path.join(root, 'bin', 'zeitkonto.js')));
  assert.match(read('deploy/zeitkonto.service'), /^ExecStart=\S+ \/opt\/zeitkonto\/bin\/zeitkonto\.js serve$/m);
  const compose = YAML.parse(read('deploy/compose.yaml'));
  assert.equal(compose.services.zeitkonto.read_only, true);
});

const analyze = spawnSync('systemd-analyze', ['--version']).status === 0;
test('systemd-analyze verify accepts the unit', { skip: !analyze && 'systemd-analyze is not installed' }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-unit-'));
  try {
    // verify checks that ExecStart's program exists: point it at this Node.
    const unit = read('deploy/zeitkonto.service').replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`);
    fs.writeFileSync(path.join(dir, 'zeitkonto.service'), unit);
    const r = spawnSync('systemd-analyze', ['verify', path.join(dir, 'zeitkonto.service')], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr.trim(), '', r.stderr);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
