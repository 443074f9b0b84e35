import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/server/config';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'admissions-config-'));

describe('loadConfig', () => {
  it('runs on defaults with no settings at all, generating and keeping a session secret', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: '',
      smtpUrl: '',
      publicUrl: 'http://127.0.0.1:8080',
      allowedOrigin: '',
      identityCookiePrefix: 'admissions_identity',
    });
    expect(config.sessionSecret).toBe(readFileSync(path.join(dir, 'session-secret'), 'utf8'));
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('lists every bad value at once', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        PUBLIC_URL: 'ftp://x',
        IDENTITY_COOKIE_PREFIX: 'has space',
        SMTP_URL: 'http://mail',
        SESSION_SECRET: 'short',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
      'PUBLIC_URL',
      'IDENTITY_COOKIE_PREFIX',
      'SMTP_URL',
      'SESSION_SECRET',
    ]);
  });

  it('counts as development only with NODE_ENV unset or "development"', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).development).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' }).development).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test' }).development).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).development).toBe(false);
  });

  it('takes PUBLIC_URL as the allowed origin', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://apply.example.edu/' });
    expect(config.publicUrl).toBe('https://apply.example.edu');
    expect(config.allowedOrigin).toBe('https://apply.example.edu');
  });
});
