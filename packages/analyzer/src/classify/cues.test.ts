import { describe, expect, it } from 'vitest';
import { cueFeatures } from './cues';

const TITLE = '__cue_agreement_title__';

describe('cueFeatures', () => {
  it('reads an agreement, a policy or an endorsement from the title, not from a mention in the text', () => {
    expect(
      cueFeatures('MUTUAL NON-DISCLOSURE AGREEMENT\n\n1. Definitions. "Confidential Information" means…')[
        TITLE
      ],
    ).toBe(1);
    expect(cueFeatures('HOMEOWNERS POLICY\nDeclarations\nPolicy Number: HO-3 2211')[TITLE]).toBe(1);
    expect(
      cueFeatures(
        '\n\nTHIS ENDORSEMENT CHANGES THE POLICY. PLEASE READ IT CAREFULLY.\n\nNamed storm deductible',
      )[TITLE],
    ).toBe(1);
    // A claim letter names the policy in its body; it is not titled as one.
    const letter = [
      'Harbor Mutual Insurance Company',
      'March 3, 2025',
      'Ms. Dana Whitfield',
      '14 Elm Street, Mobile, AL 36602',
      'Re: Claim 4471-22, wind damage',
      'Dear Ms. Whitfield:',
      'We have reviewed your claim under the policy and reserve our rights under its terms.',
      'Sincerely,',
    ].join('\n');
    expect(cueFeatures(letter)[TITLE]).toBeUndefined();
  });
});
