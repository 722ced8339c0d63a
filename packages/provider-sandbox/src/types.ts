/** The two providers the sandbox stands in for; the same ids as the rest of Sentinel. */
export type SandboxProvider = 'google' | 'microsoft';

/** An OAuth client registered with the sandbox. No `redirectUris` = any http(s) URI accepted. */
export interface SandboxClient {
  clientId: string;
  clientSecret: string;
  redirectUris?: string[];
}

export interface SeedAttachment {
  name: string;
  mimeType: string;
  content: Buffer | string;
}

export interface SeedMessage {
  id?: string;
  threadId?: string;
  from: { name?: string; address: string };
  to: string[];
  cc?: string[];
  subject: string;
  receivedAt: Date | string;
  unread?: boolean;
  /** Gmail IMPORTANT label / Graph importance high. */
  important?: boolean;
  html?: string;
  text?: string;
  attachments?: SeedAttachment[];
}

export interface SeedAttendee {
  name?: string;
  email: string;
  response?: 'accepted' | 'declined' | 'tentative' | 'needsAction';
}

export interface SeedEvent {
  id?: string;
  title: string;
  start: Date | string;
  end: Date | string;
  allDay?: boolean;
  location?: string;
  description?: string;
  attendees?: SeedAttendee[];
  /**
   * A video meeting's join link: Google renders it as `hangoutLink` plus a `video` entry point of
   * `conferenceData`, Graph as an online meeting's `onlineMeeting.joinUrl`.
   */
  conferenceUrl?: string;
}

export interface SandboxAccount {
  email: string;
  name: string;
  messages?: SeedMessage[];
  events?: SeedEvent[];
}

export interface SandboxSeed {
  google?: SandboxAccount[];
  microsoft?: SandboxAccount[];
}

export interface Faults {
  /** Probability (0–1) that an API or token call answers 429. */
  rate429: number;
  /** Probability (0–1) that an API or token call answers 503. */
  rate5xx: number;
  /** Added before every API or token answer. */
  delayMs: number;
  /** The Retry-After header sent with 429 and 503. */
  retryAfterSeconds: number;
  /** Only this provider misbehaves; both when absent. */
  provider?: SandboxProvider;
  /** PRNG seed, so a run with faults repeats. */
  seed?: number;
}

export interface SandboxOptions {
  clients: { google: SandboxClient[]; microsoft: SandboxClient[] };
  seed?: SandboxSeed;
  /** Persist grants/tokens/mail changes here (JSON, written atomically on change) so a restart keeps connections working. */
  stateFile?: string;
  /** Lifetime of access tokens; default 3599. */
  accessTokenSeconds?: number;
  /** Enables POST {prefix}/_admin/* (faults, reset, revoke, history gap). Off unless set. */
  admin?: boolean;
  now?: () => Date;
}

/** One API call as the sandbox answered it (no tokens, no query string). */
export interface SandboxRequest {
  method: string;
  /** Path below the mount point, e.g. `/google/gmail/v1/users/me/messages`. */
  path: string;
  status: number;
  provider: string;
}

export interface ProviderSandbox {
  faults: { set(f: Partial<Faults>): void; reset(): void; get(): Faults };
  addAccount(provider: SandboxProvider, account: SandboxAccount): void;
  accounts(provider: SandboxProvider): { email: string; name: string; messageCount: number }[];
  /** New mail arrives; recorded in Gmail history / Graph delta. */
  deliver(provider: SandboxProvider, email: string, message: SeedMessage): { id: string };
  setRead(provider: SandboxProvider, email: string, messageId: string, read: boolean): void;
  remove(provider: SandboxProvider, email: string, messageId: string): void;
  /** For demo seeding: as if the user had consented. */
  issueGrant(
    provider: SandboxProvider,
    input: { clientId: string; email: string; scopes: string[] },
  ): { accessToken: string; refreshToken: string; expiresIn: number };
  /** Refresh then answers invalid_grant, access tokens 401. */
  revokeGrants(provider: SandboxProvider, email: string): void;
  /** Access tokens answer 401 (refresh still works). */
  expireAccessTokens(provider: SandboxProvider, email: string): void;
  /** Gmail: older startHistoryIds → 404; Graph delta tokens and Calendar sync tokens → 410. */
  expireSyncState(provider: SandboxProvider, email: string): void;
  /** Log of API calls, oldest first, for test assertions. */
  requests: SandboxRequest[];
  clearRequests(): void;
}

/** What the demo seed is built from. */
export interface DemoFacts {
  now: Date;
  attorney: { name: string; googleEmail: string; microsoftEmail: string };
  cases: {
    caseNumber: string;
    title: string;
    claimNumber: string;
    policyNumber: string;
    carrier: string;
    clientName: string;
    clientEmail: string;
    address: string;
  }[];
  clients: { name: string; email: string; googleEmail?: string }[];
}
