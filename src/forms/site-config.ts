/**
 * forms/site.json on its own: screens that show only the university's name, Help and Privacy
 * (the sign-in screens, the profile-failure screen) import this, not the form pages with them.
 */
import site from '../../forms/site.json';
import type { SiteConfig } from '../engine/definitions';

/** forms/site.json: university configuration, alert windows, Help and Privacy texts. */
export const siteConfig = site as unknown as SiteConfig;
