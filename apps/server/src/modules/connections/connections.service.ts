import { createHash } from 'node:crypto';
import type { Database } from '@sentinel/db';
import {
  type ConnectionStatus,
  MESSAGES,
  noAuthorizationCode,
  providerNotConfigured,
  providerUnavailableText,
  tokenExchangeFailed,
  type Integration,
  type OAuthCallbackBody,
  type OAuthStatusResponse,
  type Provider,
  PROVIDERS,
  type TokenStoreBody,
} from '@sentinel/shared';
import type { FastifyBaseLogger } from 'fastify';
import { ProviderError } from '../../integrations/provider';
import type { ProviderRuntime } from '../../integrations/settings';
import { audit } from '../../platform/audit';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import type { SecretBox } from '../../platform/secret-box';
import type { Account } from '../auth/principal';
import { emailsRepository } from '../emails/emails.repository';
import { enqueueMailSync } from '../emails/mail-sync-jobs';
import { connectionsRepository as repo, type ConnectionRow } from './connections.repository';

/** A connect attempt must come back within this time (ARCHITECTURE §6: state single use, 10 min). */
const STATE_TTL_MS = 10 * 60 * 1000;

const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * Connecting, inspecting and disconnecting a person's Google and Microsoft accounts. The OAuth
 * code flow runs on the server: the state is bound to the session, single use and valid ten
 * minutes; the PKCE verifier never leaves the server; tokens are sealed before they are stored
 * and no answer ever carries one.
 */
