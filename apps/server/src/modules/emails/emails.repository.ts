import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Database, type DatabaseHandle, type DbOrTx, type StoredAttachment } from '@sentinel/db';
import { rowsOf } from '../../platform/throttle';
import { visibleTo, type CaseViewer } from '../cases/cases.repository';

const { emails, cases, caseMembers, users } = schema;
export type EmailRow = typeof emails.$inferSelect;
export type NewEmail = Omit<
  typeof emails.$inferInsert,
  'id' | 'caseId' | 'filedById' | 'filedAt' | 'createdAt'
>;

/** The columns of a list row (no bodies). */
const listColumns = {
  id: emails.id,
  provider: emails.provider,
  fromName: emails.fromName,
  fromAddress: emails.fromAddress,
  subject: emails.subject,
  preview: emails.preview,
  receivedAt: emails.receivedAt,
  unread: emails.unread,
  priority: emails.priority,
  attachments: emails.attachments,
  mentions: emails.mentions,
  caseId: emails.caseId,
};
export type EmailListRow = Pick<EmailRow, keyof typeof listColumns>;

export interface InboxFilter {
  userId: string;
  provider: 'google' | 'microsoft' | 'all';
  unread?: boolean;
  words?: string[];
  /** Filed to this case (already checked visible), unfiled, or unfiled and matching these tokens. */
  caseFilter?:
    { kind: 'case'; caseId: string } | { kind: 'unfiled' } | { kind: 'suggested'; viewer: CaseViewer };
  after?: { receivedAt: Date; id: string };
  limit: number;
}

/** What suggests a case: its numbers and the addresses of its client and team. */
export interface CaseClue {
  id: string;
  caseNumber: string;
  title: string;
  claimNumber: string | null;
  policyNumber: string | null;
  clientEmail: string;
  clientName: string;
  members: Array<{ email: string; name: string }>;
}

/**
 * The e-mail row names a case the viewer may see (its number, claim or policy number) or comes
 * from the client or a team member of one: the 'suggested' filter, as SQL on the e-mails table.
 */
function pointsAtACase(viewer: CaseViewer): SQL {
  const named = sql`exists (select 1 from ${cases} where ${visibleTo(viewer)} and (
      ${cases.caseNumber} = any(${emails.mentions})
      or upper(${cases.claimNumber}) = any(${emails.mentions})
      or upper(${cases.policyNumber}) = any(${emails.mentions})))`;
  const fromClient = sql`exists (select 1 from ${cases} join ${users} on ${users.id} = ${cases.clientId}
      where ${visibleTo(viewer)} and ${users.email} = lower(${emails.fromAddress}))`;
  const fromTeam = sql`exists (select 1 from ${caseMembers} m join ${cases} on ${cases.id} = m.case_id
      join ${users} on ${users.id} = m.user_id
      where ${visibleTo(viewer)} and ${users.email} = lower(${emails.fromAddress}))`;
  return sql`(${named} or ${fromClient} or ${fromTeam})`;
}

type InboxProvider = InboxFilter['provider'];
const PROVIDER_KEYS: InboxProvider[] = ['all', 'google', 'microsoft'];

/** What goes around an inbox page, as prepared statements, one set per database (PostgreSQL or PGlite). */
function prepareStatements(db: Database) {
  const userId = sql.placeholder('userId');
  const byProvider = <T>(build: (provider: InboxProvider) => T) =>
    Object.fromEntries(PROVIDER_KEYS.map((provider) => [provider, build(provider)])) as Record<
      InboxProvider,
      T
    >;
  return {
    around: byProvider((provider) =>
      db
        .select({
          unread: sql<number>`(select count(*)::int from emails u where u.user_id = ${userId}
            and u.unread and u.connection_id is not null
            ${provider === 'all' ? sql`` : sql`and u.provider = ${provider}`})`,
          own: sql<string[]>`(select coalesce(array_agg(p.account_email), '{}') from provider_connections p
            where p.user_id = ${userId})`,
        })
        .from(sql`(select 1) as one`)
        .prepare(`inbox_around_${provider}`),
    ),
  };
}
/**
 * The cases a page of e-mails points at (see `caseClues`), prepared once per database and kind of
 * viewer (what a viewer may see differs by type: `visibleTo`).
 */
