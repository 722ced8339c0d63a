import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEndpoints, startProviderSandbox } from './sandbox';
import { claimsPracticeSeed, HOSTILE_HTML } from './seed';
import {
  GMAIL_SCOPES,
  GOOGLE_CLIENT,
  GRAPH_SCOPES,
  MICROSOFT_CLIENT,
  connectGoogle,
  FACTS,
  connectMicrosoft,
  getJson,
} from './test-support';

let server: Awaited<ReturnType<typeof startProviderSandbox>>;
let endpoints: ReturnType<typeof sandboxEndpoints>;
const seed = claimsPracticeSeed(FACTS);

beforeAll(async () => {
  server = await startProviderSandbox({
    clients: { google: [GOOGLE_CLIENT], microsoft: [MICROSOFT_CLIENT] },
    seed,
    now: () => FACTS.now,
  });
  endpoints = sandboxEndpoints(server.url);
});
afterAll(() => server.close());

describe('the claims-practice seed', () => {
  it('is deterministic and shaped like the demo needs', () => {
    expect(JSON.stringify(claimsPracticeSeed(FACTS))).toBe(JSON.stringify(seed));
    const google = seed.google?.[0]?.messages ?? [];
    const microsoft = seed.microsoft?.[0]?.messages ?? [];
    expect(google.length).toBeGreaterThanOrEqual(20);
    expect(microsoft.length).toBeGreaterThanOrEqual(16);
    const all = [...google, ...microsoft];
    expect(all.length).toBeGreaterThanOrEqual(38);
    const oldest = Math.min(...all.map((message) => new Date(message.receivedAt).getTime()));
    expect(FACTS.now.getTime() - oldest).toBeLessThanOrEqual(21 * 86_400_000);
    const unread = all.filter((message) => message.unread).length / all.length;
    expect(unread).toBeGreaterThan(0.2);
    expect(unread).toBeLessThan(0.5);
    expect(
      all.some((message) => message.subject === 'RE: Claim CLM-2026-88339 – request for sworn proof of loss'),
    ).toBe(true);
    expect(all.some((message) => message.subject === 'Question about CASE-2026-004')).toBe(true);
    const pdfs = all
      .flatMap((message) => message.attachments ?? [])
      .filter((a) => a.mimeType === 'application/pdf');
    expect(pdfs.length).toBeGreaterThanOrEqual(4);
    expect(seed.google?.map((account) => account.email)).toContain('linh.nguyen@gmail-sandbox.example');
  });

  it('makes PDFs that pdf.js reads, naming the claim number', async () => {
    const attachment = seed.google
      ?.flatMap((account) => account.messages ?? [])
      .flatMap((message) => message.attachments ?? [])
      .find((a) => a.name.startsWith('Proof_of_Loss_Request_CLM-2026-88339'));
    const bytes = Buffer.from(attachment?.content as Buffer);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-5).toString()).toBe('%%EOF');
    const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
    const content = await (await document.getPage(1)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(text).toContain('Claim No. CLM-2026-88339');
    expect(text).toContain('Sworn Statement in Proof of Loss');
  });

  it('fills both calendars over the four weeks ahead, served by Calendar v3 and calendarView', async () => {
    const google = seed.google?.[0]?.events ?? [];
    const microsoft = seed.microsoft?.[0]?.events ?? [];
    expect(google.length).toBeGreaterThanOrEqual(4);
    expect(microsoft.length).toBeGreaterThanOrEqual(3);
    for (const event of [...google, ...microsoft]) {
      const start = new Date(event.start).getTime();
      expect(start).toBeGreaterThan(FACTS.now.getTime());
      expect(start - FACTS.now.getTime()).toBeLessThanOrEqual(29 * 86_400_000);
      expect(new Date(event.end).getTime()).toBeGreaterThan(start);
      expect(event.title).toMatch(/CASE-2026-0\d\d/);
    }
    expect(google.filter((event) => event.allDay).map((event) => event.title)).toEqual([
      'Appraisal panel - CASE-2026-011',
    ]);
    expect(google.some((event) => event.conferenceUrl?.startsWith('https://meet.google.com/'))).toBe(true);
    const responses = new Set(
      [...google, ...microsoft].flatMap((e) => (e.attendees ?? []).map((a) => a.response)),
    );
    expect([...responses].sort()).toEqual(['accepted', 'declined', 'needsAction', 'tentative']);
    // No other seeded account has events, and mail is untouched by them.
    expect(seed.google?.slice(1).every((account) => !account.events)).toBe(true);

    const googleToken = server.sandbox.issueGrant('google', {
      clientId: GOOGLE_CLIENT.clientId,
      email: FACTS.attorney.googleEmail,
      scopes: GMAIL_SCOPES,
    }).accessToken;
    const window = `timeMin=${FACTS.now.toISOString()}&timeMax=${new Date(FACTS.now.getTime() + 30 * 86_400_000).toISOString()}`;
    const listed = await getJson(
      `${endpoints.google.calendar}/calendars/primary/events?${window}&singleEvents=true&orderBy=startTime`,
      googleToken,
    );
    expect(listed.body.items.map((item: { summary: string }) => item.summary)).toEqual(
      [...google]
        .sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime())
        .map((event) => event.title),
    );
    const microsoftToken = server.sandbox.issueGrant('microsoft', {
      clientId: MICROSOFT_CLIENT.clientId,
      email: FACTS.attorney.microsoftEmail,
      scopes: GRAPH_SCOPES,
    }).accessToken;
    const view = await getJson(
      `${endpoints.microsoft.graph}/me/calendarView?startDateTime=${FACTS.now.toISOString()}&endDateTime=${new Date(FACTS.now.getTime() + 30 * 86_400_000).toISOString()}&$top=50`,
      microsoftToken,
    );
    expect(view.body.value).toHaveLength(microsoft.length);
    expect(
      view.body.value.map((event: { location: { displayName: string } }) => event.location.displayName),
    ).toEqual(expect.arrayContaining([expect.stringContaining('Courtroom 4B')]));
  });
});

