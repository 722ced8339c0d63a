import { sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';
import type { ConversationKind, UserType } from '@sentinel/shared';
import { rowsOf } from '../../platform/throttle';
import type { CaseViewer } from '../cases/cases.repository';
import { documentsVisibleTo } from '../documents/documents.repository';

const {
  cases,
  caseMembers,
  conversations,
  conversationParticipants,
  documents,
  memberships,
  messageDocuments,
  messages,
  users,
} = schema;

/** A conversation as the service reads it, with its case. */
export interface ConversationRow {
  id: string;
  firmId: string;
  kind: ConversationKind;
  caseId: string | null;
  caseNumber: string | null;
  caseTitle: string | null;
  caseClientId: string | null;
}

/** A conversation as the list shows it to one viewer. */
export interface ConversationListRow extends ConversationRow {
  lastMessageAt: Date | null;
  lastSeq: number | null;
  lastBody: string | null;
  lastKind: string | null;
  lastDeleted: boolean | null;
  lastCreatedAt: Date | null;
  lastSenderId: string | null;
  lastSenderFirst: string | null;
  lastSenderLast: string | null;
  lastSenderType: UserType | null;
  counterpartId: string | null;
  counterpartFirst: string | null;
  counterpartLast: string | null;
  counterpartType: UserType | null;
  unread: number;
}

export interface MessageRow {
  id: string;
  seq: number;
  conversationId: string;
  firmId: string;
  senderId: string | null;
  senderFirst: string | null;
  senderLast: string | null;
  senderType: UserType | null;
  kind: 'text' | 'away';
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  /** The seq of its last change (its own seq until edited or deleted). */
  changeSeq: number;
}

export interface PersonRow {
  userId: string;
  firstName: string;
  lastName: string;
  userType: UserType | null;
}

const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string);
const asNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/**
 * The conversations of the firm a viewer may read (`cv` is the conversation, `cs` its case): a
 * direct one they take part in; the case thread of a case they may see (the case rules of
 * `cases.repository` `visibleTo`); the team thread likewise, except for clients.
 */
function readableBy(viewer: CaseViewer): SQL {
  const participant = sql`exists (select 1 from ${conversationParticipants} p where p.conversation_id = cv.id and p.user_id = ${viewer.userId})`;
  const caseVisible =
    viewer.userType === 'attorney'
      ? sql`true`
      : viewer.userType === 'client'
        ? sql`cs.client_id = ${viewer.userId} and cv.kind = 'case'`
        : sql`exists (select 1 from ${caseMembers} m where m.case_id = cs.id and m.user_id = ${viewer.userId})`;
  return sql`cv.firm_id = ${viewer.firmId} and (
    (cv.kind = 'direct' and ${participant})
    or (cv.kind in ('case', 'team') and cs.id is not null and ${caseVisible})
  )`;
}

/**
 * Of those, the ones the list shows without being asked for a case: direct conversations; a case's
 * threads once written in, to the people the case names (its client, lead attorney and members)
 * and to those who opened or wrote in them; and a client's case threads even before anyone wrote,
 * so they have somewhere to write.
 */
function listedFor(viewer: CaseViewer): SQL {
  const named = sql`(cs.lead_attorney_id = ${viewer.userId} or (cv.kind = 'case' and cs.client_id = ${viewer.userId})
    or exists (select 1 from ${caseMembers} m where m.case_id = cs.id and m.user_id = ${viewer.userId}))`;
  const joined = sql`exists (select 1 from ${conversationParticipants} p where p.conversation_id = cv.id and p.user_id = ${viewer.userId})`;
  return sql`(cv.kind = 'direct' or ${joined}
    or (cv.last_message_at is not null and ${named})
    or (cv.kind = 'case' and cs.client_id = ${viewer.userId}))`;
}

const conversationColumns = sql`cv.id, cv.firm_id as "firmId", cv.kind, cv.case_id as "caseId",
  cs.case_number as "caseNumber", cs.title as "caseTitle", cs.client_id as "caseClientId"`;

const toConversation = (row: Record<string, unknown>): ConversationRow => ({
  id: row.id as string,
  firmId: row.firmId as string,
  kind: row.kind as ConversationKind,
  caseId: (row.caseId as string | null) ?? null,
  caseNumber: (row.caseNumber as string | null) ?? null,
  caseTitle: (row.caseTitle as string | null) ?? null,
  caseClientId: (row.caseClientId as string | null) ?? null,
});

