import { addDays, DEMO_LAW_FIRM, fullName, longDate, money, shortDate, type DemoCaseFacts } from './facts';

const POLICY_LIMIT = 486_000;
const WHOLE_LOSS = 254_930;
const DEDUCTIBLE = 5_000;
const PRIOR_PAYMENTS = 0;

/**
 * The sworn statement in proof of loss for the Hernandez kitchen fire (on the layout of the
 * standard form), signed `signed` (ISO): the whole loss, the deductible and the amount claimed.
 */
export function proofOfLoss(facts: DemoCaseFacts, signed: string): string {
  const name = fullName(facts);
  const start = addDays(facts.dateOfLoss, -210);
  const claimed = WHOLE_LOSS - DEDUCTIBLE - PRIOR_PAYMENTS;
  return `SWORN STATEMENT IN PROOF OF LOSS

Insurer: ${facts.carrier} Company
Policy Number: ${facts.policyNumber}
Claim Number: ${facts.claimNumber}
Amount of Policy at Time of Loss: $${money(POLICY_LIMIT)} (Coverage A - Dwelling)
Date Issued: ${shortDate(start)}   Date Expires: ${shortDate(addDays(start, 365))}
Agent: Palmetto Insurance Group, Coral Gables, FL

To the ${facts.carrier} Company:

At the time of loss, by the above indicated policy of insurance, you insured ${name} against loss by fire to the property described under Schedule "A", according to the terms and conditions of the said policy and all forms, endorsements, transfers and assignments attached thereto.

1. Time and Origin: A fire loss occurred about the hour of 6:40 o'clock p.m., on the ${longDate(facts.dateOfLoss)}. The cause of the said loss was: unattended cooking oil ignited on the kitchen range and spread to the cabinets and ceiling; the fire was extinguished by the City of Coral Gables Fire Department (incident no. 24-0918).

2. Occupancy: The building described, or containing the property described, was occupied at the time of the loss as follows, and for no other purpose whatever: the insured's private residence.

3. Title and Interest: At the time of the loss the interest of your insured in the property described therein was sole owner. No other person or persons had any interest therein or encumbrance thereon, except: Coral Gables Savings Bank, mortgagee.

4. Changes: Since the said policy was issued there has been no assignment thereof, or change of interest, use, occupancy, possession, location or exposure of the property described, except: none.

5. Total Insurance: The total amount of insurance upon the property described by this policy was, at the time of the loss, $${money(POLICY_LIMIT)}, as more particularly specified in the apportionment attached under Schedule "C", besides which there was no policy or other contract of insurance, written or oral, valid or invalid.

STATEMENT OF LOSS
Full Cost of Repair or Replacement (Whole Loss and Damage): $${money(WHOLE_LOSS)}
Less Applicable Depreciation: $0.00 (replacement cost claimed; repairs under contract)
Actual Cash Value Loss: $${money(WHOLE_LOSS)}
Less Deductible: $${money(DEDUCTIBLE)}
Less Prior Payments: $${money(PRIOR_PAYMENTS)}
Net Amount Claimed under the above numbered policy: $${money(claimed)}

Supporting documents attached: Schedule "A" (estimate of building repairs by Whitaker Restoration Co.), Schedule "B" (contents inventory), Schedule "C" (apportionment), fire department report and photographs.

The said loss did not originate by any act, design or procurement on the part of your insured, or this affiant; nothing has been done by or with the privity or consent of your insured or this affiant to violate the conditions of the policy, or render it void; no articles are mentioned herein or in annexed schedules but such as were destroyed or damaged at the time of said loss; no property saved has in any manner been concealed, and no attempt to deceive the said company as to the extent of said loss has in any manner been made.

Any person who knowingly and with intent to injure, defraud, or deceive any insurer files a statement of claim or an application containing any false, incomplete, or misleading information is guilty of a felony of the third degree.

Insured: ____________________________
${name}
Date: ${longDate(signed)}

State of Florida, County of Miami-Dade
Sworn to (or affirmed) and subscribed before me by means of physical presence this ${longDate(signed)}, by ${name}, who is personally known to me or who has produced a Florida driver license as identification.

____________________________
Notary Public, State of Florida

Submitted by: ${DEMO_LAW_FIRM.attorney}, Esq., ${DEMO_LAW_FIRM.name}, counsel for the insured
`;
}
