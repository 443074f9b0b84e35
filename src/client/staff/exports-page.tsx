import { staffDownloads } from './staff-api';
import { StaffPage } from './staff-page';

/**
 * /staff/exports: the submitted applications as files. Plain links: the server streams them and
 * the browser saves them, so an export of thousands never passes through this page's memory.
 */
export function ExportsPage() {
  return (
    <StaffPage title="Exports">
      <p>
        Every submitted application, one per row in the order they were submitted: every answer of
        the form (with the wording of coded answers beside them), the form version and when it was
        submitted. The CSV's first row names each column by its question, the second by its answer
        key. Each download is recorded in the audit log.
      </p>
      <ul className="staff-downloads">
        <li>
          <a className="button button--primary" href={staffDownloads.csv} download>
            Download CSV
          </a>
          <span className="staff-downloads__note">for spreadsheets</span>
        </li>
        <li>
          <a className="button button--secondary" href={staffDownloads.jsonLines} download>
            Download JSON Lines
          </a>
          <span className="staff-downloads__note">for programs: one JSON object per line</span>
        </li>
      </ul>
    </StaffPage>
  );
}
