import { eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createClient, createMembership } from '@sentinel/db/factories';
import { MESSAGES, USER_TYPES, type UserType } from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, makeUser, type TestContext } from '../../test/helpers';

/**
 * The authorisation table: every /api route, who may call it, and what another firm's object
 * answers — to a person of another firm, and to a person who works in both firms while acting in
 * the other one (issue 9). A route registered without a row here fails the first test; a row whose
 * route is gone fails it too.
 */
type Expect = 'public' | 'account' | 'session' | readonly UserType[];
interface Row {
  access: Expect;
  /** The route touches one object named in the path: another firm's answers 404. */
  foreignObject?: boolean;
  /** A body that passes validation, so that what answers is the authorisation, not the schema. */
  payload?: Record<string, unknown>;
  /**
   * The object is the caller's own in every firm (switching to a firm of theirs): a member of both
   * firms may reach it from either, so only the 404 to outsiders applies.
   */
  acrossFirms?: boolean;
}

const ATTORNEY_ONLY = ['attorney'] as const;
const TABLE: Record<string, Row> = {
  'GET /api/health': { access: 'public' },
  'GET /api/ready': { access: 'public' },
  'POST /api/auth/login': { access: 'public' },
  'POST /api/auth/register': { access: 'public' },
  'POST /api/auth/verify-email': { access: 'public' },
  'POST /api/auth/resend-verification': { access: 'public' },
  'POST /api/auth/forgot-password': { access: 'public' },
  'POST /api/auth/reset-password': { access: 'public' },
  'POST /api/auth/change-password': { access: 'account' },
  'POST /api/auth/change-temp-password': { access: 'public' },
  'POST /api/auth/mfa/verify': { access: 'public' },
  'POST /api/auth/mfa/enrolment': { access: 'public' },
  'POST /api/auth/mfa/enrolment/confirm': { access: 'public' },
  'GET /api/auth/mfa': { access: 'account' },
  'POST /api/auth/mfa/setup': { access: 'account', payload: { password: 'not-the-password' } },
  'POST /api/auth/mfa/enable': { access: 'account', payload: { code: '123456' } },
  'POST /api/auth/mfa/recovery-codes': { access: 'account', payload: { password: 'not-the-password' } },
  'POST /api/auth/mfa/disable': { access: 'account', payload: { password: 'not-the-password' } },
  'GET /api/auth/sessions': { access: 'account' },
  'DELETE /api/auth/sessions/:id': { access: 'account' },
  'POST /api/auth/sessions/sign-out-others': { access: 'account' },
  'POST /api/auth/mfa/passkey/options': { access: 'public' },
  'GET /api/auth/passkeys': { access: 'account' },
  'POST /api/auth/passkeys/options': { access: 'account', payload: { password: 'not-the-password' } },
  'POST /api/auth/passkeys': { access: 'account' },
  'POST /api/auth/passkeys/step-up/options': { access: 'account' },
  'PATCH /api/auth/passkeys/:id': { access: 'account', foreignObject: true, payload: { name: 'Mine now' } },
  'POST /api/auth/passkeys/:id/remove': {
    access: 'account',
    foreignObject: true,
    payload: { password: 'not-the-password' },
  },
  'GET /api/tokens/verify': { access: 'account' },
  'POST /api/tokens/refresh': { access: 'public' },
  'POST /api/tokens/logout': { access: 'public' },
  'GET /api/profile': { access: 'account' },
  'PATCH /api/profile': { access: 'session' },
  'POST /api/leads': { access: 'public' },
  'POST /api/client/new': { access: ATTORNEY_ONLY },
  'GET /api/client/:userId/clients': { access: ATTORNEY_ONLY, foreignObject: true },
  'GET /api/clients/:id': { access: ATTORNEY_ONLY, foreignObject: true },
  'POST /api/clients/:id/invitation': { access: ATTORNEY_ONLY, foreignObject: true },
  'POST /api/clients/:id/deactivate': { access: ATTORNEY_ONLY, foreignObject: true },
  'GET /api/firm/people': { access: ATTORNEY_ONLY },
  'GET /api/firm/members': { access: ATTORNEY_ONLY },
  'DELETE /api/firm/members/:userId': { access: ATTORNEY_ONLY, foreignObject: true },
  'GET /api/firm/security': { access: ATTORNEY_ONLY },
  'PUT /api/firm/security': { access: ATTORNEY_ONLY, payload: { requireMfaForAttorneys: false } },
  'GET /api/memberships': { access: 'account' },
  'POST /api/memberships/:id/accept': { access: 'account', foreignObject: true },
  'POST /api/memberships/:id/decline': { access: 'account', foreignObject: true },
  'POST /api/memberships/:id/leave': { access: 'account', foreignObject: true },
  'POST /api/auth/switch-firm': {
    access: 'account',
    foreignObject: true,
    acrossFirms: true,
    payload: { firmId: 'FIRM' },
  },
  'GET /api/cases': { access: 'session' },
  'POST /api/cases': { access: ATTORNEY_ONLY, payload: { title: 'Table case' } },
  'GET /api/cases/:id': { access: 'session', foreignObject: true },
  'PATCH /api/cases/:id': { access: ATTORNEY_ONLY, foreignObject: true, payload: { priority: 'high' } },
  // Issue 14: the case's empty fields suggested from its documents; attorneys confirm.
  'GET /api/cases/:id/field-suggestions': { access: ATTORNEY_ONLY, foreignObject: true },
  'POST /api/cases/:id/field-suggestions/apply': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { field: 'carrier', value: 'Acme Mutual', documentId: '00000000-0000-4000-8000-000000000001' },
  },
  'POST /api/cases/:id/members': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { userId: '00000000-0000-4000-8000-000000000001', role: 'expert' },
  },
  'DELETE /api/cases/:id/members': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { userId: '00000000-0000-4000-8000-000000000001' },
  },
  // The claim deadline engine (issue 16): the case's team reads, attorneys change.
  'GET /api/cases/:id/deadlines': {
    access: ['attorney', 'restoration-contractor', 'public-adjuster', 'expert-witness'],
    foreignObject: true,
  },
  'PUT /api/cases/:id/deadlines/facts': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: {
      propertyState: 'FL',
      policyKind: 'homeowners',
      policyEffectiveDate: null,
      stateOfEmergency: false,
      surplusLines: false,
      catastropheExtensionDays: 0,
    },
  },
  'PUT /api/cases/:id/key-dates/:kind': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { date: '2024-10-01' },
  },
  'DELETE /api/cases/:id/key-dates/:kind': { access: ATTORNEY_ONLY, foreignObject: true },
  'PUT /api/cases/:id/deadlines/:ruleId/review': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { status: 'met' },
  },
  // Case Timeline & Progress (issue 12): everyone reads the cases they may see; attorneys edit stages.
  'GET /api/timeline': { access: 'session' },
  'GET /api/cases/:id/timeline': { access: 'session', foreignObject: true },
  'POST /api/cases/:id/stages': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { title: 'Site visit' },
  },
  'PATCH /api/cases/:id/stages/:stageId': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { completed: true },
  },
  'DELETE /api/cases/:id/stages/:stageId': { access: ATTORNEY_ONLY, foreignObject: true },
  // Negotiations (issue 13): attorneys only.
  'GET /api/negotiations': { access: ATTORNEY_ONLY },
  'GET /api/negotiations/cases': { access: ATTORNEY_ONLY },
  'POST /api/negotiations': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { caseId: 'CASE' },
  },
  'GET /api/negotiations/:id': { access: ATTORNEY_ONLY, foreignObject: true },
  'PATCH /api/negotiations/:id': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { carrier: 'Harborline Mutual' },
  },
  'POST /api/negotiations/:id/actions': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { kind: 'offer', amount: 1000, date: '2026-01-05' },
  },
  'GET /api/cases/:id/negotiation': { access: ATTORNEY_ONLY, foreignObject: true },
  // Workflow Automation (issue 13): attorneys only; a case's document requests follow the case rules.
  'GET /api/workflows': { access: ATTORNEY_ONLY },
  'POST /api/workflows': {
    access: ATTORNEY_ONLY,
    payload: {
      name: 'Table workflow',
      category: 'compliance',
      trigger: { type: 'case-created' },
      actions: [{ type: 'change-status', status: 'discovery' }],
    },
  },
  'PATCH /api/workflows/:id': { access: ATTORNEY_ONLY, foreignObject: true, payload: { name: 'Renamed' } },
  'DELETE /api/workflows/:id': { access: ATTORNEY_ONLY, foreignObject: true },
  'POST /api/workflows/:id/pause': { access: ATTORNEY_ONLY, foreignObject: true },
  'POST /api/workflows/:id/resume': { access: ATTORNEY_ONLY, foreignObject: true },
  'GET /api/workflows/:id/runs': { access: ATTORNEY_ONLY, foreignObject: true },
  'GET /api/cases/:id/document-requests': { access: 'session', foreignObject: true },
  'POST /api/cases/:id/document-requests': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { title: 'Signed contract' },
  },
  'PATCH /api/cases/:id/document-requests/:requestId': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { status: 'received' },
  },
  'GET /api/dashboard/attorney': { access: ATTORNEY_ONLY },
  'GET /api/analytics': { access: ATTORNEY_ONLY },
  'GET /api/analytics/export.csv': { access: ATTORNEY_ONLY },
  'POST /api/document/upload/single': { access: 'session' },
  'GET /api/document/:userId/all': { access: 'session', foreignObject: true },
  'GET /api/document/:id': { access: 'session', foreignObject: true },
  'DELETE /api/document/:id': { access: 'session', foreignObject: true },
  'PATCH /api/document/:id': { access: 'session', foreignObject: true, payload: { sharedWithClient: true } },
  'POST /api/document/:id/analyze': { access: 'session', foreignObject: true },
  'GET /api/document/:id/signedUrl': { access: 'session', foreignObject: true },
  'GET /api/files/:id': { access: 'public' },
  // Provider connections (issue 10): the person's own, in whichever firm they act.
  'GET /api/oauth/connect/:provider': { access: 'account' },
  'POST /api/oauth/callback': { access: 'account', payload: { provider: 'google', state: 'x', code: 'y' } },
  'GET /api/oauth/status': { access: 'account' },
  'GET /api/oauth/connections': { access: 'account' },
  'GET /api/oauth/config/microsoft': { access: 'account' },
  'GET /api/tokens/get': { access: 'account' },
  'POST /api/tokens/store': {
    access: 'account',
    payload: { provider: 'google', accessToken: 'not-a-token', expiresAt: 'soon' },
  },
  'DELETE /api/tokens/delete': { access: 'account' },
  'GET /api/emails/inbox/:provider': { access: 'session' },
  'POST /api/emails/sync': { access: 'session' },
  'GET /api/emails/:id': { access: 'session', foreignObject: true },
  'PATCH /api/emails/:id': { access: 'session', foreignObject: true, payload: { status: 'Read' } },
  'POST /api/emails/:id/attachments/:attachmentId/save': {
    access: 'session',
    foreignObject: true,
    payload: {},
  },
  'PUT /api/profile/time-zone': { access: 'account', payload: { timeZone: 'UTC' } },
  'GET /api/calendar/events/:provider': { access: 'session' },
  'POST /api/calendar/events/sentinel': {
    access: 'session',
    payload: { start: '2027-01-04T10:00', end: '2027-01-04T11:00' },
  },
  'POST /api/calendar/events/google': {
    access: 'session',
    payload: { start: { dateTime: '2027-01-04T10:00:00Z' }, end: { dateTime: '2027-01-04T11:00:00Z' } },
  },
  'POST /api/calendar/events/microsoft': {
    access: 'session',
    payload: { start: { dateTime: '2027-01-04T10:00:00' }, end: { dateTime: '2027-01-04T11:00:00' } },
  },
  'POST /api/calendar/events/outlook': {
    access: 'session',
    payload: { start: { dateTime: '2027-01-04T10:00:00' }, end: { dateTime: '2027-01-04T11:00:00' } },
  },
  'PATCH /api/calendar/events/:provider/:eventId': {
    access: 'session',
    foreignObject: true,
    payload: { location: 'Courtroom 6-1' },
  },
  'DELETE /api/calendar/events/:provider/:eventId': { access: 'session', foreignObject: true },
  'GET /api/calendar/cases/:caseId/events': { access: 'session', foreignObject: true },
  'GET /api/calendar/feed': { access: 'session' },
  'POST /api/calendar/feed': { access: 'session' },
  'GET /api/calendar/feed/:file': { access: 'public' },
  'GET /api/notifications': { access: 'account' },
  'POST /api/notifications/:id/read': { access: 'account', foreignObject: true },
  'POST /api/notifications/read-all': { access: 'account' },
  // Conversations (issue 12): everyone with a firm; what each reads follows the case rules.
  'GET /api/conversations': { access: 'session' },
  'GET /api/conversations/unread': { access: 'session' },
  'GET /api/conversations/people': { access: ATTORNEY_ONLY },
  'POST /api/conversations/direct': {
    access: ATTORNEY_ONLY,
    payload: { userId: '00000000-0000-4000-8000-000000000001' },
  },
  'GET /api/conversations/:id': { access: 'session', foreignObject: true },
  'GET /api/conversations/:id/messages': { access: 'session', foreignObject: true },
  'POST /api/conversations/:id/messages': {
    access: 'session',
    foreignObject: true,
    payload: { body: 'Hello' },
  },
  'PATCH /api/conversations/:id/messages/:messageId': {
    access: 'session',
    foreignObject: true,
    payload: { body: 'Edited' },
  },
  'DELETE /api/conversations/:id/messages/:messageId': { access: 'session', foreignObject: true },
  'POST /api/conversations/:id/read': { access: 'session', foreignObject: true, payload: { seq: 1 } },
  // The live channel authenticates in its first frame (modules/live/live.routes.ts).
  'GET /api/live': { access: 'public' },
  'GET /api/profile/messaging': { access: 'account' },
  'PUT /api/profile/messaging': {
    access: 'account',
    payload: { awayReplyEnabled: false, awayReplyText: 'Away', notificationDigest: true },
  },
  // The expert directory (issue 13): attorneys only; an expert witness keeps their own availability.
  'GET /api/experts': { access: ATTORNEY_ONLY },
  'POST /api/experts': {
    access: ATTORNEY_ONLY,
    payload: { name: 'Table Expert', specialty: 'Fire Investigation' },
  },
  'GET /api/experts/me': { access: ['expert-witness'] },
  'PUT /api/experts/me/availability': { access: ['expert-witness'], payload: { availability: 'Available' } },
  'GET /api/experts/:id': { access: ATTORNEY_ONLY, foreignObject: true },
  'PATCH /api/experts/:id': { access: ATTORNEY_ONLY, foreignObject: true, payload: { availability: 'Busy' } },
  'DELETE /api/experts/:id': { access: ATTORNEY_ONLY, foreignObject: true },
  'POST /api/experts/:id/engagements': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { caseId: '00000000-0000-4000-8000-000000000001' },
  },
  'PATCH /api/experts/:id/engagements/:caseId': {
    access: ATTORNEY_ONLY,
    foreignObject: true,
    payload: { reportReceived: true },
  },
  'DELETE /api/experts/:id/engagements/:caseId': { access: ATTORNEY_ONLY, foreignObject: true },
};

