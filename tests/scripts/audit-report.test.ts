import { describe, expect, it } from 'vitest';
import {
  findUnaccepted,
  type AllowlistEntry,
  type AuditReport,
} from '../../scripts/supply-chain/audit-report';

const report: AuditReport = {
  vulnerabilities: {
    'fast-xml': {
      name: 'fast-xml',
      severity: 'critical',
      via: [
        {
          source: 1,
          name: 'fast-xml',
          title: 'Prototype pollution',
          url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc',
          severity: 'critical',
        },
      ],
    },
    'aws-sdk-part': { name: 'aws-sdk-part', severity: 'critical', via: ['fast-xml'] },
    cookie: {
      name: 'cookie',
      severity: 'high',
      via: [
        {
          source: 2,
          name: 'cookie',
          title: 'Out of bounds characters',
          url: 'https://github.com/advisories/GHSA-dddd-eeee-ffff',
          severity: 'high',
        },
        {
          source: 3,
          name: 'cookie',
          title: 'A moderate one',
          url: 'https://github.com/advisories/GHSA-gggg-hhhh-iiii',
          severity: 'moderate',
        },
      ],
    },
  },
};

const accept = (advisory: string, expires: string): AllowlistEntry => ({
  package: advisory === 'GHSA-aaaa-bbbb-cccc' ? 'fast-xml' : 'cookie',
  advisory,
  reason: 'not reachable: we never parse XML from applicants',
  expires,
});

describe('findUnaccepted', () => {
  const today = new Date('2026-11-24T12:00:00Z');

  it('lists every high or critical advisory once, under the package that has it', () => {
    expect(findUnaccepted(report, [], today)).toEqual({
      unaccepted: [
        {
          package: 'fast-xml',
          advisory: 'GHSA-aaaa-bbbb-cccc',
          title: 'Prototype pollution',
          severity: 'critical',
        },
        {
          package: 'cookie',
          advisory: 'GHSA-dddd-eeee-ffff',
          title: 'Out of bounds characters',
          severity: 'high',
        },
      ],
      accepted: [],
      expired: [],
      lower: 1,
    });
  });

  it('accepts what the allowlist names until its expiry day, and reports expired entries', () => {
    const live = accept('GHSA-aaaa-bbbb-cccc', '2026-11-24');
    const old = accept('GHSA-dddd-eeee-ffff', '2026-11-23');
    const result = findUnaccepted(report, [live, old], today);
    expect(result.accepted).toEqual([live]);
    expect(result.expired).toEqual([old]);
    expect(result.unaccepted.map((f) => f.advisory)).toEqual(['GHSA-dddd-eeee-ffff']);
  });

  it('passes a clean report', () => {
    expect(findUnaccepted({ vulnerabilities: {} }, [], today)).toEqual({
      unaccepted: [],
      accepted: [],
      expired: [],
      lower: 0,
    });
  });
});
