import { addDays, fullName, longDate, money, shortDate, type DemoCaseFacts } from './facts';

/** Coverage A of the Ellis home, and the limits an HO-3 sets from it. */
const DWELLING = 412_000;

/**
 * A homeowners (HO-3) declarations page: the policy in force on the date of loss, its limits,
 * deductibles and forms. The limited water damage and mold endorsements are the ones the
 * reservation-of-rights letter quotes.
 */
export function declarationsPage(facts: DemoCaseFacts): string {
  const start = addDays(facts.dateOfLoss, -143);
  const end = addDays(start, 365);
  const name = fullName(facts);
  return `HARBORLINE MUTUAL INSURANCE COMPANY
P.O. Box 45120, Tampa, FL 33647
Policy Service 1-800-555-0163 | Claims 1-800-555-0164

HOMEOWNERS POLICY DECLARATIONS
Form HO 00 03 - Special Form
Renewal Declarations - This is not a bill

Policy Number: ${facts.policyNumber}
Policy Period: ${shortDate(start)} to ${shortDate(end)}
12:01 a.m. standard time at the residence premises

Named Insured: ${name}
Mailing Address: ${facts.propertyAddress}
Residence Premises: ${facts.propertyAddress}
Construction: Masonry, 2 stories, built 1987, 2,640 square feet
Protection Class: 3 | Wind Mitigation Credit: Hip roof, secondary water resistance

Agent: Coastal Shield Insurance Agency, 8801 Biscayne Boulevard, Miami, FL 33138, (305) 555-0188

SECTION I - PROPERTY COVERAGES / LIMIT OF LIABILITY
Coverage A - Dwelling: $${money(DWELLING)}
Coverage B - Other Structures: $${money(DWELLING * 0.1)}
Coverage C - Personal Property: $${money(DWELLING * 0.5)}
Coverage D - Loss of Use: $${money(DWELLING * 0.2)}

SECTION II - LIABILITY COVERAGES / LIMIT OF LIABILITY
Coverage E - Personal Liability (each occurrence): $300,000.00
Coverage F - Medical Payments to Others (each person): $5,000.00

DEDUCTIBLES
All Other Perils Deductible: $2,500.00
Hurricane Deductible: 2% of Coverage A ($${money(DWELLING * 0.02)})

FORMS AND ENDORSEMENTS MADE PART OF THIS POLICY
HO 00 03 05 11 Homeowners 3 - Special Form
HO 04 90 05 11 Personal Property Replacement Cost Loss Settlement
HM-FL 04 10 Limited Water Damage Coverage - limit $10,000.00 per loss unless the insured elects the full water option (not elected)
HM-FL 23 01 Limited Fungi, Wet or Dry Rot, or Bacteria Coverage - limit $10,000.00
HM-FL 61 Florida Special Provisions
HM-FL 88 Sinkhole Loss Exclusion

MORTGAGEE
Biscayne Federal Savings, ISAOA/ATIMA, P.O. Box 7710, Coral Gables, FL 33114, Loan No. 0048229157

PREMIUM
Annual Premium: $6,482.00 | Florida Hurricane Catastrophe Fund surcharge included | Emergency Management Trust Fund: $2.00

Date Issued: ${longDate(addDays(start, -30))}

These declarations, together with the policy form and the endorsements listed above, complete the policy. Countersigned by Harborline Mutual Insurance Company, authorized representative.
`;
}
