import type { Database, DbOrTx } from '@sentinel/db';
import {
  NEGOTIATION_MESSAGES,
  type CaseStatus,
  type ListNegotiationsResponse,
  type NegotiationActionKind,
  type NegotiationCasesResponse,
  type NegotiationDetail,
  type NegotiationResponse,
  type NegotiationStatus,
  type NegotiationSummary,
  type TargetCitation,
  type listNegotiationsQuery,
  type recordNegotiationActionRequest,
  type startNegotiationRequest,
  type updateNegotiationRequest,
} from '@sentinel/shared';
import type { z } from 'zod';
import { actorEntry, audit, type ReadAudit } from '../../platform/audit';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { FirmCache } from '../../platform/firm-cache';
import type { RequestContext } from '../../platform/request-context';
import type { Principal } from '../auth/principal';
import { casesRepository, type CaseValues } from '../cases/cases.repository';
import { notifyCaseStatus } from '../notifications/notify';
import {
  negotiationsRepository as repo,
  type LatestAction,
  type NegotiationWithCase,
} from './negotiations.repository';
import { suggestTarget } from './suggested-target';

type ListInput = z.output<typeof listNegotiationsQuery>;
type StartInput = z.output<typeof startNegotiationRequest>;
type ActionInput = z.output<typeof recordNegotiationActionRequest>;
type UpdateInput = z.output<typeof updateNegotiationRequest>;

const conflict = (message: string) => new AppError('CONFLICT', message);
const fullName = (first: string | null, last: string | null) =>
  first ? `${first} ${last ?? ''}`.trim() : null;

/**
 * Negotiations (issue 13): attorneys open one per case, record our demands, the carrier's offers and
 * the settlement, and set the case's carrier, claim number and target — on the case, its one source
 * of truth. A settlement settles the case (status history, the bell, the dashboard's figures). Every
 * change is audited in its transaction with the case's id, so the case's activity shows it.
 */
export class NegotiationsService {
  constructor(
    private readonly db: Database,
    private readonly readAudit: ReadAudit,
    private readonly firmCache: FirmCache,
  ) {}

  async list(
    principal: Principal,
    query: ListInput,
    context: RequestContext,
  ): Promise<ListNegotiationsResponse> {
    const limit = query.pageSize === 'all' ? null : query.pageSize;
    const page = limit === null ? 1 : query.page;
    const search = query.search || undefined;
    const [rows, total] = await Promise.all([
      repo.page(this.db, principal, {
        search,
        sort: query.sort,
        limit,
        offset: limit === null ? 0 : (page - 1) * limit,
      }),
      repo.count(this.db, principal, search),
    ]);
    const data = await this.summaries(rows, principal.firmId);
    this.readAudit.record(
      context,
      actorEntry(principal, 'negotiation_list_viewed', {
        search: search ?? null,
        sort: query.sort,
        page,
        pageSize: query.pageSize,
        returned: data.length,
      }),
    );
    return { data, total };
  }

  /** The firm's cases without a negotiation: what "Start negotiation" offers. */
  async cases(principal: Principal): Promise<NegotiationCasesResponse> {
    return { data: await repo.casesWithout(this.db, principal) };
  }

  async start(
    principal: Principal,
    input: StartInput,
    context: RequestContext,
  ): Promise<NegotiationResponse> {
    const id = await this.db.transaction(async (tx) => {
      const row = await casesRepository.find(tx, principal, input.caseId, true);
      if (!row) throw notFound(NEGOTIATION_MESSAGES.caseNotFound);
      const created = await repo.insert(tx, {
        firmId: principal.firmId,
        caseId: row.id,
        createdById: principal.userId,
        // A case settled before its negotiation was opened is recorded as such.
        status: row.status === 'settled' ? 'settled' : 'open',
        settlementAmount: row.status === 'settled' ? row.settlementAmount : null,
        settledAt: row.status === 'settled' ? row.settledAt : null,
        targetSource: row.targetSettlement === null ? null : 'typed',
      });
      if (!created) throw conflict(NEGOTIATION_MESSAGES.alreadyOpen);
      await casesRepository.touch(tx, row.id);
      await audit(
        tx,
        context,
        actorEntry(principal, 'negotiation_opened', {
          caseId: row.id,
          clientId: row.clientId,
          negotiationId: created.id,
        }),
      );
      return created.id;
    });
    this.firmCache.changed(principal.firmId);
    return { data: await this.detail(principal, id) };
  }

