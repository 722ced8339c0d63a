import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx, type StoredAttachment } from '@sentinel/db';
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

/** A text[] sent as one parameter (drizzle would spread a bare array into one per element). */
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

const NO_ID = '00000000-0000-0000-0000-000000000000';

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
    db: DbOrTx,
    filter: InboxFilter,
  ): Promise<{ rows: EmailListRow[]; unread: number; ownAddresses: string[] }> {
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
    db: DbOrTx,
    viewer: CaseViewer,
    page: { tokens: string[]; addresses: string[]; caseIds: string[] },
  ): Promise<CaseClue[]> {
    const { tokens, addresses, caseIds } = page;
    if (tokens.length + addresses.length + caseIds.length === 0) return [];
    const memberOf = sql`exists (select 1 from ${caseMembers} m join ${users} u on u.id = m.user_id
      where m.case_id = ${cases.id} and u.email = any(${textArray(addresses)}))`;
    // The team members among the senders, per case, in the same round trip.
    const membersOf = sql<Array<{ email: string; name: string }>>`(select coalesce(json_agg(json_build_object(
        'email', u.email, 'name', u.first_name || ' ' || u.last_name)), '[]'::json)
      from ${caseMembers} m join ${users} u on u.id = m.user_id
      where m.case_id = ${cases.id} and u.email = any(${textArray(addresses)}))`;
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
          members: addresses.length > 0 ? membersOf : sql<Array<{ email: string; name: string }>>`'[]'::json`,
        })
        .from(cases)
        .innerJoin(users, eq(users.id, cases.clientId))
        .where(
          and(
            visibleTo(viewer),
            or(
              inArray(cases.id, caseIds.length > 0 ? caseIds : [NO_ID]),
              sql`${cases.caseNumber} = any(${textArray(tokens)})`,
              sql`upper(${cases.claimNumber}) = any(${textArray(tokens)})`,
              sql`upper(${cases.policyNumber}) = any(${textArray(tokens)})`,
              sql`${users.email} = any(${textArray(addresses)})`,
              addresses.length > 0 ? memberOf : undefined,
            ),
          ),
        )
        // A client's most active case first: their e-mail most likely concerns it.
        .orderBy(sql`${cases.lastActivityAt} desc nulls last`)
        .limit(500)
    );
  },
};
