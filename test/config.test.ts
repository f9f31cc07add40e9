// loadConfig: defaults, and a clear error naming the variable for every bad value.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.js';

const fails = (env: NodeJS.ProcessEnv, pattern: RegExp) =>
  assert.throws(
    () => loadConfig(env),
    (e: unknown) => e instanceof ConfigError && pattern.test((e as Error).message),
    JSON.stringify(env),
  );

test('defaults: 127.0.0.1:3000, ./data/zeitkonto.db, no Redis, info logs, no proxy trust, 1000/5 min and 12000/h', () => {
  const c = loadConfig({});
  assert.equal(c.port, 3000);
  assert.equal(c.host, '127.0.0.1');
  assert.deepEqual(c.database, { dialect: 'sqlite', file: path.join(process.cwd(), 'data', 'zeitkonto.db') });
  assert.equal(c.redisUrl, null);
  assert.equal(c.logLevel, 'info');
  assert.equal(c.trustProxy, false);
  assert.deepEqual(c.rateLimit, { perFiveMinutes: 1000, perHour: 12000 });
  assert.equal(c.bodyLimit, 1024 * 1024);
});

test('values are read from the environment', () => {
  const c = loadConfig({
    PORT: '8080',
    HOST: '0.0.0.0',
    DATABASE_URL: 'postgres://u:p@db:5432/zk',
    REDIS_URL: 'redis://cache:6379',
    LOG_LEVEL: 'debug',
    TRUST_PROXY: 'true',
    RATE_LIMIT_5MIN: '10',
    RATE_LIMIT_HOUR: '100',
  });
  assert.deepEqual(
    [c.port, c.host, c.database, c.redisUrl, c.logLevel, c.trustProxy, c.rateLimit],
    [
      8080,
      '0.0.0.0',
      { dialect: 'postgres', url: 'postgres://u:p@db:5432/zk' },
      'redis://cache:6379',
      'debug',
      true,
      { perFiveMinutes: 10, perHour: 100 },
    ],
  );
  assert.deepEqual(loadConfig({ DATABASE_URL: 'file:./tmp/x.db' }).database, {
    dialect: 'sqlite',
    file: path.resolve('tmp/x.db'),
  });
  assert.equal(loadConfig({ DATABASE_URL: 'postgresql://h/db' }).database.dialect, 'postgres');
  assert.equal(loadConfig({ TRUST_PROXY: 'off' }).trustProxy, false);
  assert.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, true);
  assert.equal(loadConfig({ PORT: '' }).port, 3000);
});

test('TRUST_PROXY takes a list of proxy addresses and CIDR ranges; anything else is a clear error', () => {
  assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,fd00::/8' }).trustProxy, [
    '10.0.0.5',
    '172.16.0.0/12',
    'fd00::/8',
  ]);
  for (const v of ['proxy.local', '10.0.0.0/33', '10.0.0.1,', '1.2.3.4/8/9', 'maybe'])
    fails({ TRUST_PROXY: v }, /^TRUST_PROXY must be true, false or a comma-separated list/);
});

test('CORS_ORIGINS is off by default, * or a list of origins; a URL with a path is a clear error', () => {
  assert.deepEqual(loadConfig({}).corsOrigins, []);
  assert.deepEqual(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins, ['*']);
  assert.deepEqual(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:5173' }).corsOrigins, [
    'https://a.example',
    'http://localhost:5173',
  ]);
  for (const v of ['https://a.example/app', 'a.example', '*,https://a.example'])
    fails({ CORS_ORIGINS: v }, /^CORS_ORIGINS must be/);
});

test('a bad PORT is a clear error', () => {
  for (const v of ['abc', '70000', '-1', '3.5', '80 80']) fails({ PORT: v }, /^PORT /);
});

test('a bad DATABASE_URL is a clear error', () => {
  fails({ DATABASE_URL: 'mysql://localhost/zk' }, /^DATABASE_URL must be unset, file:<path> or postgres/);
  fails({ DATABASE_URL: 'file:' }, /^DATABASE_URL file: needs a path/);
  fails({ DATABASE_URL: 'postgres://bad host/zk' }, /^DATABASE_URL is not a valid postgres/);
  fails({ DATABASE_URL: './data/zeitkonto.db' }, /^DATABASE_URL /);
});

test('a bad LOG_LEVEL, REDIS_URL or TRUST_PROXY is a clear error', () => {
  fails({ LOG_LEVEL: 'verbose' }, /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
  fails({ REDIS_URL: 'localhost:6379' }, /^REDIS_URL must start with redis:\/\/ or rediss:\/\//);
  fails({ TRUST_PROXY: 'maybe' }, /^TRUST_PROXY must be true, false or a comma-separated list/);
  fails({ RATE_LIMIT_5MIN: '0' }, /^RATE_LIMIT_5MIN /);
});

test('DATABASE_REPLICA_URLS: read replicas of a PostgreSQL database, ignored on SQLite; a bad URL is a clear error', () => {
  const pg = 'postgres://u@primary/zk';
  assert.deepEqual(
    loadConfig({
      DATABASE_URL: pg,
      DATABASE_REPLICA_URLS: 'postgres://u@r1/zk, postgresql://u@r2/zk',
      REDIS_URL: 'redis://cache:6379',
    }).database,
    {
      dialect: 'postgres',
      url: pg,
      replicas: {
        urls: ['postgres://u@r1/zk', 'postgresql://u@r2/zk'],
        maxLagMs: 1000,
        retryMs: 5000,
        pollMs: 200,
        redisUrl: 'redis://cache:6379',
      },
    },
  );
  const tuned = loadConfig({
    DATABASE_URL: pg,
    DATABASE_REPLICA_URLS: 'postgres://u@r1/zk',
    REPLICA_MAX_LAG_MS: '250',
    REPLICA_RETRY_MS: '1000',
    REPLICA_POLL_MS: '50',
  }).database;
  assert.ok(tuned.dialect === 'postgres');
  assert.deepEqual(tuned.replicas, {
    urls: ['postgres://u@r1/zk'],
    maxLagMs: 250,
    retryMs: 1000,
    pollMs: 50,
    redisUrl: null,
  });
  assert.deepEqual(loadConfig({ DATABASE_REPLICA_URLS: 'postgres://u@r1/zk' }).database, loadConfig({}).database);
  fails({ DATABASE_URL: pg, DATABASE_REPLICA_URLS: 'mysql://r1/zk' }, /DATABASE_REPLICA_URLS/);
  fails({ DATABASE_URL: pg, DATABASE_REPLICA_URLS: 'postgres://u@r1/zk,' }, /DATABASE_REPLICA_URLS/);
  fails(
    { DATABASE_URL: pg, DATABASE_REPLICA_URLS: 'postgres://u@r1/zk', REPLICA_MAX_LAG_MS: 'soon' },
    /REPLICA_MAX_LAG_MS/,
  );
});
