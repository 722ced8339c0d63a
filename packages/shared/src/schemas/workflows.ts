import { z } from 'zod';
import { CASE_STATUSES, CASE_TYPES } from './cases';
import { DOCUMENT_TYPES } from './analysis';

/**
 * Workflow Automation (spec §2 "Workflow Automation", §3 "Workflow template" and "Workflow", §4
 * workflow status colours, §9 template categories; issue 13). A workflow is a trigger, conditions
 * on the case and actions run in order; the engine (apps/server/src/modules/workflows) records each
 * run and each action's outcome.
 */

/** Spec §9: the template categories, in the spec's order. */
export const WORKFLOW_CATEGORIES = [
  'case-management',
  'documentation',
  'communication',
  'financial',
  'compliance',
  'resources',
] as const;
export type WorkflowCategory = (typeof WORKFLOW_CATEGORIES)[number];
export const WORKFLOW_CATEGORY_LABELS: Record<WorkflowCategory, string> = {
  'case-management': 'Case Management',
  documentation: 'Documentation',
  communication: 'Communication',
  financial: 'Financial',
  compliance: 'Compliance',
  resources: 'Resources',
};

/** Spec §4: active, paused, error (each coloured: green, yellow, red). */
export const WORKFLOW_STATUSES = ['active', 'paused', 'error'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
export const WORKFLOW_STATUS_LABELS: Record<WorkflowStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  error: 'Error',
};

export const WORKFLOW_TRIGGERS = [
  'case-created',
  'case-status-changed',
  'document-analyzed',
  'deadline-approaching',
  'client-created',
  'client-message',
  'case-inactive',
] as const;
export type WorkflowTriggerType = (typeof WORKFLOW_TRIGGERS)[number];
export const WORKFLOW_TRIGGER_LABELS: Record<WorkflowTriggerType, string> = {
  'case-created': 'A case is created',
  'case-status-changed': 'A case’s status changes',
  'document-analyzed': 'A document is analysed',
  'deadline-approaching': 'A deadline is near',
  'client-created': 'A client is added',
  'client-message': 'A client sends a message',
  'case-inactive': 'A case has no activity',
};

export const WORKFLOW_ACTION_TYPES = [
  'create-event',
  'send-email',
  'notify',
  'request-document',
  'change-status',
  'add-member',
] as const;
export type WorkflowActionType = (typeof WORKFLOW_ACTION_TYPES)[number];
export const WORKFLOW_ACTION_LABELS: Record<WorkflowActionType, string> = {
  'create-event': 'Create a deadline or reminder',
  'send-email': 'E-mail the client or the team',
  notify: 'Notify someone',
  'request-document': 'Request a document from the client',
  'change-status': 'Change the case’s status',
  'add-member': 'Add a member to the case',
};

/**
 * Minutes of an attorney's or paralegal's time one succeeded action stands for: what "time saved"
 * adds up (docs/architecture.md "Workflows" gives the reasons for each figure).
 */
export const WORKFLOW_ACTION_MINUTES: Record<WorkflowActionType, number> = {
  'create-event': 5,
  'send-email': 10,
  notify: 2,
  'request-document': 8,
  'change-status': 3,
  'add-member': 4,
};

/** How deep a chain of workflows may go (a workflow's change triggering another's, and so on). */
export const WORKFLOW_MAX_DEPTH = 3;
export const MAX_WORKFLOW_ACTIONS = 10;

const days = (max: number) =>
  z.coerce
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(1, 'Enter at least 1 day')
    .max(max, `Enter at most ${max} days`);

export const workflowTrigger = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('case-created') }),
    z.object({
      type: z.literal('case-status-changed'),
      /** The status the case moves to; null: any change. */
      toStatus: z.enum(CASE_STATUSES).nullable().default(null),
    }),
    z.object({
      type: z.literal('document-analyzed'),
      /** The type the analysis found; null: any type. */
      documentType: z.enum(DOCUMENT_TYPES).nullable().default(null),
    }),
    z.object({ type: z.literal('deadline-approaching'), days: days(90) }),
    z.object({ type: z.literal('client-created') }),
    z.object({ type: z.literal('client-message') }),
    z.object({ type: z.literal('case-inactive'), days: days(365) }),
  ],
  { error: 'Choose a trigger' },
);
export type WorkflowTrigger = z.infer<typeof workflowTrigger>;

export const workflowConditions = z.object({
  /** Empty: any case type. */
  caseTypes: z.array(z.enum(CASE_TYPES)).max(CASE_TYPES.length).default([]),
  /** Empty: any status. */
  statuses: z.array(z.enum(CASE_STATUSES)).max(CASE_STATUSES.length).default([]),
});
export type WorkflowConditions = z.infer<typeof workflowConditions>;

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `Keep the ${label} under ${max} characters`);

