import { sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';
import { CASE_STATUS_LABELS, type CaseStatus } from '@sentinel/shared';
import { rowsOf } from '../../platform/throttle';
import { notificationsRepository as repo } from './notifications.repository';

/**
 * The bell entries other features write inside their own transactions (issue 12): a case's status
 * changed, a document was shared with a client or analysed, an invitation was accepted. Each goes
 * live to the person's open screens when the transaction commits (notificationsRepository).
 */

/** Where a case opens for a person: attorneys its page, everyone else its timeline. */
const casePlace = (caseId: string, userType: string) =>
  userType === 'attorney' ? `/cases/${caseId}` : `/timeline?case=${caseId}`;

/** A case's people who still work in the firm (client, lead attorney, team), with their type there. */
async function casePeople(db: DbOrTx, caseId: string) {
  return rowsOf<{ userId: string; userType: string; caseNumber: string; title: string; firmId: string }>(
    await db.execute(sql`
      with c as (select * from ${schema.cases} where id = ${caseId}),
      people as (
        select client_id as user_id from c
        union select lead_attorney_id from c
        union select m.user_id from ${schema.caseMembers} m join c on m.case_id = c.id
      )
      select p.user_id as "userId", ms.user_type as "userType", c.case_number as "caseNumber",
        c.title, c.firm_id as "firmId"
      from people p cross join c
      join ${schema.memberships} ms on ms.user_id = p.user_id and ms.firm_id = c.firm_id and ms.status = 'active'
      where p.user_id is not null`),
  );
}

/** Everyone on the case but the person who changed it hears of its new status. */
export async function notifyCaseStatus(
  db: DbOrTx,
  input: { caseId: string; status: CaseStatus; changedById: string; changedByName: string },
): Promise<void> {
  for (const person of await casePeople(db, input.caseId)) {
    if (person.userId === input.changedById) continue;
    await repo.insert(db, {
      userId: person.userId,
      firmId: person.firmId,
      kind: 'case_status',
      title: `${person.caseNumber} is now ${CASE_STATUS_LABELS[input.status]}`,
      body: `${input.changedByName} moved ${person.title} to ${CASE_STATUS_LABELS[input.status]}.`,
      link: casePlace(input.caseId, person.userType),
      late: false,
      sourceKey: null,
    });
  }
}

/** The case's client hears of a document shared with them (once per document). */
export async function notifyDocumentShared(
  db: DbOrTx,
  documentId: string,
  sharedByName: string,
): Promise<void> {
  const [row] = rowsOf<{ clientId: string; firmId: string; fileName: string; caseNumber: string }>(
    await db.execute(sql`
      select c.client_id as "clientId", d.firm_id as "firmId", d.file_name as "fileName", c.case_number as "caseNumber"
      from ${schema.documents} d join ${schema.cases} c on c.id = d.case_id
      where d.id = ${documentId} and d.shared_with_client`),
  );
  if (!row) return;
  await repo.insert(db, {
    userId: row.clientId,
    firmId: row.firmId,
    kind: 'document_shared',
    title: 'A document was shared with you',
    body: `${sharedByName} shared ${row.fileName} (${row.caseNumber}).`,
    link: '/documents',
    late: false,
    sourceKey: `document_shared:${documentId}:${row.clientId}`,
  });
}

/** Whoever uploaded a document hears that its analysis finished (or failed). */
export async function notifyDocumentAnalyzed(
  db: DbOrTx,
  document: { id: string; firmId: string; fileName: string; uploadedById: string | null },
  outcome: 'completed' | 'failed',
): Promise<void> {
  if (!document.uploadedById) return;
  await repo.insert(db, {
    userId: document.uploadedById,
    firmId: document.firmId,
    kind: 'document_analyzed',
    title: outcome === 'completed' ? 'Document analysed' : 'Document analysis failed',
    body:
      outcome === 'completed'
        ? `${document.fileName} has been analysed.`
        : `${document.fileName} could not be analysed.`,
    link: '/documents/aiAnalysis',
    late: false,
    sourceKey: null,
  });
}

/** Whoever invited a person hears when they accept (a firm's invitation, or a client's first sign-in). */
export async function notifyInvitationAccepted(
  db: DbOrTx,
  input: { firmId: string; invitedById: string | null; personName: string },
): Promise<void> {
  if (!input.invitedById) return;
  await repo.insert(db, {
    userId: input.invitedById,
    firmId: input.firmId,
    kind: 'invitation_accepted',
    title: 'Invitation accepted',
    body: `${input.personName} accepted your invitation and can now sign in.`,
    link: null,
    late: false,
    sourceKey: null,
  });
}