let ctx: TestContext;
const tokens = {} as Record<UserType, string>;
/** People who work in both firms, each with the same type in both, acting in the own firm. */
const dualTokens = {} as Record<UserType, string>;
const dualIds = {} as Record<UserType, string>;
/** Someone who signed up and belongs to no firm yet. */
let noFirmToken: string;
let ownFirmId: string;
let foreignFirmId: string;
let foreignMembershipId: string;
let foreignAttorneyId: string;
let foreignClientId: string;
let foreignCaseId: string;
let foreignDocumentId: string;
let foreignEmailId: string;
let foreignEventId: string;
let foreignNotificationId: string;
let foreignConversationId: string;
let foreignMessageId: string;
let foreignNegotiationId: string;
let foreignBareCaseId: string;
let foreignExpertId: string;
let foreignWorkflowId: string;
let foreignPasskeyId: string;
let ownAttorneyId: string;
let ownClientId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const firm = await makeUser(ctx, { userType: 'attorney' });
  ownAttorneyId = firm.id;
  for (const userType of USER_TYPES) {
    const user = userType === 'attorney' ? firm : await makeUser(ctx, { userType, firmId: firm.firmId });
    tokens[userType] = (await login(ctx, user.email, user.password)).body.token;
  }
  ownFirmId = firm.firmId;
  const other = await makeUser(ctx, { userType: 'attorney' });
  foreignFirmId = other.firmId;
  foreignAttorneyId = other.id;
  const otherToken = (await login(ctx, other.email, other.password)).body.token;
  // Their passkey (after their sign-in: with one, signing in asks for it).
  const [foreignPasskey] = await ctx.database.db
    .insert(schema.passkeys)
    .values({ userId: other.id, credentialId: 'Zm9yZWlnbg', publicKey: 'AQ', name: 'Theirs' })
    .returning({ id: schema.passkeys.id });
  foreignPasskeyId = foreignPasskey!.id;
  const foreignClient = await createClient(ctx.database.db, {
    firmId: other.firmId,
    firstName: 'Other',
    lastName: 'Firm',
    email: 'other.firm.client@example.com',
  });
  foreignClientId = foreignClient.id;
  // Someone else's membership: the membership routes answer it 404.
  const [foreignMembership] = await ctx.database.db
    .select({ id: schema.memberships.id })
    .from(schema.memberships)
    .where(eq(schema.memberships.userId, other.id));
  foreignMembershipId = foreignMembership!.id;
  foreignCaseId = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/cases',
      headers: bearer(otherToken),
      payload: { title: 'Other firm case', clientId: foreignClientId },
    })
  ).json().data.id;
  const boundary = 'tableBOUNDARY';
  foreignDocumentId = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/document/upload/single',
      headers: { ...bearer(otherToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nOther firm\r\n--${boundary}--\r\n`,
    })
  ).json().data.id;
  // Another person's e-mail (the foreign attorney's): every e-mail route answers it 404.
  const [foreignEmail] = await ctx.database.db
    .insert(schema.emails)
    .values({
      userId: other.id,
      provider: 'google',
      providerMessageId: 'table-1',
      fromAddress: 'adjuster@carrier.example',
      receivedAt: new Date(),
      attachments: [{ id: 'att1', name: 'estimate.pdf', mimeType: 'application/pdf', size: 10 }],
    })
    .returning({ id: schema.emails.id });
  foreignEmailId = foreignEmail!.id;
  // The foreign attorney's calendar event on the foreign case: its team sees it, nobody changes it.
  foreignEventId = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/calendar/events/sentinel',
      headers: bearer(otherToken),
      payload: {
        title: 'Other firm hearing',
        start: '2027-01-05T10:00',
        end: '2027-01-05T11:00',
        relatedCase: foreignCaseId,
      },
    })
  ).json().data.id;
  // Another person's notification: marking it read answers 404.
  const [foreignNotification] = await ctx.database.db
    .insert(schema.notifications)
    .values({ userId: other.id, firmId: other.firmId, kind: 'event_reminder', title: 'Other reminder' })
    .returning({ id: schema.notifications.id });
  foreignNotificationId = foreignNotification!.id;
  // The foreign case's case thread, with a message of its attorney's in it.
  const [foreignThread] = await ctx.database.db
    .select({ id: schema.conversations.id })
    .from(schema.conversations)
    .where(eq(schema.conversations.caseId, foreignCaseId));
  foreignConversationId = foreignThread!.id;
  foreignMessageId = (
    await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${foreignConversationId}/messages`,
      headers: bearer(otherToken),
      payload: { body: 'Other firm message' },
    })
  ).json().message.id;
  // An expert of the other firm's directory, engaged on its case.
  const [foreignExpert] = await ctx.database.db
    .insert(schema.experts)
    .values({ firmId: other.firmId, name: 'Other Expert', specialty: 'Fire Investigation' })
    .returning({ id: schema.experts.id });
  foreignExpertId = foreignExpert!.id;
  await ctx.database.db
    .insert(schema.caseExperts)
    .values({ caseId: foreignCaseId, expertId: foreignExpertId, firmId: other.firmId });
  // A workflow of the other firm: every workflow route answers it 404.
  const [foreignWorkflow] = await ctx.database.db
    .insert(schema.workflows)
    .values({
      firmId: other.firmId,
      name: 'Other workflow',
      category: 'compliance',
      triggerType: 'case-created',
    })
    .returning({ id: schema.workflows.id });
  foreignWorkflowId = foreignWorkflow!.id;
  // The foreign case's negotiation, and a foreign case without one (POST /api/negotiations).
  foreignNegotiationId = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/negotiations',
      headers: bearer(otherToken),
      payload: { caseId: foreignCaseId },
    })
  ).json().data.id;
  foreignBareCaseId = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/cases',
      headers: bearer(otherToken),
      payload: { title: 'Other firm case, no negotiation', clientId: foreignClientId },
    })
  ).json().data.id;
  const ownClient = await ctx.app.inject({
    method: 'POST',
    url: '/api/client/new',
    headers: bearer(tokens.attorney),
    payload: {
      firstName: 'Own',
      lastName: 'Client',
      email: 'own.firm.client@example.com',
      phone: '555 0101',
    },
  });
  ownClientId = ownClient.json().data.id;

  // The people of both firms: each of the foreign firm's kind of access to the foreign case (its
  // attorney, its client, its team), and the same type in the own firm, where the session acts.
  const dual: Record<UserType, { id: string; email: string; password: string }> = {
    attorney: await makeUser(ctx, { userType: 'attorney', firmId: other.firmId }),
    client: foreignClient,
  } as never;
  for (const userType of USER_TYPES) {
    if (userType === 'attorney' || userType === 'client') continue;
    const member = await makeUser(ctx, { userType, firmId: other.firmId });
    const role = {
      'restoration-contractor': 'contractor',
      'public-adjuster': 'adjuster',
      'expert-witness': 'expert',
    }[userType] as 'contractor';
    await ctx.database.db
      .insert(schema.caseMembers)
      .values({ caseId: foreignCaseId, userId: member.id, firmId: other.firmId, role });
    dual[userType] = member;
  }
  for (const userType of USER_TYPES) {
    const person = dual[userType];
    await createMembership(ctx.database.db, { firmId: firm.firmId, userId: person.id, userType });
    const signedIn = (await login(ctx, person.email, person.password)).body.token as string;
    const switched = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/switch-firm',
      headers: bearer(signedIn),
      payload: { firmId: firm.firmId },
    });
    expect(switched.statusCode, userType).toBe(200);
    dualTokens[userType] = switched.json().token;
    dualIds[userType] = person.id;
  }
  const loner = await makeUser(ctx, { firmId: null });
  noFirmToken = (await login(ctx, loner.email, loner.password)).body.token;
});
afterAll(() => ctx.close());

