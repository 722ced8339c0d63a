import { eq } from 'drizzle-orm';
import { schema, type Database } from '@sentinel/db';
import { providerUnavailableText, type Provider } from '@sentinel/shared';
import type { FastifyBaseLogger } from 'fastify';
import {
  CursorExpiredError,
  GrantRevokedError,
  ProviderError,
  type MailPage,
  type ProviderAdapters,
  type ProviderMessage,
} from '../../integrations/provider';
import type { JobHandler } from '../../platform/jobs';
import { connectionsRepository, type ConnectionRow } from '../connections/connections.repository';
import { ConnectionGoneError, type ProviderTokens } from '../connections/provider-tokens';
import { emailsRepository, type NewEmail } from './emails.repository';
import { emailPreview, findMentions, sanitizeEmailHtml, textFromHtml } from './sanitize';

const pc = schema.providerConnections;
const BODY_TEXT_LIMIT = 20_000;

export interface MailSyncLimits {
  /** The first sync reaches back this many days… */
  days: number;
  /** …and takes at most this many messages. */
  maxMessages: number;
}
export const FIRST_SYNC: MailSyncLimits = { days: 30, maxMessages: 1_000 };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * Syncs one connection's inbox: the first time the last 30 days (at most 1,000 messages), then
 * what changed since the cursor (Gmail history, Graph delta). A cursor the provider lost falls
 * back to a full sync. Bodies are sanitised here, once, before they are stored. Provider
 * throttling and outages are retried inside the adapters (Retry-After, backoff); if they last,
 * the sync records a plain-language error and the next scheduled sync tries again.
 */
export class MailSync {
  constructor(
    private readonly db: Database,
    private readonly adapters: Record<Provider, ProviderAdapters | null>,
    private readonly tokens: ProviderTokens,
    private readonly log: FastifyBaseLogger,
    private readonly limits: MailSyncLimits = FIRST_SYNC,
  ) {}

  readonly job: JobHandler = {
    run: async (payload) => {
      if (typeof payload.connectionId === 'string') await this.sync(payload.connectionId);
    },
  };

  async sync(connectionId: string): Promise<void> {
    const row = await connectionsRepository.findById(this.db, connectionId);
    if (!row) return;
    const adapter = this.adapters[row.provider as Provider];
    if (row.status !== 'connected' || !adapter) return this.finish(connectionId, {});
    const token = this.tokens.source(connectionId);
    const onPage = (page: MailPage) => this.store(row, page);
    const full = () =>
      adapter.mail.fullSync(token, {
        since: new Date(Date.now() - this.limits.days * 86_400_000),
        max: this.limits.maxMessages,
        onPage,
      });
    try {
      let cursor: string;
      if (row.syncCursor) {
        try {
          ({ cursor } = await adapter.mail.incrementalSync(token, { cursor: row.syncCursor, onPage }));
        } catch (error) {
          if (!(error instanceof CursorExpiredError)) throw error;
          this.log.info({ connectionId, provider: row.provider }, 'sync cursor expired: full sync');
          ({ cursor } = await full());
        }
      } else {
        ({ cursor } = await full());
      }
      await this.finish(connectionId, { syncCursor: cursor, lastSyncedAt: new Date(), lastSyncError: null });
    } catch (error) {
      if (error instanceof ConnectionGoneError) return;
      // The connection is already marked 'needs reconnect'; what was synced stays.
      if (error instanceof GrantRevokedError) return this.finish(connectionId, {});
      const transient = !(error instanceof ProviderError) || error.transient;
      this.log.warn(
        { connectionId, provider: row.provider, err: error instanceof Error ? error.message : 'error' },
        'mail sync failed',
      );
      await this.finish(connectionId, {
        lastSyncError: transient
          ? providerUnavailableText(row.provider)
          : `Sync failed: ${(error as ProviderError).description || (error as ProviderError).code}`,
      });
    }
  }

  private async finish(connectionId: string, values: Partial<typeof pc.$inferInsert>): Promise<void> {
    await this.db
      .update(pc)
      .set({ ...values, syncRequestedAt: null, updatedAt: new Date() })
      .where(eq(pc.id, connectionId));
  }

  private async store(connection: ConnectionRow, page: MailPage): Promise<void> {
    const seen = new Set<string>();
    const rows: NewEmail[] = [];
    const removed = [...page.removed];
    for (const message of page.messages) {
      if (seen.has(message.providerMessageId)) continue;
      seen.add(message.providerMessageId);
      if (!message.inInbox) removed.push(message.providerMessageId);
      else rows.push(toRow(connection, message));
    }
    await this.db.transaction(async (tx) => {
      await emailsRepository.upsert(tx, rows);
      await emailsRepository.removeProviderIds(tx, connection.id, removed);
    });
  }
}

/** A provider's message as we store it: sanitised body, plain text, preview and the numbers it names. */
export function toRow(
  connection: Pick<ConnectionRow, 'id' | 'userId' | 'provider'>,
  message: ProviderMessage,
): NewEmail {
  const body = message.html
    ? sanitizeEmailHtml(message.html)
    : { html: `<div style="white-space:pre-wrap">${escapeHtml(message.text ?? '')}</div>`, remoteImages: 0 };
  const text = (message.text ?? textFromHtml(message.html ?? '')).slice(0, BODY_TEXT_LIMIT);
  return {
    connectionId: connection.id,
    userId: connection.userId,
    provider: connection.provider,
    providerMessageId: message.providerMessageId,
    threadId: message.threadId,
    fromName: message.fromName,
    fromAddress: message.fromAddress,
    toAddresses: message.to,
    ccAddresses: message.cc,
    subject: message.subject,
    preview: emailPreview(text),
    bodyHtml: body.html,
    bodyText: text,
    remoteImages: body.remoteImages > 0,
    receivedAt: message.receivedAt,
    unread: message.unread,
    priority: message.priority,
    attachments: message.attachments.map(({ id, name, mimeType, size }) => ({ id, name, mimeType, size })),
    mentions: findMentions(`${message.subject}\n${text}`),
    updatedAt: new Date(),
  };
}
