/** A new password's strength, 0 (guessed at once) to 4 (very unlikely to be guessed). */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

/** Words for each score, as the meter shows them. */
export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

type Estimate = (password: string, userInputs: readonly string[]) => StrengthScore;
let estimator: Promise<Estimate> | undefined;

/**
 * zxcvbn-ts with its common-password list and keyboard graphs: the same list the server refuses
 * from. About 240 KB gzipped, so it is fetched on first use (a new password typed), never with
 * the page: the sign-in chunks stay within their budget.
 */
export function loadStrengthEstimator(): Promise<Estimate> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => {
      core.zxcvbnOptions.setOptions({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
      return (password, userInputs) => core.zxcvbn(password, [...userInputs]).score;
    },
  );
  // A failed fetch (offline) is tried again next time rather than remembered.
  estimator.catch(() => (estimator = undefined));
  return estimator;
}