/** The path with its parameters filled: objects of this firm, or of the other firm. */
function urlOf(route: string, firm: 'own' | 'foreign') {
  const [, path] = route.split(' ');
  const foreignId = path!.startsWith('/api/calendar/events/')
    ? foreignEventId
    : path!.startsWith('/api/cases/') || path!.startsWith('/api/calendar/cases/')
      ? foreignCaseId
      : path!.startsWith('/api/document/')
        ? foreignDocumentId
        : path!.startsWith('/api/memberships/')
          ? foreignMembershipId
          : path!.startsWith('/api/emails/')
            ? foreignEmailId
            : path!.startsWith('/api/notifications/')
              ? foreignNotificationId
              : path!.startsWith('/api/conversations/')
                ? foreignConversationId
                : path!.startsWith('/api/experts/')
                  ? foreignExpertId
                  : path!.startsWith('/api/negotiations/')
                    ? foreignNegotiationId
                    : path!.startsWith('/api/workflows/')
                      ? foreignWorkflowId
                      : path!.startsWith('/api/auth/passkeys/')
                        ? foreignPasskeyId
                        : foreignClientId;
  const ownUser = path!.startsWith('/api/firm/members/')
    ? '00000000-0000-4000-8000-000000000000'
    : ownAttorneyId;
  return path!
    .replace(':provider', path!.startsWith('/api/calendar/') ? 'sentinel' : 'google')
    .replace(':eventId', firm === 'own' ? '00000000-0000-4000-8000-000000000000' : foreignId)
    .replace(':caseId', firm === 'own' ? '00000000-0000-4000-8000-000000000000' : foreignId)
    .replace(':file', 'no-such-feed-token-0000000000.ics')
    .replace(':kind', 'denial')
    .replace(':ruleId', 'FL-08')
    .replace(':stageId', '00000000-0000-4000-8000-000000000000')
    .replace(':requestId', '00000000-0000-4000-8000-000000000000')
    .replace(':attachmentId', 'att1')
    .replace(':messageId', firm === 'own' ? '00000000-0000-4000-8000-000000000000' : foreignMessageId)
    .replace(':userId', firm === 'own' ? ownUser : foreignAttorneyId)
    .replace(':id', firm === 'own' ? '00000000-0000-4000-8000-000000000000' : foreignId);
}