export const NOTIFY_RECIPIENTS = ['lead-attorney', 'team', 'client', 'person'] as const;
export const NOTIFY_RECIPIENT_LABELS: Record<(typeof NOTIFY_RECIPIENTS)[number], string> = {
  'lead-attorney': 'The lead attorney',
  team: 'The case team',
  client: 'The client',
  person: 'A person of the firm',
};
export const EMAIL_RECIPIENTS = ['client', 'team'] as const;
export const EMAIL_RECIPIENT_LABELS: Record<(typeof EMAIL_RECIPIENTS)[number], string> = {
  client: 'The client',
  team: 'The case team',
};
export const EVENT_KINDS = ['deadline', 'reminder'] as const;
export const EVENT_KIND_LABELS: Record<(typeof EVENT_KINDS)[number], string> = {
  deadline: 'Deadline',
  reminder: 'Reminder',
};

export const workflowAction = z
  .discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('create-event'),
        kind: z.enum(EVENT_KINDS),
        title: text('event title', 160),
        /** Days after the run; the event is at 09:00 in its owner's time zone. */
        inDays: z.coerce
          .number({ error: 'Enter a number of days' })
          .int('Enter a whole number of days')
          .min(0, 'Enter 0 days or more')
          .max(365, 'Enter at most 365 days'),
      }),
      z.object({
        type: z.literal('send-email'),
        to: z.enum(EMAIL_RECIPIENTS),
        subject: text('subject', 200),
        body: text('message', 5000),
      }),
      z.object({
        type: z.literal('notify'),
        recipient: z.enum(NOTIFY_RECIPIENTS),
        userId: z.uuid('Choose the person to notify').nullable().default(null),
        message: text('message', 500),
      }),
      z.object({
        type: z.literal('request-document'),
        title: text('document name', 160),
        note: z.string().trim().max(1000, 'Keep the note under 1,000 characters').default(''),
      }),
      z.object({ type: z.literal('change-status'), status: z.enum(CASE_STATUSES) }),
      z.object({ type: z.literal('add-member'), userId: z.uuid('Choose the person to add') }),
    ],
    { error: 'Choose an action' },
  )
  .refine((action) => action.type !== 'notify' || action.recipient !== 'person' || action.userId !== null, {
    message: 'Choose the person to notify',
    path: ['userId'],
  });
export type WorkflowAction = z.infer<typeof workflowAction>;

const workflowFields = {
  name: text('workflow name', 120),
  description: z.string().trim().max(500, 'Keep the description under 500 characters').default(''),
  category: z.enum(WORKFLOW_CATEGORIES, { error: 'Choose a category' }),
  trigger: workflowTrigger,
  conditions: workflowConditions.default({ caseTypes: [], statuses: [] }),
  actions: z
    .array(workflowAction)
    .min(1, 'Add at least one action')
    .max(MAX_WORKFLOW_ACTIONS, `A workflow has at most ${MAX_WORKFLOW_ACTIONS} actions`),
};

export const createWorkflowRequest = z.object({
  ...workflowFields,
  templateKey: z.string().max(60).nullable().default(null),
});
export type CreateWorkflowRequest = z.input<typeof createWorkflowRequest>;
/** Any of the fields; what is left out stays as it is. */
export const updateWorkflowRequest = z
  .object({
    name: workflowFields.name,
    description: z.string().trim().max(500, 'Keep the description under 500 characters'),
    category: workflowFields.category,
    trigger: workflowTrigger,
    conditions: workflowConditions,
    actions: workflowFields.actions,
  })
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Nothing to change',
  });
export type UpdateWorkflowRequest = z.input<typeof updateWorkflowRequest>;

/** Spec §3 "Workflow": id, name, status, last run, tasks completed, success rate — and its parts. */
export const workflowView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(WORKFLOW_CATEGORIES),
  templateKey: z.string().nullable(),
  status: z.enum(WORKFLOW_STATUSES),
  trigger: workflowTrigger,
  conditions: workflowConditions,
  actions: z.array(workflowAction),
  lastError: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
  runs: z.number().int(),
  /** Succeeded actions of its runs. */
  tasksCompleted: z.number().int(),
  /** Succeeded runs of its finished runs, in percent; null before its first finished run. */
  successRate: z.number().int().nullable(),
});
export type WorkflowView = z.infer<typeof workflowView>;

/** The four stat cards, computed from the firm's runs. */
export const workflowStats = z.object({
  activeWorkflows: z.number().int(),
  tasksAutomated: z.number().int(),
  timeSavedHours: z.number(),
  /** Percent; null before any run finished. */
  successRate: z.number().int().nullable(),
});
export type WorkflowStats = z.infer<typeof workflowStats>;

