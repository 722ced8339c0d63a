import { createHash, randomBytes } from 'node:crypto';
import type { Database, DbOrTx } from '@sentinel/db';
import {
  MAX_CALENDAR_RANGE_DAYS,
  REMINDER_MINUTES,
  UNTITLED_EVENT,
  type CalendarEvent,
  type CalendarFeedResponse,
  type calendarEventPatch,
  type sentinelEventBody,
  calendarEventsResponse,
  CALENDAR_MESSAGES,
  DEADLINE_MESSAGES,
} from '@sentinel/shared';
import type { z } from 'zod';
import { actorEntry, audit } from '../../platform/audit';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import type { RequestContext } from '../../platform/request-context';
import type { SecretBox } from '../../platform/secret-box';
import type { Account, Principal } from '../auth/principal';
import { casesRepository } from '../cases/cases.repository';
import { notificationsRepository } from '../notifications/notifications.repository';
import { calendarRepository as repo, type CalendarEventRow, type RangeEvent } from './calendar.repository';
import { CalendarAnswerCache, SentAnswer } from './answer-cache';
import { cancellationMail, invitationMail } from './calendar.emails';
import { deadlineEvent, deadlineId, deadlineTitle, toCalendarEvent } from './event-view';
import { buildCancellation, buildFeed, buildInvitation, type IcsEvent } from './ics';
import { dayIn, describeWhen, knownZone, readEventTime, readRange, reminderFireAt } from './times';
import { ifMatchHolds, type IfMatch } from './versions';

type CreateInput = z.output<typeof sentinelEventBody>;
type PatchInput = z.output<typeof calendarEventPatch>;

/** How many upcoming events the case page lists. */
const CASE_EVENTS_LIMIT = 50;
/** The feed carries this much of the past and of the future. */
const FEED_PAST_DAYS = 90;
const FEED_FUTURE_DAYS = 400;
/** What the kept range answers may hold: a busy month of 2,000 events is about 1.3 MB of it. */
const ANSWER_CACHE_BYTES = 16 * 1024 * 1024;

/** A calendar answer as the route's schema writes it (checked against it, as Fastify would). */
const sentAnswer = (data: CalendarEvent[]) =>
  new SentAnswer(
    Buffer.from(JSON.stringify(calendarEventsResponse.encode({ data, source: 'sentinel', status: 'ok' }))),
  );

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Sentinel's own calendar (issue 11): a person's events in the firm they act in, the events of
 * cases they may see and those they are invited to, the deadlines of those cases, invitations by
 * e-mail with an iCalendar attachment, and the secret subscription feed.
 */
