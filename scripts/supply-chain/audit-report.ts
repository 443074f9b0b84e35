/** The parts of `npm audit --json` (report version 2) that the audit gate reads. */
export interface AuditReport {
  vulnerabilities?: Record<
    string,
    {
      name: string;
      severity: Severity;
      via: Array<
        string | { source?: number; name: string; title?: string; url?: string; severity: Severity }
      >;
    }
  >;
  message?: string;
  error?: { summary?: string };
}

type Severity = 'info' | 'low' | 'moderate' | 'high' | 'critical';

/** An advisory accepted after review: which package, which advisory, why, and until when. */
export interface AllowlistEntry {
  package: string;
  /** The advisory's id as its URL ends: GHSA-xxxx-xxxx-xxxx. */
  advisory: string;
  reason: string;
  /** YYYY-MM-DD: after this day the entry no longer accepts anything and fails the gate. */
  expires: string;
}

export interface Finding {
  package: string;
  advisory: string;
  title: string;
  severity: Severity;
}

const blocking = new Set<Severity>(['high', 'critical']);

/**
 * Every high or critical advisory of the report, split into those the allowlist accepts and those
 * it does not; expired entries are returned apart (they fail the gate, so a review is due).
 */
export function findUnaccepted(
  report: AuditReport,
  allowlist: AllowlistEntry[],
  today: Date,
): { unaccepted: Finding[]; accepted: AllowlistEntry[]; expired: AllowlistEntry[]; lower: number } {
  const day = today.toISOString().slice(0, 10);
  const live = allowlist.filter((entry) => entry.expires >= day);
  const expired = allowlist.filter((entry) => entry.expires < day);
  const unaccepted: Finding[] = [];
  const accepted = new Set<AllowlistEntry>();
  let lower = 0;
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via) {
      // A string names another vulnerable package; its advisories are listed under its own name.
      if (typeof via === 'string') continue;
      if (!blocking.has(via.severity)) {
        lower += 1;
        continue;
      }
      const advisory = via.url?.split('/').pop() ?? String(via.source ?? 'unknown');
      const entry = live.find((e) => e.package === via.name && e.advisory === advisory);
      if (entry) accepted.add(entry);
      else
        unaccepted.push({
          package: via.name,
          advisory,
          title: via.title ?? '',
          severity: via.severity,
        });
    }
  }
  return { unaccepted, accepted: [...accepted], expired, lower };
}
