import { z } from 'zod';
import { PROVIDERS } from '../constants';

/**
 * Provider connections and the merged inbox (issue 10). Spec §3 "Provider status response",
 * "Token lookup response", "Token store payload" and "Email"; §7 /api/oauth, /api/tokens and
 * /api/emails. Tokens never reach the browser: the server redeems the code (ARCHITECTURE §6).
 */

export const providerSchema = z.enum(PROVIDERS, { error: 'Unknown provider' });
export const providerParams = z.object({ provider: providerSchema });

// GET /api/oauth/connect/{provider}: where the browser goes to consent
export const oauthConnectResponse = z.object({ url: z.string() });

/**
 * POST /api/oauth/callback: the /oauth2callback and /microsoftoauthcallback screens post what the
 * provider returned. A denied consent carries `error` (and usually `error_description`) instead
 * of `code`; the server then forgets the state and answers 400 with the provider's text.
 */
export const oauthCallbackBody = z.object({
  provider: providerSchema,
  state: z.string().min(1).max(512),
  code: z.string().min(1).max(4096).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});
export type OAuthCallbackBody = z.infer<typeof oauthCallbackBody>;
export const oauthCallbackResponse = z.object({
  provider: providerSchema,
  accountEmail: z.string(),
});

// GET /api/oauth/status (spec §3 "Provider status response")
export const oauthStatusResponse = z.object({
  googleStatus: z.boolean(),
  microsoftStatus: z.boolean(),
});
export type OAuthStatusResponse = z.infer<typeof oauthStatusResponse>;

// GET /api/oauth/config/microsoft
export const microsoftConfigResponse = z.object({ clientId: z.string() });

