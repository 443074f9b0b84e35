import { Modal } from '../components/modal';
import { helpTexts, telHref, university } from '../layout/site-config';

/** Help (SPEC §1): technical help by e-mail, the PDF reader note, the office with its phone. */
export function HelpDialog({ isOpen, onDismiss }: { isOpen: boolean; onDismiss: () => void }) {
  return (
    <Modal isOpen={isOpen} onDismiss={onDismiss} title={helpTexts.title} size="s">
      <h3>Technical help</h3>
      <p>{helpTexts.technical}</p>
      <p>
        E-mail: <a href={`mailto:${university.helpEmail}`}>{university.helpEmail}</a>
      </p>
      <h3>Opening files</h3>
      <p>{helpTexts.pdfReaderNote}</p>
      <h3>Admission questions</h3>
      <p>{helpTexts.office}</p>
      <p>
        Phone: <a href={telHref(university.phone)}>{university.phone}</a>
      </p>
      <address className="help-dialog__address">
        {university.addressLines.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
    </Modal>
  );
}
