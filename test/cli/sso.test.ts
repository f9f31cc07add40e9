// `zeitkonto sso set|show|remove` in-process (main with captured output) on a SQLite file and on a PostgreSQL database
// of its own: the API's GET /sessions/sso follows what the operator set; the client secret is read from a file and
// never printed; bad arguments are usage errors.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { main } from '../../src/cli/index.js';
import { loadConfig } from '../../src/config.js';
import type { ZkApp } from '../../src/types.js';
import { DIALECTS } from '../support/app.js';
import { createPgDatabase, dropPgDatabase } from '../support/db.js';

for (const dialect of DIALECTS) {
  describe(`zeitkonto sso [${dialect}]`, () => {
    let env: NodeJS.ProcessEnv;
    let app: ZkApp;
    let dir: string;
    let cleanup: () => Promise<void>;
    const run = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, env);
      return { code, out, err };
    };
    const secretFile = (content: string) => {
      const file = path.join(dir, `secret-${crypto.randomBytes(3).toString('hex')}`);
      fs.writeFileSync(file, content, { mode: 0o600 });
      return file;
    };
    const info = (instance: string) => app.inject({ method: 'GET', url: `/${instance}/next/api/v1/sessions/sso` });
    const newTenant = async () => {
      const instance = `sso${crypto.randomBytes(4).toString('hex')}`;
      assert.equal((await run('tenant', 'create', instance)).code, 0);
      return instance;
    };

    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-sso-'));
      if (dialect === 'sqlite') {
        env = { DATABASE_URL: `file:${path.join(dir, 'x.db')}`, LOG_LEVEL: 'silent', TENANT_CACHE_MS: '0' };
        cleanup = async () => {};
      } else {
        const name = `zk_sso_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
        env = { DATABASE_URL: await createPgDatabase(name), LOG_LEVEL: 'silent', TENANT_CACHE_MS: '0' };
        cleanup = () => dropPgDatabase(name);
      }
      assert.equal((await run('migrate')).code, 0);
      app = await buildApp(loadConfig(env), { logger: false });
      await app.ready();
    });
    after(async () => {
      await app?.close();
      await cleanup?.();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    test('set, show and remove: the API follows, and the secret is never printed nor answered', async () => {
      const instance = await newTenant();
      assert.equal((await info(instance)).statusCode, 404);
      const secret = `s3cr3t-${crypto.randomBytes(8).toString('hex')}`;
      const set = await run(
        'sso',
        'set',
        instance,
        '--issuer',
        'https://login.example.org/realms/staff',
        '--client-id',
        'zeitkonto',
        '--client-secret-file',
        secretFile(`${secret}\n`),
        '--match',
        'email',
      );
      assert.equal(set.code, 0, set.err.join('\n'));
      assert.ok(set.out.some((l) => l.includes(`/${instance}/next/api/v1/sessions/sso/callback`)));
      const shown = await run('sso', 'show', instance, '--json');
      assert.equal(shown.code, 0);
      const json = JSON.parse(shown.out.join('\n'));
      assert.equal(json.issuer, 'https://login.example.org/realms/staff');
      assert.equal(json.client_id, 'zeitkonto');
      assert.equal(json.match, 'email');
      assert.equal(json.claim, 'email');
      assert.equal(json.name, 'login.example.org');
      const plain = await run('sso', 'show', instance);
      for (const printed of [set, shown, plain]) assert.ok(!JSON.stringify(printed).includes(secret));
      const r = await info(instance);
      assert.equal(r.statusCode, 200, r.body);
      assert.equal(r.json().data.issuer, 'https://login.example.org/realms/staff');
      assert.ok(!r.body.includes(secret));
      // Setting again replaces it.
      const again = await run(
        'sso',
        'set',
        instance,
        '--issuer',
        'https://accounts.example.com',
        '--client-id',
        'other',
        '--client-secret-file',
        secretFile('x'),
        '--claim',
        'upn',
        '--name',
        'Company login',
      );
      assert.equal(again.code, 0, again.err.join('\n'));
      const replaced = JSON.parse((await run('sso', 'show', instance, '--json')).out.join('\n'));
      assert.deepEqual([replaced.name, replaced.match, replaced.claim], ['Company login', 'username', 'upn']);
      assert.deepEqual((await run('sso', 'remove', instance)).code, 0);
      assert.equal((await info(instance)).statusCode, 404);
      const gone = await run('sso', 'show', instance);
      assert.equal(gone.code, 1);
      assert.match(gone.err.join('\n'), /has no single sign-on/);
      assert.equal((await run('sso', 'remove', instance)).code, 1);
    });

    test('bad arguments are usage errors (exit 2) and change nothing', async () => {
      const instance = await newTenant();
      const file = secretFile('secret');
      const base = ['--client-id', 'zk', '--client-secret-file', file];
      for (const args of [
        ['--issuer', 'http://login.example.org', ...base],
        ['--issuer', 'not a url', ...base],
        ['--issuer', 'https://login.example.org?x=1', ...base],
        ['--client-id', 'zk', '--client-secret-file', file],
        ['--issuer', 'https://login.example.org', '--client-secret-file', file],
        ['--issuer', 'https://login.example.org', '--client-id', 'zk'],
        ['--issuer', 'https://login.example.org', '--client-id', 'zk', '--client-secret-file', path.join(dir, 'none')],
        ['--issuer', 'https://login.example.org', '--client-id', 'zk', '--client-secret-file', secretFile('\n')],
        ['--issuer', 'https://login.example.org', ...base, '--match', 'phone'],
        ['--issuer', 'https://login.example.org', ...base, '--client-secret', 'inline'],
      ]) {
        const r = await run('sso', 'set', instance, ...args);
        assert.equal(r.code, 2, `${args.join(' ')}: ${r.err.join('\n')}`);
      }
      assert.equal((await info(instance)).statusCode, 404);
      assert.equal((await run('sso', 'set', 'nosuchtenant', '--issuer', 'https://a.example', ...base)).code, 1);
      assert.equal((await run('sso', 'frobnicate', instance)).code, 2);
      // A provider on this machine may speak plain HTTP.
      assert.equal((await run('sso', 'set', instance, '--issuer', 'http://127.0.0.1:8080', ...base)).code, 0);
    });
  });
}
