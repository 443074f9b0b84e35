import { describe, expect, it } from 'vitest';
import { validate } from '../../src/engine/validation';
import { finalSteps } from '../../src/generated/validators.js';
import { requiredMessage } from '../helpers/shipped-texts';

const WAIVER = requiredMessage('counselor_waiver_request');
const CERTIFICATION = requiredMessage('legal_agree');

describe('Final Steps validation', () => {
  it('requires the waiver answer (its message is the waiver statement)', () => {
    expect(validate(finalSteps, { legal_agree: 'true' })).toEqual({
      counselor_waiver_request: [WAIVER],
    });
    expect(validate(finalSteps, { counselor_waiver_request: '', legal_agree: 'true' })).toEqual({
      counselor_waiver_request: [WAIVER],
    });
    expect(validate(finalSteps, { counselor_waiver_request: 'N', legal_agree: 'true' })).toEqual(
      {},
    );
  });

  it.each([undefined, 'false', '', 'TRUE', 'yes'])(
    'requires the certification to be true, not %j',
    (value) => {
      const answers =
        value === undefined
          ? { counselor_waiver_request: 'Y' }
          : { counselor_waiver_request: 'Y', legal_agree: value };
      expect(validate(finalSteps, answers)).toEqual({ legal_agree: [CERTIFICATION] });
    },
  );
});
