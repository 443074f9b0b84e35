/**
 * `npm run audit`: `npm audit --omit=dev` that fails on a high or critical advisory in a
 * production dependency, unless .ci/audit-allowlist.json accepts it (with a reason and an expiry
 * date, reviewed like code). When the advisory service cannot be reached (a registry mirror that
 * does not serve it), it says so and passes, unless AUDIT_REQUIRED=true.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findUnaccepted, type AllowlistEntry, type AuditReport } from './supply-chain/audit-report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const allowlist = JSON.parse(
  readFileSync(path.join(root, '.ci', 'audit-allowlist.json'), 'utf8'),
) as { accepted: AllowlistEntry[] };

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
let report: AuditReport;
try {
  report = JSON.parse(run.stdout) as AuditReport;
} catch {
  report = { error: { summary: run.stderr.trim() || 'npm audit printed no report' } };
}

if (!report.vulnerabilities) {
  const why = (report.message ?? report.error?.summary ?? 'no report').replace(
    /https?:\/\/\S+/g,
    'the registry',
  );
  const text = `npm audit: the advisory service did not answer (${why}); no advisories checked.`;
  if (process.env.AUDIT_REQUIRED === 'true') {
    console.error(text);
    process.exit(1);
  }
  console.log(`::warning::${text}`);
  process.exit(0);
}

const result = findUnaccepted(report, allowlist.accepted, new Date());
for (const accepted of result.accepted) {
  console.log(`accepted: ${accepted.package} ${accepted.advisory} (${accepted.reason})`);
}
for (const expired of result.expired) {
  console.error(
    `allowlist entry expired on ${expired.expires}: ${expired.package} ${expired.advisory}`,
  );
}
for (const finding of result.unaccepted) {
  console.error(`${finding.severity}: ${finding.package} ${finding.advisory} ${finding.title}`);
}
console.log(
  `npm audit --omit=dev: ${result.unaccepted.length} high or critical advisories not accepted, ` +
    `${result.accepted.length} accepted, ${result.lower} lower-severity.`,
);
process.exit(result.unaccepted.length > 0 || result.expired.length > 0 ? 1 : 0);
