import { useMutation } from '@tanstack/react-query';
import { QueryError } from '../query-error';
import { downloadAs } from '../staff-api';

interface FileLinksProps {
  /** What the file is ("Submission packet", "Document: transcript.png"). */
  label: string;
  url: string;
  /** The name it is saved under. */
  fileName: string;
}

/**
 * One PDF of an application: opened in a new tab to be read (the console stays where it was),
 * or saved under the applicant's name.
 */
export function FileLinks({ label, url, fileName }: FileLinksProps) {
  const save = useMutation({ mutationFn: () => downloadAs(url, fileName) });
  return (
    <li className="staff-file">
      <span className="staff-file__label">{label} (PDF)</span>
      <span className="staff-file__actions">
        <a href={url} target="_blank" rel="noopener noreferrer">
          Open <span className="visually-hidden">{label}</span> in a new tab
        </a>
        <button
          type="button"
          className="button button--secondary"
          disabled={save.isPending}
          onClick={() => save.mutate()}
        >
          Download <span className="visually-hidden">{label}</span> as {fileName}
        </button>
      </span>
      <QueryError error={save.error} />
    </li>
  );
}
