import { z } from 'zod';
import { CASE_STATUSES, CASE_TYPES } from './cases';
import { calendarDay } from './deadlines';

/**
 * Case Timeline & Progress (spec §2, §3 "Timeline event" and "Timeline stats", §4 "Timeline event
 * status"; issue 12). A case's stages come from its type's template and the attorney's edits; each
 * is completed, current or upcoming. Beside them, the case's documents, events, status changes and
 * messages appear at their dates.
 */

/** Spec §4: the statuses of a timeline event, in the order a stage goes through them. */
export const TIMELINE_STATUSES = ['completed', 'current', 'upcoming'] as const;
export type TimelineStatus = (typeof TIMELINE_STATUSES)[number];
/** Spec §4: completed (Completed, green), current (In Progress, blue), upcoming (Upcoming, grey). */
export const TIMELINE_STATUS_LABELS: Record<TimelineStatus, string> = {
  completed: 'Completed',
  current: 'In Progress',
  upcoming: 'Upcoming',
};
/** Spec §4: any other status shows Unknown. */
export const timelineStatusLabel = (status: string): string =>
  (TIMELINE_STATUS_LABELS as Record<string, string>)[status] ?? 'Unknown';

/** The timeline's texts beyond MESSAGES.loadingTimeline / noTimelineEvents / timelineEmptyHint. */
export const TIMELINE_MESSAGES = {
  title: 'Case Timeline & Progress',
  subtitle: 'Track your property damage claim from filing to settlement: every stage, with its date.',
  titleRequired: 'Give the stage a title',
  titleTooLong: 'Keep the title under 120 characters',
  descriptionTooLong: 'Keep the description under 1,000 characters',
  nothingToChange: 'Nothing to change',
  unknownStage: 'This case has no such stage',
  unknownAfter: 'The stage to add after is not on this case',
  tooManyStages: 'A case has at most 30 stages',
  onlyAddedRemovable:
    'Only stages added to this case can be removed; rename or date a template stage instead',
  completedByStatus:
    'This stage is completed by the case’s status; move the case back to an earlier status to reopen it',
  cannotMove: 'This stage cannot move further that way',
  stageAdded: 'Stage added',
  stageSaved: 'Stage saved',
  stageRemoved: 'Stage removed',
} as const;

/** Most stages a case may have (template stages included). */
export const MAX_CASE_STAGES = 30;
/** Most items (documents, events, status changes, days of messages) a timeline answers. */
export const TIMELINE_ITEM_LIMIT = 200;

/** Spec §3 "Timeline stats", plus the Overall Progress percentage (completed of total, rounded). */
export const timelineStats = z.object({
  completed: z.number().int(),
  inProgress: z.number().int(),
  upcoming: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
});
export type TimelineStats = z.infer<typeof timelineStats>;

/** One stage of a case, with its status as the rules give it (server-side, issue 12). */
export const caseStage = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(TIMELINE_STATUSES),
  /** The day shown: the attorney's date, else the day it was completed (by status or by hand). */
  date: z.string().nullable(),
  /** The attorney's date (planned, or when it happened); null when none was given. */
  plannedDate: z.string().nullable(),
  /** The template stage it came from, or null for a stage an attorney added (those can be removed). */
  templateKey: z.string().nullable(),
  /** The case status that completes it automatically (template stages), or null. */
  completesWith: z.enum(CASE_STATUSES).nullable(),
  /** How it was completed: by the case's status, by an attorney, or not (yet). */
  completedBy: z.enum(['status', 'attorney']).nullable(),
  /** The attorney who completed it by hand, as the firm names them. */
  completedByName: z.string().nullable(),
});
export type CaseStage = z.infer<typeof caseStage>;

/** Something that happened on the case, placed on the timeline at its date. */
export const timelineItem = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('status'),
    id: z.string(),
    at: z.string(),
    status: z.enum(CASE_STATUSES),
    /** The first entry is the opening. */
    opened: z.boolean(),
    by: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('document'),
    id: z.string(),
    at: z.string(),
    fileName: z.string(),
  }),
  z.object({
    kind: z.literal('event'),
    id: z.string(),
    at: z.string(),
    title: z.string(),
    eventType: z.string(),
    allDay: z.boolean(),
  }),
  z.object({
    kind: z.literal('messages'),
    /** The conversation and the day. */
    id: z.string(),
    /** The latest message of that day. */
    at: z.string(),
    /** The day in the viewer's time zone. */
    day: z.string(),
    conversationId: z.string(),
    thread: z.enum(['case', 'team']),
    count: z.number().int(),
  }),
]);
export type TimelineItem = z.infer<typeof timelineItem>;

const timelineCase = z.object({
  id: z.string(),
  caseNumber: z.string(),
  title: z.string(),
  caseType: z.enum(CASE_TYPES),
  status: z.enum(CASE_STATUSES),
});

/** GET /api/cases/{id}/timeline: the stages, the stats and the items, oldest first. */
export const caseTimelineResponse = z.object({
  case: timelineCase,
  stats: timelineStats,
  stages: z.array(caseStage),
  items: z.array(timelineItem),
  /** More items happened than the timeline shows (the latest TIMELINE_ITEM_LIMIT are shown). */
  itemsTruncated: z.boolean(),
  /** Attorneys add, rename, date, complete, move and remove stages. */
  canEdit: z.boolean(),
});
export type CaseTimelineResponse = z.infer<typeof caseTimelineResponse>;

/** GET /api/timeline: the cases the person may see, to choose from, each with its progress. */
export const timelineCasesResponse = z.object({
  data: z.array(timelineCase.extend({ stats: timelineStats, lastActivityAt: z.string() })),
});
export type TimelineCasesResponse = z.infer<typeof timelineCasesResponse>;
export type TimelineCase = TimelineCasesResponse['data'][number];

const stageDate = calendarDay('Use a date like 2026-03-01').refine(
  (value) => value >= '1900-01-01' && value <= '2199-12-31',
  'Use a date between 1900 and 2199',
);
const stageTitle = z
  .string({ error: TIMELINE_MESSAGES.titleRequired })
  .trim()
  .min(1, TIMELINE_MESSAGES.titleRequired)
  .max(120, TIMELINE_MESSAGES.titleTooLong);
const stageDescription = z
  .string()
  .trim()
  .max(1000, TIMELINE_MESSAGES.descriptionTooLong)
  .transform((value) => value || null)
  .nullable();

/** POST /api/cases/{id}/stages: a stage of the attorney's, after another or at the end. */
export const addStageRequest = z.object({
  title: stageTitle,
  description: stageDescription.optional(),
  date: stageDate.nullable().optional(),
  /** The stage it goes after; absent or null: at the end. */
  afterStageId: z.uuid(TIMELINE_MESSAGES.unknownAfter).nullable().optional(),
});
export type AddStageRequest = z.input<typeof addStageRequest>;

/** PATCH /api/cases/{id}/stages/{stageId}: rename, date, complete or reopen, move one place. */
export const updateStageRequest = z
  .object({
    title: stageTitle.optional(),
    description: stageDescription.optional(),
    /** The attorney's date; null clears it. */
    date: stageDate.nullable().optional(),
    /** true: completed by the attorney (now); false: reopened. */
    completed: z.boolean().optional(),
    move: z.enum(['up', 'down']).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: TIMELINE_MESSAGES.nothingToChange,
  });
export type UpdateStageRequest = z.input<typeof updateStageRequest>;
