import { addDays, addressLines, fullName, longDate, money, shortDate, type DemoCaseFacts } from './facts';

/**
 * The second demo firm's hurricane claim (Castillo & Pierce, Okafor Duplex – Hurricane Roof Loss),
 * whose case was opened with only a title and a carrier: these two papers carry the policy
 * number, claim number, date of loss and address the case lacks, for the case page to offer.
 */
export const OKAFOR_FACTS: Omit<DemoCaseFacts, 'caseNumber' | 'client' | 'dateOfLoss'> = {
  carrier: 'Gulfstream Mutual',
  policyNumber: 'GMD-3-2207419',
  claimNumber: 'GM-HU-0318842',
  propertyAddress: '4417 North Nebraska Avenue, Tampa, FL 33603',
};
/** Days before today the hurricane struck. */
export const OKAFOR_LOSS_DAYS_AGO = 47;

const DWELLING = 368_000;

/** A dwelling (DP-3) declarations page: the duplex is let, so not a homeowners form. */
export function dwellingDeclarations(facts: DemoCaseFacts): string {
  const start = addDays(facts.dateOfLoss, -96);
  return `GULFSTREAM MUTUAL INSURANCE COMPANY
1 Harbour Place, Tampa, FL 33602 | Customer Service (813) 555-0190

DWELLING POLICY DECLARATIONS
Dwelling Property 3 - Special Form (DP 00 03 12 02)

Policy Number: ${facts.policyNumber}
Policy Period: From ${shortDate(start)} To ${shortDate(addDays(start, 365))} at 12:01 A.M. standard time at the described location

Named Insured: ${fullName(facts)}
Mailing Address: 9 Bayshore Court, Tampa, FL 33611
Described Location: ${facts.propertyAddress} (two-family dwelling, both units rented)

COVERAGES AND LIMITS OF LIABILITY
Coverage A - Dwelling: $${money(DWELLING)}
Coverage B - Other Structures: $${money(DWELLING * 0.1)}
Coverage C - Personal Property: Not covered
Coverage D - Fair Rental Value: $${money(DWELLING * 0.1)}
Coverage E - Additional Living Expense: Not covered

DEDUCTIBLES
All Other Perils: $1,000.00
Hurricane: 5% of Coverage A ($${money(DWELLING * 0.05)})

FORMS AND ENDORSEMENTS
DP 00 03 12 02 Dwelling Property 3 - Special Form
DP 04 73 Windstorm or Hail Roof Surfacing - Actual Cash Value Loss Settlement
GM-DP 01 09 Florida Special Provisions
GM-DP 23 Limited Fungi, Wet or Dry Rot, or Bacteria Coverage - $10,000.00

MORTGAGEE: Sunshine State Credit Union, ISAOA, P.O. Box 3311, Tampa, FL 33601

Total Annual Premium: $4,216.00

In return for the payment of the premium, and subject to all the terms of this policy, we will provide the insurance described in this policy. These declarations and the forms listed above complete the policy.
`;
}

/** The carrier's reservation of rights on the hurricane roof claim, dated `dated` (ISO). */
export function hurricaneReservationOfRights(facts: DemoCaseFacts, dated: string): string {
  const name = fullName(facts);
  const [street, city] = addressLines('9 Bayshore Court, Tampa, FL 33611');
  return `GULFSTREAM MUTUAL INSURANCE COMPANY
Catastrophe Claims Unit
1 Harbour Place, Tampa, FL 33602

${longDate(dated)}

${name}
${street}
${city}

Re: Reservation of Rights
Named Insured: ${name}
Policy No.: ${facts.policyNumber}
Claim No.: ${facts.claimNumber}
Date of Loss: ${longDate(facts.dateOfLoss)}
Loss Location: ${facts.propertyAddress}

Dear ${name}:

Gulfstream Mutual Insurance Company ("Gulfstream") has received your claim for damage to the roof and the interior of both units of the dwelling at the location above, which you report was caused by the hurricane on ${longDate(facts.dateOfLoss)}. Our independent adjuster, Leah Brandt of Coastal Catastrophe Adjusters, inspected the property on ${longDate(addDays(facts.dateOfLoss, 12))}.

Gulfstream is investigating the claim under a reservation of rights, for the following reasons:

1. Roof surfacing. Endorsement DP 04 73 provides that loss to roof surfacing caused by windstorm or hail is settled at actual cash value. Our adjuster observed granule loss and brittle, curled shingles consistent with age on the slopes that were not damaged by wind.

2. Hurricane deductible. A hurricane deductible of 5% of Coverage A applies to this loss.

3. Tenants' property and rent. The policy does not cover your tenants' personal property. Loss of rent is covered under Coverage D - Fair Rental Value only while a unit is not fit to live in.

Please provide, within 30 days of this letter (by ${longDate(addDays(dated, 30))}), the current leases for both units, your roofing contractor's estimate, and photographs of the roof taken before the storm, if any. Gulfstream reserves all of its rights under the policy and Florida law; nothing in this letter or in our investigation waives any of them.

Sincerely,

Owen Hartley
Catastrophe Claims Examiner
Gulfstream Mutual Insurance Company
(813) 555-0191
`;
}
