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

/*
 * Read when shown, not when this module is evaluated: the site's texts are put in the page's
 * language in place (src/forms/form-language.ts), which the server's prerender of a Spanish page
 * does after its modules are evaluated.
 */
export const helpTexts: HelpTexts = {
  get title() {
    return text(siteConfig.help.title, 'Help');
  },
  get technical() {
    return text(siteConfig.help.technical);
  },
  get pdfReaderNote() {
    return text(siteConfig.help.pdfReaderNote);
  },
  get office() {
    return text(siteConfig.help.office);
  },
};

const privacy = () => record(siteConfig.privacy);

export const privacyTexts: PrivacyTexts = {
  get title() {
    return text(privacy().title, 'Privacy');
  },
  get policyIntro() {
    return text(privacy().policyIntro);
  },
  get cookies() {
    const cookies = record(privacy().cookies);
    const optOut = record(cookies.analyticsOptOut);
    return {
      what: text(cookies.what),
      how: text(cookies.how),
      control: text(cookies.control),
      browserLinks: (Array.isArray(cookies.browserLinks) ? cookies.browserLinks : [])
        .map(record)
        .map((link) => ({ label: text(link.label), url: text(link.url) }))
        .filter((link) => link.label && link.url),
      analyticsOptOut: { text: text(optOut.text), url: text(optOut.url) },
    };
  },
  get copyrightHolder() {
    return text(privacy().copyrightHolder, siteConfig.university.name);
  },
};

/** `tel:` form of a display phone number, e.g. (507) 555-0140 → tel:+15075550140. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${digits.length === 10 ? `+1${digits}` : digits}`;
}
