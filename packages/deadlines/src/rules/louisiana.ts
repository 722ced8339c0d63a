import { days, isStateOfEmergency, months, PROPERTY_POLICIES, unversioned, type RuleSet } from './types';

/**
 * Louisiana: La. R.S. 22:1892 and 22:1973 (payment and penalties), 22:1892.2 for catastrophic
 * losses (2024), and the floor on a policy's time to sue (22:868). A 'catastrophic loss' is taken
 * to be a loss under a declared state of emergency (ClaimFacts.stateOfEmergency).
 */

const RENUMBERED = 'Formerly § 22:658 (renumbered 2009).';

export const louisiana: RuleSet = {
  name: 'Louisiana statutes',
  state: 'LA',
  rollCaveat: 'Rolling a last day past a weekend or holiday (La. C.C.P. art. 5059) is UNVERIFIED.',
  rules: [
    {
      kind: 'deadline',
      id: 'LA-01',
      who: 'insurer',
      action: 'Begin adjusting the loss',
      trigger: 'claim_reported',
      triggerPhrase: 'the insurer was notified of the loss',
      versions: [
        { label: null, effective: null, decidedBy: 'trigger', period: days(14) },
        {
          label: 'catastrophic loss',
          effective: null,
          decidedBy: 'trigger',
          period: days(30),
          when: isStateOfEmergency,
        },
      ],
      roll: 'forward',
      holidays: 'LA',
      citation: 'La. R.S. 22:1892(A)(3)',
      verification: 'S',
      caveat: `${RENUMBERED} A catastrophic loss gives 30 days.`,
      policyKinds: PROPERTY_POLICIES,
    },
    {
      kind: 'deadline',
      id: 'LA-02',
      who: 'insurer',
      action: 'Pay the amount due and make a written settlement offer',
      trigger: 'proof_of_loss_submitted',
      triggerPhrase: 'the insurer received satisfactory proof of loss',
      versions: unversioned(days(30)),
      roll: 'forward',
      holidays: 'LA',
      citation: 'La. R.S. 22:1892(A)(1),(4)',
      verification: 'S',
      caveat: RENUMBERED,
      policyKinds: PROPERTY_POLICIES,
    },
    {
      kind: 'deadline',
      id: 'LA-03',
      who: 'insurer',
      action: 'Pay the claim, or owe penalties if the failure is arbitrary',
      trigger: 'proof_of_loss_submitted',
      triggerPhrase: 'the insurer received satisfactory proof of loss',
      versions: unversioned(days(60)),
      roll: 'forward',
      holidays: 'LA',
      citation: 'La. R.S. 22:1973',
      verification: 'S',
      caveat: null,
      policyKinds: PROPERTY_POLICIES,
    },
    {
      kind: 'deadline',
      id: 'LA-04',
      who: 'insurer',
      action: 'Pay the catastrophic-loss claim',
      trigger: 'proof_of_loss_submitted',
      triggerPhrase: 'the insurer received written proof of the catastrophic loss',
      versions: [
        { label: null, effective: '2024-07-01', decidedBy: 'date_of_loss', period: days(60) },
        {
          label: 'non-residential property',
          effective: '2024-07-01',
          decidedBy: 'date_of_loss',
          period: days(90),
          when: (facts) => facts.policyKind === 'commercial',
        },
      ],
      condition: isStateOfEmergency,
      roll: 'forward',
      holidays: 'LA',
      citation: 'La. R.S. 22:1892.2',
      verification: 'P',
      caveat:
        'Residential property 60 days, other property 90. Suit on a catastrophic loss needs 60 days’ written notice and prescribes in 2 years.',
      policyKinds: PROPERTY_POLICIES,
    },
    {
      kind: 'deadline',
      id: 'LA-05',
      who: 'policyholder',
      action: 'File suit: a policy may not allow less than 24 months',
      trigger: 'date_of_loss',
      triggerPhrase: 'the loss',
      versions: unversioned(months(24)),
      roll: 'forward',
      holidays: 'LA',
      citation: 'La. R.S. 22:868(B)',
      verification: 'S',
      caveat: 'The policy may allow longer: read its suit clause.',
      suitLimit: true,
      policyKinds: PROPERTY_POLICIES,
    },
  ],
};
