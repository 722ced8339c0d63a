import { describe, expect, it } from 'vitest';
import { compute, deadlineOf } from './test-support';

/**
 * The six worked examples of shared/reference/claim-deadlines.md, every date they give.
 * 'Target', 'safer' and 'alert on' dates are not fields of ComputedDeadline: the engine writes
 * them into the caveat (the last business day before a due date that is not one; the date one
 * count earlier for an 'at least N before' period).
 */

describe('1. Florida: loss 2024-09-26, policy renewed after 2022-12-16, claim received 2024-10-01', () => {
  const result = compute(
    { propertyState: 'FL', policyEffectiveDate: '2024-06-01' },
    { date_of_loss: '2024-09-26', claim_reported: '2024-10-01' },
  );

  it('acknowledge by Tue 2024-10-08 (FL-04)', () => {
    const acknowledge = deadlineOf(result, 'FL-04');
    expect(acknowledge).toMatchObject({
      nominalDate: '2024-10-08',
      rolledDate: '2024-10-08',
      dueDate: '2024-10-08',
    });
    expect(acknowledge.explanation).toBe(
      '7 days after the insurer received notice of the claim — Fla. Stat. § 627.70131(1)(a), as amended 2023',
    );
  });

  it('pay or deny by Sat 2024-11-30, Mon 12-02 if rolled; check for OIR orders (FL-08)', () => {
    const payOrDeny = deadlineOf(result, 'FL-08');
    expect(payOrDeny).toMatchObject({
      nominalDate: '2024-11-30',
      rolledDate: '2024-12-02',
      dueDate: '2024-11-30',
    });
    expect(payOrDeny.explanation).toBe(
      '60 days after the insurer received notice of the claim — Fla. Stat. § 627.70131(7)(a), as amended 2023',
    );
    expect(payOrDeny.caveat).toContain('Check for OIR orders extending this deadline (§ 627.70131(5)).');
  });

  it('new-claim notice barred after Fri 2025-09-26, supplemental after Thu 2026-03-26 (FL-01, FL-02)', () => {
    expect(deadlineOf(result, 'FL-01').dueDate).toBe('2025-09-26');
    expect(deadlineOf(result, 'FL-02').dueDate).toBe('2026-03-26');
  });

  it('suit by Wed 2029-09-26 (FL-15); DFS notice by Wed 2029-09-12, safer Tue 2029-09-11 (FL-12)', () => {
    expect(deadlineOf(result, 'FL-15')).toMatchObject({ nominalDate: '2029-09-26', dueDate: '2029-09-26' });
    const dfsNotice = deadlineOf(result, 'FL-12');
    expect(dfsNotice).toMatchObject({
      basedOn: 'FL-15',
      trigger: 'date_of_loss',
      nominalDate: '2029-09-12',
      rolledDate: '2029-09-12',
      dueDate: '2029-09-12',
    });
    expect(dfsNotice.explanation).toBe(
      '10 business days before the last day to sue (FL-15) — Fla. Stat. § 627.70152(3)(a), SB 76 (2021)',
    );
    expect(dfsNotice.caveat).toContain('the safer date is Tuesday 2029-09-11');
  });

  it('leaves the common suit clause out: Florida has its own time to sue', () => {
    expect(result.deadlines.map((deadline) => deadline.ruleId)).not.toContain('HO-06');
    expect(result.sources).toEqual(['Florida statutes', 'Common policy terms (ISO HO 00 03)']);
  });
});

describe('2. Florida (Oceania, S.D. Fla. 2023)', () => {
  const result = compute(
    { propertyState: 'FL', policyEffectiveDate: '2017-01-01' },
    { date_of_loss: '2017-09-10', presuit_notice: '2022-08-29' },
  );

  it('the response to the notice given 2022-08-29 was due 2022-09-13, skipping Labor Day (FL-13)', () => {
    expect(deadlineOf(result, 'FL-13')).toMatchObject({ nominalDate: '2022-09-13', dueDate: '2022-09-13' });
  });

  it('5 years from 2017-09-10 fell on Saturday 2022-09-10 and ran to Monday 2022-09-12 (FL-15)', () => {
    expect(deadlineOf(result, 'FL-15')).toMatchObject({
      nominalDate: '2022-09-10',
      rolledDate: '2022-09-12',
      dueDate: '2022-09-10',
    });
  });

  it('a policy issued before SB 76 keeps the presuit rule with a warning (Hughes split)', () => {
    expect(deadlineOf(result, 'FL-13').caveat).toContain('took effect 2021-07-01');
  });
});

