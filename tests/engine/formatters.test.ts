import { describe, expect, it } from 'vitest';
import { formatFileSize, formatPhone, formatSsn } from '../../src/engine/formatters';

describe('formatters', () => {
  it('formats a phone as (ddd) ddd-dddd while typing', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('5')).toBe('(5');
    expect(formatPhone('507')).toBe('(507');
    expect(formatPhone('5075')).toBe('(507) 5');
    expect(formatPhone('507555')).toBe('(507) 555');
    expect(formatPhone('5075550')).toBe('(507) 555-0');
    expect(formatPhone('5075550140')).toBe('(507) 555-0140');
    expect(formatPhone('(507) 555-0140 ext 9')).toBe('(507) 555-0140');
  });

  it('drops a leading country code 1 before the mask', () => {
    expect(formatPhone('+1 (507) 555-0140')).toBe('(507) 555-0140');
    expect(formatPhone('1-507-555-0140')).toBe('(507) 555-0140');
    expect(formatPhone('15075550140')).toBe('(507) 555-0140');
    expect(formatPhone('1')).toBe('');
    expect(formatPhone('150')).toBe('(50');
  });

  it('formats a social-security-style number as 3-2-4 while typing', () => {
    expect(formatSsn('123')).toBe('123');
    expect(formatSsn('1234')).toBe('123-4');
    expect(formatSsn('12345')).toBe('123-45');
    expect(formatSsn('123456')).toBe('123-45-6');
    expect(formatSsn('123-45-67899')).toBe('123-45-6789');
  });

  it('shows file sizes in decimal units, no decimals, no space', () => {
    expect(formatFileSize(0)).toBe('0B');
    expect(formatFileSize(532)).toBe('532B');
    expect(formatFileSize(999)).toBe('999B');
    expect(formatFileSize(1000)).toBe('1KB');
    expect(formatFileSize(1499)).toBe('1KB');
    expect(formatFileSize(1500)).toBe('2KB');
    expect(formatFileSize(999_999)).toBe('1MB');
    expect(formatFileSize(1_048_576)).toBe('1MB');
    expect(formatFileSize(2_600_000_000)).toBe('3GB');
  });
});
