/** What an upload field shows between choosing a file and having it attached (SPEC §4). */
import { formatFileSize } from '../../../engine/formatters';
import type { DocumentAnswer } from '../../../contract/documents';
import { t } from '../../i18n/documents-texts';

/** The file on its way: a labelled progress bar and its percentage. */
export function UploadProgress(props: { id: string; fileName: string; percent: number }) {
  const { id, fileName, percent } = props;
  return (
    <div className="file-upload__progress">
      <label htmlFor={id} className="file-upload__progress-label">
        {t('upload.progressLabel', { file: fileName })}
      </label>
      <div className="file-upload__progress-bar">
        <progress id={id} max={100} value={percent}>
          {t('upload.percent', { percent })}
        </progress>
        <span className="file-upload__percent" aria-hidden="true">
          {t('upload.percent', { percent })}
        </span>
      </div>
    </div>
  );
}

/** The server converting the upload to PDF (the field is aria-busy meanwhile). */
export function ConvertingNote() {
  return (
    <p className="file-upload__note file-upload__converting">
      <span className="file-upload__spinner" aria-hidden="true" />
      {t('upload.converting')}
    </p>
  );
}

/** The attached file: its name and size (decimal units, SPEC §9) and Delete. */
export function AttachedFile(props: {
  id: string;
  file: DocumentAnswer | undefined;
  onDelete: () => void;
}) {
  const { id, file, onDelete } = props;
  return (
    <div className="file-upload__attached">
      <p id={id} className="file-upload__file">
        <span className="visually-hidden">{t('upload.attachedLabel')}</span>
        <span className="file-upload__name">{file?.file_name ?? t('upload.yourFile')}</span>
        {file && <span className="file-upload__size">{formatFileSize(file.file_size)}</span>}
      </p>
      <button
        type="button"
        className="button button--secondary file-upload__delete"
        aria-describedby={id}
        onClick={onDelete}
      >
        {t('upload.delete')}
      </button>
    </div>
  );
}
