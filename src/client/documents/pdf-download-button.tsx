import { useEffect, useRef } from 'react';
import { ServerError } from '../api/errors';
import { BusyButton } from '../components/busy-button';
import { genericErrorMessage, pdfFailureMessage } from '../messages';
import { useFailureToast } from '../form/use-failure-toast';
import { isPending, usePdfStatus } from './documents-api';
import '../styles/documents.css';
import { t } from '../i18n/documents-texts';

/**
 * "Download a PDF copy" (SPEC §4 "PDF download"), for logged-in applicants only: GET /api/pdf is
 * polled every second while the PDF is being prepared (the button is busy), then every ten
 * minutes; once COMPLETED the button is a download link to its url. FAILED, or a failed call,
 * shows the error toast once, and the button asks again.
 */
export function PdfDownloadButton() {
  const pdf = usePdfStatus(true);
  const failed = useFailureToast();
  const status = pdf.data?.status;
  // A failed refresh of a PDF that is ready leaves the link working: that is no failure.
  const failing = status === 'FAILED' || (pdf.isError && status !== 'COMPLETED');
  const reported = useRef(false);

  useEffect(() => {
    if (failing && !reported.current) {
      const message = pdf.data?.message || genericErrorMessage();
      failed(pdfFailureMessage(), pdf.error ?? new ServerError(message, { status: 200 }));
    }
    reported.current = failing;
    // After every answer, so a retry that fails again is reported again.
  }, [failing, failed, pdf.error, pdf.data?.message, pdf.dataUpdatedAt, pdf.errorUpdatedAt]);

  if (status === 'COMPLETED' && pdf.data?.url) {
    return (
      <div className="pdf-download">
        <a
          className="button button--secondary pdf-download__button"
          href={pdf.data.url}
          download="application.pdf"
        >
          {t('pdf.download')}
        </a>
      </div>
    );
  }
  const busy = pdf.isPending || isPending(status) || (failing && pdf.isFetching);
  const retry = () => {
    // Asking again: a second failure is reported again.
    reported.current = false;
    void pdf.refetch();
  };
  return (
    <div className="pdf-download">
      <BusyButton
        className="button button--secondary pdf-download__button"
        busy={busy}
        onClick={retry}
      >
        {busy ? t('pdf.preparing') : t('pdf.download')}
      </BusyButton>
    </div>
  );
}
