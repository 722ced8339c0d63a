import type { Database, DbOrTx } from '@sentinel/db';
import {
  WORKFLOW_MESSAGES,
  WORKFLOW_RUNS_LIMIT,
  workflowTemplate,
  type createDocumentRequestRequest,
  type createWorkflowRequest,
  type DocumentRequestResponse,
  type DocumentRequestsResponse,
  type updateDocumentRequestRequest,
  type updateWorkflowRequest,
  type WorkflowAction,
  type WorkflowResponse,
  type WorkflowRunsResponse,
  type WorkflowsResponse,
} from '@sentinel/shared';
import type { z } from 'zod';
import { actorEntry, audit, type AuditAction, type ReadAudit } from '../../platform/audit';
import { AppError, badRequest, isUniqueViolation, notFound } from '../../platform/errors';
import type { FirmCache } from '../../platform/firm-cache';
import type { RequestContext } from '../../platform/request-context';
import type { Principal } from '../auth/principal';
import { casesRepository } from '../cases/cases.repository';
import {
  toDocumentRequestView,
  toWorkflowView,
  workflowsRepository as repo,
  type WorkflowRow,
} from './workflows.repository';

type CreateInput = z.output<typeof createWorkflowRequest>;
type UpdateInput = z.output<typeof updateWorkflowRequest>;
type RequestInput = z.output<typeof createDocumentRequestRequest>;
type RequestStatusInput = z.output<typeof updateDocumentRequestRequest>;

/**
 * Workflow Automation (issue 13): attorneys list the firm's workflows with the stat cards, create
 * one (from a template or not), edit, pause, resume and delete it, and read its runs. The engine
 * (engine.ts) runs them. Changes are audited in their transaction, the list in the read batches.
 */
export class WorkflowsService {
  constructor(
    private readonly db: Database,
    private readonly readAudit: ReadAudit,
    private readonly firmCache: FirmCache,
  ) {}

  async list(principal: Principal, context: RequestContext): Promise<WorkflowsResponse> {
    const [rows, stats] = await Promise.all([
      repo.list(this.db, principal.firmId),
      repo.stats(this.db, principal.firmId),
    ]);
    this.readAudit.record(context, actorEntry(principal, 'workflow_list_viewed', { returned: rows.length }));
    return { stats, data: rows.map(toWorkflowView) };
  }

  async create(principal: Principal, input: CreateInput, context: RequestContext): Promise<WorkflowResponse> {
    if (input.templateKey !== null && !workflowTemplate(input.templateKey))
      throw badRequest(WORKFLOW_MESSAGES.unknownTemplate);
    const id = await this.db.transaction(async (tx) => {
      await this.checkPeople(tx, principal, input.actions);
      const row = await repo.insert(tx, {
        firmId: principal.firmId,
        name: input.name,
        description: input.description,
        category: input.category,
        templateKey: input.templateKey,
        triggerType: input.trigger.type,
        trigger: input.trigger,
        conditions: input.conditions,
        actions: input.actions,
        createdById: principal.userId,
      });
      await this.audit(tx, principal, context, 'workflow_created', row.id, {
        templateKey: input.templateKey,
        trigger: input.trigger.type,
      });
      return row.id;
    });
    return { message: WORKFLOW_MESSAGES.created, data: await this.view(principal, id) };
  }

