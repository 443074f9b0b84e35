import { siteConfig } from '../../forms/site-config';

/** forms/site.json's Help and Privacy texts, read defensively (the schema types them loosely). */
export interface HelpTexts {
  title: string;
  technical: string;
  pdfReaderNote: string;
  office: string;
}

export interface PrivacyTexts {
  title: string;
  policyIntro: string;
  cookies: {
    what: string;
    how: string;
    control: string;
    browserLinks: Array<{ label: string; url: string }>;
    analyticsOptOut: { text: string; url: string };
  };
  copyrightHolder: string;
}

const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : fallback;
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

export const university = siteConfig.university;

export const helpTexts: HelpTexts = {
  title: text(siteConfig.help.title, 'Help'),
  technical: text(siteConfig.help.technical),
  pdfReaderNote: text(siteConfig.help.pdfReaderNote),
  office: text(siteConfig.help.office),
};

const privacy = record(siteConfig.privacy);
const cookies = record(privacy.cookies);
const optOut = record(cookies.analyticsOptOut);

export const privacyTexts: PrivacyTexts = {
  title: text(privacy.title, 'Privacy'),
  policyIntro: text(privacy.policyIntro),
  cookies: {
    what: text(cookies.what),
    how: text(cookies.how),
    control: text(cookies.control),
    browserLinks: (Array.isArray(cookies.browserLinks) ? cookies.browserLinks : [])
      .map(record)
      .map((link) => ({ label: text(link.label), url: text(link.url) }))
      .filter((link) => link.label && link.url),
    analyticsOptOut: { text: text(optOut.text), url: text(optOut.url) },
  },
  copyrightHolder: text(privacy.copyrightHolder, siteConfig.university.name),
};

/** `tel:` form of a display phone number, e.g. (507) 555-0140 → tel:+15075550140. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${digits.length === 10 ? `+1${digits}` : digits}`;
}
