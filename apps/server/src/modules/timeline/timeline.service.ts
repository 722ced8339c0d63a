import type { Database, DbOrTx } from '@sentinel/db';
import {
  MAX_CASE_STAGES,
  TIMELINE_ITEM_LIMIT,
  TIMELINE_MESSAGES,
  type addStageRequest,
  type CaseTimelineResponse,
  type TimelineCasesResponse,
  type TimelineItem,
  type updateStageRequest,
} from '@sentinel/shared';
import type { z } from 'zod';
import { actorEntry, audit, type AuditAction, type ReadAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import type { FirmCache } from '../../platform/firm-cache';
import type { RequestContext } from '../../platform/request-context';
import type { Principal } from '../auth/principal';
import { casesRepository, type CaseRow } from '../cases/cases.repository';
import { knownZone } from '../calendar/times';
import { stagesWithStatus, statsOf, templateOf, withTemplate, type CaseProgressFacts } from './stages';
import { timelineRepository as repo, type StageRecord } from './timeline.repository';

type AddStageInput = z.output<typeof addStageRequest>;
type UpdateStageInput = z.output<typeof updateStageRequest>;

/** The case chooser lists at most this many cases (the most recently active). */
const CHOOSER_LIMIT = 200;

/**
 * Case Timeline & Progress (issue 12): a case's stages with their status (`stages.ts` has the
 * rules), its progress, and what happened on it — documents, events, status changes, messages — at
 * their dates, each as the viewer may see it. Everyone reads the timelines of the cases they may see
 * (`visibleTo`); attorneys add, rename, date, complete or reopen, move and remove stages. A case's
 * template stages are stored the first time its timeline is read, so every edit has a row to act
 * on. Reads are audited in batches, changes in their transaction.
 */
export class TimelineService {
  constructor(
    private readonly db: Database,
    private readonly readAudit: ReadAudit,
    private readonly firmCache: FirmCache,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The cases the person may see, each with its progress (template stages not stored count too). */
  async cases(principal: Principal, context: RequestContext): Promise<TimelineCasesResponse> {
    const rows = await repo.cases(this.db, principal, CHOOSER_LIMIT);
    const ids = rows.map((row) => row.id);
    const [stages, history] = await Promise.all([repo.stagesOf(this.db, ids), repo.historyOf(this.db, ids)]);
    const zone = knownZone(principal.timeZone);
    const data = rows.map((row) => {
      const facts: CaseProgressFacts = { ...row, history: history.get(row.id) ?? [] };
      const computed = stagesWithStatus(withTemplate(stages.get(row.id) ?? [], row.caseType), facts, zone);
      return {
        id: row.id,
        caseNumber: row.caseNumber,
        title: row.title,
        caseType: row.caseType,
        status: row.status,
        lastActivityAt: row.lastActivityAt.toISOString(),
        stats: statsOf(computed),
      };
    });
    this.readAudit.record(
      context,
      actorEntry(principal, 'case_list_viewed', { view: 'timeline', returned: data.length }),
    );
    return { data };
  }

  /** One case's timeline. */
  async view(principal: Principal, caseId: string, context: RequestContext): Promise<CaseTimelineResponse> {
    const row = await this.require(this.db, principal, caseId);
    const stages = await this.ensureStages(this.db, row);
    const answer = await this.build(principal, row, stages);
    this.readAudit.record(
      context,
      actorEntry(principal, 'case_timeline_viewed', { caseId, clientId: row.clientId }),
    );
    return answer;
  }

  async addStage(
    principal: Principal,
    caseId: string,
    input: AddStageInput,
    context: RequestContext,
  ): Promise<CaseTimelineResponse> {
    return this.change(principal, caseId, context, 'case_stage_added', async (tx, row, stages) => {
      if (stages.length >= MAX_CASE_STAGES) throw badRequest(TIMELINE_MESSAGES.tooManyStages);
      const after = input.afterStageId ?? null;
      const index = after === null ? stages.length : stages.findIndex((stage) => stage.id === after) + 1;
      if (index === 0) throw badRequest(TIMELINE_MESSAGES.unknownAfter);
      const stageId = await repo.insertStage(tx, {
        caseId,
        firmId: row.firmId,
        position: stages.length + 1,
        title: input.title,
        description: input.description ?? null,
        stageDate: input.date ?? null,
      });
      const order = stages.map((stage) => stage.id);
      order.splice(index, 0, stageId);
      await repo.renumber(tx, caseId, order);
      return { stageId, title: input.title, afterStageId: after };
    });
  }

  async updateStage(
    principal: Principal,
    caseId: string,
    stageId: string,
    input: UpdateStageInput,
    context: RequestContext,
  ): Promise<CaseTimelineResponse> {
    return this.change(principal, caseId, context, 'case_stage_updated', async (tx, row, stages, facts) => {
      const index = stages.findIndex((stage) => stage.id === stageId);
      const stage = stages[index];
      if (!stage) throw notFound(TIMELINE_MESSAGES.unknownStage);
      const values: Parameters<typeof repo.updateStage>[3] = {};
      if (input.title !== undefined) values.title = input.title;
      if (input.description !== undefined) values.description = input.description;
      if (input.date !== undefined) values.stageDate = input.date;
      if (input.completed === true && !stage.completedAt) {
        values.completedAt = this.clock();
        values.completedById = principal.userId;
      }
      if (input.completed === false) {
        const [shown] = stagesWithStatus([stage], facts, 'UTC');
        if (shown!.completedBy === 'status') throw badRequest(TIMELINE_MESSAGES.completedByStatus);
        values.completedAt = null;
        values.completedById = null;
      }
      if (input.move) {
        const target = input.move === 'up' ? index - 1 : index + 1;
        if (target < 0 || target >= stages.length) throw badRequest(TIMELINE_MESSAGES.cannotMove);
        const order = stages.map((item) => item.id);
        [order[index], order[target]] = [order[target]!, order[index]!];
        await repo.renumber(tx, caseId, order);
      }
      if (Object.keys(values).length > 0) await repo.updateStage(tx, caseId, stageId, values);
      return {
        stageId,
        title: input.title ?? stage.title,
        fields: Object.keys(input).filter((key) => input[key as keyof UpdateStageInput] !== undefined),
        ...(input.completed !== undefined ? { completed: input.completed } : {}),
        ...(input.move ? { move: input.move } : {}),
      };
    });
  }

  async removeStage(
    principal: Principal,
    caseId: string,
    stageId: string,
    context: RequestContext,
  ): Promise<CaseTimelineResponse> {
    return this.change(principal, caseId, context, 'case_stage_removed', async (tx, _row, stages) => {
      const stage = stages.find((item) => item.id === stageId);
      if (!stage) throw notFound(TIMELINE_MESSAGES.unknownStage);
      if (stage.stageKey !== null) throw badRequest(TIMELINE_MESSAGES.onlyAddedRemovable);
      await repo.removeAddedStage(tx, caseId, stageId);
      await repo.renumber(
        tx,
        caseId,
        stages.filter((item) => item.id !== stageId).map((item) => item.id),
      );
      return { stageId, title: stage.title };
    });
  }

  /**
   * One change: the case locked (404 if the attorney may not see it), its stages stored, the write,
   * the case's last activity moved, the audit row — one transaction; then the new timeline.
   */
  private async change(
    principal: Principal,
    caseId: string,
    context: RequestContext,
    action: Extract<AuditAction, 'case_stage_added' | 'case_stage_updated' | 'case_stage_removed'>,
    write: (
      tx: DbOrTx,
      row: CaseRow,
      stages: StageRecord[],
      facts: CaseProgressFacts,
    ) => Promise<Record<string, unknown>>,
  ): Promise<CaseTimelineResponse> {
    const row = await this.db.transaction(async (tx) => {
      const locked = await this.require(tx, principal, caseId, true);
      const stages = await this.ensureStages(tx, locked);
      const history = (await repo.historyOf(tx, [caseId])).get(caseId) ?? [];
      const details = await write(tx, locked, stages, this.facts(locked, history));
      await casesRepository.touch(tx, caseId);
      await audit(
        tx,
        context,
        actorEntry(principal, action, { caseId, clientId: locked.clientId, ...details }),
      );
      return locked;
    });
    // The case lists show the last activity.
    this.firmCache.changed(principal.firmId);
    return this.build(principal, row, await repo.stages(this.db, caseId));
  }

  /** The case's stages, its template's stored first if they are not yet. */
  private async ensureStages(db: DbOrTx, row: CaseRow): Promise<StageRecord[]> {
    const stages = await repo.stages(db, row.id);
    const template = templateOf(row.caseType as CaseProgressFacts['caseType']);
    if (!(await repo.materialise(db, { caseId: row.id, firmId: row.firmId }, template, stages)))
      return stages;
    return repo.stages(db, row.id);
  }

  private facts(row: CaseRow, history: CaseProgressFacts['history']): CaseProgressFacts {
    return {
      caseType: row.caseType as CaseProgressFacts['caseType'],
      status: row.status as CaseProgressFacts['status'],
      dateOpened: row.dateOpened,
      history,
    };
  }

  /** The timeline answer: stages and stats, and the latest items, oldest first. */
  private async build(
    principal: Principal,
    row: CaseRow,
    stages: StageRecord[],
  ): Promise<CaseTimelineResponse> {
    const zone = knownZone(principal.timeZone);
    const fetch = TIMELINE_ITEM_LIMIT + 1;
    const [historyByCase, documents, events, messageDays] = await Promise.all([
      repo.historyOf(this.db, [row.id]),
      repo.documents(this.db, principal, row.id, fetch),
      repo.events(this.db, principal.firmId, row.id, fetch),
      repo.messageDays(this.db, principal, row.id, zone, fetch),
    ]);
    const history = historyByCase.get(row.id) ?? [];
    const computed = stagesWithStatus(stages, this.facts(row, history), zone);
    const items: TimelineItem[] = [
      ...history.map((entry, index) => ({
        kind: 'status' as const,
        id: `status-${index}`,
        at: entry.at.toISOString(),
        status: entry.status,
        opened: index === 0,
        by: entry.by,
      })),
      ...documents.map((doc) => ({
        kind: 'document' as const,
        id: doc.id,
        at: doc.at.toISOString(),
        fileName: doc.fileName,
      })),
      ...events.map((event) => ({
        kind: 'event' as const,
        id: event.id,
        at: event.at.toISOString(),
        title: event.title,
        eventType: event.eventType,
        allDay: event.allDay,
      })),
      ...messageDays.map((day) => ({
        kind: 'messages' as const,
        id: `${day.conversationId}:${day.day}`,
        at: day.at.toISOString(),
        day: day.day,
        conversationId: day.conversationId,
        thread: day.thread,
        count: day.count,
      })),
    ];
    // The latest TIMELINE_ITEM_LIMIT, shown oldest first.
    items.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
    const itemsTruncated = items.length > TIMELINE_ITEM_LIMIT;
    return {
      case: {
        id: row.id,
        caseNumber: row.caseNumber,
        title: row.title,
        caseType: row.caseType as CaseTimelineResponse['case']['caseType'],
        status: row.status as CaseTimelineResponse['case']['status'],
      },
      stats: statsOf(computed),
      stages: computed,
      items: items.slice(0, TIMELINE_ITEM_LIMIT).reverse(),
      itemsTruncated,
      canEdit: principal.userType === 'attorney',
    };
  }

  /** The case if the principal may see it (locked until the transaction ends, for changes); else 404. */
  private async require(db: DbOrTx, principal: Principal, caseId: string, lock = false): Promise<CaseRow> {
    const row = await casesRepository.find(db, principal, caseId, lock);
    if (!row) throw notFound();
    return row;
  }
}
