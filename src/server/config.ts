import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { logLevels, type LogLevel } from './ops/log-levels';
import type { S3Settings } from './blobs/s3-blob-store';
import type { DocumentLimits } from './conversion/limits';

/** Everything the server reads from its environment, after checking. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  publicUrl: string;
  /** The origin mutating requests must come from; empty (PUBLIC_URL unset) means the request's Host. */
  allowedOrigin: string;
  identityCookiePrefix: string;
  smtpUrl: string;
  sessionSecret: string;
  /** True when SESSION_SECRET was unset and the secret came from (or was made in) DATA_DIR. */
  sessionSecretGenerated: boolean;
  /** NODE_ENV unset or "development": the log shows codes and links from the outbox. */
  development: boolean;
  /** NODE_ENV=production: PUBLIC_URL is required, so the origin check never trusts Host. */
  production: boolean;
  rateLimit: {
    perIpPerMinute: number;
    /** Per account-naming route and address; for login, per address and IP. */
    perUsernamePerHour: number;
    /** Failed logins of one address (from any IP) in an hour before its backoff starts. */
    loginBackoffAfter: number;
    /** Under backoff, one login attempt per address per this many seconds. */
    loginBackoffSeconds: number;
    lookupPerIpPerMinute: number;
    /** POST /public/client-errors per IP per minute. */
    clientErrorsPerIpPerMinute: number;
    /** Writes (POST, PUT, DELETE) one account may make to /api per minute. */
    apiWritesPerMinute: number;
    /** POST /api/validations per account per minute. */
    validationsPerMinute: number;
    /** Unexpired visitor-answer tokens (POST /public/tmp) one IP may hold. */
    visitorAnswersPerIp: number;
  };
  /** The purge of expired rows and old files (issue 14). */
  retention: {
    /** Minutes between purges in the server (or the worker); 0 turns the schedule off. */
    purgeIntervalMinutes: number;
    /** Days an outbox .eml file is kept. */
    outboxDays: number;
    /** Hours an unused or unconverted upload grant (and its blob) outlives its form's expiry. */
    uploadGraceHours: number;
  };
  /** A Photon geocoder for the address block's suggestions; empty means manual entry only. */
  addressLookupUrl: string;
  /** Where uploaded and converted documents are kept (ARCHITECTURE decision 6). */
  blobStore: BlobStoreConfig;
  /** Who runs the jobs (conversions, PDFs): this process, or separate `npm run worker` processes. */
  jobs: {
    runner: 'in-process' | 'worker';
    concurrency: number;
    /** How long a claimed job is a runner's before another may take it; renewed while it runs. */
    leaseMs: number;
  };
  /** SIGTERM: how long /readyz answers 503 before the server stops listening, and the cap on the rest. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** The bearer token GET /metrics requires; empty means there is no /metrics. */
  metricsToken: string;
  /** Staff single sign-on by OpenID Connect (issue 17); null when STAFF_OIDC_* are not set. */
  staffOidc: { issuer: string; clientId: string; clientSecret: string } | null;
  /** A Redis for every rate limit, shared by every instance; empty means the database (and memory for /lookup). */
  redis: { url: string; keyPrefix: string };
  /** Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): none, or their addresses. */
  trustProxy: false | string;
  /** Apply pending migrations at start (default); false for fleets that run `npm run migrate` first. */
  migrateOnStart: boolean;
  /** The least severe log lines written (LOG_LEVEL), by the server and the worker alike. */
  logLevel: LogLevel;
  /** What one document's conversion, and the application PDF, may cost (README "Isolation"). */
  documentLimits: DocumentLimits;
  /** How LibreOffice and Ghostscript are boxed in: `auto` picks the strongest that works. */
  conversionSandbox: 'auto' | 'bwrap' | 'unshare' | 'none';
}

type BlobStoreConfig =
  | { kind: 'local' }
  // An empty publicUrl means the endpoint's own.
  | ({ kind: 's3' } & Required<S3Settings>);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Bad configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const cookiePrefixShape = /^[A-Za-z0-9_-]{1,40}$/;

function positiveInteger(
  env: Env,
  name: string,
  fallback: number,
  problems: string[],
  max = 1_000_000,
  min = 1,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
    return fallback;
  }
  return value;
}

/**
 * Reads the configuration and reports every bad value at once (a ConfigError listing them all),
 * so an operator fixes the environment in one go.
 */
