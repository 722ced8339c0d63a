import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Database } from '@sentinel/db';
import {
  claimsPracticeSeed,
  createProviderSandbox,
  type DemoFacts,
  type ProviderSandbox,
} from '@sentinel/provider-sandbox';
import type { Provider } from '@sentinel/shared';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import { SANDBOX_CLIENT_ID, sandboxClientSecret } from '../integrations/settings';
import { connectionsRepository } from '../modules/connections/connections.repository';
import { emailsRepository } from '../modules/emails/emails.repository';
import { CaseSuggester } from '../modules/emails/suggestions';
import { audit } from '../platform/audit';
import { SecretBox } from '../platform/secret-box';
import { DEMO_USERS } from './demo-firm';

/** The demo attorney's mailboxes in the sandbox. */
export const DEMO_MAILBOXES: Record<Provider, string> = {
  google: 'alex.morgan@morganreyes-law.example',
  microsoft: 'amorgan@morganreyes.onmicrosoft.example',
};
/** Each demo client's own (personal) Google mailbox in the sandbox. */
const personalGmail = (email: string) => `${email.split('@')[0]!.replace(/[^a-z0-9.]/gi, '.')}@gmail.example`;

/**
 * What the sandbox's mailboxes talk about: the demo firm's cases, clients and attorney, anchored
 * at the firm's creation so the same mail comes back after a restart. Without the demo firm, a
 * generic practice.
 */
export async function demoFacts(db: Database): Promise<DemoFacts> {
  const attorney = DEMO_USERS[0]!;
  const [firm] = await db
    .select({ id: schema.firms.id, createdAt: schema.firms.createdAt })
    .from(schema.users)
    .innerJoin(schema.memberships, eq(schema.memberships.userId, schema.users.id))
    .innerJoin(schema.firms, eq(schema.firms.id, schema.memberships.firmId))
    .where(eq(schema.users.email, attorney.email))
    .limit(1);
  const base = {
    now: firm?.createdAt ?? new Date(),
    attorney: {
      name: `${attorney.firstName} ${attorney.lastName}`,
      googleEmail: DEMO_MAILBOXES.google,
      microsoftEmail: DEMO_MAILBOXES.microsoft,
    },
  };
  if (!firm) return { ...base, cases: [], clients: [] };
  const client = schema.users;
  const rows = await db
    .select({
      caseNumber: schema.cases.caseNumber,
      title: schema.cases.title,
      claimNumber: schema.cases.claimNumber,
      policyNumber: schema.cases.policyNumber,
      carrier: schema.cases.carrier,
      clientName: sql<string>`${client.firstName} || ' ' || ${client.lastName}`,
      clientEmail: client.email,
      address: schema.cases.propertyAddress,
    })
    .from(schema.cases)
    .innerJoin(client, eq(client.id, schema.cases.clientId))
    .where(eq(schema.cases.firmId, firm.id))
    .orderBy(schema.cases.caseNumber);
  const cases = rows.map((row) => ({
    ...row,
    claimNumber: row.claimNumber ?? '',
    policyNumber: row.policyNumber ?? '',
    carrier: row.carrier ?? 'the carrier',
    address: row.address ?? '',
  }));
  const clients = [...new Map(cases.map((c) => [c.clientEmail, c.clientName])).entries()].map(
    ([email, name]) => ({ email, name, googleEmail: personalGmail(email) }),
  );
  return { ...base, cases, clients };
}

/** The in-process sandbox of `npm start` (ARCHITECTURE §2), with the demo practice's mailboxes. */
export async function mountedSandbox(
  config: Config,
  db: Database,
): Promise<{ sandbox: ProviderSandbox; plugin: FastifyPluginAsync } | null> {
  if (!config.providers.sandbox?.mounted) return null;
  const client = { clientId: SANDBOX_CLIENT_ID, clientSecret: sandboxClientSecret(config.appSecret) };
  return createProviderSandbox({
    clients: { google: [client], microsoft: [client] },
    seed: claimsPracticeSeed(await demoFacts(db)),
    stateFile: path.join(config.dataDir, 'provider-sandbox.json'),
    admin: config.env !== 'production',
  });
}

/**
 * The demo attorney's Google and Microsoft, connected to their sandbox mailboxes and synced; the
 * e-mails that name a case number are filed to it, the rest keep their suggestions. Done once:
 * not when the attorney has ever connected or disconnected a mailbox (the audit trail says so),
 * whoever seeded the demo firm (`npm start`, `npm run seed:demo`, the e2e fixtures).
 */
export async function connectDemoMailboxes(app: FastifyInstance, sandbox: ProviderSandbox): Promise<void> {
  const db = app.db;
  const [attorney] = await db
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.email, DEMO_USERS[0]!.email));
  if (!attorney) return;
  const [before] = await db
    .select({ id: schema.auditLog.id })
    .from(schema.auditLog)
    .where(
      and(
        eq(schema.auditLog.userId, attorney.id),
        inArray(schema.auditLog.action, ['provider_connected', 'provider_disconnected']),
      ),
    )
    .limit(1);
  if (before) return;
  const box = new SecretBox(app.config.appSecret, 'provider-tokens');
  for (const provider of ['google', 'microsoft'] as const) {
    const adapter = app.providers.adapters[provider];
    if (!adapter || !app.providers.sandbox[provider]) continue;
    const grant = sandbox.issueGrant(provider, {
      clientId: SANDBOX_CLIENT_ID,
      email: DEMO_MAILBOXES[provider],
      scopes: adapter.oauth.scopes,
    });
    const { row } = await connectionsRepository.upsert(db, {
      userId: attorney.id,
      provider,
      accountEmail: DEMO_MAILBOXES[provider],
      accessToken: box.seal(grant.accessToken),
      refreshToken: box.seal(grant.refreshToken),
      expiresAt: new Date(Date.now() + grant.expiresIn * 1000),
      scopes: adapter.oauth.scopes,
    });
    await audit(
      db,
      { ip: 'system', userAgent: null, requestId: 'demo' },
      {
        action: 'provider_connected',
        outcome: 'success',
        userId: attorney.id,
        details: { provider, accountEmail: DEMO_MAILBOXES[provider], via: 'demo' },
      },
    );
    await app.services.mailSync.sync(row.id);
  }
  await fileDemoMail(db, attorney.id);
}

async function fileDemoMail(db: Database, userId: string): Promise<void> {
  const [membership] = await db
    .select({ firmId: schema.memberships.firmId })
    .from(schema.memberships)
    .where(and(eq(schema.memberships.userId, userId), eq(schema.memberships.status, 'active')));
  if (!membership) return;
  const viewer = { firmId: membership.firmId, userId, userType: 'attorney' as const };
  const rows = await emailsRepository.page(db, { userId, provider: 'all', limit: 1000 });
  const clues = await emailsRepository.caseClues(db, viewer, {
    tokens: [...new Set(rows.flatMap((row) => row.mentions))],
    addresses: [],
    caseIds: [],
  });
  const suggester = new CaseSuggester(clues, Object.values(DEMO_MAILBOXES));
  for (const row of rows) {
    const suggestion = suggester.suggest(row);
    if (suggestion?.reason === 'case_number') await emailsRepository.file(db, row.id, suggestion.id, userId);
  }
}
