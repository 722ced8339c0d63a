import type { DbOrTx } from '@sentinel/db';
import {
  CASE_STATUS_LABELS,
  MEMBER_ROLE_USER_TYPE,
  WORKFLOW_MESSAGES,
  type CaseMemberRole,
  type WorkflowAction,
} from '@sentinel/shared';
import { audit } from '../../platform/audit';
import type { OutgoingMail } from '../../platform/mailer';
import { calendarRepository } from '../calendar/calendar.repository';
import { addDays, dayIn, knownZone, readEventTime, reminderFireAt } from '../calendar/times';
import { casesRepository } from '../cases/cases.repository';
import { notificationsRepository } from '../notifications/notifications.repository';
import { notifyCaseStatus } from '../notifications/notify';
import { workflowsRepository as repo, type CaseFacts, type RunContext } from './workflows.repository';
import { fillPlaceholders, workflowMail, type PlaceholderValues } from './workflows.emails';

/** An action that cannot be done, with the reason the run's history shows. */
export class ActionError extends Error {}

export interface ActionOutcome {
  status: 'succeeded' | 'skipped';
  detail: string;
  /** E-mails to send once the action's transaction has committed. */
  mails?: OutgoingMail[];
}

/** The client the event is about: the case's, or the client just added. */
const clientIdOf = (run: RunContext, facts: CaseFacts | undefined): string | null =>
  facts?.clientId ?? (run.eventType === 'client-created' ? run.eventSubjectId : null);

const placeLink = (caseId: string | null, userType: string) =>
  !caseId ? null : userType === 'attorney' ? `/cases/${caseId}` : `/timeline?case=${caseId}`;

const needsCase = (facts: CaseFacts | undefined): facts is CaseFacts => facts !== undefined;
const noCase: ActionOutcome = { status: 'skipped', detail: 'The event is not about a case' };

/**
 * Does one action of a run inside the transaction given (which carries the run's workflow and depth,
 * so the changes it makes are not sent back to the same workflow). Throws ActionError when it cannot.
 */
