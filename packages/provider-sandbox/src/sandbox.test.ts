import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { completeConsent } from './consent';
import { createProviderSandbox, sandboxEndpoints, startProviderSandbox } from './sandbox';
import { bulkMailbox, claimsPracticeSeed } from './seed';
import {
  FACTS,
  GMAIL_SCOPES,
  GOOGLE_CLIENT,
  MICROSOFT_CLIENT,
  connectGoogle,
  getJson,
  googleAuthorizeUrl,
  pkce,
  postForm,
} from './test-support';

const directory = mkdtempSync(path.join(tmpdir(), 'provider-sandbox-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('mounted in a host app', () => {
  it('works under a prefix without leaking the form parser or its hooks', async () => {
    const { plugin, sandbox } = createProviderSandbox({
      clients: { google: [GOOGLE_CLIENT], microsoft: [MICROSOFT_CLIENT] },
      seed: { google: [{ email: 'host@firm.example', name: 'Host' }] },
      admin: true,
    });
    const app = Fastify();
    app.post('/api/echo', async (request) => ({ body: request.body ?? null }));
    await app.register(plugin, { prefix: '/sandbox' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address() as { port: number };
      const base = `http://127.0.0.1:${address.port}/sandbox`;
      const form = await fetch(`http://127.0.0.1:${address.port}/api/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      });
      expect(form.status).toBe(415);
      const { verifier, challenge } = pkce();
      const consent = await completeConsent(googleAuthorizeUrl(base, challenge), {
        email: 'host@firm.example',
      });
      const code = new URL(consent.location as string).searchParams.get('code') as string;
      const tokens = await postForm(sandboxEndpoints(base).google.token, {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: GOOGLE_CLIENT.redirectUris[0] as string,
        client_id: GOOGLE_CLIENT.clientId,
        client_secret: GOOGLE_CLIENT.clientSecret,
      });
      expect(tokens.status).toBe(200);
      expect(sandbox.requests.at(-1)).toEqual({
        method: 'POST',
        path: '/google/token',
        status: 200,
        provider: 'google',
      });

      const admin = await fetch(`${base}/_admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rate429: 1, retryAfterSeconds: 0 }),
      });
      expect(admin.status).toBe(200);
      const limited = await getJson(
        `${base}/google/gmail/v1/users/me/profile`,
        tokens.body.access_token as string,
      );
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('0');
      await fetch(`${base}/_admin/reset-faults`, { method: 'POST' });
      const delivered = await fetch(`${base}/_admin/deliver`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          provider: 'google',
          email: 'host@firm.example',
          message: {
            from: { address: 'a@b.example' },
            to: ['host@firm.example'],
            subject: 'Via admin',
            text: 'hi',
          },
        }),
      });
      expect(delivered.status).toBe(200);
      expect(sandbox.accounts('google')[0]?.messageCount).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('has no admin routes unless asked', async () => {
    const server = await startProviderSandbox({ clients: { google: [], microsoft: [] } });
    try {
      expect((await fetch(`${server.url}/_admin/faults`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('persistence', () => {
  it('keeps grants, tokens, new accounts and mail changes across a restart', async () => {
    const stateFile = path.join(directory, 'state.json');
    const options = {
      clients: { google: [GOOGLE_CLIENT], microsoft: [MICROSOFT_CLIENT] },
      seed: claimsPracticeSeed(FACTS),
      stateFile,
      now: () => FACTS.now,
    };
    const first = await startProviderSandbox({ ...options, port: 0 });
    const tokens = await connectGoogle(first.url, FACTS.attorney.googleEmail);
    const { id } = first.sandbox.deliver('google', FACTS.attorney.googleEmail, {
      from: { address: 'adjuster@carrier.example' },
      to: [FACTS.attorney.googleEmail],
      subject: 'After restart',
      text: 'Still here?',
      receivedAt: FACTS.now,
      attachments: [{ name: 'note.txt', mimeType: 'text/plain', content: 'hello' }],
    });
    const profile = await getJson(
      `${sandboxEndpoints(first.url).google.gmail}/users/me/profile`,
      tokens.access_token,
    );
    const { challenge } = pkce();
    await completeConsent(googleAuthorizeUrl(first.url, challenge), {
      email: 'walkin@client.example',
      name: 'Walk In',
    });
    await first.close();

    const second = await startProviderSandbox({ ...options, port: 0 });
    try {
      const gmail = `${sandboxEndpoints(second.url).google.gmail}/users/me`;
      const again = await getJson(`${gmail}/profile`, tokens.access_token);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(profile.body);
      const message = await getJson(`${gmail}/messages/${id}`, tokens.access_token);
      expect(message.body.payload.headers.find((h: { name: string }) => h.name === 'Subject').value).toBe(
        'After restart',
      );
      const refreshed = await postForm(sandboxEndpoints(second.url).google.token, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: GOOGLE_CLIENT.clientId,
        client_secret: GOOGLE_CLIENT.clientSecret,
      });
      expect(refreshed.status).toBe(200);
      expect(second.sandbox.accounts('google').map((account) => account.email)).toContain(
        'walkin@client.example',
      );
    } finally {
      await second.close();
    }
  });
});

describe('bulkMailbox', () => {
  it('makes the asked number of messages over 30 days, some with attachments, quickly served', async () => {
    const messages = bulkMailbox(1200, FACTS);
    expect(messages).toHaveLength(1200);
    const times = messages.map((message) => new Date(message.receivedAt).getTime());
    expect(FACTS.now.getTime() - Math.min(...times)).toBeLessThanOrEqual(30 * 86_400_000);
    expect(messages.filter((message) => message.attachments?.length).length).toBeGreaterThan(100);
    const server = await startProviderSandbox({
      clients: { google: [GOOGLE_CLIENT], microsoft: [] },
      seed: { google: [{ email: 'bulk@firm.example', name: 'Bulk', messages }] },
      now: () => FACTS.now,
    });
    try {
      const token = server.sandbox.issueGrant('google', {
        clientId: GOOGLE_CLIENT.clientId,
        email: 'bulk@firm.example',
        scopes: GMAIL_SCOPES,
      }).accessToken;
      const page = await getJson(
        `${sandboxEndpoints(server.url).google.gmail}/users/me/messages?maxResults=500`,
        token,
      );
      expect(page.body.messages).toHaveLength(500);
      expect(page.body.resultSizeEstimate).toBe(1200);
    } finally {
      await server.close();
    }
  });
});

describe('compose pages', () => {
  it('prefills the form and files a sent message, delivering it to a sandbox recipient', async () => {
    const server = await startProviderSandbox({
      clients: { google: [GOOGLE_CLIENT], microsoft: [MICROSOFT_CLIENT] },
      seed: {
        google: [{ email: 'firm@firm.example', name: 'Firm' }],
        microsoft: [{ email: 'client@client-ms.example', name: 'Client' }],
      },
    });
    try {
      const endpoints = sandboxEndpoints(server.url);
      const page = await fetch(
        `${endpoints.google.compose}?view=cm&fs=1&to=client%40client-ms.example&su=Hello&body=Update`,
      );
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await page.text();
      expect(html).toContain('value="client@client-ms.example"');
      expect(html).toContain('value="Hello"');
      const sent = await fetch(`${server.url}/google/mail/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          from: 'firm@firm.example',
          to: 'client@client-ms.example',
          subject: 'Hello',
          body: 'Update',
        }),
      });
      expect(sent.status).toBe(200);
      expect(await sent.text()).toContain('Message sent');
      expect(server.sandbox.accounts('google')[0]?.messageCount).toBe(1);
      expect(server.sandbox.accounts('microsoft')[0]?.messageCount).toBe(1);
      expect((await fetch(`${endpoints.microsoft.compose}?to=a%40b.example&subject=S&body=B`)).status).toBe(
        200,
      );
    } finally {
      await server.close();
    }
  });
});
