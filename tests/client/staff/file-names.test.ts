import { describe, expect, it } from 'vitest';
import { applicantFileName, documentStem } from '../../../src/client/staff/applications/file-names';

describe('downloaded files named after the applicant', () => {
  it('puts the family name first, without accents, with hyphens kept', () => {
    const answer = { first_name: 'María', last_name: 'García-López' };
    expect(applicantFileName(answer, 'application', 'maria@example.edu')).toBe(
      'Garcia-Lopez_Maria_application.pdf',
    );
    expect(applicantFileName(answer, documentStem('transcript.png', 'transcript_file'), '')).toBe(
      'Garcia-Lopez_Maria_transcript.pdf',
    );
  });

  it('joins the words of a name with hyphens and drops what a file name should not hold', () => {
    const answer = { first_name: 'Zoë Anne', last_name: "O'Brien / Nguyen" };
    expect(applicantFileName(answer, 'application', '')).toBe(
      'O-Brien-Nguyen_Zoe-Anne_application.pdf',
    );
  });

  it('stands in the e-mail address for an applicant who gave no name', () => {
    expect(applicantFileName({}, 'application', 'ada@example.edu')).toBe(
      'ada-example-edu_application.pdf',
    );
    expect(applicantFileName({ first_name: '  ' }, '', '')).toBe('applicant_document.pdf');
    expect(documentStem(undefined, 'transcript_file')).toBe('transcript_file');
  });
});
