import { Notice } from '../components/notice';
import { useDocumentTitle } from '../components/use-document-title';
import { staffLinkInvalidMessage } from './session-messages';
import '../styles/shell.css';

/**
 * The service (staff) view opened by `service_token` (SPEC §6). Its read-only rendering comes
 * with the service endpoint; until then the link is reported as not valid. Service users see no
 * header, footer, navigation or account menu.
 */
export function ServiceView() {
  useDocumentTitle('Staff view', true);
  return (
    <main id="main-content" className="shell-container service-view">
      <h1 className="form-page__title">Application</h1>
      <Notice kind="error">{staffLinkInvalidMessage}</Notice>
    </main>
  );
}
