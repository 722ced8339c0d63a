import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, hidden, page, sendHtml } from './pages';
import { type Grant, type PendingAuth, randomToken, type SandboxState } from './state';
import type { SandboxClient, SandboxProvider } from './types';
import { aadError, bearer, one, sendJson } from './wire';

/**
 * Google OAuth 2.0 and the Microsoft identity platform v2.0: the authorize pages (account chooser,
 * consent), the token endpoints, Google's revoke and userinfo.
 */

const CODE_SECONDS = 600;
const PENDING_SECONDS = 1800;

const GOOGLE_SCOPE_ALIASES: Record<string, string> = {
  email: 'https://www.googleapis.com/auth/userinfo.email',
  profile: 'https://www.googleapis.com/auth/userinfo.profile',
};

const SCOPE_WORDS: Record<string, string> = {
  'https://www.googleapis.com/auth/gmail.readonly': 'Read your email messages and settings',
  'https://www.googleapis.com/auth/gmail.metadata':
    'View your email message metadata such as labels and headers',
  'https://www.googleapis.com/auth/gmail.modify': 'Read, compose, and send emails from your Gmail account',
  'https://mail.google.com/': 'Read, compose, send, and permanently delete all your email from Gmail',
  'https://www.googleapis.com/auth/calendar':
    'See, edit, share, and permanently delete all the calendars you can access',
  'https://www.googleapis.com/auth/calendar.events': 'View and edit events on all your calendars',
  'https://www.googleapis.com/auth/calendar.readonly': 'See and download any calendar you can access',
  'https://www.googleapis.com/auth/calendar.events.readonly': 'View events on all your calendars',
  'https://www.googleapis.com/auth/userinfo.email': 'See your primary Google Account email address',
  'https://www.googleapis.com/auth/userinfo.profile':
    'See your personal info, including any personal info you have made publicly available',
  openid: 'Associate you with your personal info',
  'mail.read': 'Read your mail',
  'mail.readwrite': 'Read and write access to your mail',
  'user.read': 'Sign you in and read your profile',
  'calendars.read': 'Read your calendars',
  'calendars.readwrite': 'Have full access to your calendars',
  offline_access: 'Maintain access to data you have given it access to',
  email: 'View your email address',
  profile: 'View your basic profile',
};

/** Scopes as each provider writes them back: Google's long names, Graph's short ones. */
export function normaliseScopes(provider: SandboxProvider, raw: string): string[] {
  const scopes = raw.split(/\s+/).filter(Boolean);
  const mapped =
    provider === 'google'
      ? scopes.map((scope) => GOOGLE_SCOPE_ALIASES[scope] ?? scope)
      : scopes.map((scope) => scope.replace(/^https:\/\/graph\.microsoft\.com\//i, ''));
  return [...new Set(mapped)];
}

export function hasScope(grant: Grant, ...wanted: string[]): boolean {
  const held = new Set(grant.scopes.map((scope) => scope.toLowerCase()));
  return wanted.some((scope) => held.has(scope.toLowerCase()));
}

const stableNumber = (text: string, digits: number) =>
  BigInt(`0x${createHash('sha256').update(text).digest('hex').slice(0, 16)}`)
    .toString()
    .padStart(digits, '1')
    .slice(0, digits);

export const googleSub = (email: string) => `1${stableNumber(`sub:${email.toLowerCase()}`, 20)}`;

export function microsoftUserId(email: string): string {
  const hex = createHash('sha256').update(`oid:${email.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function validRedirect(client: SandboxClient, redirectUri: string | undefined): boolean {
  if (!redirectUri) return false;
  if (client.redirectUris) return client.redirectUris.includes(redirectUri);
  try {
    const url = new URL(redirectUri);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function redirectWith(reply: FastifyReply, redirectUri: string, params: Record<string, string | undefined>) {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return reply.code(302).header('location', url.toString()).header('cache-control', 'no-store').send();
}

function fakeJwt(payload: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'RS256', kid: 'sandbox', typ: 'JWT' })}.${encode(payload)}.${randomToken(64)}`;
}

function splitName(name: string): { given: string; family: string } {
  const parts = name.trim().split(/\s+/);
  return { given: parts[0] ?? name, family: parts.slice(1).join(' ') };
}

interface Wording {
  brand: string;
  allow: string;
  deny: string;
  signInTitle: string;
}

const WORDING: Record<SandboxProvider, Wording> = {
  google: { brand: 'Google (sandbox)', allow: 'Allow', deny: 'Deny', signInTitle: 'Choose an account' },
  microsoft: {
    brand: 'Microsoft (sandbox)',
    allow: 'Accept',
    deny: 'Cancel',
    signInTitle: 'Pick an account',
  },
};

/** Client authentication at a token endpoint: form fields or HTTP Basic. */
function clientCredentials(request: FastifyRequest, body: Record<string, string | undefined>) {
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon)),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
      };
    }
  }
  return { clientId: body.client_id, clientSecret: body.client_secret };
}

