import type { Database, DbOrTx } from '@sentinel/db';
import {
  CASE_FIELD_SUGGESTION_MESSAGES,
  CASE_MEMBER_ROLE_LABELS,
  MEMBER_ROLE_USER_TYPE,
  MESSAGES,
  mayRead,
  type RestrictedCaseField,
  type addCaseMemberRequest,
  type applyCaseFieldSuggestionRequest,
  type CaseFieldSuggestionsResponse,
  type CaseResponse,
  type createCaseRequest,
  type listCasesQuery,
  type ListCasesResponse,
  type updateCaseRequest,
} from '@sentinel/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import {
  activityOf,
  actorEntry,
  audit,
  type AuditAction,
  type AuditEntry,
  type ReadAudit,
} from '../../platform/audit';
import type { FirmCache } from '../../platform/firm-cache';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Mailer, OutgoingMail } from '../../platform/mailer';
import type { RequestContext } from '../../platform/request-context';
import { inviteToFirm, rethrowEmailTaken } from '../auth/invitations';
import type { Principal } from '../auth/principal';
import { membershipsRepository } from '../memberships/memberships.repository';
import { profileRepository } from '../profile/profile.repository';
import { followCaseChange } from '../deadlines/case-deadlines';
import { caseMemberAddedMail, caseMemberInvitationMail, caseMemberJoinMail } from './cases.emails';
import { caseFieldSuggestions, sameValueKey } from './case-field-suggestions';
import { casesRepository as repo, type CaseRow, type CaseValues } from './cases.repository';
import { notifyCaseStatus } from '../notifications/notify';

type CreateInput = z.output<typeof createCaseRequest>;
type UpdateInput = z.output<typeof updateCaseRequest>;
type ListInput = z.output<typeof listCasesQuery>;
type AddMemberInput = z.output<typeof addCaseMemberRequest>;
type ApplySuggestionInput = z.output<typeof applyCaseFieldSuggestionRequest>;

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * Cases: attorneys open, change and staff them; everyone reads the cases they may see (the firm's
 * for attorneys, their own for clients, those they are members of for the rest). Numbers are
 * CASE-YYYY-NNN per firm. Every read and change is audited with the case's id.
 */