/**
 * Calls the route; any error answer must carry the one error shape, its text both as `error` and as
 * the spec's `message` (§8 reads "the server message"), so every route's errors are checked here.
 */
const call = async (route: string, firm: 'own' | 'foreign', token?: string) => {
  const payload = TABLE[route]?.payload ?? {};
  const response = await ctx.app.inject({
    method: route.split(' ')[0] as 'GET',
    url: urlOf(route, firm),
    headers: token ? bearer(token) : {},
    ...(route.startsWith('GET') ? {} : { payload: filled(payload, firm) }),
  });
  if (response.statusCode >= 400) {
    const body = response.json();
    expect(body.error, `${route}: ${response.body}`).toEqual(expect.any(String));
    expect(body.message, `${route}: ${response.body}`).toBe(body.error);
  }
  return response;
};

/** A body with its ids filled: the own firm's client, and the firm to switch to. */
function filled(payload: Record<string, unknown>, firm: 'own' | 'foreign') {
  if ('title' in payload) return { ...payload, clientId: ownClientId };
  if (payload.firmId === 'FIRM') return { firmId: firm === 'own' ? ownFirmId : foreignFirmId };
  if (payload.caseId === 'CASE')
    return { caseId: firm === 'own' ? '00000000-0000-4000-8000-000000000000' : foreignBareCaseId };
  return payload;
}