export async function runAction(
  tx: DbOrTx,
  run: RunContext,
  action: WorkflowAction,
  position: number,
  now: Date,
): Promise<ActionOutcome> {
  const facts = await repo.caseForRun(tx, run);
  if (run.caseId && !facts) throw new ActionError('The case no longer exists');
  const clientId = clientIdOf(run, facts);
  const [client] = clientId ? await repo.activePeople(tx, run.firmId, [clientId]) : [];
  const values: PlaceholderValues = {
    'client.firstName': client?.firstName ?? '',
    'client.lastName': client?.lastName ?? '',
    'case.number': facts?.caseNumber ?? '',
    'case.title': facts?.title ?? '',
    'case.status': facts ? CASE_STATUS_LABELS[facts.status] : '',
    'firm.name': run.firmName,
  };
  const fill = (text: string) => fillPlaceholders(text, values);

  switch (action.type) {
    case 'create-event': {
      if (!needsCase(facts)) return noCase;
      const candidates = await repo.activePeople(tx, run.firmId, [facts.leadAttorneyId, run.createdById]);
      const owner =
        candidates.find(
          (person) => person.userId === facts.leadAttorneyId && person.userType === 'attorney',
        ) ?? candidates.find((person) => person.userId === run.createdById);
      if (!owner) throw new ActionError('The case has no lead attorney and the workflow’s author has left');
      const zone = knownZone(await calendarRepository.userTimeZone(tx, owner.userId));
      const day = addDays(dayIn(now, zone), action.inDays);
      const startsAt = readEventTime(`${day}T09:00`, false, zone);
      const title = fill(action.title).slice(0, 200);
      const event = await calendarRepository.insert(tx, {
        firmId: run.firmId,
        ownerId: owner.userId,
        caseId: facts.id,
        title,
        description: `Added by the workflow “${run.workflowName}”.`,
        eventType: action.kind === 'deadline' ? 'deadline' : 'meeting',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        timeZone: zone,
      });
      const minutes = action.kind === 'deadline' ? 1440 : 0;
      await calendarRepository.setReminders(
        tx,
        event.id,
        [{ minutes, fireAt: reminderFireAt(event, minutes) }],
        now,
      );
      await casesRepository.touch(tx, facts.id);
      return {
        status: 'succeeded',
        detail: `${action.kind === 'deadline' ? 'Deadline' : 'Reminder'} “${title}” on ${day} for ${owner.firstName} ${owner.lastName}`,
      };
    }

    case 'send-email': {
      const ids = action.to === 'client' ? [clientId] : facts ? await repo.teamOf(tx, facts) : [];
      if (action.to === 'team' && !facts) return noCase;
      const recipients = (await repo.activePeople(tx, run.firmId, ids)).filter((person) =>
        action.to === 'client' ? person.userType === 'client' : person.userType !== 'client',
      );
      if (recipients.length === 0)
        throw new ActionError(
          action.to === 'client' ? 'The case has no client to e-mail' : 'The case has no team',
        );
      const subject = fill(action.subject);
      const mails = recipients.map((person) =>
        workflowMail({
          to: person.email,
          subject,
          body: fillPlaceholders(action.body, {
            ...values,
            ...(action.to === 'team' ? {} : { 'client.firstName': person.firstName }),
          }),
          firmName: run.firmName,
        }),
      );
      return {
        status: 'succeeded',
        detail: `E-mailed “${subject}” to ${recipients.length === 1 ? '1 person' : `${recipients.length} people`}`,
        mails,
      };
    }

    case 'notify': {
      let ids: Array<string | null>;
      if (action.recipient === 'person') ids = [action.userId];
      else if (action.recipient === 'client') ids = [clientId];
      else if (!facts) return noCase;
      else ids = action.recipient === 'lead-attorney' ? [facts.leadAttorneyId] : await repo.teamOf(tx, facts);
      const recipients = await repo.activePeople(tx, run.firmId, ids);
      if (recipients.length === 0)
        throw new ActionError(
          action.recipient === 'person' ? WORKFLOW_MESSAGES.unknownPerson : 'There is no one to notify',
        );
      const body = fill(action.message);
      for (const person of recipients) {
        await notificationsRepository.insert(tx, {
          userId: person.userId,
          firmId: run.firmId,
          kind: 'workflow',
          title: run.workflowName,
          body,
          link: placeLink(facts?.id ?? null, person.userType),
          late: false,
          sourceKey: `workflow:${run.runId}:${position}:${person.userId}`,
        });
      }
      return {
        status: 'succeeded',
        detail: `Notified ${recipients.map((person) => `${person.firstName} ${person.lastName}`).join(', ')}`,
      };
    }

    case 'request-document': {
      if (!needsCase(facts)) return noCase;
      const title = fill(action.title).slice(0, 160);
      const inserted = await repo.requestDocument(tx, {
        firmId: run.firmId,
        caseId: facts.id,
        title,
        note: fill(action.note),
        requestedById: run.createdById,
        workflowRunId: run.runId,
      });
      if (!inserted) return { status: 'skipped', detail: `“${title}” is already requested` };
      if (client) {
        await notificationsRepository.insert(tx, {
          userId: client.userId,
          firmId: run.firmId,
          kind: 'workflow',
          title: 'A document is requested',
          body: `Please upload “${title}” for ${facts.caseNumber}.`,
          link: '/dashboard',
          late: false,
          sourceKey: `workflow:${run.runId}:${position}:${client.userId}`,
        });
      }
      await casesRepository.touch(tx, facts.id);
      return { status: 'succeeded', detail: `Requested “${title}” from the client` };
    }

    case 'change-status': {
      if (!needsCase(facts)) return noCase;
      if (facts.status === action.status)
        return { status: 'skipped', detail: `The case is already ${CASE_STATUS_LABELS[action.status]}` };
      // The case form's path: the status history, the case's people told, the audit trail.
      await casesRepository.recordStatus(tx, {
        caseId: facts.id,
        firmId: run.firmId,
        status: action.status,
        changedById: null,
      });
      await notifyCaseStatus(tx, {
        caseId: facts.id,
        status: action.status,
        // Nobody is left out: the change is the workflow's, not a person's.
        changedById: run.workflowId,
        changedByName: `The workflow “${run.workflowName}”`,
      });
      await casesRepository.update(tx, run.firmId, facts.id, {
        status: action.status,
        settledAt: action.status === 'settled' ? new Date() : null,
      });
      await audit(tx, systemContext(run.runId), {
        action: 'case_updated',
        outcome: 'success',
        firmId: run.firmId,
        userId: null,
        details: {
          caseId: facts.id,
          clientId: facts.clientId,
          fields: ['status'],
          statusFrom: facts.status,
          statusTo: action.status,
          workflowId: run.workflowId,
          workflowRunId: run.runId,
        },
      });
      return {
        status: 'succeeded',
        detail: `Moved ${facts.caseNumber} from ${CASE_STATUS_LABELS[facts.status]} to ${CASE_STATUS_LABELS[action.status]}`,
      };
    }

    case 'add-member': {
      if (!needsCase(facts)) return noCase;
      const [person] = await repo.activePeople(tx, run.firmId, [action.userId]);
      if (!person) throw new ActionError(WORKFLOW_MESSAGES.unknownPerson);
      const role = (Object.keys(MEMBER_ROLE_USER_TYPE) as CaseMemberRole[]).find(
        (key) => MEMBER_ROLE_USER_TYPE[key] === person.userType,
      );
      if (!role) throw new ActionError(WORKFLOW_MESSAGES.personIsClient);
      const name = `${person.firstName} ${person.lastName}`;
      if (person.userId === facts.leadAttorneyId)
        return { status: 'skipped', detail: `${name} is the case’s lead attorney` };
      const added = await repo.addMemberOnce(tx, {
        caseId: facts.id,
        userId: person.userId,
        firmId: run.firmId,
        role,
        addedById: run.createdById,
      });
      if (!added) return { status: 'skipped', detail: `${name} is already on the case` };
      await casesRepository.touch(tx, facts.id);
      await audit(tx, systemContext(run.runId), {
        action: 'case_member_added',
        outcome: 'success',
        firmId: run.firmId,
        userId: null,
        details: {
          caseId: facts.id,
          clientId: facts.clientId,
          memberId: person.userId,
          role,
          workflowId: run.workflowId,
          workflowRunId: run.runId,
        },
      });
      return { status: 'succeeded', detail: `Added ${name} to ${facts.caseNumber}` };
    }
  }
}

/** The audit context of a change a workflow run made (no request behind it). */
const systemContext = (runId: string) => ({
  ip: 'system',
  userAgent: null,
  requestId: `workflow-run:${runId}`,
});
