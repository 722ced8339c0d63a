import { addressLines, DEMO_LAW_FIRM, fullName, longDate, type DemoCaseFacts } from './facts';

/** The firm's engagement letter to its client on the water claim, dated `dated` (ISO). */
export function engagementLetter(facts: DemoCaseFacts, dated: string): string {
  const name = fullName(facts);
  const [street, city] = addressLines(facts.propertyAddress);
  const firm = DEMO_LAW_FIRM;
  return `${firm.name.toUpperCase()}
${firm.street}, ${firm.city}
Telephone ${firm.phone}

${longDate(dated)}

PRIVILEGED AND CONFIDENTIAL - ATTORNEY-CLIENT COMMUNICATION

${name}
${street}
${city}

Re: Engagement of counsel - water damage claim against ${facts.carrier}
Claim Number: ${facts.claimNumber} | Policy Number: ${facts.policyNumber}
Date of Loss: ${longDate(facts.dateOfLoss)}

Dear ${name}:

Thank you for choosing ${firm.name} to represent you. This letter confirms the terms on which we will act for you. Please read it, and sign and return a copy if it reflects our agreement.

1. Scope of the engagement. We will represent you in your claim under the homeowners policy issued by ${facts.carrier} for the water damage to your home at ${facts.propertyAddress} on ${longDate(facts.dateOfLoss)}: communicating with the carrier and its adjusters on your behalf, reviewing the policy and the carrier's coverage positions, preparing and presenting your proof of loss and the supporting estimates, and negotiating the claim. If the claim cannot be resolved, we will discuss with you whether to file suit; litigation, appraisal and appeals would be the subject of a separate written agreement.

2. Fees. Our fee is contingent on recovery: twenty percent (20%) of any amount recovered for you on the claim before a lawsuit is filed. If nothing is recovered, you owe no fee. Under Florida law you may cancel this agreement, without any obligation, by written notice within three (3) business days of signing it.

3. Costs. We will advance the costs of the claim, such as engineering and moisture reports, copies and courier charges, and be reimbursed from any recovery. You will not owe costs if nothing is recovered.

4. Your responsibilities. Please keep the damaged materials and the failed supply line, send us every letter or e-mail you receive from the carrier, and do not give a recorded statement without us. Payments from the carrier will be deposited in our trust account and disbursed to you with a written closing statement.

5. Communications. Alex Morgan will be responsible for your matter. You can reach us by telephone, by e-mail at ${firm.email}, or through the client portal, where we will share the documents of your case.

We look forward to working with you.

Sincerely,

${firm.attorney}
${firm.name}

AGREED AND ACCEPTED:

____________________________
${name}, Client
Date: ${longDate(dated)}
`;
}
