import { days, FLOOD_POLICIES, unversioned, years, type RuleSet } from './types';

/**
 * The NFIP Standard Flood Insurance Policy (44 CFR pt. 61 App. A): federal law, whatever the
 * state. Suit periods follow FRCP 6(a) and federal holidays.
 */
export const federalFlood: RuleSet = {
  name: 'Federal flood (NFIP Standard Flood Insurance Policy)',
  state: null,
  rollCaveat: null,
  rules: [
    {
      kind: 'deadline',
      id: 'FF-01',
      who: 'policyholder',
      action: 'Send the signed, sworn proof of loss (an amended proof too)',
      trigger: 'date_of_loss',
      triggerPhrase: 'the date of loss',
      versions: unversioned(days(60)),
      roll: 'none',
      holidays: 'US',
      citation: '44 CFR pt. 61 App. A(1) art. VII(J)(4), (M)(2)',
      verification: 'S',
      caveat:
        'A policy term, so the date does not roll. The article numbers follow the pre-2021 form: check the current SFIP.',
      policyKinds: FLOOD_POLICIES,
    },
    {
      kind: 'note',
      id: 'FF-02',
      who: 'regulator',
      action: 'Only a written FEMA waiver, per event, extends the proof-of-loss deadline',
      appliesTo: ['FF-01'],
      citation: 'SFIP waiver clause; FEMA bulletins',
      verification: 'S',
      caveat:
        'Only a written FEMA waiver extends this deadline (after Sandy, to 18 months): check the event’s bulletins.',
      policyKinds: FLOOD_POLICIES,
    },
    {
      kind: 'deadline',
      id: 'FF-03',
      who: 'policyholder',
      action: 'File suit in U.S. District Court',
      trigger: 'denial',
      triggerPhrase: 'the first written denial, in whole or in part',
      versions: unversioned(years(1)),
      roll: 'forward',
      holidays: 'US',
      citation: '42 U.S.C. § 4072; SFIP art. VII(R)',
      verification: 'S',
      caveat:
        'FEMA cannot extend it. An optional FEMA appeal is due within 60 days of the denial (44 CFR 62.20). The statute’s wording is UNVERIFIED.',
      suitLimit: true,
      policyKinds: FLOOD_POLICIES,
    },
  ],
};
