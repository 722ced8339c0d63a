import { addDays, DEMO_LAW_FIRM, fullName, longDate, money, type DemoCaseFacts } from './facts';

const ROOF_ESTIMATE = 71_960.5;
const PAID = 9_814.22;

/**
 * A Florida first-party property complaint (breach of contract) on the Ellis roof claim, filed
 * `filed` (ISO) in Miami-Dade circuit court, after the pre-suit notice section 627.70152 asks for.
 */
export function complaint(facts: DemoCaseFacts, filed: string): string {
  const name = fullName(facts).toUpperCase();
  const carrier = `${facts.carrier.toUpperCase()} INSURANCE COMPANY`;
  const year = filed.slice(0, 4);
  const firm = DEMO_LAW_FIRM;
  return `IN THE CIRCUIT COURT OF THE ELEVENTH JUDICIAL CIRCUIT
IN AND FOR MIAMI-DADE COUNTY, FLORIDA

CIRCUIT CIVIL DIVISION

CASE NO.: ${year}-018442-CA-01

${name},
Plaintiff,

v.

${carrier},
Defendant.
_______________________________________/

COMPLAINT AND DEMAND FOR JURY TRIAL

Plaintiff, ${name} ("Plaintiff"), by and through undersigned counsel, sues Defendant, ${carrier} ("Harborline"), and alleges:

JURISDICTION, PARTIES AND VENUE

1. This is an action for damages that exceed Fifty Thousand Dollars ($50,000.00), exclusive of interest, costs and attorney's fees.

2. Plaintiff is, and at all material times was, a resident of Miami-Dade County, Florida, and the owner of the real property located at ${facts.propertyAddress} (the "Property").

3. Harborline is an insurance company authorized to transact insurance in the State of Florida, which issued a homeowners insurance policy covering the Property and conducts business in Miami-Dade County.

4. Venue is proper in Miami-Dade County under section 47.051, Florida Statutes, because the Property is located, and the cause of action accrued, in Miami-Dade County.

GENERAL ALLEGATIONS

5. In consideration of the premium paid by Plaintiff, Harborline issued policy number ${facts.policyNumber} (the "Policy") to Plaintiff, insuring the Property against direct physical loss. The Policy was in full force and effect on the date of loss. A copy of the Policy is in Harborline's possession and will be obtained through discovery.

6. On ${longDate(facts.dateOfLoss)}, a windstorm struck the Property and caused direct physical damage to its roof, including lifted, creased and missing tiles, damage to the underlayment, and resulting water intrusion into the second-floor bedrooms (the "Loss").

7. Plaintiff timely reported the Loss to Harborline, which assigned it claim number ${facts.claimNumber}.

8. Plaintiff has complied with all of the Policy's post-loss conditions, including giving prompt notice, making the Property available for inspection, and providing the documents Harborline requested, or those conditions have been waived.

9. Harborline inspected the Property and, on ${longDate(addDays(facts.dateOfLoss, 19))}, acknowledged that the Loss is covered but paid only $${money(PAID)}, after the deductible, for a spot repair of the roof.

10. The reasonable cost to repair the damage caused by the Loss, which requires replacement of the tile roof to comply with the Florida Building Code, is $${money(ROOF_ESTIMATE)}, as set out in the estimate of Plaintiff's contractor that was provided to Harborline.

11. On ${longDate(addDays(filed, -16))}, Plaintiff served on Harborline and the Florida Department of Financial Services the notice of intent to initiate litigation required by section 627.70152, Florida Statutes, at least ten (10) business days before filing this action. Harborline did not resolve the claim.

COUNT I - BREACH OF CONTRACT

12. Plaintiff realleges and incorporates paragraphs 1 through 11 as if fully set forth herein.

13. The Policy is a valid and enforceable contract between Plaintiff and Harborline.

14. Harborline breached the Policy by failing to pay the full amount of the covered Loss.

15. As a direct and proximate result of Harborline's breach, Plaintiff has been damaged in the amount of at least $${money(ROOF_ESTIMATE - PAID)}, the unpaid cost of repairing the Property, together with interest.

WHEREFORE, Plaintiff, ${name}, demands judgment against Defendant, ${carrier}, for damages, pre-judgment and post-judgment interest, taxable costs, and such other and further relief as this Court deems just and proper.

DEMAND FOR JURY TRIAL

Plaintiff demands a trial by jury on all issues so triable.

Dated: ${longDate(filed)}

Respectfully submitted,

${firm.name.toUpperCase()}
Counsel for Plaintiff
${firm.street}
${firm.city}
Telephone: ${firm.phone}
Primary e-mail: ${firm.email}

By: /s/ ${firm.attorney}
${firm.attorney}, Esq.
Florida Bar No. ${firm.barNumber}
`;
}