const toMessage = (row: Record<string, unknown>): MessageRow => ({
  id: row.id as string,
  seq: Number(row.seq),
  conversationId: row.conversationId as string,
  firmId: row.firmId as string,
  senderId: (row.senderId as string | null) ?? null,
  senderFirst: (row.senderFirst as string | null) ?? null,
  senderLast: (row.senderLast as string | null) ?? null,
  senderType: (row.senderType as UserType | null) ?? null,
  kind: row.kind as 'text' | 'away',
  body: row.body as string,
  createdAt: asDate(row.createdAt)!,
  editedAt: asDate(row.editedAt),
  deletedAt: asDate(row.deletedAt),
  changeSeq: Number(row.changeSeq),
});

const messageColumns = sql`mg.id, mg.seq, mg.conversation_id as "conversationId", mg.firm_id as "firmId",
  mg.sender_id as "senderId", su.first_name as "senderFirst", su.last_name as "senderLast",
  sm.user_type as "senderType", mg.kind, mg.body, mg.created_at as "createdAt",
  mg.edited_at as "editedAt", mg.deleted_at as "deletedAt", coalesce(mg.change_seq, mg.seq) as "changeSeq"`;
const messageJoins = sql`left join ${users} su on su.id = mg.sender_id
  left join ${memberships} sm on sm.firm_id = mg.firm_id and sm.user_id = mg.sender_id and sm.status = 'active'`;

/** A change takes the next value of the messages' own sequence, so it sorts after every seq before it. */
const nextChange = sql`change_seq = nextval(pg_get_serial_sequence('messages', 'seq'))`;