  async get(principal: Principal, id: string, context: RequestContext): Promise<NegotiationResponse> {
    const data = await this.detail(principal, id);
    this.readAudit.record(
      context,
      actorEntry(principal, 'negotiation_viewed', {
        caseId: data.case.id,
        clientId: data.client.id,
        negotiationId: id,
      }),
    );
    return { data };
  }

  /** The case's negotiation, if it has one (the case page links to it); 404 for a case not the viewer's. */
  async ofCase(
    principal: Principal,
    caseId: string,
  ): Promise<{ data: { id: string; status: NegotiationStatus } | null }> {
    if (!(await casesRepository.find(this.db, principal, caseId))) throw notFound();
    const row = await repo.findByCase(this.db, principal, caseId);
    return { data: row ? { id: row.id, status: row.status as NegotiationStatus } : null };
  }

  /**
   * Records a demand, an offer, a note or the settlement. A settlement settles the negotiation and
   * the case: its amount and date, status Settled with a history row and the bell, as the case form
   * does. Nothing but a note is recorded on a negotiation that is no longer open.
   */
  async record(
    principal: Principal,
    id: string,
    input: ActionInput,
    context: RequestContext,
  ): Promise<NegotiationResponse> {
    await this.db.transaction(async (tx) => {
      const current = await this.require(tx, principal, id, true);
      const status = current.negotiation.status as NegotiationStatus;
      if (input.kind !== 'note' && status === 'settled') throw conflict(NEGOTIATION_MESSAGES.alreadySettled);
      if (input.kind !== 'note' && status !== 'open') throw conflict(NEGOTIATION_MESSAGES.notOpen);
      if (
        input.documentId &&
        !(await repo.caseHasDocument(tx, principal, current.negotiation.caseId, input.documentId))
      )
        throw badRequest(NEGOTIATION_MESSAGES.documentNotOnCase, { path: 'documentId' });
      const amount = input.kind === 'note' ? (input.amount ?? null) : input.amount!;
      await repo.insertAction(tx, {
        negotiationId: id,
        firmId: principal.firmId,
        caseId: current.negotiation.caseId,
        kind: input.kind,
        amount,
        actionDate: input.date,
        actor: input.actor ?? null,
        note: input.note ?? null,
        documentId: input.documentId ?? null,
        createdById: principal.userId,
      });
      const details = {
        caseId: current.negotiation.caseId,
        clientId: current.clientId,
        negotiationId: id,
        kind: input.kind,
        amount,
      };
      if (input.kind === 'settlement') {
        const settledAt = new Date();
        await repo.update(tx, principal.firmId, id, {
          status: 'settled',
          settlementAmount: amount,
          settledAt,
        });
        await this.settleCase(tx, principal, current, amount!, settledAt, context);
        await audit(tx, context, actorEntry(principal, 'negotiation_settled', details));
      } else {
        await repo.update(tx, principal.firmId, id, {});
        await casesRepository.touch(tx, current.negotiation.caseId);
        await audit(tx, context, actorEntry(principal, 'negotiation_action_recorded', details));
      }
    });
    this.firmCache.changed(principal.firmId);
    return { data: await this.detail(principal, id) };
  }