function prepareClues(db: Database, userType: CaseViewer['userType']) {
  const addresses = sql`${sql.placeholder('addresses')}::text[]`;
  const tokens = sql`${sql.placeholder('tokens')}::text[]`;
  const viewer = { firmId: sql.placeholder('firmId'), userId: sql.placeholder('userId'), userType };
  return (
    db
      .select({
        id: cases.id,
        caseNumber: cases.caseNumber,
        title: cases.title,
        claimNumber: cases.claimNumber,
        policyNumber: cases.policyNumber,
        clientEmail: users.email,
        clientName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        // The team members among the senders, per case, in the same round trip.
        members: sql<Array<{ email: string; name: string }>>`(select coalesce(json_agg(json_build_object(
            'email', u.email, 'name', u.first_name || ' ' || u.last_name)), '[]'::json)
          from ${caseMembers} m join ${users} u on u.id = m.user_id
          where m.case_id = ${cases.id} and u.email = any(${addresses}))`,
      })
      .from(cases)
      .innerJoin(users, eq(users.id, cases.clientId))
      .where(
        and(
          visibleTo(viewer as unknown as CaseViewer),
          or(
            sql`${cases.id} = any(${sql.placeholder('caseIds')}::uuid[])`,
            sql`${cases.caseNumber} = any(${tokens})`,
            sql`upper(${cases.claimNumber}) = any(${tokens})`,
            sql`upper(${cases.policyNumber}) = any(${tokens})`,
            sql`${users.email} = any(${addresses})`,
            sql`exists (select 1 from ${caseMembers} m join ${users} u on u.id = m.user_id
              where m.case_id = ${cases.id} and u.email = any(${addresses}))`,
          ),
        ),
      )
      // A client's most active case first: their e-mail most likely concerns it.
      .orderBy(sql`${cases.lastActivityAt} desc nulls last`)
      .limit(500)
      .prepare(`email_case_clues_${userType}`)
  );
}
const cluesByDb = new WeakMap<Database, Map<string, ReturnType<typeof prepareClues>>>();
function cluesStatement(db: Database, userType: CaseViewer['userType']) {
  let byType = cluesByDb.get(db);
  if (!byType) cluesByDb.set(db, (byType = new Map()));
  let statement = byType.get(userType);
  if (!statement) byType.set(userType, (statement = prepareClues(db, userType)));
  return statement;
}

/** The database handle's plain query (no query builder): for the one hottest read. */
export type RawQuery = Pick<DatabaseHandle, 'query'>;

interface RawListRow {
  id: string;
  provider: string;
  from_name: string | null;
  from_address: string;
  subject: string;
  preview: string;
  received_at: Date;
  unread: boolean;
  priority: string;
  attachments: StoredAttachment[];
  mentions: string[];
  case_id: string | null;
}

/**
 * The first page of an inbox without filters, in plain SQL: what every inbox opens on, without
 * the query builder's per-row mapping (measured: about a tenth of the request's CPU).
 */
async function firstPageRaw(raw: RawQuery, filter: InboxFilter): Promise<EmailListRow[]> {
  const byProvider = filter.provider === 'all' ? '' : 'and provider = $3';
  const { rows } = await raw.query<RawListRow>(
    `select id, provider, from_name, from_address, subject, preview, received_at, unread, priority,
            attachments, mentions, case_id
       from emails
      where user_id = $1 and connection_id is not null ${byProvider}
      order by received_at desc nulls last, id desc nulls last
      limit $2`,
    filter.provider === 'all'
      ? [filter.userId, filter.limit]
      : [filter.userId, filter.limit, filter.provider],
  );
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    fromName: row.from_name,
    fromAddress: row.from_address,
    subject: row.subject,
    preview: row.preview,
    receivedAt: new Date(row.received_at),
    unread: row.unread,
    priority: row.priority,
    attachments: row.attachments,
    mentions: row.mentions,
    caseId: row.case_id,
  }));
}