/** The only place with the conversation and message queries (issue 12). */
export const conversationsRepository = {
  /** A conversation the viewer may read, or undefined (another firm's, another case's: 404). */
  async findReadable(db: DbOrTx, viewer: CaseViewer, id: string): Promise<ConversationRow | undefined> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select ${conversationColumns}
        from ${conversations} cv left join ${cases} cs on cs.id = cv.case_id
        where cv.id = ${id} and ${readableBy(viewer)}`),
    );
    return rows[0] ? toConversation(rows[0]) : undefined;
  },

  /** A conversation by id alone (background work that checked its firm already). */
  async byId(db: DbOrTx, id: string): Promise<ConversationRow | undefined> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select ${conversationColumns}
        from ${conversations} cv left join ${cases} cs on cs.id = cv.case_id where cv.id = ${id}`),
    );
    return rows[0] ? toConversation(rows[0]) : undefined;
  },

  /**
   * The conversations listed for the viewer (or, when given, all those of a case they may read, or
   * the one with that id), newest activity first, each with its last message, the other person of a direct one and the
   * viewer's unread count.
   */
  async list(
    db: DbOrTx,
    viewer: CaseViewer,
    only: { caseId?: string; id?: string } = {},
  ): Promise<ConversationListRow[]> {
    const filter = only.id
      ? sql`cv.id = ${only.id}`
      : only.caseId
        ? sql`cv.case_id = ${only.caseId}`
        : listedFor(viewer);
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select ${conversationColumns}, cv.last_message_at as "lastMessageAt",
          lm.seq as "lastSeq", lm.body as "lastBody", lm.kind as "lastKind",
          lm.deleted_at is not null as "lastDeleted", lm.created_at as "lastCreatedAt",
          lm.sender_id as "lastSenderId", lu.first_name as "lastSenderFirst",
          lu.last_name as "lastSenderLast", lmm.user_type as "lastSenderType",
          cp.user_id as "counterpartId", cu.first_name as "counterpartFirst",
          cu.last_name as "counterpartLast", cm.user_type as "counterpartType",
          (select count(*) from ${messages} u
            where u.conversation_id = cv.id and u.deleted_at is null
              and u.sender_id is distinct from ${viewer.userId}
              and u.seq > coalesce((select p.read_seq from ${conversationParticipants} p
                where p.conversation_id = cv.id and p.user_id = ${viewer.userId}), 0))::int as unread
        from ${conversations} cv
        left join ${cases} cs on cs.id = cv.case_id
        left join lateral (select * from ${messages} m where m.conversation_id = cv.id
          order by m.seq desc limit 1) lm on true
        left join ${users} lu on lu.id = lm.sender_id
        left join ${memberships} lmm on lmm.firm_id = cv.firm_id and lmm.user_id = lm.sender_id and lmm.status = 'active'
        left join ${conversationParticipants} cp on cv.kind = 'direct' and cp.conversation_id = cv.id
          and cp.user_id <> ${viewer.userId}
        left join ${users} cu on cu.id = cp.user_id
        left join ${memberships} cm on cm.firm_id = cv.firm_id and cm.user_id = cp.user_id and cm.status = 'active'
        where ${readableBy(viewer)} and ${filter}
        order by cv.last_message_at desc nulls last, cv.created_at desc, cv.id
        limit 500`),
    );
    return rows.map((row) => ({
      ...toConversation(row),
      lastMessageAt: asDate(row.lastMessageAt),
      lastSeq: asNumber(row.lastSeq),
      lastBody: (row.lastBody as string | null) ?? null,
      lastKind: (row.lastKind as string | null) ?? null,
      lastDeleted: (row.lastDeleted as boolean | null) ?? null,
      lastCreatedAt: asDate(row.lastCreatedAt),
      lastSenderId: (row.lastSenderId as string | null) ?? null,
      lastSenderFirst: (row.lastSenderFirst as string | null) ?? null,
      lastSenderLast: (row.lastSenderLast as string | null) ?? null,
      lastSenderType: (row.lastSenderType as UserType | null) ?? null,
      counterpartId: (row.counterpartId as string | null) ?? null,
      counterpartFirst: (row.counterpartFirst as string | null) ?? null,
      counterpartLast: (row.counterpartLast as string | null) ?? null,
      counterpartType: (row.counterpartType as UserType | null) ?? null,
      unread: Number(row.unread),
    }));
  },

  /** The viewer's unread messages across the conversations listed for them (the sidebar). */
  async unreadTotal(db: DbOrTx, viewer: CaseViewer): Promise<number> {
    const [row] = rowsOf<{ unread: number }>(
      await db.execute(sql`
        select count(*)::int as unread
        from ${conversations} cv
        left join ${cases} cs on cs.id = cv.case_id
        join ${messages} u on u.conversation_id = cv.id
        left join ${conversationParticipants} p on p.conversation_id = cv.id and p.user_id = ${viewer.userId}
        where ${readableBy(viewer)} and ${listedFor(viewer)}
          and u.deleted_at is null and u.sender_id is distinct from ${viewer.userId}
          and u.seq > coalesce(p.read_seq, 0)`),
    );
    return Number(row?.unread ?? 0);
  },

  /**
   * Who hears of a message in the conversation: a direct one's people; for a case's threads the
   * case's client (case thread only), lead attorney and members and whoever opened or wrote in
   * them, as long as they still work in the firm and may still see the case.
   */
  async audience(db: DbOrTx, conversation: ConversationRow): Promise<string[]> {
    const rows = rowsOf<{ userId: string }>(
      await db.execute(sql`
        with cv as (select * from ${conversations} where id = ${conversation.id}),
        cs as (select c.* from ${cases} c join cv on c.id = cv.case_id),
        named as (
          select p.user_id from ${conversationParticipants} p where p.conversation_id = ${conversation.id}
          union select cs.client_id from cs join cv on cv.kind = 'case'
          union select cs.lead_attorney_id from cs
          union select m.user_id from ${caseMembers} m join cs on m.case_id = cs.id
        )
        select distinct n.user_id as "userId" from named n
        join ${memberships} ms on ms.firm_id = ${conversation.firmId} and ms.user_id = n.user_id and ms.status = 'active'
        cross join cv
        left join cs on true
        where n.user_id is not null and (
          cv.kind = 'direct'
          or ms.user_type = 'attorney'
          or (ms.user_type = 'client' and cv.kind = 'case' and cs.client_id = n.user_id)
          or (ms.user_type not in ('attorney', 'client')
              and exists (select 1 from ${caseMembers} m where m.case_id = cs.id and m.user_id = n.user_id))
        )`),
    );
    return rows.map((row) => row.userId);
  },

  /** People of the conversation with how far each read (read marks), for the thread's header. */
  async readers(db: DbOrTx, conversation: ConversationRow, userIds: string[]) {
    if (userIds.length === 0) return [];
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select u.id as "userId", u.first_name as "firstName", u.last_name as "lastName",
          ms.user_type as "userType", coalesce(p.read_seq, 0) as "readSeq"
        from ${users} u
        left join ${memberships} ms on ms.firm_id = ${conversation.firmId} and ms.user_id = u.id and ms.status = 'active'
        left join ${conversationParticipants} p on p.conversation_id = ${conversation.id} and p.user_id = u.id
        where u.id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by u.last_name, u.first_name`),
    );
    return rows.map((row) => ({
      userId: row.userId as string,
      firstName: row.firstName as string,
      lastName: row.lastName as string,
      userType: (row.userType as UserType | null) ?? null,
      readSeq: Number(row.readSeq),
    }));
  },

  /**
   * A page of messages: before a seq (scrolling back; oldest first), or changed after one (catching
   * up: new, edited and deleted messages in the order of their last change).
   */
  async messages(
    db: DbOrTx,
    conversationId: string,
    page: { before?: number; after?: number; limit: number },
  ): Promise<MessageRow[]> {
    const bound =
      page.after !== undefined
        ? sql`and coalesce(mg.change_seq, mg.seq) > ${page.after}`
        : page.before !== undefined
          ? sql`and mg.seq < ${page.before}`
          : sql``;
    const order = page.after !== undefined ? sql`coalesce(mg.change_seq, mg.seq) asc` : sql`mg.seq desc`;
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select ${messageColumns} from ${messages} mg ${messageJoins}
        where mg.conversation_id = ${conversationId} ${bound}
        order by ${order} limit ${page.limit}`),
    ).map(toMessage);
    return page.after !== undefined ? rows : rows.reverse();
  },

  async findMessage(
    db: DbOrTx,
    conversationId: string,
    id: string,
    lock = false,
  ): Promise<MessageRow | undefined> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select ${messageColumns} from ${messages} mg ${messageJoins}
        where mg.id = ${id} and mg.conversation_id = ${conversationId}
        ${lock ? sql`for update of mg` : sql``}`),
    );
    return rows[0] ? toMessage(rows[0]) : undefined;
  },

  /** A message by id alone (the live channel's frame; its firm and audience were checked on sending). */
  async messageById(db: DbOrTx, id: string): Promise<MessageRow | undefined> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select ${messageColumns} from ${messages} mg ${messageJoins} where mg.id = ${id}`),
    );
    return rows[0] ? toMessage(rows[0]) : undefined;
  },

  /** The documents each message links, those the viewer may see (all, for the live channel's frame). */
  async documentsOf(db: DbOrTx, messageIds: string[], viewer: CaseViewer | null) {
    if (messageIds.length === 0) return new Map<string, { id: string; fileName: string }[]>();
    const rows = rowsOf<{ messageId: string; id: string; fileName: string }>(
      await db.execute(sql`
        select md.message_id as "messageId", ${documents.id} as id, ${documents.fileName} as "fileName"
        from ${messageDocuments} md join ${documents} on ${documents.id} = md.document_id
        where md.message_id in (${sql.join(
          messageIds.map((id) => sql`${id}`),
          sql`, `,
        )}) ${viewer ? sql`and ${documentsVisibleTo(viewer)}` : sql``}
        order by ${documents.fileName}`),
    );
    const byMessage = new Map<string, { id: string; fileName: string }[]>();
    for (const row of rows) {
      const list = byMessage.get(row.messageId) ?? [];
      list.push({ id: row.id, fileName: row.fileName });
      byMessage.set(row.messageId, list);
    }
    return byMessage;
  },

  /** Of `ids`, the documents of `caseId` the viewer may see, with whether the client sees them. */
  async linkableDocuments(db: DbOrTx, viewer: CaseViewer, caseId: string | null, ids: string[]) {
    if (ids.length === 0) return [];
    return rowsOf<{ id: string; sharedWithClient: boolean; caseId: string | null }>(
      await db.execute(sql`
        select ${documents.id} as id, ${documents.sharedWithClient} as "sharedWithClient", ${documents.caseId} as "caseId"
        from ${documents}
        where ${documents.id} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and ${documentsVisibleTo(viewer)}
        ${caseId ? sql`and ${documents.caseId} = ${caseId}` : sql``}`),
    );
  },

  async insertMessage(
    db: DbOrTx,
    values: {
      conversationId: string;
      firmId: string;
      senderId: string;
      kind: 'text' | 'away';
      body: string;
      awayDay?: string;
    },
  ): Promise<{ id: string; seq: number } | undefined> {
    const rows = await db
      .insert(messages)
      .values({ ...values, awayDay: values.awayDay ?? null })
      .onConflictDoNothing()
      .returning({ id: messages.id, seq: messages.seq });
    if (rows[0]) {
      await db.execute(
        sql`update ${conversations} set last_message_at = now() where id = ${values.conversationId}`,
      );
    }
    return rows[0];
  },

  async linkDocuments(db: DbOrTx, messageId: string, documentIds: string[]): Promise<void> {
    if (documentIds.length === 0) return;
    await db.insert(messageDocuments).values(documentIds.map((documentId) => ({ messageId, documentId })));
  },

  async editMessage(db: DbOrTx, id: string, body: string): Promise<void> {
    await db.execute(
      sql`update ${messages} set body = ${body}, edited_at = now(), ${nextChange} where id = ${id}`,
    );
  },

  /** Deleted messages keep their row (shown as deleted); their text and links go. */
  async deleteMessage(db: DbOrTx, id: string): Promise<void> {
    await db.execute(
      sql`update ${messages} set body = '', deleted_at = now(), ${nextChange} where id = ${id}`,
    );
    await db.execute(sql`delete from ${messageDocuments} where message_id = ${id}`);
  },

  /** Takes part (opened or wrote) and reads up to `seq` (never backwards); the new mark. */
  async markRead(db: DbOrTx, conversation: ConversationRow, userId: string, seq: number): Promise<number> {
    const [row] = rowsOf<{ readSeq: number }>(
      await db.execute(sql`
        insert into ${conversationParticipants} (conversation_id, user_id, firm_id, read_seq, read_at)
        values (${conversation.id}, ${userId}, ${conversation.firmId}, ${seq}, now())
        on conflict (conversation_id, user_id) do update
          set read_seq = greatest(${conversationParticipants.readSeq}, excluded.read_seq),
              read_at = case when excluded.read_seq > ${conversationParticipants.readSeq} then now()
                        else ${conversationParticipants.readAt} end
        returning read_seq as "readSeq"`),
    );
    return Number(row?.readSeq ?? seq);
  },

  /** The highest seq of the conversation (0 when empty). */
  async lastSeq(db: DbOrTx, conversationId: string): Promise<number> {
    const [row] = rowsOf<{ seq: number | null }>(
      await db.execute(
        sql`select max(seq) as seq from ${messages} where conversation_id = ${conversationId}`,
      ),
    );
    return Number(row?.seq ?? 0);
  },

  /** The direct conversation of two people in a firm, made the first time. */
  async directConversation(db: DbOrTx, firmId: string, createdById: string, userIds: [string, string]) {
    const key = [...userIds].sort().join(':');
    await db
      .insert(conversations)
      .values({ firmId, kind: 'direct', directKey: key, createdById })
      .onConflictDoNothing();
    const [row] = rowsOf<{ id: string }>(
      await db.execute(
        sql`select id from ${conversations} where firm_id = ${firmId} and direct_key = ${key}`,
      ),
    );
    await db
      .insert(conversationParticipants)
      .values(userIds.map((userId) => ({ conversationId: row!.id, userId, firmId })))
      .onConflictDoNothing();
    return row!.id;
  },

  /** A person of the firm (active) with their type there, or undefined. */
  async firmPerson(db: DbOrTx, firmId: string, userId: string): Promise<PersonRow | undefined> {
    const [row] = rowsOf<PersonRow>(
      await db.execute(sql`select u.id as "userId", u.first_name as "firstName", u.last_name as "lastName",
          ms.user_type as "userType"
        from ${users} u join ${memberships} ms on ms.user_id = u.id and ms.firm_id = ${firmId} and ms.status = 'active'
        where u.id = ${userId}`),
    );
    return row;
  },

  /** Everyone working in the firm (active), but the viewer: whom an attorney may write to. */
  async firmPeople(db: DbOrTx, firmId: string, exceptUserId: string): Promise<PersonRow[]> {
    return rowsOf<PersonRow>(
      await db.execute(sql`select u.id as "userId", u.first_name as "firstName", u.last_name as "lastName",
          ms.user_type as "userType"
        from ${users} u join ${memberships} ms on ms.user_id = u.id and ms.firm_id = ${firmId} and ms.status = 'active'
        where u.id <> ${exceptUserId}
        order by u.last_name, u.first_name
        limit 1000`),
    );
  },

  /** The away reply settings of the people given who have it on. */
  async awayReplies(db: DbOrTx, userIds: string[]): Promise<{ userId: string; text: string | null }[]> {
    if (userIds.length === 0) return [];
    return rowsOf<{ userId: string; text: string | null }>(
      await db.execute(sql`select id as "userId", away_reply_text as text from ${users}
        where away_reply_enabled and id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    );
  },
};
