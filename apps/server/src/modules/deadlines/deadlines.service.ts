import type { Database, DbOrTx } from '@sentinel/db';
import {
  DEADLINE_MESSAGES,
  type CaseDeadlinesResponse,
  type ClaimFacts,
  type DeadlineStatus,
  type KeyDateKind,
} from '@sentinel/shared';
import { actorEntry, audit, type AuditAction } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import type { FirmCache } from '../../platform/firm-cache';
import type { RequestContext } from '../../platform/request-context';
import type { Principal } from '../auth/principal';
import { casesRepository } from '../cases/cases.repository';
import { dayIn, knownZone } from '../calendar/times';
import { caseDeadlines, syncCaseDeadlines } from './case-deadlines';
import { deadlinesRepository as repo } from './deadlines.repository';
import { keyDateSuggestions } from './suggestions';

/**
 * The claim deadline engine on a case (issue 16): its facts (state, policy kind…) and key dates,
 * the deadlines computed from them with their citations, and the attorney's reviews. Every change
 * recomputes the deadlines on the lead attorney's calendar in the same transaction and is audited.
 * Attorneys change; the case's team reads; a client reads their own duties in their timeline.
 */
export class DeadlinesService {
  constructor(
    private readonly db: Database,
    private readonly firmCache: FirmCache,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async view(principal: Principal, caseId: string): Promise<CaseDeadlinesResponse> {
    await this.require(this.db, principal, caseId);
    const today = this.today(principal);
    const [facts, keyDates, reviews, documentDates, owner] = await Promise.all([
      repo.facts(this.db, caseId),
      repo.keyDates(this.db, caseId),
      repo.reviews(this.db, caseId),
      repo.documentDates(this.db, principal, caseId),
      repo.calendarOwner(this.db, caseId),
    ]);
    const computed = caseDeadlines(facts, keyDates, reviews, today);
    const current = Object.fromEntries(keyDates.map((row) => [row.kind, row.date]));
    return {
      facts,
      keyDates: keyDates.map((row) => ({
        kind: row.kind,
        date: row.date,
        source: row.source,
        document: row.documentId && row.documentName ? { id: row.documentId, name: row.documentName } : null,
        setBy: row.setBy,
        updatedAt: row.updatedAt.toISOString(),
      })),
      suggestions: keyDateSuggestions(documentDates, current, today),
      deadlines: computed.deadlines,
      pending: computed.pending,
      sources: computed.sources,
      notice: computed.notice,
      calendarOwner: owner.ownerName,
      canEdit: principal.userType === 'attorney',
      today,
    };
  }

  async setFacts(
    principal: Principal,
    caseId: string,
    facts: ClaimFacts,
    context: RequestContext,
  ): Promise<CaseDeadlinesResponse> {
    await this.change(principal, caseId, context, 'claim_facts_set', facts, (tx) =>
      repo.setFacts(tx, caseId, facts),
    );
    return this.view(principal, caseId);
  }

  async setKeyDate(
    principal: Principal,
    caseId: string,
    kind: KeyDateKind,
    input: { date: string; documentId: string | null },
    context: RequestContext,
  ): Promise<CaseDeadlinesResponse> {
    if (input.date > this.today(principal)) throw badRequest(DEADLINE_MESSAGES.futureKeyDate);
    await this.change(principal, caseId, context, 'key_date_set', { kind, ...input }, async (tx) => {
      if (input.documentId && !(await repo.documentOnCase(tx, principal, caseId, input.documentId)))
        throw badRequest(DEADLINE_MESSAGES.unknownDocument);
      await repo.setKeyDate(tx, { caseId, kind, ...input, setById: principal.userId });
    });
    return this.view(principal, caseId);
  }

  async removeKeyDate(
    principal: Principal,
    caseId: string,
    kind: KeyDateKind,
    context: RequestContext,
  ): Promise<CaseDeadlinesResponse> {
    await this.change(principal, caseId, context, 'key_date_removed', { kind }, async (tx) => {
      if (!(await repo.removeKeyDate(tx, caseId, kind))) throw notFound('This key date is not set');
    });
    return this.view(principal, caseId);
  }

  async review(
    principal: Principal,
    caseId: string,
    ruleId: string,
    input: { status: DeadlineStatus; overrideDate: string | null; reason: string },
    context: RequestContext,
  ): Promise<CaseDeadlinesResponse> {
    await this.change(principal, caseId, context, 'deadline_reviewed', { ruleId, ...input }, async (tx) => {
      const facts = await repo.facts(tx, caseId);
      const keyDates = await repo.keyDates(tx, caseId);
      const { deadlines } = caseDeadlines(facts, keyDates, [], this.today(principal));
      if (!deadlines.some((deadline) => deadline.ruleId === ruleId))
        throw notFound(DEADLINE_MESSAGES.unknownRule);
      await repo.setReview(tx, { caseId, ruleId, ...input, reviewedById: principal.userId });
    });
    return this.view(principal, caseId);
  }

  /**
   * One change: the case locked (404 if the principal may not see it), the write, the deadlines
   * recomputed onto the calendar, the audit row — one transaction.
   */
  private async change(
    principal: Principal,
    caseId: string,
    context: RequestContext,
    action: Extract<
      AuditAction,
      'claim_facts_set' | 'key_date_set' | 'key_date_removed' | 'deadline_reviewed'
    >,
    details: object,
    write: (tx: DbOrTx) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.require(tx, principal, caseId, true);
      await write(tx);
      await syncCaseDeadlines(tx, caseId, this.clock());
      await audit(tx, context, actorEntry(principal, action, { caseId, clientId: row.clientId, ...details }));
    });
    // The dashboard's upcoming deadlines include these.
    this.firmCache.changed(principal.firmId);
  }

  private async require(db: DbOrTx, principal: Principal, caseId: string, lock = false) {
    const row = await casesRepository.find(db, principal, caseId, lock);
    if (!row) throw notFound();
    return row;
  }

  /** Today in the person's time zone: key dates cannot be after it; deadlines before it are overdue. */
  private today(principal: Principal): string {
    return dayIn(this.clock(), knownZone(principal.timeZone));
  }
}
