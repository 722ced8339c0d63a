import { sandboxEndpoints, startProviderSandbox, type ProviderSandbox } from '@sentinel/provider-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bulkMessages,
  claimsMailbox,
  fullSync,
  incrementalSync,
  tokenSource,
} from '../test/provider-sandbox';
import { createProviderAdapters } from './index';
import { CursorExpiredError, GrantRevokedError, type ProviderAdapters } from './provider';

const client = { clientId: 'sentinel-microsoft', clientSecret: 'microsoft-secret' };
const ANA = 'ana@outlook.example';
const BULK = 'bulk@outlook.example';
const REVOKED = 'revoked@outlook.example';
const now = new Date();
const since = new Date(now.getTime() - 90 * 86_400_000);

let sandbox: ProviderSandbox;
let close: () => Promise<void>;
let url: string;
let microsoft: ProviderAdapters;

const adapters = (attempts?: number) =>
  createProviderAdapters(
    { microsoft: { endpoints: sandboxEndpoints(url).microsoft, credentials: client } },
    { sleep: async () => {}, attempts },
  ).microsoft!;

beforeAll(async () => {
  ({ sandbox, close, url } = await startProviderSandbox({
    clients: { google: [], microsoft: [client] },
    seed: {
      microsoft: [
        { email: ANA, name: 'Ana Rivera', messages: claimsMailbox(now) },
        { email: BULK, name: 'Bulk', messages: bulkMessages(200, now) },
        { email: REVOKED, name: 'Revoked', messages: claimsMailbox(now) },
      ],
    },
    admin: true,
    port: 0,
  }));
  microsoft = adapters();
});
afterAll(() => close?.());

const grant = (email: string, adapter = microsoft) =>
  tokenSource(
    adapter.oauth,
    sandbox.issueGrant('microsoft', { clientId: client.clientId, email, scopes: adapter.oauth.scopes }),
  );

const deltaCalls = () => sandbox.requests.filter((r) => r.path.endsWith('/messages/delta'));

describe('Graph mail adapter against the sandbox', () => {
  it('syncs the inbox to a delta link, then what changed, then asks for a full sync when the state is gone', async () => {
    const { source } = grant(ANA);
    expect(await microsoft.oauth.accountEmail(await source())).toBe(ANA);

    const first = await fullSync(microsoft.mail, source, since);
    expect(first.cursor).toMatch(/\/me\/mailFolders\/inbox\/messages\/delta\?/);
    expect(first.messages.map((m) => m.subject)).toEqual([
      'Policy #POL-4417337: inspection Friday',
      'RE: CLM-2026-88339 – Dachschäden',
    ]);
    const [inspection, estimate] = first.messages as [(typeof first.messages)[0], (typeof first.messages)[0]];
    expect(estimate).toMatchObject({
      fromName: 'Müller, Jürgen',
      fromAddress: 'j.mueller@carrier.example',
      to: ['ana@firm.example'],
      cc: ['desk@carrier.example'],
      unread: false,
      priority: 'normal',
      inInbox: true,
    });
    expect(estimate.html).toContain('12.400 €');
    expect(estimate.attachments.map((a) => [a.name, a.mimeType, a.size])).toEqual([
      ['Estimate CLM-2026-88339.pdf', 'application/pdf', 17],
      ['roof.jpg', 'image/jpeg', 7],
    ]);
    const file = await microsoft.mail.attachment(source, {
      providerMessageId: estimate.providerMessageId,
      attachmentId: estimate.attachments[1]!.id,
    });
    expect(file).toEqual({
      data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
      name: 'roof.jpg',
      mimeType: 'image/jpeg',
    });
    expect(inspection).toMatchObject({ unread: true, priority: 'high' });

    const { id: arrived } = sandbox.deliver('microsoft', ANA, {
      from: { name: 'Adjuster', address: 'adjuster@carrier.example' },
      to: [ANA],
      subject: 'CASE-2026-004 photos',
      receivedAt: new Date(),
      unread: true,
      html: '<p>Photos follow.</p>',
    });
    sandbox.setRead('microsoft', ANA, inspection.providerMessageId, true);
    sandbox.remove('microsoft', ANA, estimate.providerMessageId);

    const changes = await incrementalSync(microsoft.mail, source, first.cursor);
    expect(changes.removed).toEqual([estimate.providerMessageId]);
    const byId = new Map(changes.messages.map((m) => [m.providerMessageId, m]));
    expect(byId.get(arrived)).toMatchObject({ subject: 'CASE-2026-004 photos', unread: true });
    expect(byId.get(inspection.providerMessageId)).toMatchObject({ unread: false });

    const quiet = await incrementalSync(microsoft.mail, source, changes.cursor);
    expect(quiet.messages).toEqual([]);
    expect(quiet.removed).toEqual([]);

    sandbox.expireSyncState('microsoft', ANA);
    await expect(incrementalSync(microsoft.mail, source, quiet.cursor)).rejects.toBeInstanceOf(
      CursorExpiredError,
    );
  });

  it('pages through a big inbox 50 at a time and keeps the newest max', async () => {
    const { source } = grant(BULK);
    sandbox.clearRequests();
    const all = await fullSync(microsoft.mail, source, since, 500);
    expect(all.messages).toHaveLength(200);
    expect(deltaCalls().length).toBeGreaterThanOrEqual(4);

    const some = await fullSync(microsoft.mail, source, since, 30);
    expect(some.messages).toHaveLength(30);
    expect(some.messages[0]!.subject).toBe('Bulk message 0');
    expect(some.messages[29]!.subject).toBe('Bulk message 29');
  });

  it('refreshes once when the access token is refused, and reports a revoked grant', async () => {
    const ana = grant(ANA);
    sandbox.expireAccessTokens('microsoft', ANA);
    await fullSync(microsoft.mail, ana.source, since);
    expect(ana.counts.refreshes).toBe(1);

    const revoked = grant(REVOKED);
    sandbox.revokeGrants('microsoft', REVOKED);
    await expect(fullSync(microsoft.mail, revoked.source, since)).rejects.toBeInstanceOf(GrantRevokedError);
  });

  it('gets all 200 messages while 30 % of calls are throttled', async () => {
    // 10 attempts: see the Gmail test; here there are fewer calls, the odds are the same per call.
    const patient = adapters(10);
    const { source } = grant(BULK, patient);
    sandbox.clearRequests();
    sandbox.faults.set({ rate429: 0.3, retryAfterSeconds: 0, seed: 7, provider: 'microsoft' });
    try {
      const bulk = await fullSync(patient.mail, source, since, 500);
      expect(bulk.messages).toHaveLength(200);
      expect(bulk.messages.filter((m) => m.attachments.length === 1)).toHaveLength(20);
      expect(sandbox.requests.filter((r) => r.status === 429).length).toBeGreaterThan(3);
    } finally {
      sandbox.faults.reset();
    }
  });
});