  /**
   * Changes the case's carrier, claim number or target (audited as the case form's change is), or
   * sets the target from the documents' suggestion the attorney accepted — refused if the
   * suggestion has changed since it was shown. A change of target is an action of its own.
   */
  async update(
    principal: Principal,
    id: string,
    input: UpdateInput,
    context: RequestContext,
  ): Promise<NegotiationResponse> {
    await this.db.transaction(async (tx) => {
      const current = await this.require(tx, principal, id, true);
      const caseId = current.negotiation.caseId;
      const values: CaseValues = {};
      if (input.carrier !== undefined) values.carrier = input.carrier;
      if (input.claimNumber !== undefined) values.claimNumber = input.claimNumber;
      let target: {
        amount: number | null;
        source: 'typed' | 'documents';
        basis: TargetCitation[] | null;
      } | null = null;
      if (input.acceptSuggestion) {
        const suggestion = suggestTarget(await repo.caseDocuments(tx, principal, caseId));
        if (!suggestion) throw conflict(NEGOTIATION_MESSAGES.noSuggestion);
        if (Math.round(suggestion.amount * 100) !== Math.round(input.acceptSuggestion.amount * 100))
          throw conflict(NEGOTIATION_MESSAGES.suggestionChanged);
        target = { amount: suggestion.amount, source: 'documents', basis: suggestion.citations };
      } else if (
        input.targetSettlement !== undefined &&
        input.targetSettlement !== current.targetSettlement
      ) {
        target = { amount: input.targetSettlement, source: 'typed', basis: null };
      }
      if (target) values.targetSettlement = target.amount;
      const fields = Object.keys(values).filter(
        (key) =>
          (values as Record<string, unknown>)[key] !== (current as unknown as Record<string, unknown>)[key],
      );
      if (fields.length === 0 && !target) return;
      if (Object.keys(values).length > 0) await casesRepository.update(tx, principal.firmId, caseId, values);
      await repo.update(
        tx,
        principal.firmId,
        id,
        target
          ? { targetSource: target.amount === null ? null : target.source, targetBasis: target.basis }
          : {},
      );
      if (target) {
        const counted = target.basis?.filter((citation) => !citation.superseded) ?? [];
        await repo.insertAction(tx, {
          negotiationId: id,
          firmId: principal.firmId,
          caseId,
          // A cleared target has no amount: it is recorded as a note.
          kind: target.amount === null ? 'note' : 'target',
          amount: target.amount,
          actionDate: new Date().toISOString().slice(0, 10),
          actor: `${principal.firstName} ${principal.lastName}`,
          note:
            target.amount === null
              ? 'Target settlement cleared'
              : target.source === 'documents'
                ? `Suggested target accepted, from ${counted.map((citation) => citation.fileName).join(', ')}`
                : null,
          createdById: principal.userId,
        });
      }
      const entry = {
        caseId,
        clientId: current.clientId,
        negotiationId: id,
        fields,
        ...(target
          ? { targetFrom: current.targetSettlement, targetTo: target.amount, targetSource: target.source }
          : {}),
      };
      await audit(tx, context, actorEntry(principal, 'case_updated', { ...entry, via: 'negotiation' }));
      await audit(tx, context, actorEntry(principal, 'negotiation_updated', entry));
    });
    this.firmCache.changed(principal.firmId);
    return { data: await this.detail(principal, id) };
  }

  /** The case settles with the negotiation: amount, date, status Settled and its history, the bell. */
  private async settleCase(
    tx: DbOrTx,
    principal: Principal,
    current: NegotiationWithCase,
    amount: number,
    settledAt: Date,
    context: RequestContext,
  ) {
    const caseId = current.negotiation.caseId;
    const from = current.caseStatus as CaseStatus;
    // A case the case form had already settled keeps its settlement date (Settlements MTD counts from it).
    await casesRepository.update(tx, principal.firmId, caseId, {
      settlementAmount: amount,
      ...(from === 'settled' ? {} : { settledAt, status: 'settled' }),
    });
    if (from !== 'settled') {
      await casesRepository.recordStatus(tx, {
        caseId,
        firmId: principal.firmId,
        status: 'settled',
        changedById: principal.userId,
      });
      await notifyCaseStatus(tx, {
        caseId,
        status: 'settled',
        changedById: principal.userId,
        changedByName: `${principal.firstName} ${principal.lastName}`,
      });
    }
    await audit(
      tx,
      context,
      actorEntry(principal, 'case_updated', {
        caseId,
        clientId: current.clientId,
        negotiationId: current.negotiation.id,
        via: 'negotiation',
        fields: from === 'settled' ? ['settlementAmount'] : ['status', 'settlementAmount'],
        ...(from === 'settled' ? {} : { statusFrom: from, statusTo: 'settled' }),
      }),
    );
  }

