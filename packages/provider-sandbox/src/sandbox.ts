import formbody from '@fastify/formbody';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { registerCalendars } from './calendar';
import { registerCompose } from './compose';
import { registerGmail } from './gmail';
import { registerGraphMail } from './graph';
import { registerOAuth } from './oauth';
import { mulberry32 } from './random';
import { SandboxError, SandboxState } from './state';
import type {
  Faults,
  ProviderSandbox,
  SandboxOptions,
  SandboxProvider,
  SandboxRequest,
  SeedMessage,
} from './types';
import { googleError, graphError, sendJson } from './wire';

const DEFAULT_FAULTS: Faults = { rate429: 0, rate5xx: 0, delayMs: 0, retryAfterSeconds: 1 };

/** Which provider a path below the mount belongs to, and whether faults may hit it (API and token calls only). */
function classify(path: string): { provider?: SandboxProvider; api: boolean } {
  const provider = path.startsWith('/google/')
    ? 'google'
    : path.startsWith('/microsoft/')
      ? 'microsoft'
      : undefined;
  if (!provider) return { api: false };
  const page =
    /\/o\/oauth2\/v2\/auth(\/|$)/.test(path) ||
    /\/oauth2\/v2\.0\/authorize(\/|$)/.test(path) ||
    path.startsWith('/google/mail') ||
    path.startsWith('/microsoft/mail');
  return { provider, api: !page };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createProviderSandbox(options: SandboxOptions): {
  sandbox: ProviderSandbox;
  plugin: FastifyPluginAsync;
} {
  const state = new SandboxState(options);
  let faults: Faults = { ...DEFAULT_FAULTS };
  let random = mulberry32(1);
  const requests: SandboxRequest[] = [];

  const sandbox: ProviderSandbox = {
    faults: {
      set(update) {
        faults = { ...faults, ...update };
        if (update.seed !== undefined) random = mulberry32(update.seed);
      },
      reset() {
        faults = { ...DEFAULT_FAULTS };
        random = mulberry32(1);
      },
      get: () => ({ ...faults }),
    },
    addAccount: (provider, account) => state.addAccount(provider, account),
    accounts: (provider) =>
      state.mailboxesOf(provider).map((box) => ({
        email: box.email,
        name: box.name,
        messageCount: [...box.messages.values()].filter((message) => !message.removed).length,
      })),
    deliver: (provider, email, message) => state.deliver(provider, email, message),
    setRead: (provider, email, messageId, read) => state.setRead(provider, email, messageId, read),
    remove: (provider, email, messageId) => state.remove(provider, email, messageId),
    issueGrant(provider, input) {
      state.requireMailbox(provider, input.email);
      const grant = state.createGrant(provider, input.clientId, input.email, input.scopes);
      const access = state.issueAccessToken(grant);
      const refreshToken = state.issueRefreshToken(grant);
      state.save();
      return { accessToken: access.token, refreshToken, expiresIn: access.expiresIn };
    },
    revokeGrants: (provider, email) => state.revokeGrants(provider, email),
    expireAccessTokens: (provider, email) => state.expireAccessTokens(provider, email),
    expireSyncState: (provider, email) => state.expireSyncState(provider, email),
    requests,
    clearRequests() {
      requests.length = 0;
    },
  };

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    await app.register(formbody);
    const mount = app.prefix;
    const below = (request: FastifyRequest) => {
      const path = request.url.split('?')[0] ?? '';
      return path.startsWith(mount) ? path.slice(mount.length) : path;
    };

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const path = below(request);
      const { provider, api } = classify(path);
      if (!api || !provider || (faults.provider && faults.provider !== provider)) return;
      if (faults.delayMs > 0) await sleep(faults.delayMs);
      const draw = faults.rate429 > 0 || faults.rate5xx > 0 ? random() : 1;
      const retryAfter = String(faults.retryAfterSeconds);
      const now = state.now();
      if (draw < faults.rate429) {
        reply.header('retry-after', retryAfter);
        const token = path.endsWith('/token') || path.endsWith('/revoke');
        return sendJson(
          reply,
          429,
          provider === 'google'
            ? token
              ? { error: 'rate_limit_exceeded', error_description: 'Rate limit exceeded' }
              : googleError(429, 'Too many concurrent requests for user', 'rateLimitExceeded')
            : token
              ? {
                  error: 'temporarily_unavailable',
                  error_description: 'AADSTS90033: A transient error has occurred. Please try again.',
                }
              : graphError('TooManyRequests', 'Application is over its MailboxConcurrency limit.', now),
        );
      }
      if (draw < faults.rate429 + faults.rate5xx) {
        reply.header('retry-after', retryAfter);
        return sendJson(
          reply,
          503,
          provider === 'google'
            ? googleError(503, 'The service is currently unavailable.', 'backendError')
            : graphError(
                'serviceNotAvailable',
                'The service is temporarily unavailable. Please retry later.',
                now,
              ),
        );
      }
    });

    app.addHook('onResponse', async (request, reply) => {
      const path = below(request);
      const { provider } = classify(path);
      requests.push({
        method: request.method,
        path,
        status: reply.statusCode,
        provider: provider ?? 'sandbox',
      });
      if (requests.length > 10_000) requests.splice(0, requests.length - 10_000);
    });

    app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error instanceof SandboxError ? 404 : (error.statusCode ?? 500);
      const { provider } = classify(below(request));
      if (provider === 'microsoft') {
        return sendJson(
          reply,
          status,
          graphError(status === 404 ? 'ErrorItemNotFound' : 'BadRequest', error.message, state.now()),
        );
      }
      return sendJson(
        reply,
        status,
        googleError(status, error.message, status === 404 ? 'notFound' : 'invalidArgument'),
      );
    });

    registerOAuth(app, state, mount);
    registerGmail(app, state);
    registerGraphMail(app, state, mount);
    registerCalendars(app, state, mount);
    registerCompose(app, state, mount);

    if (options.admin) {
      const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
      const target = (request: FastifyRequest) => {
        const { provider, email } = body(request) as { provider?: SandboxProvider; email?: string };
        if ((provider !== 'google' && provider !== 'microsoft') || !email)
          throw new SandboxError('unknownAccount');
        return { provider, email };
      };
      app.post('/_admin/faults', async (request) => {
        sandbox.faults.set(body(request) as Partial<Faults>);
        return sandbox.faults.get();
      });
      app.post('/_admin/reset-faults', async () => {
        sandbox.faults.reset();
        return sandbox.faults.get();
      });
      app.post('/_admin/revoke', async (request) => {
        const { provider, email } = target(request);
        sandbox.revokeGrants(provider, email);
        return { ok: true };
      });
      app.post('/_admin/expire-tokens', async (request) => {
        const { provider, email } = target(request);
        sandbox.expireAccessTokens(provider, email);
        return { ok: true };
      });
      app.post('/_admin/expire-sync', async (request) => {
        const { provider, email } = target(request);
        sandbox.expireSyncState(provider, email);
        return { ok: true };
      });
      app.post('/_admin/deliver', { bodyLimit: 30 * 1024 * 1024 }, async (request) => {
        const { provider, email } = target(request);
        const message = body(request).message as Omit<SeedMessage, 'attachments'> & {
          attachments?: { name: string; mimeType: string; content?: string; contentBase64?: string }[];
        };
        return sandbox.deliver(provider, email, {
          ...message,
          receivedAt: message.receivedAt ?? state.now(),
          attachments: message.attachments?.map((attachment) => ({
            name: attachment.name,
            mimeType: attachment.mimeType,
            content:
              attachment.contentBase64 !== undefined
                ? Buffer.from(attachment.contentBase64, 'base64')
                : (attachment.content ?? ''),
          })),
        });
      });
      app.get('/_admin/accounts', async () => ({
        google: sandbox.accounts('google'),
        microsoft: sandbox.accounts('microsoft'),
      }));
    }
  };

  return { sandbox, plugin };
}

