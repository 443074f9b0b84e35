/**
 * The deployment files cannot be run here (no container engine), so they are checked as data:
 * docker-compose.yml parses and wires two app instances, a worker, PostgreSQL, an S3 store and a
 * load balancer together with settings the server accepts; the Caddyfile balances the very
 * services compose defines; the Dockerfile builds in stages and runs as a non-root user; and every
 * setting the server reads is in README's configuration table.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { serverEntries } from '../../scripts/build-server';
import { loadConfig } from '../../src/server/config';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { disable?: boolean; test?: string[] };
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

/** Compose's interpolation, with values for the variables .env must give. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind, rest) => {
    if (kind === '-') return rest as string;
    if (kind === '?') return name === 'SESSION_SECRET' ? 'x'.repeat(48) : 'from-dot-env';
    return '';
  });
}
const environmentOf = (service: Service) =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]),
  );

describe('docker-compose.yml', () => {
  const { services } = compose;

  it('has two app instances, a worker, PostgreSQL, MinIO with its bucket, Redis and a load balancer', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['app1', 'app2', 'bucket', 'lb', 'minio', 'postgres', 'redis', 'worker'].sort(),
    );
    expect(services.app1!.environment).toEqual(services.app2!.environment);
    expect(services.worker!.environment).toEqual(services.app1!.environment);
    // The compiled programs (npm run build): each is an entry of scripts/build-server.ts.
    expect(services.worker!.command).toEqual(['node', 'dist/server/worker.js']);
    expect(services.bucket!.command).toEqual(['node', 'dist/scripts/create-bucket.js']);
    const compiled = serverEntries.map((entry) => `dist/${entry.out}.js`);
    for (const service of ['worker', 'bucket']) {
      expect(compiled).toContain(services[service]!.command![1]);
    }
    for (const file of ['src/server/worker.ts', 'scripts/create-bucket.ts', 'deploy/Caddyfile']) {
      expect(existsSync(path.join(root, file))).toBe(true);
    }
    // Only the load balancer (and MinIO, for browsers' uploads) is published.
    expect(services.lb!.ports).toEqual(['8080:8080']);
    expect(services.app1!.ports).toBeUndefined();
  });

  it('gives the instances settings the server accepts: PostgreSQL, S3, workers, shared limits', () => {
    const env = environmentOf(services.app1!);
    const config = loadConfig({
      ...env,
      DATA_DIR: path.join(os.tmpdir(), 'admissions-compose-check'),
    });
    expect(config.databaseUrl).toMatch(/^postgres:\/\/admissions:.*@postgres:5432\/admissions$/);
    expect(config.blobStore).toMatchObject({
      kind: 's3',
      endpoint: 'http://minio:9000',
      publicUrl: 'http://localhost:9000/admissions-documents',
    });
    expect(config.jobs.runner).toBe('worker');
    expect(config.redis.url).toBe('redis://redis:6379');
    expect(config.trustProxy).toBe('uniquelocal');
    expect(config.sessionSecretGenerated).toBe(false);
    expect(config.shutdown.drainMs).toBeGreaterThan(0);
  });

  it('starts the apps only once the database, Redis and the bucket are ready', () => {
    for (const name of ['app1', 'app2', 'worker']) {
      expect(services[name]!.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        bucket: { condition: 'service_completed_successfully' },
      });
    }
    expect(services.worker!.healthcheck).toEqual({ disable: true });
  });
});

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile');

  it("balances the compose file's app instances, polling their readiness", () => {
    expect(caddyfile).toMatch(/reverse_proxy app1:8080 app2:8080 \{/);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    expect(caddyfile).toMatch(/@metrics path \/metrics\s+respond @metrics 404/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds in one stage and runs, as a non-root user, from a slim one with LibreOffice', () => {
    const stages = [...dockerfile.matchAll(/^FROM (\S+) AS (\w+)$/gm)].map((m) => [m[1], m[2]]);
    expect(stages).toEqual([
      ['node:24-bookworm-slim', 'build'],
      ['node:24-bookworm-slim', 'runtime'],
    ]);
    expect(dockerfile).toMatch(
      /apt-get install -y --no-install-recommends libreoffice-writer-nogui/,
    );
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    // Plain JavaScript: the compiled server, no TypeScript loader in production.
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/server\/main.js"\]$/m);
    expect(dockerfile).toMatch(/RUN npm run build && npm prune --omit=dev/);
    expect(dockerfile).not.toMatch(/tsx/);
  });

  it('copies only what exists, or what the build stage makes', () => {
    const copied = [...dockerfile.matchAll(/^COPY --from=build (.+) \S+$/gm)].flatMap((m) =>
      m[1]!.split(' ').map((p) => p.replace('/app/', '')),
    );
    for (const item of copied) {
      if (item === 'dist' || item === 'node_modules') continue;
      expect(existsSync(path.join(root, item)), item).toBe(true);
    }
  });

  it('ignores dependencies, data, secrets and tests when sending the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', '.data', '.env', 'tests', '.git']) {
      expect(ignored).toContain(entry);
    }
  });
});

describe("README's configuration table", () => {
  it('names every environment variable the server reads', () => {
    const source = read('src/server/config.ts');
    const names = new Set([
      ...[...source.matchAll(/env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!),
      ...[...source.matchAll(/positiveInteger\(\s*env,\s*'([A-Z0-9_]+)'/g)].map((m) => m[1]!),
    ]);
    const readme = read('README.md');
    const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]!));
    expect([...names].filter((name) => !documented.has(name)).sort()).toEqual([]);
  });
});
