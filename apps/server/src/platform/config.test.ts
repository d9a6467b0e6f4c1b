import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** loadConfig's error, or a failure when it does not throw one. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig with bad values', () => {
  it('lists every problem in one ConfigError', () => {
    const error = configError({
      DATA_DIR: dataDir,
      PORT: 'eighty',
      DATABASE_URL: 'mysql://root@localhost/vigil',
      SMTP_URL: 'http://mail.example.test',
      DEFAULT_LANGUAGE: 'es',
      STORAGE_DRIVER: 's3',
      NODE_ENV: 'production',
    });
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'DEFAULT_LANGUAGE', 'S3_BUCKET', 'SESSION_SECRET']) {
      expect(
        lines.some((line) => line.includes(name)),
        `${name} in:\n${error.message}`,
      ).toBe(true);
    }
  });

  it.each([
    ['PORT', { PORT: '70000' }, /PORT/],
    ['PORT', { PORT: '-1' }, /PORT/],
    ['PORT', { PORT: 'abc' }, /PORT/],
    ['DATABASE_URL', { DATABASE_URL: 'localhost:5432/vigil' }, /DATABASE_URL: must be a postgres/],
    ['SMTP_URL', { SMTP_URL: 'mail.example.test:25' }, /SMTP_URL: must be an smtp/],
    ['DEFAULT_LANGUAGE', { DEFAULT_LANGUAGE: 'klingon' }, /DEFAULT_LANGUAGE/],
    ['SESSION_SECRET', { SESSION_SECRET: 'short' }, /SESSION_SECRET: must be at least 32 characters/],
    ['SESSION_IDLE_MINUTES', { SESSION_IDLE_MINUTES: '0' }, /SESSION_IDLE_MINUTES/],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [
      'S3 settings',
      { STORAGE_DRIVER: 's3', S3_BUCKET: 'files' },
      /STORAGE_DRIVER=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    ],
    ['SESSION_SECRET in production', { NODE_ENV: 'production' }, /SESSION_SECRET: required when NODE_ENV=production/],
  ])('refuses a bad %s', (_name, env, message) => {
    expect(configError({ DATA_DIR: dataDir, ...env }).message).toMatch(message);
  });

  it('lists the rules across variables together, too', () => {
    const error = configError({ DATA_DIR: dataDir, STORAGE_DRIVER: 's3', NODE_ENV: 'production' });
    expect(error.message.split('\n')).toEqual([
      'Invalid configuration:',
      '  STORAGE_DRIVER=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      '  SESSION_SECRET: required when NODE_ENV=production',
    ]);
  });

  it('names the variable, not only the rule, for each problem', () => {
    const error = configError({ DATA_DIR: dataDir, PORT: 'x', RATE_LIMIT_PER_MINUTE: 'many' });
    expect(error.message).toMatch(/^ {2}PORT: /m);
    expect(error.message).toMatch(/^ {2}RATE_LIMIT_PER_MINUTE: /m);
  });
});

describe('loadConfig defaults', () => {
  it('starts with sane defaults from an empty environment', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      PGLITE_DIR: join(dataDir, 'db'),
      STORAGE_DIR: join(dataDir, 'files'),
      STORAGE_DRIVER: 'local',
      PUBLIC_URL: 'http://localhost:3000',
      DEFAULT_LANGUAGE: 'en',
      SESSION_IDLE_MINUTES: 120,
      SESSION_ABSOLUTE_HOURS: 168,
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: 600,
      DEMO_ADMIN_EMAIL: 'admin@vigil.local',
      CHROMIUM_PATH: '/usr/bin/chromium',
      INTERNAL_URL: 'http://127.0.0.1:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_FROM).toMatch(/@/);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '', DATABASE_URL: '', SMTP_URL: '', SESSION_SECRET: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('reads good values and derives PUBLIC_URL from PORT without a trailing slash', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      DATABASE_URL: 'postgresql://vigil:secret@db:5432/vigil',
      SMTP_URL: 'smtps://user:pass@mail.example.test:465',
      DEFAULT_LANGUAGE: 'ar',
      TRUST_PROXY: 'true',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'vigil',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'key',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      DEFAULT_LANGUAGE: 'ar',
      TRUST_PROXY: true,
      STORAGE_DRIVER: 's3',
      PUBLIC_URL: 'http://localhost:8080',
    });
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://vigil.example.test/' }).PUBLIC_URL).toBe('https://vigil.example.test');
  });

  it('reaches its own pages on the loopback address unless it listens on one address only, or is told where', () => {
    const internal = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).INTERNAL_URL;
    expect(internal({ PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(internal({ HOST: '::', PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(internal({ HOST: '10.1.2.3', PORT: '8080' })).toBe('http://10.1.2.3:8080');
    expect(internal({ HOST: 'fd00::1', PORT: '8080' })).toBe('http://[fd00::1]:8080');
    expect(internal({ INTERNAL_URL: 'http://vigil.internal:9000/' })).toBe('http://vigil.internal:9000');
    expect(() => loadConfig({ DATA_DIR: dataDir, INTERNAL_URL: 'not a url' })).toThrow(/INTERNAL_URL/);
    expect(loadConfig({ DATA_DIR: dataDir, CHROMIUM_PATH: '/opt/chrome/chrome' }).CHROMIUM_PATH).toBe('/opt/chrome/chrome');
  });

  it('resolves a relative DATA_DIR and STORAGE_DIR against the working directory', () => {
    const relative = join('relative', 'data');
    // With a given secret nothing is written, so the relative folder is never created.
    const config = loadConfig({ DATA_DIR: relative, SESSION_SECRET: 'x'.repeat(32), STORAGE_DIR: 'uploads' });
    expect(config.DATA_DIR).toBe(resolve(process.cwd(), relative));
    expect(config.PGLITE_DIR).toBe(join(resolve(process.cwd(), relative), 'db'));
    expect(config.STORAGE_DIR).toBe(resolve(process.cwd(), 'uploads'));
    expect(existsSync(resolve(relative))).toBe(false);
  });
});

describe('SESSION_SECRET', () => {
  it('is generated once and kept in DATA_DIR when absent', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).SESSION_SECRET;
    const file = join(dataDir, 'session-secret');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).SESSION_SECRET).toBe(first);
  });

  it('differs between data folders', () => {
    const other = mkdtempSync(join(tmpdir(), 'vigil-config-'));
    try {
      expect(loadConfig({ DATA_DIR: other }).SESSION_SECRET).not.toBe(loadConfig({ DATA_DIR: dataDir }).SESSION_SECRET);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('creates DATA_DIR for the secret if it does not exist yet', () => {
    const nested = join(dataDir, 'a', 'b');
    const secret = loadConfig({ DATA_DIR: nested }).SESSION_SECRET;
    expect(readFileSync(join(nested, 'session-secret'), 'utf8').trim()).toBe(secret);
  });

  it('uses a given secret and writes no file', () => {
    const secret = 's'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret);
    expect(existsSync(join(dataDir, 'session-secret'))).toBe(false);
  });

  it('is never generated in production', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(existsSync(join(dataDir, 'session-secret'))).toBe(false);
  });
});
