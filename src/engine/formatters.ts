/**
 * Display formatters (SPEC §4 "Field behaviour", §9): the phone mask (ddd) ddd-dddd and the
 * social-security-style mask 3-2-4 as the applicant types, and file sizes in decimal units.
 */

const digits = (value: string, max: number): string => value.replace(/\D/g, '').slice(0, max);

/**
 * Formats typed or pasted input as (ddd) ddd-dddd, progressively: '5075' → '(507) 5'. A leading
 * 1 is the North American country code (no area code starts with 1), so '+1 (507) 555-0140' and
 * '1-507-555-0140' read as (507) 555-0140 rather than shifting every digit.
 */
export function formatPhone(value: string): string {
  const d = value.replace(/\D/g, '').replace(/^1/, '').slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Formats typed input as ddd-dd-dddd, progressively: '12345' → '123-45'. */
export function formatSsn(value: string): string {
  const d = digits(value, 9);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

const units = ['B', 'KB', 'MB', 'GB', 'TB'];

/** A file size in decimal units with no decimals and no space: 1048576 → '1MB', 532 → '532B'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0B';
  let unit = 0;
  let value = bytes;
  // Round before choosing the unit, so 999999 bytes reads '1MB' rather than '1000KB'.
  while (unit < units.length - 1 && Math.round(value) >= 1000) {
    value /= 1000;
    unit++;
  }
  return `${Math.round(value)}${units[unit]}`;
}