export function loadConfig(env: Env = process.env, role: 'server' | 'worker' = 'server'): Config {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  const port = positiveInteger(env, 'PORT', 8080, problems, 65535);
  const host = env.HOST || '127.0.0.1';
  const dataDir = path.resolve(env.DATA_DIR || '.data');

  const databaseUrl = env.DATABASE_URL ?? '';
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(
      `DATABASE_URL must be empty (SQLite) or a postgres:// URL, got "${databaseUrl}".`,
    );
  }

  let publicUrl = env.PUBLIC_URL ?? '';
  const allowedOriginSet = publicUrl !== '';
  if (publicUrl) {
    try {
      const url = new URL(publicUrl);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
      publicUrl = url.origin;
    } catch {
      problems.push(
        `PUBLIC_URL must be an http(s) URL such as https://apply.example.edu, got "${publicUrl}".`,
      );
    }
  } else if (production && role === 'server') {
    problems.push(
      'PUBLIC_URL must be set when NODE_ENV is production (such as https://apply.example.edu): links in mail and the origin check use it, never the Host a request names.',
    );
  } else {
    publicUrl = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;
  }

  const identityCookiePrefix = env.IDENTITY_COOKIE_PREFIX || 'admissions_identity';
  if (!cookiePrefixShape.test(identityCookiePrefix)) {
    problems.push(
      `IDENTITY_COOKIE_PREFIX must be 1 to 40 letters, digits, "_" or "-", got "${identityCookiePrefix}".`,
    );
  }

  const smtpUrl = env.SMTP_URL ?? '';
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    problems.push(
      `SMTP_URL must be empty (outbox) or an smtp:// or smtps:// URL, got "${smtpUrl}".`,
    );
  }

  const sessionSecretRaw = env.SESSION_SECRET ?? '';
  if (sessionSecretRaw && sessionSecretRaw.length < 32) {
    problems.push(
      'SESSION_SECRET must be at least 32 characters (or empty, to generate one in DATA_DIR).',
    );
  }

  const rateLimit = {
    perIpPerMinute: positiveInteger(env, 'RATE_LIMIT_PER_IP_PER_MINUTE', 60, problems),
    perUsernamePerHour: positiveInteger(env, 'RATE_LIMIT_PER_USERNAME_PER_HOUR', 20, problems),
    // Typing a school's name sends a lookup at every pause, and a school's lab or a family may
    // share one address: lookups get much more room.
    lookupPerIpPerMinute: positiveInteger(env, 'RATE_LIMIT_LOOKUP_PER_MINUTE', 600, problems),
    // A page sends at most five reports; a school lab behind one address may crash together.
    clientErrorsPerIpPerMinute: positiveInteger(env, 'RATE_LIMIT_REPORTS_PER_MINUTE', 30, problems),
    loginBackoffAfter: positiveInteger(env, 'RATE_LIMIT_LOGIN_BACKOFF_AFTER', 20, problems),
    loginBackoffSeconds: positiveInteger(
      env,
      'RATE_LIMIT_LOGIN_BACKOFF_SECONDS',
      10,
      problems,
      3600,
    ),
    apiWritesPerMinute: positiveInteger(env, 'RATE_LIMIT_API_WRITES_PER_MINUTE', 120, problems),
    validationsPerMinute: positiveInteger(env, 'RATE_LIMIT_VALIDATIONS_PER_MINUTE', 30, problems),
    visitorAnswersPerIp: positiveInteger(env, 'VISITOR_ANSWERS_PER_IP', 20, problems),
  };

  const retention = {
    purgeIntervalMinutes: positiveInteger(env, 'PURGE_INTERVAL_MINUTES', 60, problems, 10080, 0),
    outboxDays: positiveInteger(env, 'OUTBOX_RETENTION_DAYS', 7, problems, 3650),
    uploadGraceHours: positiveInteger(env, 'UPLOAD_GRANT_GRACE_HOURS', 24, problems, 8760),
  };

  const addressLookupUrl = env.ADDRESS_LOOKUP_URL ?? '';
  if (addressLookupUrl && !isHttpUrl(addressLookupUrl)) {
    problems.push(
      `ADDRESS_LOOKUP_URL must be empty (no address suggestions) or an http(s) URL such as http://photon.internal:2322, got "${addressLookupUrl}".`,
    );
  }

  const blobStore = readBlobStore(env, problems);
  const jobRunner = env.JOB_RUNNER || 'in-process';
  if (jobRunner !== 'in-process' && jobRunner !== 'worker') {
    problems.push(`JOB_RUNNER must be "in-process" or "worker", got "${jobRunner}".`);
  }
  const jobs = {
    runner: jobRunner === 'worker' ? ('worker' as const) : ('in-process' as const),
    concurrency: positiveInteger(env, 'JOB_CONCURRENCY', 2, problems, 16),
    leaseMs: positiveInteger(env, 'JOB_LEASE_MS', 60_000, problems, 3_600_000, 1000),
  };

  const shutdown = {
    drainMs: positiveInteger(env, 'SHUTDOWN_DRAIN_MS', 0, problems, 120_000, 0),
    timeoutMs: positiveInteger(env, 'SHUTDOWN_TIMEOUT_MS', 25_000, problems, 600_000, 1000),
  };

  const metricsToken = env.METRICS_TOKEN ?? '';
  if (metricsToken && !/^[\x21-\x7e]{16,200}$/.test(metricsToken)) {
    problems.push(
      'METRICS_TOKEN must be empty (no /metrics) or 16 to 200 printable characters without spaces.',
    );
  }

  const staffOidc = readStaffOidc(env, problems);

  const redisUrl = env.REDIS_URL ?? '';
  if (redisUrl && !/^rediss?:\/\/\S+$/.test(redisUrl)) {
    problems.push(
      `REDIS_URL must be empty (limits counted in the database, /lookup's in memory) or a redis:// or rediss:// URL, got "${redisUrl}".`,
    );
  }
  const redisKeyPrefix = env.REDIS_KEY_PREFIX || 'admissions:';
  if (!/^[A-Za-z0-9:_.-]{1,60}$/.test(redisKeyPrefix)) {
    problems.push(
      `REDIS_KEY_PREFIX must be 1 to 60 letters, digits, ":", "_", "." or "-", got "${redisKeyPrefix}".`,
    );
  }

  const trustProxy = readTrustProxy(env.TRUST_PROXY ?? '', problems);
  const migrateOnStart = readBoolean(env, 'MIGRATE_ON_START', true, problems);
  const logLevelRaw = env.LOG_LEVEL || 'info';
  const logLevel = logLevels.find((level) => level === logLevelRaw.toLowerCase());
  if (!logLevel) {
    problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevelRaw}".`);
  }

  const MB = 1024 * 1024;
  const documentLimits: DocumentLimits = {
    maxImagePixels: positiveInteger(env, 'DOCUMENT_MAX_MEGAPIXELS', 40, problems, 1000) * 1e6,
    maxPages: positiveInteger(env, 'DOCUMENT_MAX_PAGES', 100, problems, 10_000),
    maxPdfBytes: positiveInteger(env, 'DOCUMENT_MAX_PDF_MB', 20, problems, 1000) * MB,
    maxInflatedBytes: positiveInteger(env, 'DOCUMENT_MAX_INFLATED_MB', 100, problems, 4000) * MB,
    maxApplicationPages: positiveInteger(env, 'APPLICATION_PDF_MAX_PAGES', 1000, problems, 100_000),
    maxApplicationBytes: positiveInteger(env, 'APPLICATION_PDF_MAX_MB', 100, problems, 4000) * MB,
    timeoutMs: positiveInteger(env, 'CONVERSION_TIMEOUT_SECONDS', 60, problems, 3600) * 1000,
    workerMemoryMb: positiveInteger(env, 'CONVERSION_WORKER_MEMORY_MB', 512, problems, 16_384, 64),
    processMemoryMb: positiveInteger(
      env,
      'CONVERSION_PROCESS_MEMORY_MB',
      2048,
      problems,
      65_536,
      256,
    ),
  };

  const conversionSandbox = (env.CONVERSION_SANDBOX || 'auto') as Config['conversionSandbox'];
  if (!['auto', 'bwrap', 'unshare', 'none'].includes(conversionSandbox)) {
    problems.push(
      `CONVERSION_SANDBOX must be auto, bwrap, unshare or none, got "${conversionSandbox}".`,
    );
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    dataDir,
    databaseUrl,
    publicUrl,
    allowedOrigin: allowedOriginSet ? publicUrl : '',
    identityCookiePrefix,
    smtpUrl,
    sessionSecret: sessionSecretRaw || readOrCreateSecret(dataDir),
    sessionSecretGenerated: !sessionSecretRaw,
    development: (env.NODE_ENV || 'development') === 'development',
    production,
    rateLimit,
    retention,
    addressLookupUrl,
    blobStore,
    jobs,
    shutdown,
    metricsToken,
    staffOidc,
    redis: { url: redisUrl, keyPrefix: redisKeyPrefix },
    trustProxy,
    migrateOnStart,
    logLevel: logLevel ?? 'info',
    documentLimits,
    conversionSandbox,
  };
}

