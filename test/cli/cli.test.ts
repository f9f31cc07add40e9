// The zeitkonto command in-process (main with captured output) on a SQLite file and on a PostgreSQL
// database of its own: migrate, demo (idempotent), tenant create (with its first administrator)/update/list, token create/list/revoke, settings,
// usage errors.
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

interface Run {
  code: number;
  out: string[];
  err: string[];
}

for (const dialect of DIALECTS) {
  describe(`zeitkonto command [${dialect}]`, () => {
    let env: NodeJS.ProcessEnv;
    let app: ZkApp;
    let cleanup: () => Promise<void>;
    const run = async (...argv: string[]): Promise<Run> => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, env);
      return { code, out, err };
    };
    const status = async (instance: string, token: string, method: 'GET' | 'POST' = 'GET') =>
      (
        await app.inject({
          method,
          url: `/${instance}/next/api/v1/activities`,
          headers: { authorization: `Bearer ${token}` },
          ...(method === 'POST' ? { payload: { name: `a${crypto.randomBytes(3).toString('hex')}` } } : {}),
        })
      ).statusCode;
    const instance = () => `cli${crypto.randomBytes(4).toString('hex')}`;

    before(async () => {
      if (dialect === 'sqlite') {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-cli-'));
        env = { DATABASE_URL: `file:${path.join(dir, 'x.db')}`, LOG_LEVEL: 'silent', TENANT_CACHE_MS: '0' };
        cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
      } else {
        const name = `zk_cli_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
        env = { DATABASE_URL: await createPgDatabase(name), LOG_LEVEL: 'silent', TENANT_CACHE_MS: '0' };
        cleanup = () => dropPgDatabase(name);
      }
      const migrated = await run('migrate');
      assert.deepEqual(migrated, { code: 0, out: ['Database is up to date.'], err: [] });
      app = await buildApp(loadConfig(env), { logger: false });
      await app.ready();
    });
    after(async () => {
      await app?.close();
      await cleanup?.();
    });

    test('migrate is repeatable', async () => {
      assert.equal((await run('migrate')).code, 0);
    });

    test('tenant create --admin makes an administrator and prints a one-time password that signs in', async () => {
      const name = instance();
      const created = await run('tenant', 'create', name, '--admin', 'chefin');
      assert.equal(created.code, 0, created.err.join('\n'));
      const line = created.out.find((l) => l.startsWith('Administrator chefin'));
      const password = line?.split(': ').pop();
      assert.ok(password && password.length >= 20, created.out.join('\n'));
      const signIn = (pw: string) =>
        app.inject({
          method: 'POST',
          url: `/${name}/next/api/v1/sessions`,
          payload: { username: 'chefin', password: pw },
          remoteAddress: `10.9.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
        });
      const r = await signIn(password);
      assert.equal(r.statusCode, 201, r.body);
      const cookie = String(r.headers['set-cookie']).split(';')[0];
      const me = await app.inject({ method: 'GET', url: `/${name}/next/api/v1/employees/chefin`, headers: { cookie } });
      assert.equal(me.statusCode, 200, me.body);
      const rights = JSON.parse(me.body).data.rights;
      assert.equal(typeof rights === 'object' ? rights.id : rights, 1, me.body);
      assert.equal((await signIn('not the password')).statusCode, 401);
      const bad = await run('tenant', 'create', instance(), '--admin', '');
      assert.equal(bad.code, 2);
    });

    test('tenant create / list / update, with edition and modules', async () => {
      const name = instance();
      const created = await run(
        'tenant',
        'create',
        name,
        '--edition',
        'clock',
        '--modules',
        'departments, ahr',
        '--name',
        'ACME GmbH',
      );
      assert.deepEqual(created, {
        code: 0,
        out: [`Created tenant ${name} (edition clock, modules: ahr, departments).`],
        err: [],
      });
      const listed = await run('tenant', 'list');
      assert.equal(listed.out[0], 'INSTANCE\tEDITION\tLANGUAGE\tMODULES\tNAME');
      assert.ok(listed.out.includes(`${name}\tclock\ten\tahr,departments\tACME GmbH`), listed.out.join('\n'));
      const updated = await run(
        'tenant',
        'update',
        name,
        '--edition',
        'full',
        '--modules',
        'resource_planning',
        '--language',
        'de',
      );
      assert.equal(updated.code, 0, updated.err.join('\n'));
      assert.ok((await run('tenant', 'list')).out.includes(`${name}\tfull\tde\tresource_planning\tACME GmbH`));
      const again = await run('tenant', 'create', name);
      assert.equal(again.code, 1);
      assert.match(again.err.join('\n'), /already exists/);
    });

    test('tenant create/update --timezone: the zone absences without one of their own read; not a zone: exit 1', async () => {
      const name = instance();
      assert.equal((await run('tenant', 'create', name, '--timezone', 'Europe/Vienna')).code, 0);
      const token = (await run('token', 'create', name)).out[0];
      const api = (method: string, url: string, payload?: object) =>
        app.inject({
          method: method as 'GET',
          url: `/${name}/next/api/v1${url}`,
          headers: { authorization: `Bearer ${token}` },
          ...(payload ? { payload } : {}),
        });
      assert.equal(
        (await api('POST', '/employees', { username: 'tz.user', firstname: 'T', lastname: 'Z' })).statusCode,
        201,
      );
      assert.equal(
        (await api('POST', '/employees/tz.user/employment-periods', { start_date: '2020-01-01' })).statusCode,
        201,
      );
      assert.equal((await api('POST', '/absence-reasons', { name: 'KR' })).statusCode, 201);
      const absence = (
        await api('POST', '/absences', { employee_id: 'tz.user', absence_reason_id: 'KR', start_date: '2026-03-10' })
      ).json().data;
      assert.equal(absence.timezone, 'Europe/Vienna');
      assert.equal((await run('tenant', 'update', name, '--timezone', 'America/Chicago')).code, 0);
      assert.equal((await api('GET', `/absences/${absence.id}`)).json().data.timezone, 'America/Chicago');
      const bad = await run('tenant', 'update', name, '--timezone', 'Mars/Olympus');
      assert.equal(bad.code, 1);
      assert.match(bad.err.join('\n'), /timezone must be an IANA time zone/);
    });

    test('bad tenant values exit 1 with a clear message and change nothing', async () => {
      const name = instance();
      for (const [args, message] of [
        [['tenant', 'create', name, '--edition', 'desk'], /edition must be one of full, clock/],
        [['tenant', 'create', name, '--modules', 'departments,teleport'], /unknown module "teleport"/],
        [['tenant', 'create', 'Bad Name!'], /instance must be/],
        [['tenant', 'create', name, '--language', 'xx'], /language must be one of/],
        [['tenant', 'update', 'nosuchtenant', '--edition', 'full'], /does not exist/],
      ] as const) {
        const r = await run(...args);
        assert.equal(r.code, 1, args.join(' '));
        assert.match(r.err.join('\n'), message);
        assert.equal(r.out.length, 0);
      }
      assert.ok(!(await run('tenant', 'list')).out.some((l) => l.startsWith(`${name}\t`)));
    });

    test('token create prints exactly one line, the token, and it authenticates; list never shows secrets', async () => {
      const name = instance();
      await run('tenant', 'create', name);
      const created = await run('token', 'create', name, '--name', 'ci');
      assert.equal(created.code, 0);
      assert.equal(created.out.length, 1);
      assert.deepEqual(created.err, []);
      const token = created.out[0];
      assert.match(token, /^zk_[A-Za-z0-9_-]{43}$/);
      assert.equal(await status(name, token), 200);
      assert.equal(await status(name, token, 'POST'), 201);
      const list = await run('token', 'list', name);
      assert.equal(list.out[0], 'ID\tNAME\tACCESS\tCREATED\tEXPIRES\tREVOKED\tLAST USED\tEMPLOYEE\tSCOPES');
      assert.match(list.out[1], /^\d+\tci\tread-write\t\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\t-\t-\t\d{4}-/);
      const text = list.out.join('\n');
      assert.ok(
        !text.includes(token.slice(3)) && !text.includes(crypto.createHash('sha256').update(token).digest('hex')),
        'secret shown',
      );
    });

    test('--read-only tokens read but cannot write; --expires-in-days sets the expiry', async () => {
      const name = instance();
      await run('tenant', 'create', name);
      const ro = (await run('token', 'create', name, '--read-only')).out[0];
      assert.equal(await status(name, ro), 200);
      assert.equal(await status(name, ro, 'POST'), 403);
      const expiring = await run('token', 'create', name, '--expires-in-days', '2');
      assert.equal(await status(name, expiring.out[0]), 200);
      const rows = (await run('token', 'list', name)).out.slice(1).map((l) => l.split('\t'));
      assert.equal(rows[0][2], 'read-only');
      const expires = Date.parse(`${rows[1][4].replace(' ', 'T')}Z`);
      assert.ok(Math.abs(expires - (Date.now() + 2 * 86_400_000)) < 60_000, rows[1][4]);
      for (const bad of ['0', '-1', 'abc', '1.5'])
        assert.equal((await run('token', 'create', name, '--expires-in-days', bad)).code, 2, bad);
    });

    test('token create --employee acts with that employee’s rights; --scope narrows it', async () => {
      const name = instance();
      await run('tenant', 'create', name);
      const service = (await run('token', 'create', name)).out[0];
      const created = await app.inject({
        method: 'POST',
        url: `/${name}/next/api/v1/employees`,
        headers: { authorization: `Bearer ${service}` },
        payload: { username: 'u.cli', firstname: 'U', lastname: 'Ser', rights: 0 },
      });
      assert.equal(created.statusCode, 201, created.body);
      const user = (await run('token', 'create', name, '--employee', 'u.cli')).out[0];
      assert.equal(await status(name, user), 200, 'a User reads activities');
      assert.equal(await status(name, user, 'POST'), 403, 'a User does not create activities');
      const scoped = (await run('token', 'create', name, '--scope', 'departments:read')).out[0];
      assert.equal(await status(name, scoped), 403, 'narrowed to departments');
      const rows = (await run('token', 'list', name)).out.slice(1).map((l) => l.split('\t'));
      assert.deepEqual(
        rows.map((r) => [r[7], r[8]]),
        [
          ['(service)', 'all'],
          ['u.cli', 'all'],
          ['(service)', 'departments:read'],
        ],
      );
      for (const bad of [
        ['--employee', 'nobody'],
        ['--scope', 'nothing:read'],
        ['--scope', 'activities'],
      ]) {
        const r = await run('token', 'create', name, ...bad);
        assert.equal(r.code, 2, bad.join(' '));
        assert.equal(r.out.length, 0);
      }
    });

    test('token revoke makes the token 401 and leaves the others working', async () => {
      const name = instance();
      await run('tenant', 'create', name);
      const first = (await run('token', 'create', name)).out[0];
      const second = (await run('token', 'create', name)).out[0];
      const id = (await run('token', 'list', name)).out[1].split('\t')[0];
      assert.deepEqual(await run('token', 'revoke', name, id), { code: 0, out: [`Revoked token ${id}.`], err: [] });
      assert.equal(await status(name, first), 401);
      assert.equal(await status(name, second), 200);
      assert.match((await run('token', 'list', name)).out[1].split('\t')[5], /^\d{4}-/);
      assert.equal((await run('token', 'revoke', name, id)).code, 1);
      assert.equal((await run('token', 'revoke', name, 'abc')).code, 2);
      assert.equal((await run('token', 'create', 'nosuchtenant')).code, 1);
    });

    test('demo creates the demo tenant with data and a working token, and is idempotent', async () => {
      const first = await run('demo');
      assert.equal(first.code, 0, first.err.join('\n'));
      const token = first.out.join('\n').match(/zk_[A-Za-z0-9_-]{43}/)?.[0];
      assert.ok(token, first.out.join('\n'));
      const r = await app.inject({
        method: 'GET',
        url: '/demo/next/api/v1/departments',
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(r.statusCode, 200);
      assert.ok(JSON.parse(r.body).meta.total >= 2);
      const second = await run('demo');
      assert.equal(second.code, 0);
      assert.match(second.out.join('\n'), /already exists/);
      assert.doesNotMatch(second.out.join('\n'), /zk_/);
      assert.equal((await run('tenant', 'list')).out.filter((l) => l.startsWith('demo\t')).length, 1);
      assert.equal(await status('demo', token!), 200);
    });

    test('settings shows and changes booking settings, check_absences included; bad values exit 2', async () => {
      const name = instance();
      assert.equal((await run('tenant', 'create', name)).code, 0);
      assert.ok((await run('settings', name)).out.includes('check_absences=true'));
      const changed = await run('settings', name, 'check_absences=false', 'minute_grid=15');
      assert.equal(changed.code, 0);
      assert.ok(
        changed.out.includes('check_absences=false') && changed.out.includes('minute_grid=15'),
        changed.out.join('\n'),
      );
      const bad = await run('settings', name, 'check_absences=maybe');
      assert.deepEqual([bad.code, bad.err], [2, ['zeitkonto: check_absences must be true or false']]);
      assert.ok((await run('settings', name)).out.includes('check_absences=false'), 'nothing changed by the bad call');
    });

    test('bad arguments exit 2 with the usage; help exits 0', async () => {
      for (const args of [
        [],
        ['frobnicate'],
        ['tenant'],
        ['tenant', 'rename', 'x'],
        ['tenant', 'create'],
        ['tenant', 'create', 'a1', 'b1'],
        ['tenant', 'create', 'a1', '--bogus'],
        ['tenant', 'update', 'a1'],
        ['tenant', 'list', 'extra'],
        ['token'],
        ['token', 'create'],
        ['token', 'revoke', 'a1'],
        ['migrate', 'now'],
        ['demo', '--force'],
      ]) {
        const r = await run(...args);
        assert.equal(r.code, 2, args.join(' '));
        assert.match([...r.out, ...r.err].join('\n'), /Usage: zeitkonto <command>/, args.join(' '));
      }
      const help = await run('help');
      assert.equal(help.code, 0);
      assert.match(help.out[0], /^Usage: zeitkonto/);
    });
  });
}

test('a bad DATABASE_URL exits 1 naming the variable', async () => {
  const err: string[] = [];
  const code = await main(
    ['tenant', 'list'],
    { out: () => {}, err: (l) => err.push(l) },
    { DATABASE_URL: 'mysql://x/y' },
  );
  assert.equal(code, 1);
  assert.match(err.join('\n'), /DATABASE_URL must be/);
});

test('--version prints the package version and the Node it runs on', async () => {
  const out: string[] = [];
  const code = await main(['--version'], { out: (l) => out.push(l), err: () => {} }, {});
  const { version } = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  assert.equal(code, 0);
  assert.deepEqual(out, [`zeitkonto ${version} (Node ${process.version})`]);
});
