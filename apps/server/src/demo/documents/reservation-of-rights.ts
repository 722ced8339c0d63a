import { addDays, addressLines, DEMO_LAW_FIRM, fullName, longDate, type DemoCaseFacts } from './facts';

/** The carrier's reservation-of-rights letter on the Ellis water loss, dated `dated` (ISO). */
export function reservationOfRights(facts: DemoCaseFacts, dated: string): string {
  const name = fullName(facts);
  const [street, city] = addressLines(facts.propertyAddress);
  return `HARBORLINE MUTUAL INSURANCE COMPANY
Property Claims Department
P.O. Box 45120, Tampa, FL 33647
Telephone (813) 555-0176

${longDate(dated)}

VIA CERTIFIED MAIL AND E-MAIL

${name}
${street}
${city}

RE: RESERVATION OF RIGHTS
Insured: ${name}
Claim Number: ${facts.claimNumber}
Policy Number: ${facts.policyNumber}
Date of Loss: ${longDate(facts.dateOfLoss)}
Loss Location: ${facts.propertyAddress}

Dear ${name}:

Harborline Mutual Insurance Company ("Harborline") acknowledges your report of water damage at the residence premises on ${longDate(facts.dateOfLoss)}. Our field adjuster inspected the home on ${longDate(addDays(facts.dateOfLoss, 6))} and observed water damage to the kitchen, family room and first-floor hallway below the second-floor laundry room, where a braided supply line to the washing machine had separated from its fitting. The adjuster also observed staining, swollen cabinet bases and discoloration of the drywall that may indicate water had been escaping for some time before the reported date of loss.

Harborline is continuing to investigate this claim, but must do so under a full reservation of rights. This letter explains the policy provisions that may limit or exclude coverage. Please read it carefully.

1. Constant or repeated seepage. Section I - Perils Insured Against of form HO 00 03 does not insure loss caused by constant or repeated seepage or leakage of water or steam over a period of weeks or months from within a plumbing, heating, air conditioning or automatic fire protective sprinkler system or from within a household appliance.

2. Limited Water Damage Coverage. Endorsement HM-FL 04 10 limits coverage for water damage to $10,000.00 per loss, including the cost to tear out and replace any part of the building necessary to repair the system or appliance, unless the full water option was elected. Our records show it was not.

3. Fungi, wet or dry rot, or bacteria. Endorsement HM-FL 23 01 limits coverage for loss caused by fungi, wet or dry rot, or bacteria, including remediation, to $10,000.00.

4. Wear and tear, deterioration and faulty workmanship. The policy does not insure loss caused by wear and tear, marring, deterioration, or by faulty, inadequate or defective workmanship, materials or maintenance.

Your duties after loss. So that we can complete our investigation, please provide, within 60 days of the date of this letter (by ${longDate(addDays(dated, 60))}), a signed and sworn proof of loss; an itemized estimate of the repairs; the failed supply line and fitting, which should be preserved and not discarded; photographs taken before any tear-out; and invoices for any emergency services. Please also make the property available for a re-inspection. Harborline may ask you to submit to an examination under oath as the policy allows.

Harborline reserves all of its rights under the policy and at law, including the right to deny coverage in whole or in part should the facts show that the loss is not covered. Neither this letter nor any act of Harborline in investigating this claim, including any inspection, request for documents or payment, waives any of the terms and conditions of the policy.

You may request mediation of this claim through the Florida Department of Financial Services. If you have any questions, or if there is information you believe we should consider, please call me.

Sincerely,

Dana Price
Senior Property Claims Adjuster
Harborline Mutual Insurance Company
dprice@harborline.example

cc: ${DEMO_LAW_FIRM.attorney}, Esq., ${DEMO_LAW_FIRM.name}
`;
}
