import type { Provider } from '@sentinel/shared';
import { googleCalendar } from './google/calendar';
import { gmailMail } from './google/gmail';
import { googleOAuth } from './google/oauth';
import type { ProviderFetchOptions } from './http';
import { graphCalendar } from './microsoft/graph-calendar';
import { graphMail } from './microsoft/graph-mail';
import { microsoftOAuth } from './microsoft/oauth';
import type { ClientCredentials, GoogleEndpoints, MicrosoftEndpoints, ProviderAdapters } from './provider';

export * from './provider';
export { GOOGLE_SCOPES } from './google/oauth';
export { MICROSOFT_ADAPTER_SCOPES } from './microsoft/oauth';

/** Where each provider lives and the app's client registration with it; absent = not configured. */
export interface ProviderSettings {
  google?: { endpoints: GoogleEndpoints; credentials: ClientCredentials };
  microsoft?: { endpoints: MicrosoftEndpoints; credentials: ClientCredentials };
}

/** The real Google services (providers.md §1.1, §2, §3). */
export const realGoogleEndpoints: GoogleEndpoints = {
  authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  revoke: 'https://oauth2.googleapis.com/revoke',
  userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
  gmail: 'https://gmail.googleapis.com/gmail/v1',
  calendar: 'https://www.googleapis.com/calendar/v3',
  compose: 'https://mail.google.com/mail/',
};

/**
 * The real Microsoft identity platform and Graph (providers.md §4.1, §5). `tenant` is `common`
 * (work, school and personal accounts), `organizations`, `consumers` or a tenant id.
 */
export function realMicrosoftEndpoints(tenant = 'common'): MicrosoftEndpoints {
  const base = `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/oauth2/v2.0`;
  return {
    authorize: `${base}/authorize`,
    token: `${base}/token`,
    graph: 'https://graph.microsoft.com/v1.0',
    compose: 'https://outlook.office.com/mail/deeplink/compose',
  };
}

/**
 * The adapters of each configured provider, keyed by provider id; null for a provider without
 * settings (the routes then answer "not configured"). `http` tunes retries (tests inject sleep).
 */
export function createProviderAdapters(
  settings: ProviderSettings,
  http: ProviderFetchOptions = {},
): Record<Provider, ProviderAdapters | null> {
  const { google, microsoft } = settings;
  return {
    google: google
      ? {
          oauth: googleOAuth(google.endpoints, google.credentials, http),
          mail: gmailMail(google.endpoints, http),
          calendar: googleCalendar(google.endpoints, http),
          composeUrl: google.endpoints.compose,
        }
      : null,
    microsoft: microsoft
      ? {
          oauth: microsoftOAuth(microsoft.endpoints, microsoft.credentials, http),
          mail: graphMail(microsoft.endpoints, http),
          calendar: graphCalendar(microsoft.endpoints, http),
          composeUrl: microsoft.endpoints.compose,
        }
      : null,
  };
}