function readBoolean(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  problems.push(`${name} must be "true" or "false", got "${env[name]}".`);
  return fallback;
}

/** Names proxy-addr (Fastify's trustProxy) knows for whole ranges: 127/8 and ::1, 169.254/16, private nets. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: empty (no proxy: the client's address is the connection's), or the proxies'
 * addresses, CIDR ranges or range names, separated by commas. Never "everything": anyone could
 * then choose the address the per-IP rate limits count. (A hop count is not offered: Fastify
 * no longer honours one, as it cannot tell a proxy from a client.)
 */
function readTrustProxy(raw: string, problems: string[]): false | string {
  const text = raw.trim();
  if (text === '') return false;
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (proxyRangeNames.has(entry)) return true;
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  });
  if (valid) return entries.join(',');
  problems.push(
    `TRUST_PROXY must be empty, or proxy addresses, CIDR ranges or one of loopback, linklocal, uniquelocal, separated by commas, got "${raw}".`,
  );
  return false;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * STAFF_OIDC_ISSUER, _CLIENT_ID and _CLIENT_SECRET: all three, or none (no single sign-on). The
 * issuer is https, or http only on this machine (a provider started beside the server in tests):
 * the ID token's keys and the client secret never cross a network in the clear.
 */
function readStaffOidc(env: Env, problems: string[]): Config['staffOidc'] {
  const issuer = env.STAFF_OIDC_ISSUER ?? '';
  const clientId = env.STAFF_OIDC_CLIENT_ID ?? '';
  const clientSecret = env.STAFF_OIDC_CLIENT_SECRET ?? '';
  if (!issuer && !clientId && !clientSecret) return null;
  if (!issuer || !clientId || !clientSecret) {
    problems.push(
      'STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET must be set together (or all left empty: no single sign-on).',
    );
    return null;
  }
  let url: URL | undefined;
  try {
    url = new URL(issuer);
  } catch {
    // reported below
  }
  const secure =
    url?.protocol === 'https:' || (url?.protocol === 'http:' && loopbackHosts.has(url.hostname));
  if (!url || !secure || url.search || url.hash) {
    problems.push(
      `STAFF_OIDC_ISSUER must be the provider's https issuer URL, such as https://login.example.edu/realms/staff (http only on 127.0.0.1 or localhost), got "${issuer}".`,
    );
    return null;
  }
  return { issuer, clientId, clientSecret };
}

