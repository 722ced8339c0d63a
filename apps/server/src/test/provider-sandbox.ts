import {
  completeConsent,
  startProviderSandbox,
  type SandboxSeed,
  type SeedMessage,
} from '@sentinel/provider-sandbox';
import type {
  AccessTokenSource,
  MailAdapter,
  MailPage,
  OAuthAdapter,
  ProviderMessage,
} from '../integrations/provider';
import { SANDBOX_CLIENT_ID, sandboxClientSecret } from '../integrations/settings';
import { connectionsRepository } from '../modules/connections/connections.repository';
import { SecretBox } from '../platform/secret-box';
import { TEST_APP_SECRET, type TestContext } from './helpers';

/**
 * What the OAuth manager does for the adapters, reduced for adapter tests: hands out the stored
 * access token, refreshes when asked to (after a 401), keeps Google's refresh token when a
 * refresh answer has none.
 */
export function tokenSource(oauth: OAuthAdapter, grant: { accessToken: string; refreshToken: string }) {
  let accessToken = grant.accessToken;
  let refreshToken = grant.refreshToken;
  const counts = { refreshes: 0 };
  const source: AccessTokenSource = async (force) => {
    if (force) {
      counts.refreshes += 1;
      const set = await oauth.refresh(refreshToken);
      accessToken = set.accessToken;
      refreshToken = set.refreshToken ?? refreshToken;
    }
    return accessToken;
  };
  return { source, counts };
}

/** Runs a sync and gathers its pages. */
export async function collect(
  run: (onPage: (page: MailPage) => Promise<void>) => Promise<{ cursor: string }>,
): Promise<{ cursor: string; pages: MailPage[]; messages: ProviderMessage[]; removed: string[] }> {
  const pages: MailPage[] = [];
  const { cursor } = await run(async (page) => void pages.push(page));
  return {
    cursor,
    pages,
    messages: pages.flatMap((page) => page.messages),
    removed: pages.flatMap((page) => page.removed),
  };
}

export const fullSync = (mail: MailAdapter, token: AccessTokenSource, since: Date, max = 500) =>
  collect((onPage) => mail.fullSync(token, { since, max, onPage }));

export const incrementalSync = (mail: MailAdapter, token: AccessTokenSource, cursor: string) =>
  collect((onPage) => mail.incrementalSync(token, { cursor, onPage }));

const DAY = 86_400_000;

/** A small claims mailbox: a multipart message with two attachments, an important unread one, an old one. */
export function claimsMailbox(now: Date): SeedMessage[] {
  return [
    {
      from: { name: 'Müller, Jürgen', address: 'j.mueller@carrier.example' },
      to: ['ana@firm.example'],
      cc: ['desk@carrier.example'],
      subject: 'RE: CLM-2026-88339 – Dachschäden',
      receivedAt: new Date(now.getTime() - 2 * DAY),
      unread: false,
      html: '<p>Estimate attached: <b>12.400 €</b></p>',
      text: 'Estimate attached: 12.400 €',
      attachments: [
        {
          name: 'Estimate CLM-2026-88339.pdf',
          mimeType: 'application/pdf',
          content: Buffer.from('%PDF-1.7 estimate'),
        },
        { name: 'roof.jpg', mimeType: 'image/jpeg', content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) },
      ],
    },
    {
      from: { name: 'Claims Desk', address: 'claims@insurer.example' },
      to: ['ana@firm.example'],
      subject: 'Policy #POL-4417337: inspection Friday',
      receivedAt: new Date(now.getTime() - 1 * DAY),
      unread: true,
      important: true,
      html: '<p>Inspection on Friday at 10:00.</p>',
    },
    {
      from: { address: 'old@archive.example' },
      to: ['ana@firm.example'],
      subject: 'Last year',
      receivedAt: new Date(now.getTime() - 400 * DAY),
      text: 'Too old to sync',
    },
  ];
}

/** `count` messages, one a minute back from `now`; every tenth carries a small attachment. */
export function bulkMessages(count: number, now: Date): SeedMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    from: { name: `Sender ${i}`, address: `sender${i}@bulk.example` },
    to: ['ana@firm.example'],
    subject: `Bulk message ${i}`,
    receivedAt: new Date(now.getTime() - (i + 1) * 60_000),
    unread: i % 2 === 0,
    html: `<p>Message number ${i}</p>`,
    attachments:
      i % 10 === 0 ? [{ name: `scan-${i}.txt`, mimeType: 'text/plain', content: `scan ${i}` }] : undefined,
  }));
}

/**
 * The provider sandbox as a real local server for server tests, knowing Sentinel's test client
 * (the app under test is pointed at it with PROVIDER_SANDBOX_URL).
 */
export async function startTestSandbox(seed: SandboxSeed = {}) {
  const client = { clientId: SANDBOX_CLIENT_ID, clientSecret: sandboxClientSecret(TEST_APP_SECRET) };
  return startProviderSandbox({
    clients: { google: [client], microsoft: [client] },
    seed,
    admin: true,
    port: 0,
  });
}

/**
 * Connects `email`'s Google or Microsoft account to the user as the consent screen would: a grant
 * issued by the sandbox, its tokens sealed and stored. Answers the connection's row.
 */
export async function connectSandboxAccount(
  ctx: TestContext,
  sandbox: Awaited<ReturnType<typeof startTestSandbox>>,
  userId: string,
  provider: 'google' | 'microsoft',
  email: string,
) {
  const box = new SecretBox(TEST_APP_SECRET, 'provider-tokens');
  const scopes = ctx.app.providers.adapters[provider]!.oauth.scopes;
  const grant = sandbox.sandbox.issueGrant(provider, { clientId: SANDBOX_CLIENT_ID, email, scopes });
  const { row } = await connectionsRepository.upsert(ctx.database.db, {
    userId,
    provider,
    accountEmail: email,
    accessToken: box.seal(grant.accessToken),
    refreshToken: box.seal(grant.refreshToken),
    expiresAt: new Date(Date.now() + grant.expiresIn * 1000),
    scopes,
  });
  return row;
}

/**
 * Goes through the sandbox's account chooser and consent screen for `email` and answers with
 * `decision`. Returns the query the provider sent back to the redirect URI (code and state, or
 * error and state).
 */
export async function consent(
  authorizeUrl: string,
  email: string,
  decision: 'allow' | 'deny',
): Promise<URLSearchParams> {
  const result = await completeConsent(authorizeUrl, { email, decision });
  if (!result.location) throw new Error(`consent did not return to the app (${result.status})`);
  return new URL(result.location).searchParams;
}