export const workflowsResponse = z.object({ stats: workflowStats, data: z.array(workflowView) });
export type WorkflowsResponse = z.infer<typeof workflowsResponse>;
export const workflowResponse = z.object({ message: z.string().optional(), data: workflowView });
export type WorkflowResponse = z.infer<typeof workflowResponse>;

export const WORKFLOW_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];
export const WORKFLOW_RUN_STATUS_LABELS: Record<WorkflowRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};
export const WORKFLOW_ACTION_OUTCOMES = ['succeeded', 'failed', 'skipped'] as const;
export const WORKFLOW_ACTION_OUTCOME_LABELS: Record<(typeof WORKFLOW_ACTION_OUTCOMES)[number], string> = {
  succeeded: 'Done',
  failed: 'Failed',
  skipped: 'Skipped',
};

export const workflowRunView = z.object({
  id: z.string(),
  status: z.enum(WORKFLOW_RUN_STATUSES),
  eventType: z.enum(WORKFLOW_TRIGGERS),
  caseId: z.string().nullable(),
  caseNumber: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  actions: z.array(
    z.object({
      position: z.number().int(),
      type: z.enum(WORKFLOW_ACTION_TYPES),
      status: z.enum(WORKFLOW_ACTION_OUTCOMES),
      detail: z.string(),
      error: z.string().nullable(),
    }),
  ),
});
export type WorkflowRunView = z.infer<typeof workflowRunView>;
export const WORKFLOW_RUNS_LIMIT = 50;
export const workflowRunsResponse = z.object({ data: z.array(workflowRunView) });
export type WorkflowRunsResponse = z.infer<typeof workflowRunsResponse>;

/** The screen's texts (spec §2 "Workflow Automation"). */
export const WORKFLOW_MESSAGES = {
  title: 'Workflow Automation',
  subtitle: 'Automate the routine steps of your cases: each workflow runs when its trigger happens.',
  activeWorkflows: 'Active Workflows',
  tasksAutomated: 'Tasks Automated',
  timeSaved: 'Time Saved (hours)',
  successRate: 'Success Rate',
  templates: 'Templates',
  yourWorkflows: 'Your Workflows',
  loading: 'Loading workflows...',
  loadError: 'The workflows could not be loaded.',
  empty: 'No workflows yet',
  emptyHint: 'Start from a template above, or create your own workflow.',
  noRuns: 'This workflow has not run yet',
  created: 'Workflow created',
  saved: 'Workflow saved',
  paused: 'Workflow paused',
  resumed: 'Workflow resumed',
  deleted: 'Workflow deleted',
  unknownWorkflow: 'No such workflow',
  unknownTemplate: 'No such template',
  unknownPerson: 'That person is not in your firm',
  personIsClient: 'A client cannot be added to a case’s team',
  notPaused: 'Only a paused or failed workflow can be resumed',
  notActive: 'Only an active workflow can be paused',
  requestCreated: 'Document requested from the client',
  requestUpdated: 'Request updated',
  requestExists: 'That document is already requested on this case',
  unknownRequest: 'No such document request',
} as const;

/** Placeholders an e-mail, a notification, an event or a requested document's title may use. */
export const WORKFLOW_PLACEHOLDERS = [
  '{{client.firstName}}',
  '{{client.lastName}}',
  '{{case.number}}',
  '{{case.title}}',
  '{{case.status}}',
  '{{firm.name}}',
] as const;

/** A document asked of a case's client (GET /api/cases/{id}/document-requests): their checklist shows it. */
export const documentRequestView = z.object({
  id: z.string(),
  title: z.string(),
  note: z.string(),
  status: z.enum(['open', 'received', 'cancelled']),
  createdAt: z.string(),
});
export type DocumentRequestView = z.infer<typeof documentRequestView>;
export const documentRequestsResponse = z.object({ data: z.array(documentRequestView) });
export type DocumentRequestsResponse = z.infer<typeof documentRequestsResponse>;

/** POST /api/cases/{id}/document-requests: an attorney asks the case's client for a document. */
export const createDocumentRequestRequest = z.object({
  title: z
    .string('Enter the document to request')
    .trim()
    .min(1, 'Enter the document to request')
    .max(160, 'At most 160 characters'),
  note: z.string().trim().max(500, 'At most 500 characters').default(''),
});
export type CreateDocumentRequestRequest = z.input<typeof createDocumentRequestRequest>;

/** PATCH /api/cases/{id}/document-requests/{requestId}: marked received, reopened or withdrawn. */
export const updateDocumentRequestRequest = z.object({
  status: z.enum(['open', 'received', 'cancelled'], 'Choose open, received or cancelled'),
});
export type UpdateDocumentRequestRequest = z.input<typeof updateDocumentRequestRequest>;
export const documentRequestResponse = z.object({ data: documentRequestView, message: z.string() });
export type DocumentRequestResponse = z.infer<typeof documentRequestResponse>;