const allowedTypes = (access: Expect): readonly UserType[] =>
  access === 'session' || access === 'account' ? USER_TYPES : (access as readonly UserType[]);

describe('a member of both firms acting in the other firm', () => {
  it('sees none of the firm it is not acting in: not in lists, search, counts, people or audit', async () => {
    const markers = [
      foreignCaseId,
      foreignClientId,
      foreignDocumentId,
      foreignFirmId,
      'Other firm case',
      'other.firm.client',
    ];
    for (const userType of USER_TYPES) {
      const lists = [
        '/api/cases?pageSize=all',
        '/api/cases?search=Other',
        `/api/client/${dualIds[userType]}/clients?pageSize=all`,
        `/api/client/${dualIds[userType]}/clients?search=other`,
        `/api/document/${dualIds[userType]}/all`,
        '/api/firm/people',
        '/api/firm/members',
        '/api/dashboard/attorney',
        '/api/analytics?period=all',
        '/api/analytics/export.csv?period=all',
        '/api/conversations',
        '/api/negotiations?pageSize=all',
        '/api/negotiations/cases',
      ];
      for (const url of lists) {
        const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(dualTokens[userType]) });
        if (response.statusCode === 403) continue; // not their route
        expect(response.statusCode, `${userType} ${url}`).toBe(200);
        for (const marker of markers) expect(response.body, `${userType} ${url}`).not.toContain(marker);
      }
    }
  });

  it('sees the other firm once it switches to it, so the 404s above are the boundary', async () => {
    const switched = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/switch-firm',
      headers: bearer(dualTokens.attorney),
      payload: { firmId: foreignFirmId },
    });
    expect(switched.statusCode).toBe(200);
    const token = switched.json().token as string;
    const foreignCase = await ctx.app.inject({
      method: 'GET',
      url: `/api/cases/${foreignCaseId}`,
      headers: bearer(token),
    });
    expect(foreignCase.statusCode).toBe(200);
    // The token of the firm before stops working at once.
    const old = await ctx.app.inject({
      method: 'GET',
      url: '/api/cases',
      headers: bearer(dualTokens.attorney),
    });
    expect(old.statusCode).toBe(401);
    const back = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/switch-firm',
      headers: bearer(token),
      payload: { firmId: ownFirmId },
    });
    expect(back.statusCode, back.body).toBe(200);
    dualTokens.attorney = back.json().token;
  });
});

