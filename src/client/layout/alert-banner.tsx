import { activeAlerts } from '../../engine/alerts';
import { siteConfig } from '../../forms/site-config';
import { t } from '../i18n/i18n';

/** The date-based alert banner (SPEC §4): the windows of forms/site.json that contain `now`. */
export function AlertBanner({ now }: { now?: Date }) {
  const alerts = activeAlerts(siteConfig.alerts, now ?? new Date());
  if (alerts.length === 0) return null;
  return (
    <section className="alert-banner" aria-label={t('alerts.label')}>
      <div className="shell-container alert-banner__inner">
        {alerts.map((alert) => (
          <p key={`${alert.start}-${alert.end}`} className="alert-banner__text">
            <span className="alert-banner__icon" aria-hidden="true">
              !
            </span>
            {alert.text}
          </p>
        ))}
      </div>
    </section>
  );
}
