import type { DbOrTx } from '@sentinel/db';
import { computeDeadlines, RULES_FINGERPRINT } from '@sentinel/deadlines';
import {
  DEADLINE_MESSAGES,
  DEADLINE_PARTY_LABELS,
  DEADLINE_STATUS_LABELS,
  REMINDER_MINUTES,
  type CaseDeadline,
  type ClaimFacts,
  type KeyDateKind,
} from '@sentinel/shared';
import { addDays, knownZone, reminderFireAt } from '../calendar/times';
import { deadlinesRepository as repo, type KeyDateRow, type ReviewRow } from './deadlines.repository';

/** A computed deadline on the calendar reminds its attorney a week and a day before. */
export const DEADLINE_REMINDERS = [REMINDER_MINUTES['1 week before'], REMINDER_MINUTES['1 day before']];

/**
 * The deadlines of a case: the engine's, from its facts and key dates, with the attorney's
 * reviews (met, missed, waived; a date of their own). `today` decides what is overdue.
 */
export function caseDeadlines(
  facts: ClaimFacts,
  keyDates: Pick<KeyDateRow, 'kind' | 'date'>[],
  reviews: ReviewRow[],
  today: string,
) {
  const dates: Partial<Record<KeyDateKind, string>> = {};
  for (const row of keyDates) dates[row.kind] = row.date;
  const result = computeDeadlines({ facts, keyDates: dates });
  const byRule = new Map(reviews.map((review) => [review.ruleId, review]));
  const deadlines: CaseDeadline[] = result.deadlines.map((deadline) => {
    const review = byRule.get(deadline.ruleId);
    const status = review?.status ?? 'open';
    const date = review?.overrideDate ?? deadline.dueDate;
    return {
      ...deadline,
      status,
      date,
      overdue: status === 'open' && date < today,
      override: review?.overrideDate ? { date: review.overrideDate, reason: review.reason } : null,
      reviewReason: review?.reason || null,
      reviewedBy: review?.reviewedBy ?? null,
      reviewedAt: review?.reviewedAt.toISOString() ?? null,
    };
  });
  deadlines.sort((a, b) => a.date.localeCompare(b.date) || a.ruleId.localeCompare(b.ruleId));
  return { ...result, deadlines };
}

/** "Carrier: Pay or deny the claim (CASE-2026-003)"; "Met — …" once reviewed. */
export function deadlineEventTitle(deadline: CaseDeadline, caseNumber: string): string {
  const title = `${DEADLINE_PARTY_LABELS[deadline.who]}: ${deadline.action} (${caseNumber})`;
  return deadline.status === 'open' ? title : `${DEADLINE_STATUS_LABELS[deadline.status]} — ${title}`;
}

function deadlineEventDescription(deadline: CaseDeadline): string {
  return [
    deadline.explanation + (deadline.verification === 'UNVERIFIED' ? ' (rule not verified)' : ''),
    deadline.caveat,
    deadline.override
      ? `Date set by the attorney in place of ${deadline.dueDate}: ${deadline.override.reason}`
      : null,
    DEADLINE_MESSAGES.judgementNote,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * Puts a case's computed deadlines on its lead attorney's calendar as all-day `deadline` events,
 * each with reminders a week and a day before (those still ahead), and takes off the ones that no
 * longer apply. Run inside the transaction that changed what they follow from (key dates, facts,
 * reviews, the lead attorney), so the calendar never shows a deadline the case does not; and by
 * the resync job (resync.ts) for cases computed under other rules.
 */
export async function syncCaseDeadlines(db: DbOrTx, caseId: string, now: Date): Promise<void> {
  await repo.markSynced(db, caseId, RULES_FINGERPRINT);
  const owner = await repo.calendarOwner(db, caseId);
  if (!owner.ownerId) {
    await repo.removeRuleEvents(db, caseId, []);
    return;
  }
  const zone = knownZone(owner.timeZone);
  // One after another: inside a transaction they share one connection.
  const facts = await repo.facts(db, caseId);
  const keyDates = await repo.keyDates(db, caseId);
  const reviews = await repo.reviews(db, caseId);
  const existing = await repo.ruleEvents(db, caseId);
  // What is overdue does not matter here: the events carry dates and statuses.
  const { deadlines } = caseDeadlines(facts, keyDates, reviews, '0000-01-01');
  const current = new Map(existing.map((event) => [event.ruleId, event]));
  const remind: Array<{ eventId: string; minutesBefore: number; fireAt: Date }> = [];
  const reminded: string[] = [];
  for (const deadline of deadlines) {
    const startsAt = new Date(`${deadline.date}T00:00:00Z`);
    const values = {
      ownerId: owner.ownerId,
      title: deadlineEventTitle(deadline, owner.caseNumber),
      description: deadlineEventDescription(deadline),
      startsAt,
      endsAt: new Date(`${addDays(deadline.date, 1)}T00:00:00Z`),
      timeZone: zone,
      deadlineParty: deadline.who,
    };
    const event = current.get(deadline.ruleId);
    let eventId: string;
    if (!event) {
      eventId = await repo.insertRuleEvent(db, {
        ...values,
        firmId: owner.firmId,
        caseId,
        eventType: 'deadline',
        allDay: true,
        deadlineRule: deadline.ruleId,
      });
    } else {
      eventId = event.id;
      const moved = event.startsAt.getTime() !== startsAt.getTime() || event.timeZone !== zone;
      const changed =
        moved ||
        event.ownerId !== values.ownerId ||
        event.title !== values.title ||
        event.description !== values.description;
      if (!changed) continue;
      await repo.updateRuleEvent(db, eventId, values);
    }
    reminded.push(eventId);
    if (deadline.status !== 'open') continue;
    for (const minutes of DEADLINE_REMINDERS) {
      const fireAt = reminderFireAt({ startsAt, allDay: true, timeZone: zone }, minutes);
      if (fireAt > now) remind.push({ eventId, minutesBefore: minutes, fireAt });
    }
  }
  await repo.replaceReminders(db, reminded, remind);
  await repo.removeRuleEvents(
    db,
    caseId,
    deadlines.map((deadline) => deadline.ruleId),
  );
}

/**
 * What the case form changes for the engine: its date of loss (a key date, typed, or confirmed from
 * the document `documentId` when the case page's suggestion was used) and its lead attorney (whose
 * calendar carries the deadlines). `dateOfLoss` undefined leaves it as it is.
 */
export async function followCaseChange(
  db: DbOrTx,
  change: { caseId: string; dateOfLoss?: string | null; setById: string; documentId?: string },
  now: Date,
): Promise<void> {
  if (change.dateOfLoss === null) await repo.removeKeyDate(db, change.caseId, 'date_of_loss');
  else if (change.dateOfLoss !== undefined)
    await repo.setKeyDate(db, {
      caseId: change.caseId,
      kind: 'date_of_loss',
      date: change.dateOfLoss,
      documentId: change.documentId ?? null,
      setById: change.setById,
    });
  await syncCaseDeadlines(db, change.caseId, now);
}
