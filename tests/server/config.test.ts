import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/server/config';
import { scratchDir } from '../helpers/scratch-dir';

const dataDir = () => scratchDir('admissions-config');

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

  it('reads the document limits, with defaults', () => {
    const MB = 1024 * 1024;
    expect(loadConfig({ DATA_DIR: dataDir() }).documentLimits).toEqual({
      maxImagePixels: 40_000_000,
      maxPages: 100,
      maxPdfBytes: 20 * MB,
      maxInflatedBytes: 100 * MB,
      maxApplicationPages: 1000,
      maxApplicationBytes: 100 * MB,
      timeoutMs: 60_000,
      workerMemoryMb: 512,
      processMemoryMb: 2048,
    });
    const set = loadConfig({
      DATA_DIR: dataDir(),
      DOCUMENT_MAX_MEGAPIXELS: '12',
      DOCUMENT_MAX_PAGES: '30',
      CONVERSION_TIMEOUT_SECONDS: '20',
      APPLICATION_PDF_MAX_PAGES: '400',
    }).documentLimits;
    expect(set).toMatchObject({
      maxImagePixels: 12_000_000,
      maxPages: 30,
      timeoutMs: 20_000,
      maxApplicationPages: 400,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), CONVERSION_WORKER_MEMORY_MB: '8' })).toThrow(
      /CONVERSION_WORKER_MEMORY_MB must be a whole number from 64/,
    );
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
        LOG_LEVEL: 'verbose',
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
      'LOG_LEVEL',
    ]);
    expect(problems.at(-1)).toBe(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose".',
    );
  });

  it('logs at info unless LOG_LEVEL says otherwise (in any case)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).logLevel).toBe('info');
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_LEVEL: '' }).logLevel).toBe('info');
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug');
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
  });

  it('counts as development only with NODE_ENV unset or "development"', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).development).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' }).development).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test' }).development).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', PUBLIC_URL: 'https://a.example' })
        .development,
    ).toBe(false);
  });

  it('refuses to start in production without PUBLIC_URL, listing it with the other problems', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', PORT: 'x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(
      problems.some((p) => p.startsWith('PUBLIC_URL must be set when NODE_ENV is production')),
    ).toBe(true);
    expect(problems.some((p) => p.startsWith('PORT'))).toBe(true);
    // A worker sends no links and checks no origins: it may go without.
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }, 'worker'),
    ).not.toThrow();
    // Outside production the origin is still derived from HOST and PORT (npm start, npm run dev).
    expect(loadConfig({ DATA_DIR: dataDir() }).allowedOrigin).toBe('');
  });

  it('reads the limits and retention settings, with their defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.rateLimit).toMatchObject({
      loginBackoffAfter: 20,
      loginBackoffSeconds: 10,
      apiWritesPerMinute: 120,
      validationsPerMinute: 30,
      visitorAnswersPerIp: 20,
    });
    expect(config.retention).toEqual({
      purgeIntervalMinutes: 60,
      outboxDays: 7,
      uploadGraceHours: 24,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), OUTBOX_RETENTION_DAYS: '0' })).toThrow(
      /OUTBOX_RETENTION_DAYS/,
    );
  });

  it('takes PUBLIC_URL as the allowed origin', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://apply.example.edu/' });
    expect(config.publicUrl).toBe('https://apply.example.edu');
    expect(config.allowedOrigin).toBe('https://apply.example.edu');
  });

  it('defaults the scale-out settings to a single quiet instance', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect({
      shutdown: config.shutdown,
      metricsToken: config.metricsToken,
      redis: config.redis,
      trustProxy: config.trustProxy,
      sessionSecretGenerated: config.sessionSecretGenerated,
    }).toEqual({
      shutdown: { drainMs: 0, timeoutMs: 25_000 },
      metricsToken: '',
      redis: { url: '', keyPrefix: 'admissions:' },
      trustProxy: false,
      sessionSecretGenerated: true,
    });
  });

  it('reads the scale-out settings', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SESSION_SECRET: 'x'.repeat(32),
      SHUTDOWN_DRAIN_MS: '5000',
      SHUTDOWN_TIMEOUT_MS: '30000',
      METRICS_TOKEN: 'a-long-scrape-token-1234',
      REDIS_URL: 'redis://redis:6379/0',
      REDIS_KEY_PREFIX: 'apply:',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,uniquelocal',
    });
    expect(config).toMatchObject({
      sessionSecretGenerated: false,
      shutdown: { drainMs: 5000, timeoutMs: 30_000 },
      metricsToken: 'a-long-scrape-token-1234',
      redis: { url: 'redis://redis:6379/0', keyPrefix: 'apply:' },
      trustProxy: '10.0.0.0/8,192.168.1.10,uniquelocal',
    });
  });

  it('lists every bad scale-out value at once', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        JOB_LEASE_MS: '999',
        SHUTDOWN_DRAIN_MS: '-1',
        SHUTDOWN_TIMEOUT_MS: 'soon',
        METRICS_TOKEN: 'short',
        REDIS_URL: 'http://redis',
        REDIS_KEY_PREFIX: 'has space',
        TRUST_PROXY: 'true',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.split(' ')[0])).toEqual([
      'JOB_LEASE_MS',
      'SHUTDOWN_DRAIN_MS',
      'SHUTDOWN_TIMEOUT_MS',
      'METRICS_TOKEN',
      'REDIS_URL',
      'REDIS_KEY_PREFIX',
      'TRUST_PROXY',
    ]);
    for (const value of ['1', '10.0.0.0/33', '10.0.0.1/8/2', 'proxy.internal', '*']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
  });
});
