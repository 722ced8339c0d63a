/** Business constants and limits from spec §9. Both server and web read them from here. */

/** Refresh the access token this many seconds before it expires. */
export const TOKEN_REFRESH_THRESHOLD_SECONDS = 30;
/** A request that answered 401 is retried at most this many times (after one refresh). */
export const MAX_RETRIES_AFTER_401 = 1;
/** Lifetime of the access token (JWT), in seconds. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted (ASVS 6.2.9 asks for at least 64). */
export const PASSWORD_MAX_LENGTH = 256;

export const UPLOAD_TIMEOUT_MS = 300_000;
export const AI_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

export const TOAST_DURATION_MS = 3000;
export const CONNECT_BANNER_MS = 5000;
export const EVENT_RELOAD_AFTER_SAVE_MS = 1000;
export const CANNED_REPLY_DELAY_MS = 2000;

export const EMAIL_PREVIEW_LENGTH = 100;

export const CLIENT_PAGE_SIZES = [10, 12, 20, 'all'] as const;
export const DEFAULT_CLIENT_PAGE_SIZE = 12;
export const CASE_PAGE_SIZES = [10, 15, 25, 'all'] as const;
export const DEFAULT_CASE_PAGE_SIZE = 10;

export const MICROSOFT_SCOPES = 'openid profile email User.Read Mail.Read';

export const NEGOTIATION_TARGET_RANGE = { low: 0.9, high: 1.1 } as const;
export const NEGOTIATION_COLOUR_THRESHOLDS = { red: 0.6, yellow: 0.85 } as const;
export const PRIORITIES = ['high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Browser local-storage keys (spec §3). */
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  userEmail: 'userEmail',
  userFirstName: 'userFirstName',
  userLastName: 'userLastName',
  userRole: 'userRole',
  userType: 'userType',
  googleConnected: 'googleConnected',
  microsoftConnected: 'microsoftConnected',
  clientsPageSize: 'clientsPageSize',
} as const;

/**
 * Local-storage keys of the session's firm (issue 9), beside the spec's §3 keys: the firm acted in,
 * the person's firms and the pending invitation count (JSON). Other tabs watch the firm key to
 * notice a firm switch.
 */
export const FIRM_STORAGE_KEYS = {
  firm: 'sessionFirm',
  firms: 'sessionFirms',
  invitations: 'sessionInvitations',
  /** The person's calendar time zone (issue 11); absent until stored. */
  timeZone: 'sessionTimeZone',
} as const;

/** Session-storage keys used during OAuth (spec §3). */
export const SESSION_STORAGE_KEYS = {
  oauthProvider: 'oauth_provider',
  oauthState: 'oauth_state',
  pkceCodeVerifier: 'pkce_code_verifier',
  /** One-time ticket that lets an invited user replace a temporary password (ARCHITECTURE §6). */
  temporaryPasswordTicket: 'temporary_password_ticket',
} as const;

export const PROVIDERS = ['google', 'microsoft'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const PROVIDER_LABELS: Record<Provider, string> = {
  google: 'Google Workspace',
  microsoft: 'Microsoft 365',
};