const statementsByDb = new WeakMap<Database, ReturnType<typeof prepareStatements>>();
const preparedFor = (db: Database) => {
  let statements = statementsByDb.get(db);
  if (!statements) statementsByDb.set(db, (statements = prepareStatements(db)));
  return statements;
};

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const emailsRepository = {
  /**
   * A page of the inbox, newest first (keyset: received_at, id). Only mail of live connections,
   * except when asking for a case's mail: filed e-mails stay with their case after a disconnect.
   */
  async page(db: DbOrTx, filter: InboxFilter): Promise<EmailListRow[]> {
    const where: Array<SQL | undefined> = [eq(emails.userId, filter.userId)];
    if (filter.caseFilter?.kind !== 'case') where.push(isNotNull(emails.connectionId));
    if (filter.provider !== 'all') where.push(eq(emails.provider, filter.provider));
    if (filter.unread) where.push(eq(emails.unread, true));
    for (const word of filter.words ?? []) {
      const pattern = likePattern(word);
      where.push(
        sql`(${emails.subject} ilike ${pattern} or ${emails.fromName} ilike ${pattern} or ${emails.fromAddress} ilike ${pattern} or ${emails.bodyText} ilike ${pattern})`,
      );
    }
    const cf = filter.caseFilter;
    if (cf?.kind === 'case') where.push(eq(emails.caseId, cf.caseId));
    if (cf?.kind === 'unfiled') where.push(isNull(emails.caseId));
    if (cf?.kind === 'suggested') {
      where.push(isNull(emails.caseId));
      where.push(pointsAtACase(cf.viewer));
    }
    if (filter.after)
      where.push(
        sql`(${emails.receivedAt}, ${emails.id}) < (${filter.after.receivedAt}, ${filter.after.id})`,
      );
    return db
      .select(listColumns)
      .from(emails)
      .where(and(...where))
      .orderBy(sql`${emails.receivedAt} desc nulls last, ${emails.id} desc nulls last`)
      .limit(filter.limit);
  },

  /**
   * The inbox page and, in one more query run alongside it, what goes around it: the unread count
   * of the whole inbox (filters aside) and the addresses of the person's own mailboxes.
   */
  async pageWithCounts(
    db: Database,
    filter: InboxFilter,
    raw: RawQuery,
  ): Promise<{ rows: EmailListRow[]; unread: number; ownAddresses: string[] }> {
    // The first page without filters is what every inbox opens on: prepared once, reused.
    const plain = !filter.after && !filter.unread && !filter.caseFilter && (filter.words ?? []).length === 0;
    if (plain) {
      const statements = preparedFor(db);
      const [rows, [around]] = await Promise.all([
        firstPageRaw(raw, filter),
        statements.around[filter.provider].execute({ userId: filter.userId }),
      ]);
      return { rows, unread: around?.unread ?? 0, ownAddresses: around?.own ?? [] };
    }
    const unreadOf = sql<number>`(select count(*)::int from emails u where u.user_id = ${filter.userId}
      and u.unread and u.connection_id is not null
      ${filter.provider === 'all' ? sql`` : sql`and u.provider = ${filter.provider}`})`;
    const ownOf = sql<string[]>`(select coalesce(array_agg(p.account_email), '{}') from provider_connections p
      where p.user_id = ${filter.userId})`;
    const [rows, [around]] = await Promise.all([
      this.page(db, filter),
      db
        .execute(sql`select ${unreadOf} as unread, ${ownOf} as own`)
        .then((result) => rowsOf<{ unread: number; own: string[] }>(result)),
    ]);
    return { rows, unread: around?.unread ?? 0, ownAddresses: around?.own ?? [] };
  },

  /** One of the user's own e-mails (another person's answers nothing). */
  async findOwn(db: DbOrTx, userId: string, id: string): Promise<EmailRow | undefined> {
    const [row] = await db
      .select()
      .from(emails)
      .where(and(eq(emails.id, id), eq(emails.userId, userId)));
    return row;
  },

  async listRowOf(db: DbOrTx, userId: string, id: string): Promise<EmailListRow | undefined> {
    const [row] = await db
      .select(listColumns)
      .from(emails)
      .where(and(eq(emails.id, id), eq(emails.userId, userId)));
    return row;
  },

  async setUnread(db: DbOrTx, id: string, unread: boolean): Promise<void> {
    await db.update(emails).set({ unread, updatedAt: new Date() }).where(eq(emails.id, id));
  },

  async file(db: DbOrTx, id: string, caseId: string | null, byUserId: string): Promise<void> {
    await db
      .update(emails)
      .set(
        caseId
          ? { caseId, filedById: byUserId, filedAt: new Date(), updatedAt: new Date() }
          : { caseId: null, filedById: null, filedAt: null, updatedAt: new Date() },
      )
      .where(eq(emails.id, id));
  },

  async setAttachments(db: DbOrTx, id: string, attachments: StoredAttachment[]): Promise<void> {
    await db.update(emails).set({ attachments, updatedAt: new Date() }).where(eq(emails.id, id));
  },

  /**
   * Stores a page of synced messages: new ones inserted; known ones get the provider's read state
   * and labels (the body does not change). Filing is never touched by a sync.
   */
  async upsert(db: DbOrTx, rows: NewEmail[]): Promise<void> {
    const first = rows[0];
    if (!first) return;
    // Filed mail kept from an earlier connection of the same person and provider rejoins it.
    await db
      .update(emails)
      .set({ connectionId: first.connectionId })
      .where(
        and(
          eq(emails.userId, first.userId),
          eq(emails.provider, first.provider),
          isNull(emails.connectionId),
          inArray(
            emails.providerMessageId,
            rows.map((row) => row.providerMessageId),
          ),
        ),
      );
    await db
      .insert(emails)
      .values(rows)
      .onConflictDoUpdate({
        target: [emails.connectionId, emails.providerMessageId],
        set: {
          unread: sql`excluded.unread`,
          priority: sql`excluded.priority`,
          updatedAt: new Date(),
        },
      });
  },

  /** Messages gone from the provider's inbox leave ours, unless filed to a case. */
  async removeProviderIds(db: DbOrTx, connectionId: string, providerIds: string[]): Promise<void> {
    if (providerIds.length === 0) return;
    await db
      .delete(emails)
      .where(
        and(
          eq(emails.connectionId, connectionId),
          inArray(emails.providerMessageId, providerIds),
          isNull(emails.caseId),
        ),
      );
  },

  /**
   * The connection is going away (disconnect, or a different account connected in its place): its
   * unfiled mail is deleted, filed mail stays with the case, detached from the connection.
   */
  async detachConnection(db: DbOrTx, connectionId: string): Promise<void> {
    await db.delete(emails).where(and(eq(emails.connectionId, connectionId), isNull(emails.caseId)));
    await db.update(emails).set({ connectionId: null }).where(eq(emails.connectionId, connectionId));
  },

  /**
   * The cases the viewer may see that a page of e-mails could point at: those named by their
   * number, claim or policy number, those whose client or team member sent one, and those some of
   * them are filed to. One query for the page, whatever the size of the firm.
   */
  async caseClues(
    db: Database,
    viewer: CaseViewer,
    page: { tokens: string[]; addresses: string[]; caseIds: string[] },
  ): Promise<CaseClue[]> {
    const { tokens, addresses, caseIds } = page;
    if (tokens.length + addresses.length + caseIds.length === 0) return [];
    return cluesStatement(db, viewer.userType).execute({
      firmId: viewer.firmId,
      userId: viewer.userId,
      tokens,
      addresses,
      caseIds,
    });
  },
};