describe('3. Texas: notice received Thu 2024-05-16', () => {
  const keyDates = {
    claim_reported: '2024-05-16',
    all_items_received: '2024-06-20',
    claim_accepted: '2024-08-26',
    presuit_notice: '2024-10-01',
  };
  const result = compute({ propertyState: 'TX' }, keyDates);

  it('acknowledge and request items by Fri 2024-05-31 (TX-01)', () => {
    expect(deadlineOf(result, 'TX-01')).toMatchObject({ nominalDate: '2024-05-31', dueDate: '2024-05-31' });
  });

  it('with a TX-06 catastrophe, Sat 06-15, Mon 06-17 if rolled', () => {
    const extended = deadlineOf(
      compute({ propertyState: 'TX', catastropheExtensionDays: 15 }, keyDates),
      'TX-01',
    );
    expect(extended).toMatchObject({
      nominalDate: '2024-06-15',
      rolledDate: '2024-06-17',
      dueDate: '2024-06-15',
    });
    expect(extended.explanation).toBe(
      '15 days after the insurer received notice of the claim — Tex. Ins. Code § 542.055(a), plus 15 days by catastrophe order (Tex. Ins. Code § 542.059(b))',
    );
    expect(extended.caveat).toContain('UNVERIFIED'); // the Texas rolling rule
  });

  it('items received Thu 2024-06-20: decide by Fri 2024-07-12, skipping July 4 (TX-02)', () => {
    expect(deadlineOf(result, 'TX-02')).toMatchObject({ nominalDate: '2024-07-12', dueDate: '2024-07-12' });
  });

  it('with an extension notice sent that day, decide by Mon 2024-08-26 (TX-03)', () => {
    expect(deadlineOf(result, 'TX-03')).toMatchObject({ basedOn: 'TX-02', dueDate: '2024-08-26' });
  });

  it('accepted that day: pay by Tue 2024-09-03, after Labor Day (TX-04)', () => {
    expect(deadlineOf(result, 'TX-04')).toMatchObject({ nominalDate: '2024-09-03', dueDate: '2024-09-03' });
  });

  it('presuit notice 2024-10-01: inspection request by 2024-10-31 (TX-08), earliest suit Sun 12-01, Mon 12-02 (TX-07)', () => {
    expect(deadlineOf(result, 'TX-08').dueDate).toBe('2024-10-31');
    expect(deadlineOf(result, 'TX-07')).toMatchObject({
      nominalDate: '2024-12-01',
      rolledDate: '2024-12-02',
      dueDate: '2024-12-01',
    });
  });
});

describe('4. California: state-of-emergency fire 2025-01-07, notice received 2025-01-10', () => {
  const result = compute(
    { propertyState: 'CA', stateOfEmergency: true },
    {
      date_of_loss: '2025-01-07',
      claim_reported: '2025-01-10',
      first_acv_payment: '2025-02-15',
      proof_of_loss_submitted: '2025-03-03',
      denial: '2025-06-30',
    },
  );

  it('acknowledge by Sat 2025-01-25, target Fri 01-24 (CA-02)', () => {
    const acknowledge = deadlineOf(result, 'CA-02');
    expect(acknowledge).toMatchObject({ nominalDate: '2025-01-25', dueDate: '2025-01-25' });
    expect(acknowledge.caveat).toContain('the last business day before it is Friday 2025-01-24');
  });

  it('proof of claim 2025-03-03: decide by Sat 2025-04-12, or a status notice every 30 days (CA-03, CA-04)', () => {
    const decide = deadlineOf(result, 'CA-03');
    expect(decide.dueDate).toBe('2025-04-12');
    expect(decide.caveat).toContain('every 30 days');
  });

  it('suit by Thu 2027-01-07 before tolling; a denial on 2025-06-30 adds about 171 days, to about 2027-06-27', () => {
    const suit = deadlineOf(result, 'CA-07');
    expect(suit).toMatchObject({
      nominalDate: '2027-01-07',
      dueDate: '2027-01-07',
      ruleVersion: 'state-of-emergency loss',
    });
    expect(suit.caveat).toContain('about 171 days');
    expect(suit.caveat).toContain('about 2027-06-27');
    expect(suit.caveat).toContain('counsel must confirm');
  });

  it('first ACV payment 2025-02-15: replacement cost at least to 2028-02-15 (CA-09)', () => {
    expect(deadlineOf(result, 'CA-09').dueDate).toBe('2028-02-15');
  });
});

describe('5. Flood: loss 2024-09-26, denial dated 2025-02-14', () => {
  const result = compute(
    { propertyState: 'FL', policyKind: 'flood' },
    { date_of_loss: '2024-09-26', denial: '2025-02-14' },
  );

  it('proof of loss due Mon 2024-11-25 unless a FEMA waiver extends it (FF-01, FF-02)', () => {
    const proof = deadlineOf(result, 'FF-01');
    expect(proof.dueDate).toBe('2024-11-25');
    expect(proof.caveat).toContain('FEMA waiver');
  });

  it('suit by Sat 2026-02-14, Tue 02-17 under FRCP 6(a) past Presidents’ Day; alert on Fri 02-13 (FF-03)', () => {
    const suit = deadlineOf(result, 'FF-03');
    expect(suit).toMatchObject({
      nominalDate: '2026-02-14',
      rolledDate: '2026-02-17',
      dueDate: '2026-02-14',
    });
    expect(suit.caveat).toContain('the last business day before it is Friday 2026-02-13');
  });
});

describe('6. HO-3 appraisal: demand received Mon 2025-03-03', () => {
  const result = compute({ propertyState: 'OH' }, { appraisal_demand: '2025-03-03' });

  it('name an appraiser by Sun 2025-03-23; a contract term does not roll, so target Fri 03-21 (HO-04)', () => {
    const appraiser = deadlineOf(result, 'HO-04');
    expect(appraiser).toMatchObject({
      nominalDate: '2025-03-23',
      rolledDate: '2025-03-23',
      dueDate: '2025-03-23',
    });
    expect(appraiser.caveat).toContain('the last business day before it is Friday 2025-03-21');
  });
});
