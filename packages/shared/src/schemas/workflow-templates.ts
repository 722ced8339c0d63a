import type { CreateWorkflowRequest, WorkflowCategory } from './workflows';

/**
 * Spec §3 "Workflow template" (id, name, description, category, icon, colour): six complete
 * workflows, one per category of §9. Creating from one opens the form filled with it; every
 * field can be changed before saving.
 */
export interface WorkflowTemplate {
  key: string;
  name: string;
  description: string;
  category: WorkflowCategory;
  /** A name the screen maps to its icon. */
  icon: 'folder' | 'file' | 'mail' | 'dollar' | 'shield' | 'users';
  /** The card's accent (a Tailwind colour family). */
  color: 'blue' | 'purple' | 'green' | 'yellow' | 'red' | 'indigo';
  workflow: Omit<CreateWorkflowRequest, 'templateKey'>;
}

export const WORKFLOW_TEMPLATES: readonly WorkflowTemplate[] = [
  {
    key: 'new-case-intake',
    name: 'New Case Intake',
    description: 'When a case is opened: welcome the client, ask for the policy and set a first review.',
    category: 'case-management',
    icon: 'folder',
    color: 'blue',
    workflow: {
      name: 'New Case Intake',
      description: 'Welcome the client, ask for the policy and set a first case review.',
      category: 'case-management',
      trigger: { type: 'case-created' },
      conditions: { caseTypes: [], statuses: [] },
      actions: [
        {
          type: 'send-email',
          to: 'client',
          subject: 'Your claim {{case.number}} is open',
          body: 'Dear {{client.firstName}},\n\nWe have opened {{case.title}} ({{case.number}}) for you. We will be in touch about the next steps.\n\n{{firm.name}}',
        },
        {
          type: 'request-document',
          title: 'Insurance policy (declarations page)',
          note: 'Upload the full policy, or at least its declarations page.',
        },
        { type: 'create-event', kind: 'reminder', title: 'First review of {{case.number}}', inDays: 7 },
      ],
    },
  },
  {
    key: 'analysed-document-review',
    name: 'Document Review',
    description: 'When a financial document is analysed, the lead attorney is told and a review is set.',
    category: 'documentation',
    icon: 'file',
    color: 'purple',
    workflow: {
      name: 'Document Review',
      description: 'Tell the lead attorney about an analysed financial document and set a review.',
      category: 'documentation',
      trigger: { type: 'document-analyzed', documentType: 'financial' },
      conditions: { caseTypes: [], statuses: [] },
      actions: [
        {
          type: 'notify',
          recipient: 'lead-attorney',
          userId: null,
          message: 'A financial document on {{case.number}} has been analysed: review the amounts.',
        },
        { type: 'create-event', kind: 'reminder', title: 'Review figures of {{case.number}}', inDays: 2 },
      ],
    },
  },
  {
    key: 'client-message-follow-up',
    name: 'Client Message Follow-up',
    description: 'When a client writes, the case team is told at once so nobody waits for an answer.',
    category: 'communication',
    icon: 'mail',
    color: 'green',
    workflow: {
      name: 'Client Message Follow-up',
      description: 'Tell the case team when the client writes.',
      category: 'communication',
      trigger: { type: 'client-message' },
      conditions: { caseTypes: [], statuses: [] },
      actions: [
        {
          type: 'notify',
          recipient: 'team',
          userId: null,
          message: '{{client.firstName}} {{client.lastName}} wrote on {{case.number}}.',
        },
      ],
    },
  },
  {
    key: 'settlement-preparation',
    name: 'Settlement Preparation',
    description: 'When a case moves to Settlement: ask for the proof of loss and set the release deadline.',
    category: 'financial',
    icon: 'dollar',
    color: 'yellow',
    workflow: {
      name: 'Settlement Preparation',
      description: 'Ask for the proof of loss and set the release deadline.',
      category: 'financial',
      trigger: { type: 'case-status-changed', toStatus: 'settlement' },
      conditions: { caseTypes: [], statuses: [] },
      actions: [
        {
          type: 'request-document',
          title: 'Signed proof of loss',
          note: 'We need the signed proof of loss to settle your claim.',
        },
        {
          type: 'send-email',
          to: 'client',
          subject: '{{case.number}} is moving to settlement',
          body: 'Dear {{client.firstName}},\n\n{{case.title}} is now in settlement. Please upload the signed proof of loss from your dashboard.\n\n{{firm.name}}',
        },
        {
          type: 'create-event',
          kind: 'deadline',
          title: 'Settlement release for {{case.number}}',
          inDays: 14,
        },
      ],
    },
  },
  {
    key: 'deadline-watch',
    name: 'Deadline Watch',
    description: 'Seven days before a case deadline, the lead attorney and the team are told.',
    category: 'compliance',
    icon: 'shield',
    color: 'red',
    workflow: {
      name: 'Deadline Watch',
      description: 'Warn the case team a week before each deadline.',
      category: 'compliance',
      trigger: { type: 'deadline-approaching', days: 7 },
      conditions: { caseTypes: [], statuses: [] },
      actions: [
        {
          type: 'notify',
          recipient: 'team',
          userId: null,
          message: 'A deadline on {{case.number}} ({{case.title}}) falls within 7 days.',
        },
        {
          type: 'send-email',
          to: 'team',
          subject: 'Deadline within 7 days: {{case.number}}',
          body: 'A deadline on {{case.title}} ({{case.number}}) falls within the next 7 days. Check the case’s Deadlines tab.',
        },
      ],
    },
  },
  {
    key: 'stalled-case-check',
    name: 'Stalled Case Check',
    description: 'A case with no activity for 14 days gets a check-in on the lead attorney’s calendar.',
    category: 'resources',
    icon: 'users',
    color: 'indigo',
    workflow: {
      name: 'Stalled Case Check',
      description: 'Put a check-in on the calendar of a case left without activity for 14 days.',
      category: 'resources',
      trigger: { type: 'case-inactive', days: 14 },
      conditions: { caseTypes: [], statuses: [] },
      actions: [
        { type: 'create-event', kind: 'reminder', title: 'Check in on {{case.number}}', inDays: 1 },
        {
          type: 'notify',
          recipient: 'lead-attorney',
          userId: null,
          message: '{{case.number}} has had no activity for 14 days.',
        },
      ],
    },
  },
];

export const workflowTemplate = (key: string): WorkflowTemplate | undefined =>
  WORKFLOW_TEMPLATES.find((template) => template.key === key);
