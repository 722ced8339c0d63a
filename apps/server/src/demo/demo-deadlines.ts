import { and, eq, ne } from 'drizzle-orm';
import { schema, type Transaction } from '@sentinel/db';
import type { KeyDateKind, PolicyKind } from '@sentinel/shared';
import { addDays } from '../modules/calendar/times';
import { syncCaseDeadlines } from '../modules/deadlines/case-deadlines';
import { deadlinesRepository } from '../modules/deadlines/deadlines.repository';

/**
 * The claim deadline engine on the demo firm's open cases (issue 16): every property is in Florida;
 * each claim was reported two days after its loss, some went further (a proof of loss asked for, a
 * denial, an appraisal demand), so the case pages, the calendar and the dashboard show computed
 * deadlines with their citations — some passed, most ahead.
 */
const FURTHER: Record<string, Array<[KeyDateKind, number]>> = {
  'Ellis Residence – Roof Wind Claim': [['proof_of_loss_requested', 20]],
  'Hernandez Denied Claim Appeal': [['denial', 45]],
  'Riverside Plaza Flood': [['proof_of_loss_submitted', 30]],
  'Hernandez Kitchen Fire': [['appraisal_demand', 30]],
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
    const dates: Array<[KeyDateKind, number]> = [['claim_reported', 2], ...(FURTHER[row.title] ?? [])];
    for (const [kind, daysAfterLoss] of dates) {
      const date = addDays(row.dateOfLoss, daysAfterLoss);
      if (date > today) continue;
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