export class CalendarService {
  private readonly answers = new CalendarAnswerCache(ANSWER_CACHE_BYTES);

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly box: SecretBox,
    private readonly publicUrl: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * GET /api/calendar/events/sentinel: events and deadlines in the range, as the route sends
   * them; another user's id gives nothing. An answer is kept per person, zone and range while the
   * firm's calendar generation stands (read first, so an answer read after a change is never kept
   * under the generation before it).
   */
  async list(
    principal: Principal,
    query: { userId?: string; start?: string; end?: string },
  ): Promise<SentAnswer> {
    // Dates (the range's, all-day events', deadlines') are the person's days, read in their zone
    // (the session's: PUT /api/profile/time-zone refreshes it).
    const zone = knownZone(principal.timeZone);
    const range = readRange(query.start, query.end, this.clock(), MAX_CALENDAR_RANGE_DAYS, zone);
    if (query.userId && query.userId !== principal.userId) return sentAnswer([]);
    const key = [
      principal.firmId,
      principal.userId,
      principal.userType,
      zone,
      range.start.getTime(),
      range.end.getTime(),
    ].join(' ');
    const generation = await repo.generation(this.db, principal.firmId);
    const kept = this.answers.get(key, generation);
    if (kept !== undefined) return kept;
    const answer = sentAnswer(await this.inRange(principal, zone, range));
    this.answers.set(key, generation, answer);
    return answer;
  }

  /** The events and deadlines of a range, as the screen shows them. */
  private async inRange(principal: Principal, zone: string, range: { start: Date; end: Date }) {
    const fromDay = dayIn(range.start, zone);
    const toDay = dayIn(new Date(range.end.getTime() - 1), zone);
    const [events, deadlines] = await Promise.all([
      repo.inRange(this.db, principal, range),
      repo.deadlines(this.db, principal, fromDay, toDay),
    ]);
    const shown = events.filter(
      (row) => !row.allDay || (dayIn(row.endsAt, 'UTC') > fromDay && dayIn(row.startsAt, 'UTC') <= toDay),
    );
    return [...shown.map((row) => toCalendarEvent(row, principal.userId)), ...deadlines.map(deadlineEvent)];
  }

  /** The upcoming events of a case the viewer may see (the case page). */
  async ofCase(principal: Principal, caseId: string): Promise<CalendarEvent[]> {
    const found = await casesRepository.find(this.db, principal, caseId);
    if (!found) throw notFound();
    const rows = await repo.ofCase(this.db, principal, caseId, this.clock(), CASE_EVENTS_LIMIT);
    return rows.map((row) => toCalendarEvent(row, principal.userId));
  }

  async create(principal: Principal, body: CreateInput, context: RequestContext): Promise<CalendarEvent> {
    const zone = await this.zoneOf(principal, body.timeZone);
    const times = this.readTimes(body.start, body.end, body.allDay, zone);
    const caseId = await this.caseIdFor(principal, body.relatedCase);
    const now = this.clock();
    const { row, invited } = await this.db.transaction(async (tx) => {
      const row = await repo.insert(tx, {
        firmId: principal.firmId,
        ownerId: principal.userId,
        caseId,
        title: body.title || UNTITLED_EVENT,
        description: body.description,
        location: body.location,
        eventType: body.eventType,
        allDay: body.allDay,
        startsAt: times.start,
        endsAt: times.end,
        timeZone: zone,
      });
      const attendees = without(body.attendees, principal.email);
      const invited = await repo.setAttendees(tx, row.id, attendees);
      const minutes = body.reminders.map((choice) => REMINDER_MINUTES[choice]);
      await repo.setReminders(tx, row.id, this.remindersOf(row, minutes), now);
      await this.notifyInvitedUsers(tx, principal, row, invited);
      await audit(
        tx,
        context,
        actorEntry(principal, 'calendar_event_created', {
          eventId: row.id,
          caseId,
          attendees: attendees.length,
        }),
      );
      return { row, invited };
    });
    const details = await this.details(principal, row.id);
    this.sendInvitations(
      principal,
      details,
      invited.map((a) => a.email),
    );
    return toCalendarEvent(details, principal.userId);
  }

  /**
   * PATCH: with `If-Match` (the version the person saw), a change made since answers 409 with the
   * current event and writes nothing; without it, the fields sent overwrite those fields
   * (field-level last writer wins under the row lock, the documented merge of reference row 46).
   */
  async update(
    principal: Principal,
    id: string,
    patch: PatchInput,
    context: RequestContext,
    ifMatch?: IfMatch,
  ): Promise<CalendarEvent> {
    const now = this.clock();
    const { row, invited, timesChanged } = await this.db.transaction(async (tx) => {
      const current = await this.lockChangeable(
        tx,
        principal,
        id,
        ifMatch,
        CALENDAR_MESSAGES.eventChangedElsewhere,
      );
      const allDay = patch.allDay ?? current.allDay;
      const zone = patch.timeZone ? await this.zoneOf(principal, patch.timeZone) : current.timeZone;
      const times =
        patch.start !== undefined || patch.end !== undefined || patch.allDay !== undefined
          ? this.readTimes(
              patch.start ?? writeTime(current.startsAt, current.allDay, allDay),
              patch.end ?? writeTime(current.endsAt, current.allDay, allDay),
              allDay,
              zone,
            )
          : { start: current.startsAt, end: current.endsAt };
      const caseId =
        patch.relatedCase !== undefined
          ? await this.caseIdFor(principal, patch.relatedCase, tx)
          : current.caseId;
      const row = await repo.update(tx, id, {
        title: patch.title !== undefined ? patch.title || UNTITLED_EVENT : undefined,
        description: patch.description,
        location: patch.location,
        eventType: patch.eventType,
        caseId,
        allDay,
        startsAt: times.start,
        endsAt: times.end,
        timeZone: zone,
      });
      const invited = patch.attendees
        ? await repo.setAttendees(tx, id, without(patch.attendees, principal.email))
        : [];
      const timesChanged =
        row.startsAt.getTime() !== current.startsAt.getTime() ||
        row.endsAt.getTime() !== current.endsAt.getTime();
      const minutes = patch.reminders
        ? patch.reminders.map((choice) => REMINDER_MINUTES[choice])
        : await repo.reminderMinutes(tx, id);
      await repo.setReminders(tx, id, this.remindersOf(row, minutes), now);
      await this.notifyInvitedUsers(tx, principal, row, invited);
      await audit(tx, context, actorEntry(principal, 'calendar_event_updated', { eventId: id, caseId }));
      return { row, invited, timesChanged };
    });
    // The newly invited get the invitation; everyone already invited gets the new time.
    const details = await this.details(principal, row.id);
    const recipients = timesChanged ? details.attendees.map((a) => a.email) : invited.map((a) => a.email);
    this.sendInvitations(principal, details, recipients);
    return toCalendarEvent(details, principal.userId);
  }

  /** DELETE: with `If-Match`, as PATCH (a change made since answers 409 and nothing is deleted). */
  async remove(
    principal: Principal,
    id: string,
    context: RequestContext,
    ifMatch?: IfMatch,
  ): Promise<{ id: string; deleted: true }> {
    const removed = await this.db.transaction(async (tx) => {
      const current = await this.lockChangeable(
        tx,
        principal,
        id,
        ifMatch,
        CALENDAR_MESSAGES.eventChangedBeforeDelete,
      );
      const [details] = await repo.withDetails(tx, [{ event: current, caseNumber: null, caseTitle: null }]);
      await repo.remove(tx, id);
      await audit(
        tx,
        context,
        actorEntry(principal, 'calendar_event_deleted', { eventId: id, caseId: current.caseId }),
      );
      return details!;
    });
    const organizer = `${principal.firstName} ${principal.lastName}`.trim();
    const ics = buildCancellation({ event: this.icsEvent(removed, principal, 1), now: this.clock() });
    for (const attendee of removed.attendees)
      this.mailer.dispatch(
        cancellationMail({
          to: attendee.email,
          organizer,
          event: this.facts(removed, removed.timeZone),
          ics,
        }),
      );
    return { id, deleted: true };
  }

  /** GET /api/calendar/feed: the person's subscription link in this firm, made on first ask. */
  async feed(principal: Principal, context: RequestContext): Promise<CalendarFeedResponse> {
    const existing = await repo.feedOf(this.db, principal.userId, principal.firmId);
    if (existing) return this.feedUrls(this.box.open(existing.token), existing.createdAt);
    return this.regenerateFeed(principal, context);
  }

  /** POST /api/calendar/feed: a new secret link; the old one stops working at once. */
  async regenerateFeed(principal: Principal, context: RequestContext): Promise<CalendarFeedResponse> {
    const token = randomBytes(32).toString('base64url');
    const row = await this.db.transaction(async (tx) => {
      const saved = await repo.saveFeed(tx, {
        userId: principal.userId,
        firmId: principal.firmId,
        tokenHash: sha256(token),
        token: this.box.seal(token),
      });
      await audit(tx, context, actorEntry(principal, 'calendar_feed_created'));
      return saved;
    });
    return this.feedUrls(token, row.createdAt);
  }

  /**
   * The iCalendar text of a feed token: what the person would see in Sentinel in that firm (own
   * events, case events, deadlines), from 90 days back to 400 ahead; null for an unknown token or
   * a person who no longer works in the firm.
   */
  async feedIcs(token: string): Promise<string | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const feed = await repo.feedByTokenHash(this.db, sha256(token));
    if (!feed || feed.status !== 'active') return null;
    const viewer = {
      firmId: feed.firmId,
      userId: feed.userId,
      userType: feed.userType as Principal['userType'],
    };
    const now = this.clock();
    const range = {
      start: new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000),
      end: new Date(now.getTime() + FEED_FUTURE_DAYS * 86_400_000),
    };
    const [events, deadlines] = await Promise.all([
      repo.inRange(this.db, viewer, range),
      repo.deadlines(
        this.db,
        viewer,
        range.start.toISOString().slice(0, 10),
        range.end.toISOString().slice(0, 10),
      ),
    ]);
    return buildFeed({
      name: 'Sentinel',
      now,
      events: [
        ...events.map((row) => this.icsEvent(row, null, 0)),
        ...deadlines.map((d): IcsEvent => ({
          uid: `${deadlineId(d)}@sentinel`,
          title: deadlineTitle(d),
          description:
            d.kind === 'case_due'
              ? `The due date of ${d.caseNumber}.`
              : `Found in ${d.documentName ?? 'a document'}.`,
          location: '',
          start: new Date(`${d.date}T00:00:00Z`),
          end: new Date(new Date(`${d.date}T00:00:00Z`).getTime() + 86_400_000),
          allDay: true,
          reminderMinutes: [],
          sequence: 0,
          created: now,
          lastModified: now,
          url: `${this.publicUrl}/cases/${d.caseId}`,
          categories: ['Deadline'],
        })),
      ],
    });
  }

  private feedUrls(token: string, createdAt: Date): CalendarFeedResponse {
    const httpUrl = `${this.publicUrl}/api/calendar/feed/${token}.ics`;
    return { httpUrl, webcalUrl: httpUrl.replace(/^https?:/, 'webcal:'), createdAt: createdAt.toISOString() };
  }

  /** The event as the viewer sees it, just written. */
  private async details(principal: Principal, id: string): Promise<RangeEvent> {
    const row = await repo.find(this.db, principal, id);
    if (!row) throw notFound(CALENDAR_MESSAGES.eventNotFound);
    return row;
  }

  /**
   * The viewer's own event, locked for a change; another's they see is 400, one they do not see
   * 404, and a deadline the engine keeps for its case cannot be changed here (400). With
   * `If-Match`, a version other than the one asked for is 409 with the current event in `details`
   * (compared under the lock: of two changes sent with the same version, exactly one is made).
   */
  private async lockChangeable(
    tx: DbOrTx,
    principal: Principal,
    id: string,
    ifMatch: IfMatch | undefined,
    changedMessage: string,
  ) {
    const current = await repo.lockOwn(tx, principal, id);
    if (!current)
      throw (await repo.find(tx, principal, id))
        ? badRequest(CALENDAR_MESSAGES.eventNotYours)
        : notFound(CALENDAR_MESSAGES.eventNotFound);
    if (current.deadlineRule) throw badRequest(DEADLINE_MESSAGES.computedEventLocked);
    if (ifMatch && !ifMatchHolds(ifMatch, current.sequence)) {
      const shown = await repo.find(tx, principal, id);
      throw new AppError('CONFLICT', changedMessage, {
        current: shown ? toCalendarEvent(shown, principal.userId) : null,
      });
    }
    return current;
  }

  /** The zone wall-clock times are read in: the one sent, else the person's, else UTC. */
  private async zoneOf(principal: Principal, sent: string | undefined): Promise<string> {
    if (sent) {
      const zone = knownZone(sent, '');
      if (!zone) throw badRequest('Unknown time zone');
      return zone;
    }
    // Read, not taken from the session: a zone changed a moment ago counts at once.
    return knownZone(await repo.userTimeZone(this.db, principal.userId));
  }

  private readTimes(start: string, end: string, allDay: boolean, zone: string) {
    const startsAt = readEventTime(start, allDay, zone);
    let endsAt = readEventTime(end, allDay, zone);
    // An all-day event whose end is its own first day means that one day (the end is exclusive).
    if (allDay && endsAt.getTime() === startsAt.getTime()) endsAt = new Date(startsAt.getTime() + 86_400_000);
    if (endsAt <= startsAt)
      throw badRequest(CALENDAR_MESSAGES.eventEndBeforeStart, { end: CALENDAR_MESSAGES.eventEndBeforeStart });
    if (endsAt.getTime() - startsAt.getTime() > MAX_CALENDAR_RANGE_DAYS * 86_400_000)
      throw badRequest('An event can last at most 400 days');
    return { start: startsAt, end: endsAt };
  }

  private async caseIdFor(principal: Principal, relatedCase: string | null | undefined, db = this.db) {
    if (!relatedCase) return null;
    if (!/^[0-9a-f-]{36}$/i.test(relatedCase)) throw notFound(CALENDAR_MESSAGES.eventCaseNotFound);
    const found = await casesRepository.find(db, principal, relatedCase);
    if (!found) throw notFound(CALENDAR_MESSAGES.eventCaseNotFound);
    return found.id;
  }

  private remindersOf(event: CalendarEventRow, minutes: number[]) {
    return [...new Set(minutes)].map((m) => ({ minutes: m, fireAt: reminderFireAt(event, m) }));
  }

  /** Sentinel users among the newly invited get a notification in the app. */
  private async notifyInvitedUsers(
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    principal: Principal,
    event: CalendarEventRow,
    invited: Array<{ email: string; userId: string | null }>,
  ) {
    const organizer = `${principal.firstName} ${principal.lastName}`.trim();
    for (const attendee of invited) {
      if (!attendee.userId) continue;
      const zone = knownZone(await repo.userTimeZone(tx, attendee.userId), event.timeZone);
      await notificationsRepository.insert(tx, {
        userId: attendee.userId,
        firmId: event.firmId,
        kind: 'event_invitation',
        title: `${organizer} invited you: ${event.title}`,
        body: describeWhen(event, zone),
        link: `/calendar?date=${event.allDay ? event.startsAt.toISOString().slice(0, 10) : dayIn(event.startsAt, zone)}`,
        late: false,
        sourceKey: `invitation:${event.id}:${attendee.email}:${event.sequence}`,
      });
    }
  }

  /** E-mails the invitation (iCalendar REQUEST) to each address, in the background. */
  private sendInvitations(principal: Principal, details: RangeEvent, emails: string[]) {
    if (emails.length === 0) return;
    const organizer = `${principal.firstName} ${principal.lastName}`.trim();
    const ics = buildInvitation({ event: this.icsEvent(details, principal, 0), now: this.clock() });
    for (const to of emails)
      this.mailer.dispatch(
        invitationMail({
          to,
          organizer,
          event: this.facts(details, details.timeZone),
          description: details.description,
          ics,
        }),
      );
  }

  private facts(event: RangeEvent, zone: string) {
    return {
      title: event.title,
      when: describeWhen(event, zone),
      location: event.location || null,
      caseLabel: event.caseNumber ? `${event.caseNumber} ${event.caseTitle ?? ''}`.trim() : null,
    };
  }

  /** The event as iCalendar sees it; with an organizer for invitations, without for the feed. */
  private icsEvent(row: RangeEvent, organizer: Account | null, sequenceBump: number): IcsEvent {
    return {
      uid: `${row.id}@sentinel`,
      title: row.title,
      description: row.description,
      location: row.location,
      start: row.startsAt,
      end: row.endsAt,
      allDay: row.allDay,
      reminderMinutes: row.reminderMinutes,
      sequence: row.sequence + sequenceBump,
      created: row.createdAt,
      lastModified: row.updatedAt,
      url: `${this.publicUrl}/calendar?date=${row.allDay ? row.startsAt.toISOString().slice(0, 10) : dayIn(row.startsAt, row.timeZone)}`,
      categories: [row.eventType],
      organizer: organizer
        ? { name: `${organizer.firstName} ${organizer.lastName}`.trim(), email: organizer.email }
        : null,
      attendees: row.attendees.map((a) => ({ email: a.email, status: a.response as 'needsAction' })),
    };
  }
}

const without = (emails: string[], own: string) =>
  [...new Set(emails)].filter((email) => email !== own.toLowerCase());

/** A stored time re-read when an event turns all-day or back (date ↔ wall-clock in UTC). */
const writeTime = (at: Date, wasAllDay: boolean, allDay: boolean) =>
  allDay
    ? at.toISOString().slice(0, 10)
    : wasAllDay
      ? `${at.toISOString().slice(0, 10)}T09:00`
      : at.toISOString();
