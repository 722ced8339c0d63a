import {
  CASE_STATUSES,
  type CaseStage,
  type CaseStatus,
  type CaseType,
  type TimelineStats,
} from '@sentinel/shared';
import { dayIn } from '../calendar/times';

/**
 * The stages of a case and their rules (issue 12), pure: no database, no clock.
 *
 * Every case type starts from the spec's eight stages (§4's sample: case filed, consultation,
 * claim filed, discovery, adjuster deposition, expert report, settlement negotiations, and
 * settled); a type words some of them its own way. Each template stage names the case status that
 * completes it: the case moving forward through active → discovery → negotiation → settlement →
 * settled completes them, and moving back reopens them. An attorney also completes any stage by
 * hand (and reopens what they completed), dates it, renames it, and adds stages of their own.
 */
export interface TemplateStage {
  key: string;
  title: string;
  description: string;
  /** The case status at or after which the stage is completed. */
  completesWith: CaseStatus;
}

const BASE: TemplateStage[] = [
  {
    key: 'case_filed',
    title: 'Case filed',
    description: 'The firm opens the case.',
    completesWith: 'active',
  },
  {
    key: 'consultation',
    title: 'Consultation',
    description: 'The attorney reviews the loss, the policy and the claim so far with the client.',
    completesWith: 'discovery',
  },
  {
    key: 'claim_filed',
    title: 'Claim filed',
    description: 'The claim is filed with the carrier, with the proof of loss.',
    completesWith: 'discovery',
  },
  {
    key: 'discovery',
    title: 'Discovery',
    description: 'Photos, estimates, the claim file and the carrier’s documents are gathered and exchanged.',
    completesWith: 'negotiation',
  },
  {
    key: 'adjuster_deposition',
    title: 'Adjuster deposition',
    description: 'The carrier’s adjuster is deposed on how the claim was handled.',
    completesWith: 'negotiation',
  },
  {
    key: 'expert_report',
    title: 'Expert report',
    description: 'An independent expert reports on the cause and the cost of the damage.',
    completesWith: 'negotiation',
  },
  {
    key: 'settlement_negotiations',
    title: 'Settlement negotiations',
    description: 'Offers and counter-offers with the carrier, towards a settlement.',
    completesWith: 'settled',
  },
  {
    key: 'settled',
    title: 'Settled',
    description: 'The case is settled and closed.',
    completesWith: 'settled',
  },
];

/** A type's own wording of some stages (same keys, so a change of type keeps the stages). */
const WORDING: Partial<Record<CaseType, Record<string, Partial<TemplateStage>>>> = {
  'insurance-dispute': {
    claim_filed: {
      title: 'Claim filed',
      description: 'The disputed claim, or the appeal of the carrier’s decision, is filed.',
    },
  },
  'commercial-property': {
    expert_report: {
      title: 'Expert report',
      description: 'An independent expert reports on the damage and the business interruption loss.',
    },
  },
  'personal-injury': {
    claim_filed: { title: 'Claim filed', description: 'The claim is filed with the liable party’s carrier.' },
    adjuster_deposition: {
      title: 'Depositions',
      description: 'The parties and the carrier’s adjuster are deposed.',
    },
    expert_report: {
      title: 'Medical expert report',
      description: 'A medical expert reports on the injuries and the treatment they need.',
    },
  },
};

/** The template of a case type, in order. */
export function templateOf(caseType: CaseType): TemplateStage[] {
  const wording = WORDING[caseType] ?? {};
  return BASE.map((stage) => ({ ...stage, ...wording[stage.key] }));
}

/** A stage row as the rules read it. */
export interface StageRow {
  id: string;
  title: string;
  description: string | null;
  stageKey: string | null;
  stageDate: string | null;
  completedAt: Date | null;
  completedByName: string | null;
}

/** What the rules know of the case. */
export interface CaseProgressFacts {
  caseType: CaseType;
  status: CaseStatus;
  dateOpened: string;
  /** Every status the case has had, oldest first. */
  history: Array<{ status: CaseStatus; at: Date }>;
}

const rank = (status: CaseStatus) => CASE_STATUSES.indexOf(status);

/**
 * When the case last came to `threshold` or a later status from an earlier one (the start of its
 * latest stretch there), or null when the history does not say.
 */
function reachedSince(history: CaseProgressFacts['history'], threshold: CaseStatus): Date | null {
  let since: Date | null = null;
  for (const entry of history) {
    if (rank(entry.status) < rank(threshold)) since = null;
    else since ??= entry.at;
  }
  return since;
}

/**
 * The stages with their status (spec §4): completed when the attorney completed it or the case's
 * status has reached the one that completes it; the first stage not completed is current; the rest
 * are upcoming. A stage's date is the attorney's (planned, or when it happened), else the day it
 * was completed (the day the case reached its status, read in `zone`; "case filed" is the day the
 * case was opened) — which also replaces a planned date later than it.
 */
export function stagesWithStatus(rows: StageRow[], facts: CaseProgressFacts, zone: string): CaseStage[] {
  const template = new Map(templateOf(facts.caseType).map((stage) => [stage.key, stage]));
  let currentFound = false;
  return rows.map((row) => {
    const completesWith = (row.stageKey && template.get(row.stageKey)?.completesWith) || null;
    const byStatus = completesWith !== null && rank(facts.status) >= rank(completesWith);
    const completedBy = row.completedAt ? 'attorney' : byStatus ? 'status' : null;
    let completedDay: string | null = null;
    if (row.completedAt) completedDay = dayIn(row.completedAt, zone);
    else if (byStatus && completesWith === 'active') completedDay = facts.dateOpened;
    else if (byStatus) {
      const since = reachedSince(facts.history, completesWith);
      completedDay = since ? dayIn(since, zone) : null;
    }
    let status: CaseStage['status'] = 'upcoming';
    if (completedBy) status = 'completed';
    else if (!currentFound) {
      status = 'current';
      currentFound = true;
    }
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      status,
      // A date the attorney planned that the completion overtook gives way to the real day.
      date: row.stageDate && !(completedDay && row.stageDate > completedDay) ? row.stageDate : completedDay,
      plannedDate: row.stageDate,
      templateKey: row.stageKey,
      completesWith,
      completedBy,
      completedByName: completedBy === 'attorney' ? row.completedByName : null,
    };
  });
}

/** Spec §3 "Timeline stats", and Overall Progress: completed of total, rounded to a whole percent. */
export function statsOf(stages: Array<Pick<CaseStage, 'status'>>): TimelineStats {
  const count = (status: CaseStage['status']) => stages.filter((stage) => stage.status === status).length;
  const completed = count('completed');
  const total = stages.length;
  return {
    completed,
    inProgress: count('current'),
    upcoming: count('upcoming'),
    total,
    percent: total === 0 ? 0 : Math.round((completed / total) * 100),
  };
}

/**
 * The stage rows of a case whose template stages are not stored yet: the stored rows, then the
 * template stages they lack (for progress without writing; the case's timeline stores them).
 */
export function withTemplate(rows: StageRow[], caseType: CaseType): StageRow[] {
  const stored = new Set(rows.map((row) => row.stageKey).filter(Boolean));
  const missing = templateOf(caseType)
    .filter((stage) => !stored.has(stage.key))
    .map((stage) => ({
      id: `template:${stage.key}`,
      title: stage.title,
      description: stage.description,
      stageKey: stage.key,
      stageDate: null,
      completedAt: null,
      completedByName: null,
    }));
  return [...rows, ...missing];
}
