import { Modal } from '../components/modal';
import { helpTexts, telHref, university } from '../layout/site-config';
import { t } from '../i18n/dialogs-texts';

/** Help (SPEC §1): technical help by e-mail, the PDF reader note, the office with its phone. */
export function HelpDialog({ isOpen, onDismiss }: { isOpen: boolean; onDismiss: () => void }) {
  return (
    <Modal isOpen={isOpen} onDismiss={onDismiss} title={helpTexts.title} size="s">
      <h3>{t('help.technical')}</h3>
      <p>{helpTexts.technical}</p>
      <p>
        {t('help.email')}
        <a href={`mailto:${university.helpEmail}`}>{university.helpEmail}</a>
      </p>
      <h3>{t('help.files')}</h3>
      <p>{helpTexts.pdfReaderNote}</p>
      <h3>{t('help.admission')}</h3>
      <p>{helpTexts.office}</p>
      <p>
        {t('help.phone')}
        <a href={telHref(university.phone)}>{university.phone}</a>
      </p>
      <address className="help-dialog__address">
        {university.addressLines.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
    </Modal>
  );
}