export class CasesService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly config: Pick<Config, 'publicUrl'>,
    private readonly readAudit: ReadAudit,
    private readonly firmCache: FirmCache,
  ) {}

  async list(principal: Principal, query: ListInput, context: RequestContext): Promise<ListCasesResponse> {
    const limit = query.pageSize === 'all' ? null : query.pageSize;
    const page = limit === null ? 1 : query.page;
    const filter = {
      search: query.search || undefined,
      clientId: query.clientId,
      status: query.status,
    };
    // A page and the total over a large firm cost milliseconds to tens of milliseconds of
    // database time (docs/performance.md); both are kept until the firm's cases change. The
    // total is the same for every page and order of one search, so it is kept on its own.
    const scope = principal.userType === 'attorney' ? 'firm' : principal.userId;
    const key = `cases:${scope}:${JSON.stringify(filter)}`;
    const sortAndPage = { sort: query.sort, limit, offset: limit === null ? 0 : (page - 1) * limit };
    const [data, total] = await Promise.all([
      this.firmCache.get(principal.firmId, `${key}:${JSON.stringify(sortAndPage)}`, () =>
        repo.page(this.db, principal, { ...filter, ...sortAndPage }),
      ),
      this.firmCache.get(principal.firmId, key, () => repo.count(this.db, principal, filter)),
    ]);
    this.readAudit.record(
      context,
      actorEntry(principal, 'case_list_viewed', {
        search: query.search ?? null,
        sort: query.sort,
        page,
        pageSize: query.pageSize,
        clientId: query.clientId ?? null,
        returned: data.length,
      }),
    );
    return { data, total };
  }

  async create(principal: Principal, input: CreateInput, context: RequestContext): Promise<CaseResponse> {
    const caseId = await this.db.transaction(async (tx) => {
      await this.checkPeople(tx, principal, input.clientId, input.leadAttorneyId);
      const status = input.status ?? 'active';
      const caseNumber = await repo.nextCaseNumber(tx, principal.firmId, new Date().getUTCFullYear());
      const row = await repo.insert(tx, {
        ...this.values(input),
        firmId: principal.firmId,
        caseNumber,
        title: input.title,
        clientId: input.clientId,
        status,
        leadAttorneyId: input.leadAttorneyId === undefined ? principal.userId : input.leadAttorneyId,
        createdById: principal.userId,
        settledAt: status === 'settled' ? new Date() : null,
      });
      await repo.recordStatus(tx, {
        caseId: row.id,
        firmId: principal.firmId,
        status,
        changedById: principal.userId,
      });
      if (input.dateOfLoss)
        await followCaseChange(
          tx,
          { caseId: row.id, dateOfLoss: input.dateOfLoss, setById: principal.userId },
          new Date(),
        );
      await this.audit(tx, principal, context, 'case_created', row, { caseNumber });
      return row.id;
    });
    this.firmCache.changed(principal.firmId);
    return this.detail(principal, caseId);
  }

  async get(principal: Principal, caseId: string, context: RequestContext): Promise<CaseResponse> {
    const row = await this.require(this.db, principal, caseId);
    const response = await this.detail(principal, caseId);
    this.readAudit.record(context, this.entry(principal, 'case_viewed', row));
    return response;
  }

  async update(
    principal: Principal,
    caseId: string,
    input: UpdateInput,
    context: RequestContext,
  ): Promise<CaseResponse> {
    await this.db.transaction(async (tx) => {
      const current = await this.require(tx, principal, caseId, true);
      await this.checkPeople(tx, principal, input.clientId, input.leadAttorneyId);
      const values: CaseValues = this.values(input);
      if (input.title !== undefined) values.title = input.title;
      if (input.clientId !== undefined) values.clientId = input.clientId;
      if (input.leadAttorneyId !== undefined) values.leadAttorneyId = input.leadAttorneyId;
      const statusChanged = input.status !== undefined && input.status !== current.status;
      if (statusChanged) {
        values.settledAt = input.status === 'settled' ? new Date() : null;
        await repo.recordStatus(tx, {
          caseId,
          firmId: principal.firmId,
          status: input.status!,
          changedById: principal.userId,
        });
        await notifyCaseStatus(tx, {
          caseId,
          status: input.status!,
          changedById: principal.userId,
          changedByName: `${principal.firstName} ${principal.lastName}`,
        });
      }
      await repo.update(tx, principal.firmId, caseId, values);
      const lossChanged = input.dateOfLoss !== undefined && input.dateOfLoss !== current.dateOfLoss;
      const leadChanged =
        input.leadAttorneyId !== undefined && input.leadAttorneyId !== current.leadAttorneyId;
      if (lossChanged || leadChanged)
        await followCaseChange(
          tx,
          { caseId, dateOfLoss: lossChanged ? input.dateOfLoss : undefined, setById: principal.userId },
          new Date(),
        );
      const changed = Object.keys(input).filter(
        (key) => (input as Record<string, unknown>)[key] !== (current as Record<string, unknown>)[key],
      );
      await this.audit(tx, principal, context, 'case_updated', current, {
        fields: changed,
        ...(statusChanged ? { statusFrom: current.status, statusTo: input.status } : {}),
      });
    });
    this.firmCache.changed(principal.firmId);
    return this.detail(principal, caseId);
  }

  /** What the case's analysed documents suggest for its empty claim fields (case-field-suggestions.ts). */
  async fieldSuggestions(principal: Principal, caseId: string): Promise<CaseFieldSuggestionsResponse> {
    const row = await this.require(this.db, principal, caseId);
    const documents = await repo.analysedDocuments(this.db, principal, caseId);
    return { data: caseFieldSuggestions(row, documents, todayUtc()) };
  }

  /**
   * The attorney confirms a suggestion: written only while the field is still empty (409 once
   * someone filled it) and a document the attorney may see still suggests the value (409 once it
   * was removed, re-analysed or corrected). Audited as a case edit, with the document it came from.
   */
  async applyFieldSuggestion(
    principal: Principal,
    caseId: string,
    input: ApplySuggestionInput,
    context: RequestContext,
  ): Promise<CaseResponse> {
    await this.db.transaction(async (tx) => {
      const current = await this.require(tx, principal, caseId, true);
      if (current[input.field]) throw new AppError('CONFLICT', CASE_FIELD_SUGGESTION_MESSAGES.fieldFilled);
      const documents = await repo.analysedDocuments(tx, principal, caseId);
      const wanted = sameValueKey(input.field, input.value);
      const suggestion = caseFieldSuggestions(current, documents, todayUtc()).find(
        (candidate) =>
          candidate.field === input.field &&
          sameValueKey(candidate.field, candidate.value) === wanted &&
          candidate.sources.some((source) => source.document.id === input.documentId),
      );
      if (!suggestion) throw new AppError('CONFLICT', CASE_FIELD_SUGGESTION_MESSAGES.suggestionGone);
      await repo.update(tx, principal.firmId, caseId, { [input.field]: suggestion.value });
      if (input.field === 'dateOfLoss')
        await followCaseChange(
          tx,
          { caseId, dateOfLoss: suggestion.value, setById: principal.userId, documentId: input.documentId },
          new Date(),
        );
      await this.audit(tx, principal, context, 'case_updated', current, {
        fields: [input.field],
        fromDocumentId: input.documentId,
      });
    });
    this.firmCache.changed(principal.firmId);
    return this.detail(principal, caseId);
  }

  /** Adds someone of the firm, or invites a new person into the firm, to the case's team. */
  async addMember(
    principal: Principal,
    caseId: string,
    input: AddMemberInput,
    context: RequestContext,
  ): Promise<CaseResponse & { message: string }> {
    const expectedType = MEMBER_ROLE_USER_TYPE[input.role];
    let mail: (firmName: string) => OutgoingMail;
    await this.db
      .transaction(async (tx) => {
        const row = await this.require(tx, principal, caseId, true);
        const caseLabel = `${row.caseNumber} (${row.title})`;
        const common = {
          invitedBy: `${principal.firstName} ${principal.lastName}`,
          roleLabel: CASE_MEMBER_ROLE_LABELS[input.role],
          caseLabel,
        };
        let memberId: string;
        if ('userId' in input) {
          const [membership] = await membershipsRepository.inFirm(tx, principal.firmId, [input.userId]);
          const [person] = await repo.people(tx, principal.firmId, [input.userId]);
          if (!membership || !person) throw badRequest(MESSAGES.caseMemberNotFound);
          if (membership.userType === 'client') throw badRequest(MESSAGES.caseMemberIsClient);
          if (membership.userType !== expectedType) throw badRequest(MESSAGES.caseMemberRoleMismatch);
          memberId = person.id;
          mail = (firmName) =>
            caseMemberAddedMail({
              ...common,
              to: person.email,
              firstName: person.firstName,
              firmName,
              caseLink: `${this.config.publicUrl}/cases/${caseId}`,
            });
        } else {
          // A new e-mail gets an account; one that has an account gets an invitation to accept.
          // The answer is the same either way: the firm learns nothing of the person's other firms.
          const invited = await inviteToFirm(tx, {
            firmId: principal.firmId,
            invitedById: principal.userId,
            context,
            userType: expectedType,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            companyName: input.companyName || null,
          });
          memberId = invited.userId;
          const to = { ...common, to: input.email, firstName: input.firstName, caseNumber: row.caseNumber };
          mail = (firmName) =>
            invited.temporaryPassword
              ? caseMemberInvitationMail({
                  ...to,
                  firmName,
                  signInLink: `${this.config.publicUrl}/login`,
                  temporaryPassword: invited.temporaryPassword,
                })
              : caseMemberJoinMail({ ...to, firmName, signInLink: `${this.config.publicUrl}/login` });
        }
        await repo.addMember(tx, {
          caseId,
          userId: memberId,
          firmId: principal.firmId,
          role: input.role,
          addedById: principal.userId,
        });
        await repo.touch(tx, caseId);
        await this.audit(tx, principal, context, 'case_member_added', row, {
          memberId,
          role: input.role,
          invited: !('userId' in input),
        });
      })
      .catch(rethrowEmailTaken);
    this.firmCache.changed(principal.firmId);
    const firm = await profileRepository.findFirm(this.db, principal.firmId);
    this.mailer.dispatch(mail!(firm?.name ?? 'Your law firm'));
    return { message: MESSAGES.caseMemberAdded, ...(await this.detail(principal, caseId)) };
  }

  async removeMember(
    principal: Principal,
    caseId: string,
    userId: string,
    context: RequestContext,
  ): Promise<CaseResponse & { message: string }> {
    await this.db.transaction(async (tx) => {
      const row = await this.require(tx, principal, caseId, true);
      if (!(await repo.removeMember(tx, caseId, userId))) throw notFound('That person is not on this case');
      await repo.touch(tx, caseId);
      await this.audit(tx, principal, context, 'case_member_removed', row, { memberId: userId });
    });
    this.firmCache.changed(principal.firmId);
    return { message: MESSAGES.caseMemberRemoved, ...(await this.detail(principal, caseId)) };
  }

  /** The case page's data, with the fields FIELD_ACCESS keeps for attorneys left out for others. */
  private async detail(principal: Principal, caseId: string): Promise<CaseResponse> {
    const row = (await repo.find(this.db, principal, caseId))!;
    const [people, members, statusHistory, activity] = await Promise.all([
      repo.people(this.db, principal.firmId, [
        row.clientId,
        ...(row.leadAttorneyId ? [row.leadAttorneyId] : []),
      ]),
      repo.members(this.db, caseId),
      repo.statusHistory(this.db, caseId),
      mayRead(principal.userType, 'case', 'activity')
        ? activityOf(this.db, principal.firmId, { caseId }, 100)
        : undefined,
    ]);
    /** A field FIELD_ACCESS lets this principal read, or nothing. */
    const readable = <K extends RestrictedCaseField, V>(field: K, value: V) =>
      mayRead(principal.userType, 'case', field) ? ({ [field]: value } as Record<K, V>) : {};
    const client = people.find((person) => person.id === row.clientId)!;
    const lead = people.find((person) => person.id === row.leadAttorneyId);
    return {
      data: {
        id: row.id,
        caseNumber: row.caseNumber,
        title: row.title,
        caseType: row.caseType as CaseResponse['data']['caseType'],
        status: row.status as CaseResponse['data']['status'],
        priority: row.priority as CaseResponse['data']['priority'],
        client: {
          id: client.id,
          name: `${client.firstName} ${client.lastName}`,
          email: client.email,
          phone: client.phone,
        },
        leadAttorney: lead
          ? { id: lead.id, name: `${lead.firstName} ${lead.lastName}`, email: lead.email }
          : null,
        description: row.description,
        dateOpened: row.dateOpened,
        dueDate: row.dueDate,
        carrier: row.carrier,
        dateOfLoss: row.dateOfLoss,
        propertyAddress: row.propertyAddress,
        settlementAmount: row.settlementAmount,
        ...readable('policyNumber', row.policyNumber),
        ...readable('claimNumber', row.claimNumber),
        ...readable('targetSettlement', row.targetSettlement),
        lastActivityAt: row.lastActivityAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
        members,
        statusHistory,
        ...(activity
          ? { activity: activity.map((entry) => ({ ...entry, at: entry.at.toISOString() })) }
          : {}),
      },
    };
  }

  /** The client must be a client of the firm, the lead attorney an attorney of the firm (active or pending). */
  private async checkPeople(
    db: DbOrTx,
    principal: Principal,
    clientId: string | undefined,
    leadAttorneyId: string | null | undefined,
  ) {
    const ids = [clientId, leadAttorneyId].filter((id): id is string => typeof id === 'string');
    const people = await membershipsRepository.inFirm(db, principal.firmId, ids);
    const typeOf = (id: string) => people.find((person) => person.userId === id)?.userType;
    if (clientId && typeOf(clientId) !== 'client') throw badRequest(MESSAGES.caseClientNotFound);
    if (leadAttorneyId && typeOf(leadAttorneyId) !== 'attorney')
      throw badRequest(MESSAGES.caseLeadNotAttorney);
  }

  /** The optional fields of a create or update request, as columns. */
  private values(input: Partial<CreateInput>): CaseValues {
    const values: CaseValues = {};
    const keys = [
      'caseType',
      'status',
      'priority',
      'description',
      'dateOpened',
      'dueDate',
      'carrier',
      'policyNumber',
      'claimNumber',
      'dateOfLoss',
      'propertyAddress',
      'targetSettlement',
      'settlementAmount',
    ] as const;
    for (const key of keys) {
      if (input[key] !== undefined) (values as Record<string, unknown>)[key] = input[key];
    }
    return values;
  }

  /** The case if the principal may see it (locked until the transaction ends, for changes); else 404. */
  private async require(db: DbOrTx, principal: Principal, caseId: string, forChange = false) {
    const row = await repo.find(db, principal, caseId, forChange);
    if (!row) throw notFound();
    return row;
  }

  /** Audits a change inside its transaction. */
  private async audit(
    db: DbOrTx,
    principal: Principal,
    context: RequestContext,
    action: Extract<AuditAction, `case_${string}`>,
    row: Pick<CaseRow, 'id' | 'clientId'>,
    details: Record<string, unknown> = {},
  ) {
    await audit(db, context, this.entry(principal, action, row, details));
  }

  private entry(
    principal: Principal,
    action: Extract<AuditAction, `case_${string}`>,
    row: Pick<CaseRow, 'id' | 'clientId'>,
    details: Record<string, unknown> = {},
  ): AuditEntry {
    return actorEntry(principal, action, { caseId: row.id, clientId: row.clientId, ...details });
  }
}
