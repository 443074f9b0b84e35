/** Letters and digits of a name without accents, words joined by hyphens ("García López" → "Garcia-Lopez"). */
function fileNamePart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A downloaded file's name after the applicant, family name first, as a registrar files them:
 * "Garcia-Lopez_Maria_application.pdf". Without a name, the fallback (their e-mail) stands in.
 */
export function applicantFileName(
  answer: Readonly<Record<string, string | undefined>>,
  what: string,
  fallback: string,
): string {
  const names = [answer.last_name ?? '', answer.first_name ?? ''].map(fileNamePart).filter(Boolean);
  const who = names.length > 0 ? names : [fileNamePart(fallback) || 'applicant'];
  return `${[...who, fileNamePart(what) || 'document'].join('_')}.pdf`;
}

/** What a document is called in its file's name: the uploaded file's name without its type. */
export const documentStem = (fileName: string | undefined, key: string) =>
  (fileName ?? key).replace(/\.[^.]*$/, '');