describe('authorisation table', () => {
  it('has exactly one row per registered route, with the access the route declares', () => {
    const registered = Object.fromEntries(ctx.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(Object.keys(registered).sort()).toEqual(Object.keys(TABLE).sort());
    for (const [route, row] of Object.entries(TABLE)) expect(registered[route], route).toEqual(row.access);
  });

  for (const [route, row] of Object.entries(TABLE)) {
    if (row.access === 'public') continue;
    it(`${route}: 401 without a session; 403 for roles that may not; never for those that may`, async () => {
      expect((await call(route, 'own')).statusCode).toBe(401);
      for (const userType of USER_TYPES) {
        const allowed = allowedTypes(row.access).includes(userType);
        const status = (await call(route, 'own', tokens[userType])).statusCode;
        if (allowed) expect([401, 403], `${userType}: ${status}`).not.toContain(status);
        else expect(status, userType).toBe(403);
      }
    });
    it(`${route}: someone with no firm yet is let in only where no firm is needed`, async () => {
      const response = await call(route, 'own', noFirmToken);
      if (row.access === 'account') expect([401, 403]).not.toContain(response.statusCode);
      else {
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toBe(MESSAGES.noFirmYet);
      }
    });
    if (row.foreignObject) {
      it(`${route}: another firm's object answers 404 to an allowed role`, async () => {
        for (const userType of allowedTypes(row.access)) {
          expect((await call(route, 'foreign', tokens[userType])).statusCode, userType).toBe(404);
        }
      });
      if (!row.acrossFirms)
        it(`${route}: 404 to a member of both firms acting in the other firm, every role`, async () => {
          for (const userType of allowedTypes(row.access)) {
            expect((await call(route, 'foreign', dualTokens[userType])).statusCode, userType).toBe(404);
          }
        });
    }
  }
});
