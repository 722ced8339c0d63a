import { eq } from 'drizzle-orm';
import { schema, type Transaction } from '@sentinel/db';
import type { CaseType } from '@sentinel/shared';
import { templateOf } from '../modules/timeline/stages';
import { timelineRepository } from '../modules/timeline/timeline.repository';

const DAY_MS = 86_400_000;

/**
 * Case Timeline & Progress on the demo firm (issue 12): every case gets its type's stages, which
 * its status history completes (so the dozen cases sit at every point from "consultation" to
 * "settled"), and the attorney has edited a few — an adjuster deposition completed ahead of the
 * status, an expert report dated for two weeks out, a mediation added before the settlement, a
 * stage renamed for a fire claim.
 */
export async function seedDemoTimelines(
  tx: Transaction,
  firmId: string,
  attorneyId: string,
  now = new Date(),
): Promise<void> {
  const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  const rows = await tx
    .select({ id: schema.cases.id, title: schema.cases.title, caseType: schema.cases.caseType })
    .from(schema.cases)
    .where(eq(schema.cases.firmId, firmId));
  for (const row of rows) {
    await timelineRepository.materialise(
      tx,
      { caseId: row.id, firmId },
      templateOf(row.caseType as CaseType),
      [],
    );
  }

  const stagesOf = async (title: string) => {
    const found = rows.find((row) => row.title === title);
    if (!found) return null;
    return { caseId: found.id, stages: await timelineRepository.stages(tx, found.id) };
  };
  const stageId = (stages: Array<{ id: string; stageKey: string | null }>, key: string) =>
    stages.find((stage) => stage.stageKey === key)?.id;

  // Discovery: the adjuster was deposed early (completed by hand), the expert report is planned.
  const roof = await stagesOf('Ellis Residence – Roof Wind Claim');
  if (roof) {
    const deposition = stageId(roof.stages, 'adjuster_deposition');
    const report = stageId(roof.stages, 'expert_report');
    if (deposition)
      await timelineRepository.updateStage(tx, roof.caseId, deposition, {
        stageDate: day(-6),
        completedAt: new Date(now.getTime() - 6 * DAY_MS),
        completedById: attorneyId,
      });
    if (report) await timelineRepository.updateStage(tx, roof.caseId, report, { stageDate: day(14) });
  }

  // Negotiation: a mediation added before the settlement, with its date.
  const water = await stagesOf('Ellis Residence – Water Damage');
  if (water) {
    const mediation = await timelineRepository.insertStage(tx, {
      caseId: water.caseId,
      firmId,
      position: water.stages.length + 1,
      title: 'Mediation with Harborline Mutual',
      description: 'A day with the carrier and a mediator, before the settlement conference.',
      stageDate: day(12),
    });
    const order = water.stages.map((stage) => stage.id);
    order.splice(order.length - 1, 0, mediation);
    await timelineRepository.renumber(tx, water.caseId, order);
  }

  // Settlement: the expert report is the fire investigator's.
  const fire = await stagesOf('Hernandez Kitchen Fire');
  const report = fire && stageId(fire.stages, 'expert_report');
  if (fire && report)
    await timelineRepository.updateStage(tx, fire.caseId, report, { title: 'Fire cause and origin report' });
}