  async update(
    principal: Principal,
    id: string,
    input: UpdateInput,
    context: RequestContext,
  ): Promise<WorkflowResponse> {
    await this.db.transaction(async (tx) => {
      await this.require(tx, principal, id);
      if (input.actions) await this.checkPeople(tx, principal, input.actions);
      await repo.update(tx, principal.firmId, id, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.category !== undefined && { category: input.category }),
        ...(input.trigger !== undefined && { triggerType: input.trigger.type, trigger: input.trigger }),
        ...(input.conditions !== undefined && { conditions: input.conditions }),
        ...(input.actions !== undefined && { actions: input.actions }),
      });
      await this.audit(tx, principal, context, 'workflow_updated', id, {
        fields: Object.keys(input).filter((key) => (input as Record<string, unknown>)[key] !== undefined),
      });
    });
    return { message: WORKFLOW_MESSAGES.saved, data: await this.view(principal, id) };
  }

  /** Pauses an active workflow: it makes no runs until resumed (runs already queued still finish). */
  async pause(principal: Principal, id: string, context: RequestContext): Promise<WorkflowResponse> {
    await this.db.transaction(async (tx) => {
      const row = await this.require(tx, principal, id);
      if (row.status !== 'active') throw badRequest(WORKFLOW_MESSAGES.notActive);
      await repo.update(tx, principal.firmId, id, { status: 'paused' });
      await this.audit(tx, principal, context, 'workflow_paused', id);
    });
    return { message: WORKFLOW_MESSAGES.paused, data: await this.view(principal, id) };
  }

  /** Resumes a paused or failed workflow (clearing the error): it reacts to events from now on. */
  async resume(principal: Principal, id: string, context: RequestContext): Promise<WorkflowResponse> {
    await this.db.transaction(async (tx) => {
      const row = await this.require(tx, principal, id);
      if (row.status === 'active') throw badRequest(WORKFLOW_MESSAGES.notPaused);
      await repo.update(tx, principal.firmId, id, { status: 'active', lastError: null });
      await this.audit(tx, principal, context, 'workflow_resumed', id, { from: row.status });
    });
    return { message: WORKFLOW_MESSAGES.resumed, data: await this.view(principal, id) };
  }

  async remove(principal: Principal, id: string, context: RequestContext): Promise<{ message: string }> {
    await this.db.transaction(async (tx) => {
      const row = await this.require(tx, principal, id);
      await repo.remove(tx, principal.firmId, id);
      await this.audit(tx, principal, context, 'workflow_deleted', id, { name: row.name });
    });
    return { message: WORKFLOW_MESSAGES.deleted };
  }

  async runs(principal: Principal, id: string): Promise<WorkflowRunsResponse> {
    await this.require(this.db, principal, id);
    return { data: await repo.runs(this.db, principal.firmId, id, WORKFLOW_RUNS_LIMIT) };
  }

  /** The documents asked of a case's client (the client's checklist; the case's people see them too). */
  async documentRequests(principal: Principal, caseId: string): Promise<DocumentRequestsResponse> {
    const row = await casesRepository.find(this.db, principal, caseId);
    if (!row) throw notFound();
    return { data: await repo.documentRequests(this.db, principal.firmId, caseId) };
  }

  /** An attorney asks the case's client for a document: it appears on the client's checklist. */
  async requestDocument(
    principal: Principal,
    caseId: string,
    input: RequestInput,
    context: RequestContext,
  ): Promise<DocumentRequestResponse> {
    const row = await this.db.transaction(async (tx) => {
      if (!(await casesRepository.find(tx, principal, caseId))) throw notFound();
      const inserted = await repo.requestDocument(tx, {
        firmId: principal.firmId,
        caseId,
        title: input.title,
        note: input.note,
        requestedById: principal.userId,
      });
      if (!inserted) throw new AppError('CONFLICT', WORKFLOW_MESSAGES.requestExists);
      await audit(
        tx,
        context,
        actorEntry(principal, 'document_request_created', {
          caseId,
          requestId: inserted.id,
          title: input.title,
        }),
      );
      return inserted;
    });
    return { data: toDocumentRequestView(row), message: WORKFLOW_MESSAGES.requestCreated };
  }

  /** Marks a request received, reopens it, or withdraws it (it leaves the client's checklist). */
  async updateDocumentRequest(
    principal: Principal,
    caseId: string,
    requestId: string,
    input: RequestStatusInput,
    context: RequestContext,
  ): Promise<DocumentRequestResponse> {
    const row = await this.db.transaction(async (tx) => {
      if (!(await casesRepository.find(tx, principal, caseId))) throw notFound();
      const current = await repo.findDocumentRequest(tx, principal.firmId, caseId, requestId);
      if (!current) throw notFound(WORKFLOW_MESSAGES.unknownRequest);
      if (current.status === input.status) return current;
      let updated;
      try {
        updated = await repo.setDocumentRequestStatus(tx, requestId, input.status);
      } catch (error) {
        // Reopening one while the same document is open again on the case.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', WORKFLOW_MESSAGES.requestExists);
        throw error;
      }
      await audit(
        tx,
        context,
        actorEntry(principal, 'document_request_updated', {
          caseId,
          requestId,
          from: current.status,
          to: input.status,
        }),
      );
      return updated;
    });
    return { data: toDocumentRequestView(row), message: WORKFLOW_MESSAGES.requestUpdated };
  }

  private async view(principal: Principal, id: string) {
    this.firmCache.changed(principal.firmId);
    const row = await repo.find(this.db, principal.firmId, id);
    if (!row) throw notFound(WORKFLOW_MESSAGES.unknownWorkflow);
    const figures = await repo.figures(this.db, [id]);
    return toWorkflowView({
      ...row,
      ...(figures.get(id) ?? { runs: 0, tasksCompleted: 0, succeeded: 0, finished: 0 }),
    });
  }

  /** People an action names must work in the firm; one added to a case must not be a client. */
  private async checkPeople(db: DbOrTx, principal: Principal, actions: WorkflowAction[]) {
    for (const action of actions) {
      const userId =
        action.type === 'add-member' ? action.userId : action.type === 'notify' ? action.userId : null;
      if (!userId || (action.type === 'notify' && action.recipient !== 'person')) continue;
      const [person] = await repo.activePeople(db, principal.firmId, [userId]);
      if (!person) throw badRequest(WORKFLOW_MESSAGES.unknownPerson);
      if (action.type === 'add-member' && person.userType === 'client')
        throw badRequest(WORKFLOW_MESSAGES.personIsClient);
    }
  }

  private async require(db: DbOrTx, principal: Principal, id: string): Promise<WorkflowRow> {
    const row = await repo.find(db, principal.firmId, id, true);
    if (!row) throw notFound(WORKFLOW_MESSAGES.unknownWorkflow);
    return row;
  }

  private async audit(
    db: DbOrTx,
    principal: Principal,
    context: RequestContext,
    action: Extract<AuditAction, `workflow_${string}`>,
    workflowId: string,
    details: Record<string, unknown> = {},
  ) {
    await audit(db, context, actorEntry(principal, action, { workflowId, ...details }));
  }
}
