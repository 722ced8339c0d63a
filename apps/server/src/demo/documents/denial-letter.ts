import { addDays, addressLines, fullName, longDate, type DemoCaseFacts } from './facts';

/** The carrier's denial of the Hernandez slab-leak claim, dated `dated` (ISO). */
export function denialLetter(facts: DemoCaseFacts, dated: string): string {
  const name = fullName(facts);
  const [street, city] = addressLines(facts.propertyAddress);
  return `SUNSTATE INSURANCE COMPANY
Claims Department, 4400 West Cypress Street, Tampa, FL 33607
(813) 555-0127

${longDate(dated)}

${name}
${street}
${city}

RE: Notice of Claim Denial
Insured: ${name}
Policy Number: ${facts.policyNumber}
Claim Number: ${facts.claimNumber}
Date of Loss: ${longDate(facts.dateOfLoss)}
Property: ${facts.propertyAddress}

Dear ${name}:

Sunstate Insurance Company ("Sunstate") has completed its investigation of your claim for water damage to the floors and lower walls of the kitchen, dining room and guest bathroom of your home, which you reported on ${longDate(addDays(facts.dateOfLoss, 1))}. We regret to inform you that we are unable to provide coverage for this loss.

Our field adjuster, Marcus Bell, inspected the property on ${longDate(addDays(facts.dateOfLoss, 4))}. A leak detection company retained by Sunstate, Precision Leak Locators, performed an isolation test the same day and found a leak in the cast iron drain line beneath the slab. The report of Precision Leak Locators and the photographs show corrosion of the drain line, wicking of water into the drywall to a height of 18 inches, delaminated floor tile and mold growth consistent with water escaping over a period of weeks or months.

Your policy, form HO 00 03 with Florida endorsements, provides in Section I - Perils Insured Against that we do not insure loss caused by "constant or repeated seepage or leakage of water or steam over a period of weeks or months from within a plumbing, heating, air conditioning or automatic fire protective sprinkler system." It also excludes loss caused by "wear and tear, marring, deterioration" and by "mechanical breakdown, latent defect, inherent vice, or any quality in property that causes it to damage or destroy itself", and it does not pay to repair the system from which the water escaped.

Because the damage results from repeated leakage from a deteriorated drain line over an extended period, Sunstate must respectfully deny your claim, including the estimate of $91,420.00 submitted by your contractor. No payment will be made.

If you disagree with this decision, or have information we have not considered, please send it to us within 60 days of this letter. You may also request mediation under section 627.7015, Florida Statutes, through the Florida Department of Financial Services, Division of Consumer Services, at 1-877-693-5236. Nothing in this letter waives any of the rights of Sunstate Insurance Company under the policy or at law, all of which are reserved.

Sincerely,

Marcus Bell
Property Claims Adjuster
Sunstate Insurance Company
`;
}
