import {
  CASE_STATUSES,
  type CaseStage,
  type CaseStatus,
  type CaseTimelineResponse,
  type TimelineItem,
} from '@sentinel/shared';

const TEMPLATE: Array<[key: string, title: string, completesWith: CaseStatus]> = [
  ['case_filed', 'Case filed', 'active'],
  ['consultation', 'Consultation', 'discovery'],
  ['claim_filed', 'Claim filed', 'discovery'],
  ['discovery', 'Discovery', 'negotiation'],
  ['adjuster_deposition', 'Adjuster deposition', 'negotiation'],
  ['expert_report', 'Expert report', 'negotiation'],
  ['settlement_negotiations', 'Settlement negotiations', 'settled'],
  ['settled', 'Settled', 'settled'],
];

/**
 * A case's timeline as GET /api/cases/{id}/timeline answers it for a case at `status`: the
 * template's eight stages completed by the status (as the server's rules complete them), the first
 * other one current.
 */
export function timelineAnswer(
  caseId: string,
  status: CaseStatus,
  { canEdit = false, items = [] as TimelineItem[], title = 'Roof collapse' } = {},
): CaseTimelineResponse {
  let current = false;
  const stages: CaseStage[] = TEMPLATE.map(([key, stageTitle, completesWith]) => {
    const done = CASE_STATUSES.indexOf(status) >= CASE_STATUSES.indexOf(completesWith);
    const stageStatus = done ? 'completed' : current ? 'upcoming' : 'current';
    if (!done) current = true;
    return {
      id: `stage-${key}`,
      title: stageTitle,
      description: null,
      status: stageStatus,
      date: done ? '2026-02-10' : null,
      plannedDate: null,
      templateKey: key,
      completesWith,
      completedBy: done ? 'status' : null,
      completedByName: null,
    };
  });
  const count = (value: CaseStage['status']) => stages.filter((stage) => stage.status === value).length;
  return {
    case: { id: caseId, caseNumber: 'CASE-2026-001', title, caseType: 'property-damage', status },
    stats: {
      completed: count('completed'),
      inProgress: count('current'),
      upcoming: count('upcoming'),
      total: stages.length,
      percent: Math.round((count('completed') / stages.length) * 100),
    },
    stages,
    items,
    itemsTruncated: false,
    canEdit,
  };
}
