import { and, eq, ne } from 'drizzle-orm';
import { schema, type Transaction } from '@sentinel/db';
import type { KeyDateKind, PolicyKind } from '@sentinel/shared';
import { addDays } from '../modules/calendar/times';
import { syncCaseDeadlines } from '../modules/deadlines/case-deadlines';
import { deadlinesRepository } from '../modules/deadlines/deadlines.repository';

/**
 * The claim deadline engine on the demo firm's open cases (issue 16): every property is in Florida;
 * each claim was reported two days after its loss, and some went further a few days ago (a proof
 * of loss asked for, a denial, an appraisal demand), so the case pages, the calendar and the
 * dashboard show computed deadlines with their citations — some passed, most ahead.
 */
const FURTHER: Record<string, { kind: KeyDateKind; daysAgo: number }> = {
  'Ellis Residence – Roof Wind Claim': { kind: 'proof_of_loss_requested', daysAgo: 4 },
  'Hernandez Denied Claim Appeal': { kind: 'denial', daysAgo: 3 },
  'Riverside Plaza Flood': { kind: 'proof_of_loss_submitted', daysAgo: 5 },
  'Hernandez Kitchen Fire': { kind: 'appraisal_demand', daysAgo: 2 },
};

const policyKindOf = (title: string, caseType: string): PolicyKind =>
  /flood/i.test(title) ? 'flood' : caseType === 'commercial-property' ? 'commercial' : 'homeowners';

export async function seedDemoDeadlines(
  tx: Transaction,
  firmId: string,
  attorneyId: string,
  now = new Date(),
): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const rows = await tx
    .select({
      id: schema.cases.id,
      title: schema.cases.title,
      caseType: schema.cases.caseType,
      dateOfLoss: schema.cases.dateOfLoss,
    })
    .from(schema.cases)
    .where(and(eq(schema.cases.firmId, firmId), ne(schema.cases.status, 'settled')));
  for (const row of rows) {
    if (!row.dateOfLoss || row.caseType === 'personal-injury') continue;
    await deadlinesRepository.setFacts(tx, row.id, {
      propertyState: 'FL',
      policyKind: policyKindOf(row.title, row.caseType),
      policyEffectiveDate: addDays(row.dateOfLoss, -200),
      stateOfEmergency: false,
      surplusLines: false,
      catastropheExtensionDays: 0,
    });
    const reported = addDays(row.dateOfLoss, 2);
    const further = FURTHER[row.title];
    const dates: Array<[KeyDateKind, string]> = [['claim_reported', reported]];
    if (further) dates.push([further.kind, addDays(today, -further.daysAgo)]);
    for (const [kind, date] of dates) {
      // Only what has happened, after the claim was reported.
      if (date > today || date < reported) continue;
      await deadlinesRepository.setKeyDate(tx, {
        caseId: row.id,
        kind,
        date,
        documentId: null,
        setById: attorneyId,
      });
    }
    await syncCaseDeadlines(tx, row.id, now);
  }
}
