/**
 * The application PDF's status query (documents-api.ts). A save or a submit asks for it again;
 * apart from documents-api, so that the form's first load does not bring the documents' code.
 */
export const pdfQueryKey = ['pdf'] as const;