export class ConnectionsService {
  constructor(
    private readonly db: Database,
    private readonly runtime: ProviderRuntime,
    private readonly box: SecretBox,
    private readonly jobs: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  private adapter(provider: Provider) {
    const adapter = this.runtime.adapters[provider];
    if (!adapter) throw new AppError('UNAVAILABLE', providerNotConfigured(provider));
    return adapter;
  }

  async connectUrl(account: Account, provider: Provider): Promise<string> {
    const adapter = this.adapter(provider);
    const state = randomToken(32);
    const verifier = randomToken(48);
    await repo.insertState(this.db, {
      stateHash: sha256(state),
      sessionId: account.sessionId,
      userId: account.userId,
      provider,
      codeVerifier: this.box.seal(verifier),
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    return adapter.oauth.authorizationUrl({
      state,
      codeChallenge: pkceChallenge(verifier),
      redirectUri: this.runtime.redirectUri[provider],
    });
  }

  /** The return from the provider's consent screen, posted by the callback screen. */
  async complete(
    account: Account,
    body: OAuthCallbackBody,
    context: RequestContext,
  ): Promise<{ provider: Provider; accountEmail: string }> {
    const { provider } = body;
    const state = await repo.consumeState(this.db, sha256(body.state));
    const fail = async (reason: string, message: string) => {
      await audit(this.db, context, {
        action: 'provider_connect_failed',
        outcome: 'failure',
        userId: account.userId,
        details: { provider, reason },
      });
      return badRequest(message);
    };
    if (
      !state ||
      state.sessionId !== account.sessionId ||
      state.userId !== account.userId ||
      state.provider !== provider ||
      state.expiresAt.getTime() < Date.now()
    )
      throw await fail('invalid_state', MESSAGES.invalidState);
    if (body.error) throw await fail(body.error.slice(0, 60), body.error_description || body.error);
    if (!body.code) throw await fail('no_code', noAuthorizationCode(provider));

    const adapter = this.adapter(provider);
    let tokens;
    let accountEmail;
    try {
      tokens = await adapter.oauth.redeemCode({
        code: body.code,
        codeVerifier: this.box.open(state.codeVerifier),
        redirectUri: this.runtime.redirectUri[provider],
      });
      accountEmail = await adapter.oauth.accountEmail(tokens.accessToken);
    } catch (error) {
      if (error instanceof ProviderError && !error.transient)
        throw await fail(error.code, tokenExchangeFailed(error.description || error.code));
      this.log.warn({ provider, err: describe(error) }, 'provider unavailable during connect');
      throw new AppError('UNAVAILABLE', providerUnavailableText(provider));
    }

    await this.db.transaction(async (tx) => {
      const { row, accountChanged } = await repo.upsert(tx, {
        userId: account.userId,
        provider,
        accountEmail,
        accessToken: this.box.seal(tokens.accessToken),
        refreshToken: tokens.refreshToken ? this.box.seal(tokens.refreshToken) : null,
        expiresAt: tokens.expiresAt,
        scopes: tokens.scopes,
      });
      if (accountChanged) await emailsRepository.detachConnection(tx, row.id);
      await audit(tx, context, {
        action: 'provider_connected',
        outcome: 'success',
        userId: account.userId,
        details: { provider, accountEmail },
      });
      await enqueueMailSync(this.jobs, tx, row.id);
    });
    return { provider, accountEmail };
  }

  async status(userId: string): Promise<OAuthStatusResponse> {
    const rows = await repo.ofUser(this.db, userId);
    const connected = (provider: Provider) =>
      rows.some((row) => row.provider === provider && row.status === 'connected');
    return { googleStatus: connected('google'), microsoftStatus: connected('microsoft') };
  }

  async integrations(userId: string): Promise<Integration[]> {
    const rows = await repo.ofUser(this.db, userId);
    return PROVIDERS.map((provider) => {
      const row = rows.find((r) => r.provider === provider);
      const adapter = this.runtime.adapters[provider];
      return {
        provider,
        configured: adapter !== null,
        sandbox: this.runtime.sandbox[provider],
        composeUrl: adapter?.composeUrl ?? null,
        connection: row
          ? {
              status: row.status as ConnectionStatus,
              accountEmail: row.accountEmail,
              connectedAt: row.createdAt.toISOString(),
              lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
              syncing: row.syncRequestedAt !== null,
              lastSyncError: row.lastSyncError,
              emailCount: row.emailCount,
            }
          : null,
      };
    });
  }

  /** GET /api/tokens/get: whether the caller is connected, and to what; never a token. */
  async lookup(account: Account, userId: string | undefined, provider: Provider) {
    const row =
      userId === undefined || userId === account.userId
        ? await repo.find(this.db, account.userId, provider)
        : undefined;
    if (!row) throw notFound(MESSAGES.providerNotConnected);
    return {
      token: {
        provider,
        connected: true as const,
        accountEmail: row.accountEmail,
        expiresAt: row.expiresAt.toISOString(),
        scopes: row.scopes,
      },
    };
  }

  /**
   * POST /api/tokens/store (spec §3): tokens a client redeemed itself. They are checked with the
   * provider (whose account they open) before they are sealed and stored for the caller only.
   */
  async store(account: Account, body: TokenStoreBody, context: RequestContext): Promise<void> {
    if (body.userId !== undefined && body.userId !== account.userId) throw forbidden();
    const adapter = this.adapter(body.provider);
    let accountEmail;
    try {
      accountEmail = await adapter.oauth.accountEmail(body.accessToken);
    } catch (error) {
      if (error instanceof ProviderError && !error.transient)
        throw badRequest(tokenExchangeFailed(error.description || error.code));
      throw new AppError('UNAVAILABLE', providerUnavailableText(body.provider));
    }
    await this.db.transaction(async (tx) => {
      const { row, accountChanged } = await repo.upsert(tx, {
        userId: account.userId,
        provider: body.provider,
        accountEmail,
        accessToken: this.box.seal(body.accessToken),
        refreshToken: body.refreshToken ? this.box.seal(body.refreshToken) : null,
        expiresAt: new Date(body.expiresAt),
        scopes: [],
      });
      if (accountChanged) await emailsRepository.detachConnection(tx, row.id);
      await audit(tx, context, {
        action: 'provider_connected',
        outcome: 'success',
        userId: account.userId,
        details: { provider: body.provider, accountEmail, via: 'tokens/store' },
      });
      await enqueueMailSync(this.jobs, tx, row.id);
    });
  }

  /**
   * Disconnect: revoke at the provider (where it can), delete the tokens and the mail that is not
   * filed to a case; filed e-mails stay with their case.
   */
  async disconnect(
    account: Account,
    userId: string | undefined,
    provider: Provider,
    context: RequestContext,
  ) {
    const row =
      userId === undefined || userId === account.userId
        ? await repo.find(this.db, account.userId, provider)
        : undefined;
    if (!row) throw notFound(MESSAGES.providerNotConnected);
    await this.revokeAtProvider(row);
    await this.db.transaction(async (tx) => {
      await emailsRepository.detachConnection(tx, row.id);
      await repo.remove(tx, row.id);
      await audit(tx, context, {
        action: 'provider_disconnected',
        outcome: 'success',
        userId: account.userId,
        details: { provider, accountEmail: row.accountEmail },
      });
    });
  }

  private async revokeAtProvider(row: ConnectionRow): Promise<void> {
    const adapter = this.runtime.adapters[row.provider as Provider];
    if (!adapter) return;
    try {
      // Revoking the refresh token ends the whole grant (Google); the access token otherwise.
      await adapter.oauth.revoke(this.box.open(row.refreshToken ?? row.accessToken));
    } catch (error) {
      // The tokens are deleted whatever the provider said; the user can also revoke there.
      this.log.warn({ provider: row.provider, err: describe(error) }, 'revoking at the provider failed');
    }
  }
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : 'error');
