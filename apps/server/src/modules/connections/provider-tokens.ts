import type { Database } from '@sentinel/db';
import { needsReconnectText, type Provider } from '@sentinel/shared';
import type { FastifyBaseLogger } from 'fastify';
import {
  GrantRevokedError,
  type AccessTokenSource,
  type ProviderAdapters,
} from '../../integrations/provider';
import { audit } from '../../platform/audit';
import type { SecretBox } from '../../platform/secret-box';
import { connectionsRepository as repo } from './connections.repository';

/** Refresh this long before the access token expires. */
const REFRESH_AHEAD_MS = 60_000;
const SYSTEM_CONTEXT = { ip: 'system', userAgent: null, requestId: 'mail-sync' };

/** The connection is gone (disconnected meanwhile). */
export class ConnectionGoneError extends Error {
  constructor() {
    super('connection gone');
    this.name = 'ConnectionGoneError';
  }
}

/**
 * Valid access tokens for a connection. A token that expires within a minute is refreshed first;
 * one refresh runs at a time per connection: in this process through a shared promise, across
 * processes through a row lock (whoever waited on the lock uses the token the other one got). A
 * refused grant (invalid_grant) marks the connection 'needs reconnect' and keeps its mail.
 */
export class ProviderTokens {
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    private readonly adapters: Record<Provider, ProviderAdapters | null>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** What adapters call for a token; `force` after the provider answered 401 to the current one. */
  source(connectionId: string): AccessTokenSource {
    return (force = false) => this.accessToken(connectionId, force);
  }

  async accessToken(connectionId: string, force = false): Promise<string> {
    const row = await repo.findById(this.db, connectionId);
    if (!row) throw new ConnectionGoneError();
    if (row.status === 'needs_reconnect') throw new GrantRevokedError('needs reconnect');
    if (!force && row.expiresAt.getTime() - Date.now() > REFRESH_AHEAD_MS)
      return this.box.open(row.accessToken);
    const running = this.inFlight.get(connectionId);
    if (running) return running;
    const refresh = this.refresh(connectionId, row.updatedAt, force).finally(() =>
      this.inFlight.delete(connectionId),
    );
    this.inFlight.set(connectionId, refresh);
    return refresh;
  }

  private async refresh(connectionId: string, seenUpdatedAt: Date, force: boolean): Promise<string> {
    let revoked: { userId: string; provider: string; description: string } | undefined;
    const token = await this.db.transaction(async (tx) => {
      const row = await repo.lock(tx, connectionId);
      if (!row) throw new ConnectionGoneError();
      const refreshedMeanwhile = row.updatedAt.getTime() !== seenUpdatedAt.getTime();
      if ((refreshedMeanwhile || !force) && row.expiresAt.getTime() - Date.now() > REFRESH_AHEAD_MS)
        return this.box.open(row.accessToken);
      const adapter = this.adapters[row.provider as Provider];
      if (!adapter) throw new GrantRevokedError('provider no longer configured');
      if (!row.refreshToken) {
        revoked = { userId: row.userId, provider: row.provider, description: 'no refresh token' };
        return null;
      }
      try {
        const tokens = await adapter.oauth.refresh(this.box.open(row.refreshToken));
        await repo.saveTokens(tx, row.id, {
          accessToken: this.box.seal(tokens.accessToken),
          refreshToken: tokens.refreshToken ? this.box.seal(tokens.refreshToken) : null,
          expiresAt: tokens.expiresAt,
          scopes: tokens.scopes,
        });
        return tokens.accessToken;
      } catch (error) {
        if (!(error instanceof GrantRevokedError)) throw error;
        revoked = { userId: row.userId, provider: row.provider, description: error.description };
        return null;
      }
    });
    if (token !== null) return token;
    await this.markNeedsReconnect(connectionId, revoked!);
    throw new GrantRevokedError(revoked!.description);
  }

  private async markNeedsReconnect(
    connectionId: string,
    revoked: { userId: string; provider: string; description: string },
  ): Promise<void> {
    this.log.warn(
      { connectionId, provider: revoked.provider },
      'provider refused the grant: needs reconnect',
    );
    await this.db.transaction(async (tx) => {
      await repo.setStatus(tx, connectionId, 'needs_reconnect', needsReconnectText(revoked.provider));
      await audit(tx, SYSTEM_CONTEXT, {
        action: 'provider_needs_reconnect',
        outcome: 'failure',
        userId: revoked.userId,
        details: { provider: revoked.provider, reason: revoked.description.slice(0, 200) },
      });
    });
  }
}