  private async require(db: DbOrTx, principal: Principal, id: string, lock = false) {
    const row = await repo.find(db, principal, id, lock);
    if (!row) throw notFound();
    return row;
  }

  private async summaries(rows: NegotiationWithCase[], firmId: string): Promise<NegotiationSummary[]> {
    const ids = rows.map((row) => row.negotiation.id);
    const [offers, demands, last] = await Promise.all([
      repo.latest(this.db, firmId, ids, 'offer'),
      repo.latest(this.db, firmId, ids, 'demand'),
      repo.latest(this.db, firmId, ids),
    ]);
    return rows.map((row) =>
      summaryOf(
        row,
        offers.get(row.negotiation.id),
        demands.get(row.negotiation.id),
        last.get(row.negotiation.id),
      ),
    );
  }

  private async detail(principal: Principal, id: string): Promise<NegotiationDetail> {
    const row = await this.require(this.db, principal, id);
    const [[summary], actions, documents, people] = await Promise.all([
      this.summaries([row], principal.firmId),
      repo.actions(this.db, principal.firmId, id),
      repo.caseDocuments(this.db, principal, row.negotiation.caseId),
      casesRepository.people(this.db, principal.firmId, [row.clientId]),
    ]);
    const client = people[0];
    return {
      ...summary!,
      client: { id: row.clientId, name: client ? `${client.firstName} ${client.lastName}`.trim() : '' },
      targetSource:
        row.targetSettlement === null
          ? null
          : ((row.negotiation.targetSource as 'typed' | 'documents' | null) ?? 'typed'),
      targetBasis:
        row.negotiation.targetSource === 'documents'
          ? (row.negotiation.targetBasis as TargetCitation[] | null)
          : null,
      settledAt: row.negotiation.settledAt?.toISOString() ?? null,
      actions: actions.map((action) => ({
        id: action.id,
        kind: action.kind as NegotiationActionKind,
        amount: action.amount,
        date: action.actionDate,
        actor: action.actor,
        note: action.note,
        document: action.documentId ? { id: action.documentId, fileName: action.documentName! } : null,
        recordedBy: fullName(action.byFirstName, action.byLastName),
        recordedAt: action.createdAt.toISOString(),
      })),
      suggestion: suggestTarget(documents),
      analysedDocuments: documents.filter((document) => document.analysisStatus === 'completed').length,
      documents: documents.map((document) => ({ id: document.id, fileName: document.fileName })),
    };
  }
}

function summaryOf(
  row: NegotiationWithCase,
  offer: LatestAction | undefined,
  demand: LatestAction | undefined,
  last: LatestAction | undefined,
): NegotiationSummary {
  const amountAt = (action: LatestAction | undefined) =>
    action && action.amount !== null ? { amount: action.amount, date: action.date } : null;
  return {
    id: row.negotiation.id,
    status: row.negotiation.status as NegotiationStatus,
    case: {
      id: row.negotiation.caseId,
      caseNumber: row.caseNumber,
      title: row.caseTitle,
      status: row.caseStatus as CaseStatus,
    },
    carrier: row.carrier,
    claimNumber: row.claimNumber,
    targetSettlement: row.targetSettlement,
    currentOffer: amountAt(offer),
    latestDemand: amountAt(demand),
    lastAction: last ? { kind: last.kind, date: last.date, amount: last.amount } : null,
    lastActionAt: row.negotiation.lastActionAt.toISOString(),
    settlementAmount: row.negotiation.settlementAmount,
  };
}