function verifierMatches(challenge: string, method: string | undefined, verifier: string): boolean {
  if ((method ?? 'plain').toUpperCase() === 'S256') {
    return createHash('sha256').update(verifier).digest('base64url') === challenge;
  }
  return verifier === challenge;
}

export function registerOAuth(app: FastifyInstance, state: SandboxState, mount: string) {
  const formBody = (request: FastifyRequest) => (request.body ?? {}) as Record<string, string | undefined>;

  const authorizePath = (provider: SandboxProvider, tenant: string) =>
    provider === 'google'
      ? `${mount}/google/o/oauth2/v2/auth`
      : `${mount}/microsoft/${tenant}/oauth2/v2.0/authorize`;

  function errorPage(
    reply: FastifyReply,
    provider: SandboxProvider,
    status: number,
    heading: string,
    detail: string,
  ) {
    const wording = WORDING[provider];
    return sendHtml(
      reply,
      status,
      page(
        heading,
        wording.brand,
        `<h1>${escapeHtml(provider === 'google' ? 'Access blocked: this app’s request is invalid' : 'Sign in')}</h1>
<p class="error" role="alert"><strong>${escapeHtml(heading)}</strong></p>
<p>${escapeHtml(detail)}</p>`,
      ),
    );
  }

  function chooserPage(reply: FastifyReply, id: string, pending: PendingAuth, message?: string) {
    const wording = WORDING[pending.provider];
    const client = pending.clientId;
    const accounts = state.mailboxesOf(pending.provider);
    const action = `${authorizePath(pending.provider, pending.tenant)}/choose`;
    const items = accounts
      .map(
        (box) => `<li><form method="post" action="${escapeHtml(action)}" class="account">
${hidden('request', id)}${hidden('email', box.email)}
<button type="submit" class="account-button">${escapeHtml(box.email)}</button>
<span class="muted">${escapeHtml(box.name)}</span>
</form></li>`,
      )
      .join('\n');
    return sendHtml(
      reply,
      200,
      page(
        wording.signInTitle,
        wording.brand,
        `<h1>${escapeHtml(wording.signInTitle)}</h1>
<p>to continue to <strong>${escapeHtml(client)}</strong></p>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
${accounts.length ? `<ul aria-label="Accounts">${items}</ul>` : '<p>No accounts yet.</p>'}
<h2>Use another account</h2>
<form method="post" action="${escapeHtml(action)}">
${hidden('request', id)}
<label for="new-email">Email</label>
<input id="new-email" name="newEmail" type="email" required autocomplete="email" value="${escapeHtml(pending.loginHint ?? '')}">
<label for="new-name">Name</label>
<input id="new-name" name="newName" type="text" required autocomplete="name">
<div class="actions"><button type="submit">Use another account</button></div>
</form>`,
      ),
    );
  }

  function consentPage(reply: FastifyReply, id: string, pending: PendingAuth) {
    const wording = WORDING[pending.provider];
    const action = `${authorizePath(pending.provider, pending.tenant)}/consent`;
    const scopes = pending.scopes
      .map(
        (scope) => `<li>${escapeHtml(SCOPE_WORDS[scope] ?? SCOPE_WORDS[scope.toLowerCase()] ?? scope)}</li>`,
      )
      .join('\n');
    const title =
      pending.provider === 'google'
        ? `${pending.clientId} wants access to your Google Account`
        : 'Permissions requested';
    return sendHtml(
      reply,
      200,
      page(
        title,
        wording.brand,
        `<h1>${escapeHtml(title)}</h1>
<p>Signed in as <strong>${escapeHtml(pending.email ?? '')}</strong></p>
<p>This will allow <strong>${escapeHtml(pending.clientId)}</strong> to:</p>
<ul class="scopes" aria-label="Requested permissions">${scopes}</ul>
<form method="post" action="${escapeHtml(action)}">
${hidden('request', id)}
<div class="actions">
<button type="submit" name="decision" value="deny">${escapeHtml(wording.deny)}</button>
<button type="submit" name="decision" value="allow" class="primary">${escapeHtml(wording.allow)}</button>
</div>
</form>`,
      ),
    );
  }

  function takePending(id: string | undefined): PendingAuth | undefined {
    const pending = id ? state.pending.get(id) : undefined;
    if (!pending || pending.expiresAt < state.now().getTime()) return undefined;
    return pending;
  }

  function authorize(provider: SandboxProvider) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as Record<string, unknown>;
      const tenant = (request.params as { tenant?: string }).tenant ?? 'common';
      const clientId = one(query.client_id);
      const redirectUri = one(query.redirect_uri);
      const client = state.clients[provider].find((candidate) => candidate.clientId === clientId);
      if (!client) {
        return provider === 'google'
          ? errorPage(reply, provider, 401, 'Error 401: invalid_client', 'The OAuth client was not found.')
          : errorPage(
              reply,
              provider,
              400,
              `AADSTS700016: Application with identifier '${clientId ?? ''}' was not found in the directory '${tenant}'.`,
              'This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You may have sent your authentication request to the wrong tenant.',
            );
      }
      if (!validRedirect(client, redirectUri)) {
        return provider === 'google'
          ? errorPage(
              reply,
              provider,
              400,
              'Error 400: redirect_uri_mismatch',
              `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. If you're the app developer, register the redirect URI in the Google Cloud Console. Request details: redirect_uri=${redirectUri ?? ''}`,
            )
          : errorPage(
              reply,
              provider,
              400,
              `AADSTS50011: The redirect URI '${redirectUri ?? ''}' specified in the request does not match the redirect URIs configured for the application '${client.clientId}'.`,
              'Make sure the redirect URI sent in the request matches one added to your application in the Azure portal. Navigate to https://aka.ms/redirectUriMismatchError to learn more about how to fix this.',
            );
      }
      const target = redirectUri as string;
      const state_ = one(query.state);
      const responseType = one(query.response_type);
      const rawScope = one(query.scope) ?? '';
      if (responseType !== 'code') {
        return redirectWith(reply, target, {
          error: 'unsupported_response_type',
          error_description:
            provider === 'microsoft'
              ? `AADSTS700054: response_type '${responseType ?? ''}' is not enabled for the application.`
              : undefined,
          state: state_,
        });
      }
      if (!rawScope.trim()) {
        return provider === 'google'
          ? errorPage(reply, provider, 400, 'Error 400: invalid_request', 'Missing required parameter: scope')
          : redirectWith(reply, target, {
              error: 'invalid_request',
              error_description:
                "AADSTS900144: The request body must contain the following parameter: 'scope'.",
              state: state_,
            });
      }
      const challenge = one(query.code_challenge);
      const method = one(query.code_challenge_method);
      if (challenge && method && !['S256', 'plain'].includes(method)) {
        return redirectWith(reply, target, {
          error: 'invalid_request',
          error_description:
            provider === 'microsoft'
              ? 'AADSTS501491: Invalid code_challenge_method.'
              : 'Invalid code_challenge_method',
          state: state_,
        });
      }
      const prompt = (one(query.prompt) ?? '').split(/\s+/);
      let scopes = normaliseScopes(provider, rawScope);
      const loginHint = one(query.login_hint);
      if (provider === 'google' && one(query.include_granted_scopes) === 'true') {
        // Incremental authorisation: what the person granted this client before comes along.
        const earlier = [...state.grants.values()].filter(
          (grant) =>
            grant.provider === provider &&
            grant.clientId === client.clientId &&
            !grant.revoked &&
            grant.email.toLowerCase() === loginHint?.toLowerCase(),
        );
        scopes = [...new Set([...scopes, ...earlier.flatMap((grant) => grant.scopes)])];
      }
      const id = randomToken(18);
      const pending: PendingAuth = {
        provider,
        tenant,
        clientId: client.clientId,
        redirectUri: target,
        scopes,
        state: state_,
        challenge,
        challengeMethod: challenge ? (method ?? 'plain') : undefined,
        offline:
          provider === 'google' ? one(query.access_type) === 'offline' : scopes.includes('offline_access'),
        forceConsent: prompt.includes('consent'),
        nonce: one(query.nonce),
        loginHint,
        expiresAt: state.now().getTime() + PENDING_SECONDS * 1000,
      };
      state.pending.set(id, pending);
      return chooserPage(reply, id, pending);
    };
  }

  function choose(provider: SandboxProvider) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const body = formBody(request);
      const id = body.request;
      const pending = takePending(id);
      if (!pending || pending.provider !== provider || !id) {
        return errorPage(
          reply,
          provider,
          400,
          'Error 400: invalid_request',
          'This sign-in request has expired. Start again from the app.',
        );
      }
      let email = body.email;
      if (body.newEmail !== undefined) {
        const newEmail = body.newEmail.trim();
        const name = (body.newName ?? '').trim();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(newEmail) || !name) {
          return chooserPage(reply, id, pending, 'Enter an email address and a name.');
        }
        if (!state.mailbox(provider, newEmail)) state.addAccount(provider, { email: newEmail, name });
        email = newEmail;
      }
      const box = email ? state.mailbox(provider, email) : undefined;
      if (!box) return chooserPage(reply, id, pending, 'Choose one of the accounts.');
      pending.email = box.email;
      return consentPage(reply, id, pending);
    };
  }

  function consent(provider: SandboxProvider) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const body = formBody(request);
      const pending = takePending(body.request);
      if (!pending || pending.provider !== provider || !pending.email || !body.request) {
        return errorPage(
          reply,
          provider,
          400,
          'Error 400: invalid_request',
          'This sign-in request has expired. Start again from the app.',
        );
      }
      state.pending.delete(body.request);
      if (body.decision !== 'allow') {
        return redirectWith(reply, pending.redirectUri, {
          error: 'access_denied',
          error_description:
            provider === 'microsoft' ? 'AADSTS65004: User declined to consent to access the app.' : undefined,
          state: pending.state,
        });
      }
      const code = provider === 'google' ? `4/0A${randomToken(60)}` : `1.AX${randomToken(120)}`;
      state.codes.set(code, {
        provider,
        clientId: pending.clientId,
        redirectUri: pending.redirectUri,
        email: pending.email,
        scopes: pending.scopes,
        challenge: pending.challenge,
        challengeMethod: pending.challengeMethod,
        offline: pending.offline,
        forceConsent: pending.forceConsent,
        nonce: pending.nonce,
        expiresAt: state.now().getTime() + CODE_SECONDS * 1000,
        used: false,
      });
      return redirectWith(reply, pending.redirectUri, {
        code,
        state: pending.state,
        scope: provider === 'google' ? pending.scopes.join(' ') : undefined,
        session_state: provider === 'microsoft' ? randomToken(16) : undefined,
      });
    };
  }

  app.get('/google/o/oauth2/v2/auth', authorize('google'));
  app.post('/google/o/oauth2/v2/auth/choose', choose('google'));
  app.post('/google/o/oauth2/v2/auth/consent', consent('google'));
  app.get('/microsoft/:tenant/oauth2/v2.0/authorize', authorize('microsoft'));
  app.post('/microsoft/:tenant/oauth2/v2.0/authorize/choose', choose('microsoft'));
  app.post('/microsoft/:tenant/oauth2/v2.0/authorize/consent', consent('microsoft'));

  // ---- Google token, revoke, userinfo ----

  const googleTokenError = (reply: FastifyReply, status: number, error: string, description: string) =>
    sendJson(reply, status, { error, error_description: description });

  function googleIdToken(grant: Grant, nonce?: string) {
    const box = state.mailbox('google', grant.email);
    const now = Math.floor(state.now().getTime() / 1000);
    const { given, family } = splitName(box?.name ?? grant.email);
    return fakeJwt({
      iss: 'https://accounts.google.com',
      azp: grant.clientId,
      aud: grant.clientId,
      sub: googleSub(grant.email),
      email: grant.email,
      email_verified: true,
      name: box?.name,
      given_name: given,
      family_name: family,
      iat: now,
      exp: now + 3600,
      ...(nonce ? { nonce } : {}),
    });
  }

  app.post('/google/token', async (request, reply) => {
    const body = formBody(request);
    const { clientId, clientSecret } = clientCredentials(request, body);
    const client = state.clients.google.find((candidate) => candidate.clientId === clientId);
    if (!client) return googleTokenError(reply, 401, 'invalid_client', 'The OAuth client was not found.');
    if (client.clientSecret !== clientSecret)
      return googleTokenError(reply, 401, 'invalid_client', 'Unauthorized');
    const grantType = body.grant_type;
    if (grantType === 'authorization_code') {
      if (!body.code)
        return googleTokenError(reply, 400, 'invalid_request', 'Missing required parameter: code');
      const code = state.codes.get(body.code);
      if (!code || code.provider !== 'google')
        return googleTokenError(reply, 400, 'invalid_grant', 'Malformed auth code.');
      if (code.used || code.expiresAt < state.now().getTime() || code.clientId !== client.clientId) {
        code.used = true;
        return googleTokenError(reply, 400, 'invalid_grant', 'Bad Request');
      }
      if (body.redirect_uri !== code.redirectUri)
        return googleTokenError(reply, 400, 'invalid_grant', 'Bad Request');
      if (code.challenge) {
        if (!body.code_verifier)
          return googleTokenError(reply, 400, 'invalid_grant', 'Missing code verifier.');
        if (!verifierMatches(code.challenge, code.challengeMethod, body.code_verifier)) {
          return googleTokenError(reply, 400, 'invalid_grant', 'Invalid code verifier.');
        }
      }
      code.used = true;
      const firstConsent = ![...state.grants.values()].some(
        (grant) =>
          grant.provider === 'google' &&
          grant.clientId === client.clientId &&
          grant.email.toLowerCase() === code.email.toLowerCase() &&
          !grant.revoked &&
          [...state.tokens.values()].some((token) => token.kind === 'refresh' && token.grantId === grant.id),
      );
      const grant = state.createGrant('google', client.clientId, code.email, code.scopes);
      const access = state.issueAccessToken(grant);
      const refreshToken =
        code.offline && (firstConsent || code.forceConsent) ? state.issueRefreshToken(grant) : undefined;
      state.save();
      return sendJson(reply, 200, {
        access_token: access.token,
        expires_in: access.expiresIn,
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
        ...(grant.scopes.includes('openid') ? { id_token: googleIdToken(grant, code.nonce) } : {}),
      });
    }
    if (grantType === 'refresh_token') {
      if (!body.refresh_token)
        return googleTokenError(reply, 400, 'invalid_request', 'Missing required parameter: refresh_token');
      const record = state.tokens.get(body.refresh_token);
      const grant = record?.kind === 'refresh' ? state.grants.get(record.grantId) : undefined;
      if (!grant || grant.provider !== 'google' || grant.revoked) {
        return googleTokenError(reply, 400, 'invalid_grant', 'Token has been expired or revoked.');
      }
      if (grant.clientId !== client.clientId)
        return googleTokenError(reply, 401, 'unauthorized_client', 'Unauthorized');
      const access = state.issueAccessToken(grant);
      state.save();
      return sendJson(reply, 200, {
        access_token: access.token,
        expires_in: access.expiresIn,
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
        ...(grant.scopes.includes('openid') ? { id_token: googleIdToken(grant) } : {}),
      });
    }
    return googleTokenError(reply, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
  });

  app.post('/google/revoke', async (request, reply) => {
    const token = formBody(request).token ?? one((request.query as Record<string, unknown>).token);
    const record = token ? state.tokens.get(token) : undefined;
    const grant = record ? state.grants.get(record.grantId) : undefined;
    if (!grant || grant.provider !== 'google' || grant.revoked) {
      return sendJson(reply, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    }
    state.revokeGrant(grant.id);
    return reply.code(200).header('content-type', 'application/json; charset=utf-8').send('{}');
  });

  app.get('/google/v1/userinfo', async (request, reply) => {
    const token = bearer(request);
    const grant = token ? state.grantForAccessToken('google', token) : undefined;
    if (!grant) {
      return sendJson(reply.header('www-authenticate', 'Bearer error="invalid_token"'), 401, {
        error: 'invalid_request',
        error_description: 'Invalid Credentials',
      });
    }
    const box = state.mailbox('google', grant.email);
    const name = box?.name ?? grant.email;
    const { given, family } = splitName(name);
    const profile = hasScope(grant, 'profile', 'https://www.googleapis.com/auth/userinfo.profile', 'openid');
    const email = hasScope(grant, 'email', 'https://www.googleapis.com/auth/userinfo.email', 'openid');
    if (!profile && !email) {
      return sendJson(reply, 401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
    }
    return sendJson(reply, 200, {
      sub: googleSub(grant.email),
      ...(profile ? { name, given_name: given, family_name: family } : {}),
      ...(email ? { email: grant.email, email_verified: true } : {}),
    });
  });

  // ---- Microsoft token ----

  app.post('/microsoft/:tenant/oauth2/v2.0/token', async (request, reply) => {
    const body = formBody(request);
    const tenant = (request.params as { tenant: string }).tenant;
    const now = state.now();
    const fail = (status: number, error: string, code: number, text: string) =>
      sendJson(reply, status, aadError(error, code, text, now));
    const { clientId, clientSecret } = clientCredentials(request, body);
    const client = state.clients.microsoft.find((candidate) => candidate.clientId === clientId);
    if (!client) {
      return fail(
        400,
        'unauthorized_client',
        700016,
        `Application with identifier '${clientId ?? ''}' was not found in the directory '${tenant}'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You may have sent your authentication request to the wrong tenant.`,
      );
    }
    if (!clientSecret) {
      return fail(
        401,
        'invalid_client',
        7000218,
        "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
      );
    }
    if (clientSecret !== client.clientSecret) {
      return fail(
        401,
        'invalid_client',
        7000215,
        `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${client.clientId}'.`,
      );
    }
    const respond = (grant: Grant, nonce?: string) => {
      const access = state.issueAccessToken(grant);
      const offline = grant.scopes.some((scope) => scope.toLowerCase() === 'offline_access');
      const box = state.mailbox('microsoft', grant.email);
      const issued = Math.floor(now.getTime() / 1000);
      state.save();
      return sendJson(reply, 200, {
        token_type: 'Bearer',
        scope: grant.scopes.filter((scope) => scope.toLowerCase() !== 'offline_access').join(' '),
        expires_in: access.expiresIn,
        ext_expires_in: access.expiresIn,
        access_token: access.token,
        ...(offline ? { refresh_token: state.issueRefreshToken(grant) } : {}),
        ...(grant.scopes.includes('openid')
          ? {
              id_token: fakeJwt({
                aud: grant.clientId,
                iss: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
                iat: issued,
                nbf: issued,
                exp: issued + 3600,
                name: box?.name,
                oid: microsoftUserId(grant.email),
                preferred_username: grant.email,
                email: grant.email,
                sub: randomToken(32),
                tid: '9188040d-6c67-4c5b-b112-36a304b66dad',
                ver: '2.0',
                ...(nonce ? { nonce } : {}),
              }),
            }
          : {}),
      });
    };
    if (body.grant_type === 'authorization_code') {
      if (!body.code)
        return fail(
          400,
          'invalid_request',
          900144,
          "The request body must contain the following parameter: 'code'.",
        );
      const code = state.codes.get(body.code);
      if (!code || code.provider !== 'microsoft' || code.clientId !== client.clientId) {
        return fail(400, 'invalid_grant', 9002313, 'Invalid request. Request is malformed or invalid.');
      }
      if (code.used) {
        return fail(
          400,
          'invalid_grant',
          54005,
          'OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token.',
        );
      }
      if (code.expiresAt < now.getTime()) {
        code.used = true;
        return fail(
          400,
          'invalid_grant',
          70008,
          'The provided authorization code or refresh token has expired due to inactivity. Send a new interactive authorization request for this user and resource.',
        );
      }
      if (body.redirect_uri !== code.redirectUri) {
        return fail(
          400,
          'invalid_grant',
          50011,
          `The redirect URI '${body.redirect_uri ?? ''}' specified in the request does not match the redirect URI used when requesting the authorization code.`,
        );
      }
      if (code.challenge) {
        if (!body.code_verifier) {
          return fail(
            400,
            'invalid_grant',
            50148,
            'The code_verifier does not match the code_challenge supplied in the authorization request for PKCE.',
          );
        }
        if (!verifierMatches(code.challenge, code.challengeMethod, body.code_verifier)) {
          return fail(
            400,
            'invalid_grant',
            501481,
            'The Code_Verifier does not match the code_challenge supplied in the authorization request.',
          );
        }
      }
      code.used = true;
      return respond(state.createGrant('microsoft', client.clientId, code.email, code.scopes), code.nonce);
    }
    if (body.grant_type === 'refresh_token') {
      if (!body.refresh_token) {
        return fail(
          400,
          'invalid_request',
          900144,
          "The request body must contain the following parameter: 'refresh_token'.",
        );
      }
      const record = state.tokens.get(body.refresh_token);
      const grant = record?.kind === 'refresh' ? state.grants.get(record.grantId) : undefined;
      if (!grant || grant.provider !== 'microsoft' || grant.clientId !== client.clientId) {
        return fail(400, 'invalid_grant', 9002313, 'Invalid request. Request is malformed or invalid.');
      }
      if (grant.revoked) {
        return fail(
          400,
          'invalid_grant',
          50173,
          `The provided grant has expired due to it being revoked, a fresh auth token is needed. The user might have changed or reset their password. The grant was issued on '${grant.issuedAt}' and the TokensValidFrom date (before which tokens are not valid) for this user is '${now.toISOString()}'.`,
        );
      }
      return respond(grant);
    }
    return fail(
      400,
      'unsupported_grant_type',
      70003,
      `The app requested an unsupported grant type '${body.grant_type ?? ''}'.`,
    );
  });
}
