import type { CalendarEvent, GoogleEventBody, MicrosoftEventBody, Provider } from '@sentinel/shared';

/**
 * The one interface every provider adapter implements (issue 10). Adapters only ever see base
 * URLs (`ProviderEndpoints`), so the built-in sandbox and the real Google and Microsoft differ
 * in configuration only. Adapters never log a token, and their errors never carry one.
 */

/** Where a provider lives: the real services, or the sandbox's mount point. */
export interface GoogleEndpoints {
  /** https://accounts.google.com/o/oauth2/v2/auth */
  authorize: string;
  /** https://oauth2.googleapis.com/token */
  token: string;
  /** https://oauth2.googleapis.com/revoke */
  revoke: string;
  /** https://openidconnect.googleapis.com/v1/userinfo */
  userinfo: string;
  /** https://gmail.googleapis.com/gmail/v1 */
  gmail: string;
  /** https://www.googleapis.com/calendar/v3 */
  calendar: string;
  /** https://mail.google.com/mail/ (compose: ?view=cm&fs=1&to=&su=&body=) */
  compose: string;
}

export interface MicrosoftEndpoints {
  /** https://login.microsoftonline.com/{tenant}/oauth2/v2.0/authorize */
  authorize: string;
  /** https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token */
  token: string;
  /** https://graph.microsoft.com/v1.0 */
  graph: string;
  /** https://outlook.office.com/mail/deeplink/compose (?to=&subject=&body=) */
  compose: string;
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface TokenSet {
  accessToken: string;
  /** Google sends a refresh token only on the first consent (prompt=consent asks again). */
  refreshToken: string | null;
  expiresAt: Date;
  scopes: string[];
}

/** The provider refused the grant (Google/Microsoft `invalid_grant`): the user must reconnect. */
export class GrantRevokedError extends Error {
  constructor(readonly description: string) {
    super(`grant revoked: ${description}`);
    this.name = 'GrantRevokedError';
  }
}

/** A provider answer we could not use: the status, the provider's error code and its text. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    /** Worth trying again later (429, 5xx, network). */
    readonly transient: boolean,
  ) {
    super(`${status} ${code}: ${description}`);
    this.name = 'ProviderError';
  }
}

/** A Gmail historyId or a Graph delta token the provider no longer knows: sync everything again. */
export class CursorExpiredError extends Error {
  constructor() {
    super('sync cursor expired');
    this.name = 'CursorExpiredError';
  }
}

export interface OAuthAdapter {
  readonly provider: Provider;
  /** The scopes asked for, as the provider spells them. */
  readonly scopes: string[];
  authorizationUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  /** Redeems the code; throws ProviderError with the provider's error_description when refused. */
  redeemCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<TokenSet>;
  /** Throws GrantRevokedError on invalid_grant. */
  refresh(refreshToken: string): Promise<TokenSet>;
  /** Revokes at the provider where it can (Google); a no-op where it cannot (Microsoft). */
  revoke(token: string): Promise<void>;
  /** The connected account's address (Google userinfo, Graph /me). */
  accountEmail(accessToken: string): Promise<string>;
}

export interface MailAttachmentRef {
  /**
   * Opaque; hand it back to `MailAdapter.attachment`. Graph: the attachment id. Gmail:
   * `partId:attachmentId`, because Gmail issues a new attachmentId each time a message is read
   * while the part id stays, and the part gives the name and type back.
   */
  id: string;
  name: string;
  mimeType: string;
  size: number;
}

/** An e-mail as an adapter hands it over, before sanitising. */
export interface ProviderMessage {
  providerMessageId: string;
  threadId: string | null;
  fromName: string | null;
  fromAddress: string;
  to: string[];
  cc: string[];
  subject: string;
  receivedAt: Date;
  unread: boolean;
  priority: 'high' | 'normal';
  /** Raw HTML body as the provider sent it (untrusted), or null. */
  html: string | null;
  /** Plain-text body, or null. */
  text: string | null;
  attachments: MailAttachmentRef[];
  /** Only messages in the inbox are listed (Gmail INBOX label, Graph inbox folder). */
  inInbox: boolean;
}

/** Gives a valid access token; `force` refreshes even when the stored one has not expired (after a 401). */
export type AccessTokenSource = (force?: boolean) => Promise<string>;

export interface MailPage {
  messages: ProviderMessage[];
  /** Provider ids removed from the inbox since the cursor (deleted or moved). */
  removed: string[];
}

export interface MailAdapter {
  readonly provider: Provider;
  /**
   * The first sync: inbox messages received after `since`, newest first, at most `max`, page by
   * page. Returns the cursor to continue from incrementally.
   */
  fullSync(
    token: AccessTokenSource,
    options: { since: Date; max: number; onPage: (page: MailPage) => Promise<void> },
  ): Promise<{ cursor: string }>;
  /** What changed since `cursor`. Throws CursorExpiredError when the provider lost it. */
  incrementalSync(
    token: AccessTokenSource,
    options: { cursor: string; onPage: (page: MailPage) => Promise<void> },
  ): Promise<{ cursor: string }>;
  attachment(
    token: AccessTokenSource,
    input: { providerMessageId: string; attachmentId: string },
  ): Promise<{ data: Buffer; name: string; mimeType: string }>;
}

/**
 * A provider event as the calendar screen shows it (spec §3 "Calendar event (normalized)"), before
 * the service sanitises `description` (untrusted provider HTML) and adds what only Sentinel knows.
 */
export type ProviderCalendarEvent = Omit<CalendarEvent, 'case' | 'deadline' | 'eventType'>;

/** A move or resize from the screen: new start and end (ISO instants, or dates when all-day). */
export interface CalendarMove {
  start: string;
  end: string;
  allDay: boolean;
}

export interface CalendarAdapter {
  readonly provider: Provider;
  /**
   * The primary calendar's events overlapping [start, end), recurring series expanded into their
   * instances, normalised (providers.md §3.4, §5.5): timed events as UTC instants, all-day ones as
   * dates with an exclusive end. Events without an id or a start are dropped; a missing title is
   * 'Untitled Event'; cancelled instances are left out.
   */
  list(token: AccessTokenSource, range: { start: Date; end: Date }): Promise<ProviderCalendarEvent[]>;
  /** Creates from the spec's googleEvent / microsoftEvent payload (already validated). */
  create(
    token: AccessTokenSource,
    event: GoogleEventBody | MicrosoftEventBody,
  ): Promise<ProviderCalendarEvent>;
  /**
   * `ifMatch`: the event's `etag` the person saw, sent as If-Match; changed since, the provider
   * answers 412 (thrown as ProviderError 412) and changes nothing.
   */
  update(
    token: AccessTokenSource,
    eventId: string,
    move: CalendarMove,
    ifMatch?: string,
  ): Promise<ProviderCalendarEvent>;
  /** Deletes; an event the provider already deleted (Google 410) counts as deleted. Throws ProviderError 404 when unknown. */
  delete(token: AccessTokenSource, eventId: string, ifMatch?: string): Promise<void>;
}

export interface ProviderAdapters {
  oauth: OAuthAdapter;
  mail: MailAdapter;
  calendar: CalendarAdapter;
  /** Where the provider's own compose window opens. */
  composeUrl: string;
}