describe('Gmail', () => {
  it('lists, gets (full/metadata/minimal), downloads attachments and follows history', async () => {
    const { access_token: token } = await connectGoogle(server.url, FACTS.attorney.googleEmail);
    const gmail = `${endpoints.google.gmail}/users/me`;
    const profile = await getJson(`${gmail}/profile`, token);
    expect(profile.body).toMatchObject({
      emailAddress: FACTS.attorney.googleEmail,
      historyId: expect.any(String),
    });
    const total = profile.body.messagesTotal as number;

    const after = Math.floor((FACTS.now.getTime() - 7 * 86_400_000) / 1000);
    const page1 = await getJson(
      `${gmail}/messages?maxResults=5&labelIds=INBOX&q=${encodeURIComponent(`after:${after} in:inbox`)}`,
      token,
    );
    expect(page1.status).toBe(200);
    expect(page1.body.messages).toHaveLength(5);
    expect(page1.body.nextPageToken).toEqual(expect.any(String));
    const all = await getJson(`${gmail}/messages?maxResults=500`, token);
    expect(all.body.messages).toHaveLength(total);
    expect(all.body.nextPageToken).toBeUndefined();
    const unread = await getJson(`${gmail}/messages?q=is:unread`, token);
    expect(unread.body.resultSizeEstimate).toBeLessThan(total);
    const none = await getJson(`${gmail}/messages?q=nothing-matches-this`, token);
    expect(none.body).toEqual({ resultSizeEstimate: 0 });

    const dates: number[] = [];
    for (const ref of all.body.messages.slice(0, 10)) {
      const minimal = await getJson(`${gmail}/messages/${ref.id}?format=minimal`, token);
      dates.push(Number(minimal.body.internalDate));
    }
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const porSubject = 'RE: Claim CLM-2026-88339 – request for sworn proof of loss';
    const search = await getJson(
      `${gmail}/messages?q=${encodeURIComponent('CLM-2026-88339 has:attachment')}`,
      token,
    );
    let por: Record<string, any> | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any
    for (const ref of search.body.messages) {
      const full = await getJson(`${gmail}/messages/${ref.id}?format=full`, token);
      if (full.body.payload.headers.find((h: { name: string }) => h.name === 'Subject')?.value === porSubject)
        por = full.body;
    }
    expect(por).toBeDefined();
    const message = por as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(message.labelIds).toContain('INBOX');
    expect(message.labelIds).toContain('IMPORTANT');
    expect(message.internalDate).toMatch(/^\d+$/);
    expect(message.payload.mimeType).toBe('multipart/mixed');
    const [alternative, attachmentPart] = message.payload.parts;
    expect(alternative.mimeType).toBe('multipart/alternative');
    expect(alternative.parts.map((part: { mimeType: string }) => part.mimeType)).toEqual([
      'text/plain',
      'text/html',
    ]);
    expect(Buffer.from(alternative.parts[0].body.data, 'base64url').toString()).toContain(
      'sworn proof of loss',
    );
    expect(attachmentPart.filename).toBe('Proof_of_Loss_Request_CLM-2026-88339.pdf');
    const headers = Object.fromEntries(
      message.payload.headers.map((h: { name: string; value: string }) => [h.name, h.value]),
    );
    expect(headers.Date).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(headers.From).toMatch(/<.+@harborline-mutual\.example>$/);
    expect(headers['Message-ID']).toMatch(/^<.+>$/);

    const attachment = await getJson(
      `${gmail}/messages/${message.id}/attachments/${attachmentPart.body.attachmentId}`,
      token,
    );
    const bytes = Buffer.from(attachment.body.data, 'base64url');
    expect(attachment.body.size).toBe(bytes.length);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);

    const metadata = await getJson(
      `${gmail}/messages/${message.id}?format=metadata&metadataHeaders=From&metadataHeaders=Subject`,
      token,
    );
    expect(metadata.body.payload.headers.map((h: { name: string }) => h.name).sort()).toEqual([
      'From',
      'Subject',
    ]);

    const missing = await getJson(`${gmail}/messages/0000000000000000`, token);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({
      code: 404,
      message: 'Requested entity was not found.',
      status: 'NOT_FOUND',
    });

    // history: a delivery, a read change and a removal after the profile's historyId
    const start = profile.body.historyId as string;
    const quiet = await getJson(`${gmail}/history?startHistoryId=${start}`, token);
    expect(quiet.body.history).toBeUndefined();
    expect(quiet.body.historyId).toBe(start);
    const { id: newId } = server.sandbox.deliver('google', FACTS.attorney.googleEmail, {
      from: { name: 'Dana Whitfield', address: 'dana.whitfield@harborline-mutual.example' },
      to: [FACTS.attorney.googleEmail],
      subject: 'Claim CLM-2026-88339 – payment issued',
      text: 'Payment has been issued.',
      receivedAt: FACTS.now,
    });
    const { id: doomedId } = server.sandbox.deliver('google', FACTS.attorney.googleEmail, {
      from: { address: 'noreply@lexidocket.example' },
      to: [FACTS.attorney.googleEmail],
      subject: 'Receipt',
      text: 'Thanks.',
      receivedAt: FACTS.now,
    });
    const wasUnread = (message.labelIds as string[]).includes('UNREAD');
    server.sandbox.setRead('google', FACTS.attorney.googleEmail, message.id, wasUnread);
    server.sandbox.remove('google', FACTS.attorney.googleEmail, doomedId);
    const history = await getJson(`${gmail}/history?startHistoryId=${start}`, token);
    expect(history.body.history).toHaveLength(4);
    expect(history.body.history[0].messagesAdded[0].message).toMatchObject({
      id: newId,
      labelIds: expect.arrayContaining(['INBOX', 'UNREAD']),
    });
    const labelChange = wasUnread
      ? history.body.history[2].labelsRemoved
      : history.body.history[2].labelsAdded;
    expect(labelChange[0]).toMatchObject({ message: { id: message.id }, labelIds: ['UNREAD'] });
    expect(history.body.history[3].messagesDeleted[0].message.id).toBe(doomedId);
    expect(Number(history.body.historyId)).toBeGreaterThan(Number(start));
    const limited = await getJson(`${gmail}/history?startHistoryId=${start}&maxResults=3`, token);
    expect(limited.body.history).toHaveLength(3);
    const rest = await getJson(
      `${gmail}/history?startHistoryId=${start}&maxResults=3&pageToken=${limited.body.nextPageToken}`,
      token,
    );
    expect(rest.body.history).toHaveLength(1);
    const added = await getJson(`${gmail}/history?startHistoryId=${start}&historyTypes=messageAdded`, token);
    expect(added.body.history).toHaveLength(2);

    server.sandbox.expireSyncState('google', FACTS.attorney.googleEmail);
    const expired = await getJson(`${gmail}/history?startHistoryId=${start}`, token);
    expect(expired.status).toBe(404);
    expect(expired.body.error.status).toBe('NOT_FOUND');
    const fresh = await getJson(`${gmail}/profile`, token);
    expect((await getJson(`${gmail}/history?startHistoryId=${fresh.body.historyId}`, token)).status).toBe(
      200,
    );
  });

  it('answers 401 without a token, after expireAccessTokens, and 403 without the Gmail scope', async () => {
    const gmail = `${endpoints.google.gmail}/users/me/messages`;
    expect((await getJson(gmail)).status).toBe(401);
    const grant = server.sandbox.issueGrant('google', {
      clientId: GOOGLE_CLIENT.clientId,
      email: FACTS.attorney.googleEmail,
      scopes: ['openid', 'https://www.googleapis.com/auth/userinfo.email'],
    });
    const forbidden = await getJson(gmail, grant.accessToken);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.status).toBe('PERMISSION_DENIED');
    const full = server.sandbox.issueGrant('google', {
      clientId: GOOGLE_CLIENT.clientId,
      email: FACTS.attorney.googleEmail,
      scopes: GMAIL_SCOPES,
    });
    expect((await getJson(gmail, full.accessToken)).status).toBe(200);
    server.sandbox.expireAccessTokens('google', FACTS.attorney.googleEmail);
    const expired = await getJson(gmail, full.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body.error.status).toBe('UNAUTHENTICATED');
  });

  it('serves the hostile message unchanged', async () => {
    const token = server.sandbox.issueGrant('google', {
      clientId: GOOGLE_CLIENT.clientId,
      email: FACTS.attorney.googleEmail,
      scopes: GMAIL_SCOPES,
    }).accessToken;
    const gmail = `${endpoints.google.gmail}/users/me`;
    const found = await getJson(`${gmail}/messages?q=${encodeURIComponent('subject:password')}`, token);
    const message = await getJson(`${gmail}/messages/${found.body.messages[0].id}`, token);
    const parts = message.body.payload.parts ?? [message.body.payload];
    const htmlPart = parts.find((part: { mimeType: string }) => part.mimeType === 'text/html');
    expect(Buffer.from(htmlPart.body.data, 'base64url').toString()).toBe(HOSTILE_HTML);
  });
});