export const CONNECTION_STATUSES = ['connected', 'needs_reconnect'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** One provider as Settings → Integrations shows it. */
export const integration = z.object({
  provider: providerSchema,
  /** Whether the server can connect this provider at all (credentials or the sandbox). */
  configured: z.boolean(),
  /** The built-in provider sandbox stands in for the real service (no credentials set). */
  sandbox: z.boolean(),
  /** Where the provider's own compose window opens (query parameters are added per provider). */
  composeUrl: z.string().nullable(),
  connection: z
    .object({
      status: z.enum(CONNECTION_STATUSES),
      accountEmail: z.string(),
      connectedAt: z.string(),
      lastSyncedAt: z.string().nullable(),
      /** A sync job is queued or running. */
      syncing: z.boolean(),
      /** The last sync's failure, in words for the user (null when it went well). */
      lastSyncError: z.string().nullable(),
      emailCount: z.number().int(),
    })
    .nullable(),
});
export type Integration = z.infer<typeof integration>;
// GET /api/oauth/connections
export const integrationsResponse = z.object({ data: z.array(integration) });
export type IntegrationsResponse = z.infer<typeof integrationsResponse>;

// GET /api/tokens/get?userId&provider (spec §3 "Token lookup response"; never a secret)
export const tokenLookupQuery = z.object({ userId: z.string().optional(), provider: providerSchema });
export const tokenLookupResponse = z.object({
  token: z.object({
    provider: providerSchema,
    connected: z.literal(true),
    accountEmail: z.string(),
    expiresAt: z.string(),
    scopes: z.array(z.string()),
  }),
});

// POST /api/tokens/store (spec §3 "Token store payload"): for clients that redeemed tokens themselves
export const tokenStoreBody = z.object({
  provider: providerSchema,
  userId: z.string().optional(),
  accessToken: z.string().min(1).max(8192),
  refreshToken: z.string().min(1).max(8192).optional().nullable(),
  expiresAt: z.iso.datetime({ offset: true, error: 'expiresAt must be an ISO date-time' }),
});
export type TokenStoreBody = z.infer<typeof tokenStoreBody>;

// DELETE /api/tokens/delete?userId&provider
export const tokenDeleteQuery = tokenLookupQuery;
export const successResponse = z.object({ success: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Email (spec §3 "Email", extended)

export const EMAIL_STATUSES = ['Unread', 'Read'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export const EMAIL_PRIORITIES = ['High', 'Normal'] as const;
export const INBOX_PAGE_SIZE = 50;
export const INBOX_MAX_PAGE_SIZE = 100;

/** Why an e-mail is suggested for a case, strongest first. */
export const SUGGESTION_REASONS = [
  'case_number',
  'claim_number',
  'policy_number',
  'client',
  'case_member',
] as const;
export type SuggestionReason = (typeof SUGGESTION_REASONS)[number];

export const emailCaseRef = z.object({ id: z.string(), caseNumber: z.string(), title: z.string() });
export const emailSuggestion = emailCaseRef.extend({
  reason: z.enum(SUGGESTION_REASONS),
  /** The reason in words, e.g. 'Names claim CLM-2026-88339' or 'From the client Maria Hernandez'. */
  reasonText: z.string(),
});
export type EmailSuggestion = z.infer<typeof emailSuggestion>;

export const emailAttachment = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});

/** A row of the inbox list. */
export const email = z.object({
  id: z.string(),
  provider: providerSchema,
  /** 'Name <address>' or the bare address (spec §3 `from`). */
  from: z.string(),
  fromName: z.string().nullable(),
  fromAddress: z.string(),
  subject: z.string(),
  /** In the list: the preview (body stripped of markup, at most 100 characters; §9). */
  body: z.string(),
  received_at: z.string(),
  status: z.enum(EMAIL_STATUSES),
  priority: z.enum(EMAIL_PRIORITIES),
  case_id: z.string().nullable(),
  /** Attachment names (spec §3). */
  attachments: z.array(z.string()),
  case: emailCaseRef.nullable(),
  suggestion: emailSuggestion.nullable(),
});
export type Email = z.infer<typeof email>;

// GET /api/emails/inbox/{google|microsoft|all}
export const inboxParams = z.object({
  provider: z.enum([...PROVIDERS, 'all'], { error: 'Unknown provider' }),
});
export const inboxQuery = z.object({
  /** Opaque keyset cursor from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(INBOX_MAX_PAGE_SIZE).default(INBOX_PAGE_SIZE),
  unread: z.enum(['true', 'false']).optional(),
  /** Words matched against sender, subject and body. */
  q: z.string().trim().max(200).optional(),
  /** A case id (e-mails filed to it), 'unfiled' or 'suggested' (unfiled with a suggestion). */
  case: z.union([z.uuid(), z.enum(['unfiled', 'suggested'])]).optional(),
});
export type InboxQuery = z.input<typeof inboxQuery>;
export const inboxResponse = z.object({
  data: z.array(email),
  nextCursor: z.string().nullable(),
  /** Unread e-mails in the whole inbox of this provider (or both), ignoring the filters. */
  unreadCount: z.number().int(),
});
export type InboxResponse = z.infer<typeof inboxResponse>;

// GET /api/emails/{id}?remoteImages=true: the reader
export const emailParams = z.object({ id: z.uuid({ error: 'Unknown e-mail' }) });
export const emailDetailQuery = z.object({ remoteImages: z.enum(['true', 'false']).optional() });
export const emailDetail = email.omit({ attachments: true }).extend({
  to: z.array(z.string()),
  cc: z.array(z.string()),
  /** Sanitised HTML (no script, no event handlers, no javascript: links; remote images held back
   * unless remoteImages=true). Rendered in a sandboxed frame. */
  html: z.string(),
  /** How many remote images were held back (0 when none or when they were allowed). */
  remoteImages: z.number().int(),
  attachments: z.array(emailAttachment.extend({ documentId: z.string().nullable() })),
});
export type EmailDetail = z.infer<typeof emailDetail>;
export const emailDetailResponse = z.object({ data: emailDetail });

// PATCH /api/emails/{id}: read state and case assignment persist (ARCHITECTURE §6)
export const emailPatchBody = z
  .object({
    status: z.enum(EMAIL_STATUSES).optional(),
    case_id: z.uuid({ error: 'Unknown case' }).nullable().optional(),
  })
  .refine((body) => body.status !== undefined || body.case_id !== undefined, {
    error: 'Nothing to change',
  });
export const emailPatchResponse = z.object({ data: email });

// POST /api/emails/{id}/attachments/{attachmentId}/save: into the e-mail's case (or caseId)
export const attachmentParams = z.object({
  id: z.uuid({ error: 'Unknown e-mail' }),
  attachmentId: z.string().min(1).max(512),
});
export const attachmentSaveBody = z.object({ caseId: z.uuid({ error: 'Unknown case' }).optional() });
export const attachmentSaveResponse = z.object({
  document: z.object({ id: z.string(), name: z.string(), caseId: z.string() }),
});

// POST /api/emails/sync: sync the caller's connections now
export const syncResponse = z.object({ queued: z.number().int() });