/** Standalone: a real local HTTP server (tests use this). url = `http://127.0.0.1:${port}` + prefix. */
export async function startProviderSandbox(
  options: SandboxOptions & { port?: number; host?: string; prefix?: string },
): Promise<{ url: string; sandbox: ProviderSandbox; close(): Promise<void> }> {
  const { sandbox, plugin } = createProviderSandbox(options);
  const prefix = options.prefix ?? '/sandbox';
  const app = Fastify({ logger: false });
  await app.register(plugin, { prefix });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${prefix}`,
    sandbox,
    close: () => app.close(),
  };
}

/** Endpoint URLs for a sandbox mounted at `base` (e.g. 'http://localhost:3000/sandbox'), in the shape the server's adapters take. */
export function sandboxEndpoints(base: string, tenant = 'common') {
  const root = base.replace(/\/+$/, '');
  return {
    google: {
      authorize: `${root}/google/o/oauth2/v2/auth`,
      token: `${root}/google/token`,
      revoke: `${root}/google/revoke`,
      userinfo: `${root}/google/v1/userinfo`,
      gmail: `${root}/google/gmail/v1`,
      calendar: `${root}/google/calendar/v3`,
      compose: `${root}/google/mail/`,
    },
    microsoft: {
      authorize: `${root}/microsoft/${tenant}/oauth2/v2.0/authorize`,
      token: `${root}/microsoft/${tenant}/oauth2/v2.0/token`,
      graph: `${root}/microsoft/graph/v1.0`,
      compose: `${root}/microsoft/mail/deeplink/compose`,
    },
  };
}
