import type { FastifyInstance } from 'fastify';
import type { Counter } from 'prom-client';
import type { AppDeps } from './app-deps';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/database';
import { createDocuments, type Documents } from './documents';
import { ApplicationService } from './application/application-service';
import { scheduleSummaryFlush } from './application/summary-upkeep';
import type { FormsRuntime } from './application/forms-runtime';
import { loadFormsRuntime } from './application/load-forms-runtime';
import { siteConfigIn } from '../forms/forms-in-language';
import { sourceLocale } from '../contract/locale';
import { AccountService } from './identity/accounts';
import { DeviceCookies } from './identity/device-cookie';
import { SignUpCookies } from './identity/sign-up-cookie';
import type { RateLimitOptions } from './identity/public-routes';
import { RateLimiter } from './identity/rate-limiter';
import { SecretHasher } from './identity/secrets';
import { ServiceTokens } from './identity/service-tokens';
import { SessionCookies } from './identity/session-cookies';
import { SessionStore } from './identity/sessions';
import { NoAddressProvider } from './lookup/address-provider';
import { LookupService } from './lookup/lookup-service';
import { PhotonAddressProvider } from './lookup/photon-address-provider';
import { createMailer, sendInBackground, type BackgroundMailer } from './mail/mailer';
import { clientErrorCounter } from './ops/metrics';
import { Readiness } from './ops/readiness';
import { connectRedis } from './ops/redis';
import { loadSite, type SiteSettings } from './site';
import { AuditLog } from './staff/audit-log';
import { StaffCookie } from './staff/staff-cookie';
import { StaffLinks } from './staff/staff-links';
import { StaffSessions } from './staff/staff-sessions';
import { clientErrorKinds } from '../engine/client-error-report';

/**
 * Everything the feature plugins share, built once per app. Each plugin declares the part it
 * reads as its options, and app.ts passes this whole object to each.
 */
export interface Services {
  config: Config;
  db: Db;
  clock: Clock;
  site: SiteSettings;
  forms: FormsRuntime;
  documents: Documents;
  readiness: Readiness;
  sessions: SessionStore;
  cookies: SessionCookies;
  signUpCookies: SignUpCookies;
  mailer: BackgroundMailer;
  accounts: AccountService;
  limiter: RateLimiter;
  limits: RateLimitOptions;
  application: ApplicationService;
  lookup: LookupService;
  tokens: ServiceTokens;
  /** admissions_client_errors_total in /metrics, by kind. */
  clientErrors: Counter<'kind'>;
  /** The key-holder of sessions, tokens and sealed secrets (SESSION_SECRET). */
  hasher: SecretHasher;
  staffSessions: StaffSessions;
  staffCookie: StaffCookie;
  audit: AuditLog;
  /** Service links issued from the staff console: listed, traced and revocable. */
  staffLinks: StaffLinks;
}

/** Builds the services from the configuration, closing what they hold when the app closes. */
export async function createServices(app: FastifyInstance, deps: AppDeps): Promise<Services> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const site = loadSite();
  const forms = deps.forms ?? loadFormsRuntime();
  const documents = deps.documents ?? createDocuments({ config, db, clock, forms, site });
  const secure = config.publicUrl.startsWith('https:');
  const readiness = deps.readiness ?? new Readiness();

  const hasher = new SecretHasher(config.sessionSecret);
  const sessions = new SessionStore(db, hasher, clock);
  const cookies = new SessionCookies(config.identityCookiePrefix, secure);
  const mailer = sendInBackground(
    deps.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        dataDir: config.dataDir,
        from: `"${site.university.name} Admissions" <${site.university.helpEmail}>`,
        logger: app.log,
        logSecrets: config.development,
      }),
    { logger: app.log },
  );
  // Mail still being sent goes out before the process stops, within what is left of the shutdown
  // time once the requests under way have finished (onClose runs after them).
  let closingSince = 0;
  app.addHook('preClose', async () => {
    closingSince = Date.now();
  });
  app.addHook('onClose', () =>
    mailer.close(Math.max(0, config.shutdown.timeoutMs - (Date.now() - closingSince))),
  );
  const accounts = new AccountService({
    db,
    hasher,
    clock,
    mailer,
    sessions,
    publicUrl: config.publicUrl,
    // The university as its mail names it, in the mail's language (forms/es/site.json's title).
    sender: (locale) => {
      const { name, applicationTitle, helpEmail } =
        locale === sourceLocale ? site.university : siteConfigIn(locale).university;
      return { universityName: name, applicationTitle, helpEmail };
    },
  });
  const redis = config.redis.url ? await connectRedis(config.redis.url, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => redis.disconnect());
  const limiter = new RateLimiter(
    db,
    clock,
    hasher,
    redis ? { client: redis, keyPrefix: config.redis.keyPrefix } : undefined,
  );
  // The /api write counts not yet written go to the database before it closes.
  app.addHook('onClose', () =>
    limiter.flush().catch((err: unknown) => app.log.warn({ err }, 'rate-limit counts not written')),
  );
  const lookup =
    deps.lookup ??
    new LookupService(
      db,
      config.addressLookupUrl
        ? new PhotonAddressProvider({
            url: config.addressLookupUrl,
            onError: (err) => app.log.warn({ err }, 'address lookup failed'),
          })
        : new NoAddressProvider(),
    );
  const tokens = new ServiceTokens(hasher, clock);
  // The schools' index is built before the server listens (main.ts loads the data before that),
  // so no applicant's first lookup waits for it. A database that does not answer yet must not
  // stop the start (/readyz says so): the index is then built by the first lookup.
  app.addHook('onReady', async () => {
    try {
      await lookup.prepare();
    } catch (err) {
      app.log.warn({ err }, 'the schools index will be built at the first lookup');
    }
  });
  // The staff summaries of the answers written meanwhile, every second (summary-upkeep.ts); staff
  // reads of them bring them up to date first all the same.
  let stopSummaryFlush = async (): Promise<void> => {};
  app.addHook('onReady', async () => {
    stopSummaryFlush = scheduleSummaryFlush(db, app.log);
  });
  app.addHook('onClose', () => stopSummaryFlush());
  return {
    config,
    db,
    clock,
    site,
    forms,
    documents,
    readiness,
    sessions,
    cookies,
    signUpCookies: new SignUpCookies(hasher, config.identityCookiePrefix, secure),
    mailer,
    accounts,
    limiter,
    limits: {
      limiter,
      rateLimit: config.rateLimit,
      devices: new DeviceCookies(hasher, clock, config.identityCookiePrefix, secure),
    },
    application: new ApplicationService(db, hasher, clock),
    lookup,
    tokens,
    clientErrors: clientErrorCounter(clientErrorKinds),
    hasher,
    staffSessions: new StaffSessions(db, hasher, clock),
    staffCookie: new StaffCookie(config.identityCookiePrefix, secure),
    audit: new AuditLog(db, clock),
    staffLinks: new StaffLinks(db, tokens, clock, config.publicUrl),
  };
}