describe('Graph mail', () => {
  it('pages /me/messages through @odata.nextLink and reads a message and its attachments', async () => {
    const { access_token: token } = await connectMicrosoft(server.url, FACTS.attorney.microsoftEmail);
    const me = await getJson(`${endpoints.microsoft.graph}/me`, token);
    expect(me.body).toMatchObject({
      mail: FACTS.attorney.microsoftEmail,
      userPrincipalName: FACTS.attorney.microsoftEmail,
      displayName: 'Avery Stone',
    });

    const since = new Date(FACTS.now.getTime() - 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    let url: string | undefined =
      `${endpoints.microsoft.graph}/me/mailFolders/inbox/messages?$top=7&$select=id,subject,receivedDateTime,isRead,hasAttachments,importance&$orderby=receivedDateTime desc&$filter=receivedDateTime ge ${since}`;
    const seen: { id: string; receivedDateTime: string; hasAttachments: boolean; subject: string }[] = [];
    while (url) {
      expect(url.startsWith(server.url)).toBe(true);
      const page: Awaited<ReturnType<typeof getJson>> = await getJson(url, token);
      expect(page.status).toBe(200);
      seen.push(...page.body.value);
      url = page.body['@odata.nextLink'];
    }
    expect(seen.length).toBe(seed.microsoft?.[0]?.messages?.length);
    expect(new Set(seen.map((message) => message.id)).size).toBe(seen.length);
    const times = seen.map((message) => message.receivedDateTime);
    expect([...times].sort().reverse()).toEqual(times);

    const withPdf = seen.find((message) => message.hasAttachments) as { id: string };
    const full = await getJson(
      `${endpoints.microsoft.graph}/me/messages/${encodeURIComponent(withPdf.id)}`,
      token,
    );
    expect(full.body).toMatchObject({
      id: withPdf.id,
      from: { emailAddress: { address: expect.any(String) } },
      body: { contentType: expect.stringMatching(/^(html|text)$/) },
      importance: expect.stringMatching(/^(normal|high)$/),
    });
    const attachments = await getJson(
      `${endpoints.microsoft.graph}/me/messages/${encodeURIComponent(withPdf.id)}/attachments`,
      token,
    );
    expect(attachments.body.value[0]).toMatchObject({
      '@odata.type': '#microsoft.graph.fileAttachment',
      isInline: false,
    });
    const bytes = Buffer.from(attachments.body.value[0].contentBytes, 'base64');
    expect(bytes.length).toBe(attachments.body.value[0].size);
  });

  it('runs a delta round to a deltaLink, then returns only new, read and removed messages; 410 after expiry', async () => {
    const email = FACTS.attorney.microsoftEmail;
    const token = server.sandbox.issueGrant('microsoft', {
      clientId: MICROSOFT_CLIENT.clientId,
      email,
      scopes: GRAPH_SCOPES,
    }).accessToken;
    const prefer = { prefer: 'odata.maxpagesize=5' };
    let url: string | undefined =
      `${endpoints.microsoft.graph}/me/mailFolders/inbox/messages/delta?$select=subject,isRead,receivedDateTime`;
    let deltaLink: string | undefined;
    const ids: string[] = [];
    while (url) {
      const page: Awaited<ReturnType<typeof getJson>> = await getJson(url, token, prefer);
      expect(page.body.value.length).toBeLessThanOrEqual(5);
      ids.push(...page.body.value.map((message: { id: string }) => message.id));
      url = page.body['@odata.nextLink'];
      deltaLink = page.body['@odata.deltaLink'];
    }
    const inbox = server.sandbox
      .accounts('microsoft')
      .find((account) => account.email === email)?.messageCount;
    expect(ids.length).toBe(inbox);
    expect(deltaLink).toContain('$deltatoken=');

    const empty = await getJson(deltaLink as string, token, prefer);
    expect(empty.body.value).toEqual([]);

    const { id: newId } = server.sandbox.deliver('microsoft', email, {
      from: { name: 'Grace Okafor', address: 'grace@beacon-pa.test' },
      to: [email],
      subject: 'Supplement sent',
      text: 'Sent today.',
      receivedAt: FACTS.now,
      important: true,
    });
    server.sandbox.setRead('microsoft', email, ids[0] as string, true);
    server.sandbox.remove('microsoft', email, ids[1] as string);
    const changes = await getJson(deltaLink as string, token, prefer);
    expect(changes.body.value).toHaveLength(3);
    expect(changes.body.value[0]).toMatchObject({ id: newId, subject: 'Supplement sent', isRead: false });
    expect(changes.body.value[1]).toMatchObject({ id: ids[0], isRead: true });
    expect(changes.body.value[2]).toEqual({
      '@odata.type': '#microsoft.graph.message',
      id: ids[1],
      '@removed': { reason: 'deleted' },
    });
    expect(changes.body['@odata.deltaLink']).toEqual(expect.any(String));

    server.sandbox.expireSyncState('microsoft', email);
    const gone = await getJson(changes.body['@odata.deltaLink'], token);
    expect(gone.status).toBe(410);
    expect(gone.body.error.code).toBe('syncStateNotFound');
  });

  it('answers 403 ErrorAccessDenied without Mail.Read', async () => {
    const token = server.sandbox.issueGrant('microsoft', {
      clientId: MICROSOFT_CLIENT.clientId,
      email: FACTS.attorney.microsoftEmail,
      scopes: ['User.Read'],
    }).accessToken;
    const denied = await getJson(`${endpoints.microsoft.graph}/me/messages`, token);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('ErrorAccessDenied');
  });
});

describe('faults', () => {
  it('answers every API call 429 with Retry-After at rate429=1, and only for the named provider', async () => {
    const google = server.sandbox.issueGrant('google', {
      clientId: GOOGLE_CLIENT.clientId,
      email: FACTS.attorney.googleEmail,
      scopes: GMAIL_SCOPES,
    });
    const microsoft = server.sandbox.issueGrant('microsoft', {
      clientId: MICROSOFT_CLIENT.clientId,
      email: FACTS.attorney.microsoftEmail,
      scopes: GRAPH_SCOPES,
    });
    server.sandbox.faults.set({ rate429: 1, retryAfterSeconds: 2, seed: 7 });
    try {
      const gmail = await getJson(`${endpoints.google.gmail}/users/me/messages`, google.accessToken);
      expect(gmail.status).toBe(429);
      expect(gmail.headers.get('retry-after')).toBe('2');
      expect(gmail.body.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
      const graph = await getJson(`${endpoints.microsoft.graph}/me/messages`, microsoft.accessToken);
      expect(graph.status).toBe(429);
      expect(graph.body.error.code).toBe('TooManyRequests');
      const page = await fetch(`${endpoints.google.authorize}?client_id=${GOOGLE_CLIENT.clientId}`);
      expect(page.status).not.toBe(429);

      server.sandbox.faults.set({ provider: 'microsoft' });
      expect((await getJson(`${endpoints.google.gmail}/users/me/profile`, google.accessToken)).status).toBe(
        200,
      );
      server.sandbox.faults.set({ rate429: 0, rate5xx: 1, provider: undefined });
      const unavailable = await getJson(`${endpoints.google.gmail}/users/me/profile`, google.accessToken);
      expect(unavailable.status).toBe(503);
      expect(unavailable.body.error.status).toBe('UNAVAILABLE');
    } finally {
      server.sandbox.faults.reset();
    }
    expect(
      server.sandbox.requests.some((request) => request.status === 429 && request.provider === 'google'),
    ).toBe(true);
    expect(JSON.stringify(server.sandbox.requests)).not.toContain(google.accessToken);
  });
});