/** BLOB_STORE=local (default: DATA_DIR/blobs) or s3 with its S3_* settings. */
function readBlobStore(env: Env, problems: string[]): BlobStoreConfig {
  const kind = env.BLOB_STORE || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') {
    problems.push(`BLOB_STORE must be "local" or "s3", got "${kind}".`);
    return { kind: 'local' };
  }
  const bucket = env.S3_BUCKET ?? '';
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(
      `S3_BUCKET must name a bucket (3 to 63 lower-case letters, digits, "." or "-"), got "${bucket}".`,
    );
  }
  const region = env.S3_REGION ?? '';
  if (!/^[a-z0-9-]{2,40}$/.test(region)) {
    problems.push(`S3_REGION must be a region such as us-east-1, got "${region}".`);
  }
  const endpoint = env.S3_ENDPOINT ?? '';
  if (endpoint && !isHttpUrl(endpoint)) {
    problems.push(`S3_ENDPOINT must be empty (AWS) or an http(s) URL, got "${endpoint}".`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    problems.push(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both left empty for the default credentials).',
    );
  }
  const publicUrl = env.S3_PUBLIC_URL ?? '';
  if (publicUrl && !isHttpUrl(publicUrl)) {
    problems.push(
      `S3_PUBLIC_URL must be empty (browsers post to S3_ENDPOINT) or an http(s) URL, got "${publicUrl}".`,
    );
  }
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').toLowerCase();
  if (!['', 'true', 'false', '1', '0'].includes(pathStyle)) {
    problems.push(
      `S3_FORCE_PATH_STYLE must be "true" or "false", got "${env.S3_FORCE_PATH_STYLE}".`,
    );
  }
  return {
    kind,
    bucket,
    region,
    endpoint,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
    publicUrl: publicUrl.replace(/\/+$/, ''),
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A generated secret is kept in DATA_DIR so sessions and codes survive a restart. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
