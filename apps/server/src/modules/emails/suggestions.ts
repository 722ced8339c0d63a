import type { EmailSuggestion } from '@sentinel/shared';
import type { CaseClue } from './emails.repository';

/**
 * Which case an e-mail most likely belongs to, and why: it names the case number, a claim or
 * policy number of the case, or it comes from the case's client or a member of its team. The
 * strongest reason wins; among cases of the same client, the most active one.
 */
export class CaseSuggester {
  private readonly byToken = new Map<string, { clue: CaseClue; reason: EmailSuggestion['reason'] }>();
  private readonly byAddress = new Map<
    string,
    { clue: CaseClue; reason: EmailSuggestion['reason']; name: string }
  >();

  constructor(clues: CaseClue[], ownAddresses: string[] = []) {
    const own = new Set(ownAddresses.map((a) => a.toLowerCase()));
    for (const clue of clues) {
      this.addToken(clue.caseNumber, clue, 'case_number');
      if (clue.claimNumber) this.addToken(clue.claimNumber, clue, 'claim_number');
      if (clue.policyNumber) this.addToken(clue.policyNumber, clue, 'policy_number');
      const client = clue.clientEmail.toLowerCase();
      if (!own.has(client) && !this.byAddress.has(client))
        this.byAddress.set(client, { clue, reason: 'client', name: clue.clientName });
      for (const member of clue.members) {
        const address = member.email.toLowerCase();
        if (!own.has(address) && !this.byAddress.has(address))
          this.byAddress.set(address, { clue, reason: 'case_member', name: member.name });
      }
    }
  }

  private addToken(token: string, clue: CaseClue, reason: EmailSuggestion['reason']) {
    const key = token.trim().toUpperCase();
    if (key && !this.byToken.has(key)) this.byToken.set(key, { clue, reason });
  }

  suggest(email: { mentions: string[]; fromAddress: string }): EmailSuggestion | null {
    const RANK = ['case_number', 'claim_number', 'policy_number'] as const;
    let best: { clue: CaseClue; reason: EmailSuggestion['reason']; token: string } | undefined;
    for (const token of email.mentions) {
      const hit = this.byToken.get(token.toUpperCase());
      if (
        hit &&
        (!best ||
          RANK.indexOf(hit.reason as (typeof RANK)[number]) <
            RANK.indexOf(best.reason as (typeof RANK)[number]))
      )
        best = { ...hit, token: token.toUpperCase() };
    }
    if (best) {
      const noun = { case_number: 'case', claim_number: 'claim', policy_number: 'policy' }[
        best.reason as (typeof RANK)[number]
      ];
      return suggestion(best.clue, best.reason, `Names ${noun} ${best.token}`);
    }
    const sender = this.byAddress.get(email.fromAddress.toLowerCase());
    if (!sender) return null;
    return suggestion(
      sender.clue,
      sender.reason,
      sender.reason === 'client' ? `From the client ${sender.name}` : `From ${sender.name}, on the case team`,
    );
  }
}

const suggestion = (
  clue: CaseClue,
  reason: EmailSuggestion['reason'],
  reasonText: string,
): EmailSuggestion => ({
  id: clue.id,
  caseNumber: clue.caseNumber,
  title: clue.title,
  reason,
  reasonText,
});
