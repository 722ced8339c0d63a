import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasScope } from './oauth';
import type { Mailbox, SandboxState, StoredMessage } from './state';
import {
  GOOGLE_INSUFFICIENT_SCOPE,
  GOOGLE_UNAUTHENTICATED,
  bearer,
  decodeCursor,
  encodeCursor,
  googleError,
  googleNotFound,
  list,
  one,
  plainText,
  rfc2822,
  sendJson,
} from './wire';

/** Gmail API v1 under /google/gmail/v1/users/me. */

const READ_SCOPES = [
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/gmail.modify',
  'https://mail.google.com/',
];
const METADATA_SCOPE = 'https://www.googleapis.com/auth/gmail.metadata';

/** The token's mailbox, or undefined after answering 401/403 the way Google does. */
export function googleAuth(
  state: SandboxState,
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: string[],
): Mailbox | undefined {
  const token = bearer(request);
  const grant = token ? state.grantForAccessToken('google', token) : undefined;
  if (!grant) {
    void sendJson(
      reply.header('www-authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"'),
      401,
      GOOGLE_UNAUTHENTICATED,
    );
    return undefined;
  }
  if (!hasScope(grant, ...scopes)) {
    void sendJson(
      reply.header(
        'www-authenticate',
        `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${scopes[0] ?? ''}"`,
      ),
      403,
      GOOGLE_INSUFFICIENT_SCOPE,
    );
    return undefined;
  }
  const box = state.mailbox('google', grant.email);
  if (!box) {
    void sendJson(reply, 404, googleNotFound());
    return undefined;
  }
  return box;
}

const escapeSnippet = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const b64url = (text: string | Buffer) =>
  (typeof text === 'string' ? Buffer.from(text) : text).toString('base64url');

const formatAddress = (address: { name?: string; address: string }) =>
  address.name ? `"${address.name.replace(/"/g, '')}" <${address.address}>` : address.address;

interface Part {
  partId: string;
  mimeType: string;
  filename: string;
  headers: { name: string; value: string }[];
  body: { size: number; data?: string; attachmentId?: string };
  parts?: Part[];
}

function textPart(partId: string, mimeType: string, content: string): Part {
  const bytes = Buffer.from(content);
  return {
    partId,
    mimeType,
    filename: '',
    headers: [
      { name: 'Content-Type', value: `${mimeType}; charset="UTF-8"` },
      { name: 'Content-Transfer-Encoding', value: 'quoted-printable' },
    ],
    body: { size: bytes.length, data: b64url(bytes) },
  };
}

const boundary = (message: StoredMessage, level: number) => `000000000000${message.id.slice(0, 10)}${level}`;

function bodyParts(message: StoredMessage, prefix: string): Part {
  const alternatives: Part[] = [];
  const text = message.text ?? (message.html ? plainText(message) : undefined);
  if (text !== undefined) alternatives.push(textPart(`${prefix}0`, 'text/plain', text));
  if (message.html !== undefined)
    alternatives.push(textPart(`${prefix}${alternatives.length}`, 'text/html', message.html));
  if (alternatives.length === 1) {
    const only = alternatives[0] as Part;
    return { ...only, partId: prefix.replace(/\.$/, '') };
  }
  return {
    partId: prefix.replace(/\.$/, ''),
    mimeType: 'multipart/alternative',
    filename: '',
    headers: [{ name: 'Content-Type', value: `multipart/alternative; boundary="${boundary(message, 1)}"` }],
    body: { size: 0 },
    parts: alternatives,
  };
}

function topHeaders(box: Mailbox, message: StoredMessage, contentType: string) {
  return [
    { name: 'Delivered-To', value: box.email },
    { name: 'MIME-Version', value: '1.0' },
    { name: 'Date', value: rfc2822(message.receivedAt) },
    { name: 'Message-ID', value: message.internetMessageId },
    { name: 'Subject', value: message.subject },
    { name: 'From', value: formatAddress(message.from) },
    { name: 'To', value: message.to.join(', ') },
    ...(message.cc.length ? [{ name: 'Cc', value: message.cc.join(', ') }] : []),
    { name: 'Content-Type', value: contentType },
  ];
}

export function gmailPayload(box: Mailbox, message: StoredMessage): Part {
  if (!message.attachments.length) {
    const body = bodyParts(message, '');
    const contentType = body.headers.find((header) => header.name === 'Content-Type')?.value ?? body.mimeType;
    return { ...body, partId: '', headers: topHeaders(box, message, contentType) };
  }
  const body = bodyParts(message, '0.');
  const attachments: Part[] = message.attachments.map((attachment, index) => ({
    partId: String(index + 1),
    mimeType: attachment.mimeType,
    filename: attachment.name,
    headers: [
      { name: 'Content-Type', value: `${attachment.mimeType}; name="${attachment.name}"` },
      { name: 'Content-Disposition', value: `attachment; filename="${attachment.name}"` },
      { name: 'Content-Transfer-Encoding', value: 'base64' },
      { name: 'X-Attachment-Id', value: `f_${message.id.slice(0, 8)}${index}` },
    ],
    body: { attachmentId: attachment.id, size: attachment.content.length },
  }));
  return {
    partId: '',
    mimeType: 'multipart/mixed',
    filename: '',
    headers: topHeaders(box, message, `multipart/mixed; boundary="${boundary(message, 0)}"`),
    body: { size: 0 },
    parts: [body, ...attachments],
  };
}

function sizeEstimate(message: StoredMessage): number {
  return (
    600 +
    Buffer.byteLength(message.text ?? '') +
    Buffer.byteLength(message.html ?? '') +
    message.attachments.reduce((sum, attachment) => sum + Math.ceil((attachment.content.length * 4) / 3), 0)
  );
}

export function gmailMessage(
  state: SandboxState,
  box: Mailbox,
  message: StoredMessage,
  format: string,
  metadataHeaders: string[],
) {
  const base = {
    id: message.id,
    threadId: message.threadId,
    labelIds: state.labelsOf(message),
  };
  if (format === 'minimal') {
    return {
      ...base,
      historyId: String(message.seq),
      internalDate: String(message.receivedAt.getTime()),
      sizeEstimate: sizeEstimate(message),
    };
  }
  const payload = gmailPayload(box, message);
  const common = {
    ...base,
    snippet: escapeSnippet(plainText(message).slice(0, 200)),
    sizeEstimate: sizeEstimate(message),
    historyId: String(message.seq),
    internalDate: String(message.receivedAt.getTime()),
  };
  if (format === 'metadata') {
    const wanted = metadataHeaders.map((name) => name.toLowerCase());
    return {
      ...common,
      payload: {
        partId: '',
        mimeType: payload.mimeType,
        filename: '',
        headers: wanted.length
          ? payload.headers.filter((header) => wanted.includes(header.name.toLowerCase()))
          : payload.headers,
        body: { size: 0 },
      },
    };
  }
  if (format === 'raw') return { ...common, raw: b64url(rawMessage(box, message)) };
  return { ...common, payload };
}

function rawMessage(box: Mailbox, message: StoredMessage): string {
  const lines = topHeaders(box, message, 'text/plain; charset="UTF-8"').map(
    (header) => `${header.name}: ${header.value}`,
  );
  return `${lines.join('\r\n')}\r\n\r\n${plainText(message)}\r\n`;
}

/** Gmail search: the operators an adapter uses (after/before/newer_than/is/in/from/has) and free words. */
export function matchesQuery(state: SandboxState, message: StoredMessage, query: string, now: Date): boolean {
  const terms = query.match(/(?:[^\s"]+:)?"[^"]*"|\S+/g) ?? [];
  const labels = state.labelsOf(message);
  const haystack =
    `${message.subject} ${message.from.name ?? ''} ${message.from.address} ${message.to.join(' ')} ${plainText(message)}`.toLowerCase();
  const dateOf = (value: string) =>
    /^\d+$/.test(value) ? Number(value) * 1000 : new Date(value.replace(/\//g, '-') + 'T00:00:00Z').getTime();
  const relative = (value: string) => {
    const match = /^(\d+)([dmy])$/.exec(value);
    if (!match) return NaN;
    const days = Number(match[1]) * (match[2] === 'd' ? 1 : match[2] === 'm' ? 30 : 365);
    return now.getTime() - days * 86_400_000;
  };
  return terms.every((rawTerm) => {
    const negate = rawTerm.startsWith('-');
    const term = (negate ? rawTerm.slice(1) : rawTerm).replace(/"/g, '');
    const colon = term.indexOf(':');
    const [operator, value] =
      colon > 0
        ? [term.slice(0, colon).toLowerCase(), term.slice(colon + 1).toLowerCase()]
        : ['', term.toLowerCase()];
    const time = message.receivedAt.getTime();
    let result: boolean;
    switch (operator) {
      case 'after':
        result = time >= dateOf(value);
        break;
      case 'before':
        result = time < dateOf(value);
        break;
      case 'newer_than':
        result = time >= relative(value);
        break;
      case 'older_than':
        result = time < relative(value);
        break;
      case 'is':
        result =
          value === 'unread'
            ? message.unread
            : value === 'read'
              ? !message.unread
              : value === 'important'
                ? message.important
                : labels.includes(value.toUpperCase());
        break;
      case 'in':
      case 'label':
        result = value === 'anywhere' || labels.includes(value.toUpperCase());
        break;
      case 'from':
        result = `${message.from.name ?? ''} ${message.from.address}`.toLowerCase().includes(value);
        break;
      case 'to':
        result = message.to.some((address) => address.toLowerCase().includes(value));
        break;
      case 'subject':
        result = message.subject.toLowerCase().includes(value);
        break;
      case 'has':
        result = value === 'attachment' ? message.attachments.length > 0 : true;
        break;
      case 'filename':
        result = message.attachments.some((attachment) => attachment.name.toLowerCase().includes(value));
        break;
      default:
        result = haystack.includes(term.toLowerCase());
    }
    return negate ? !result : result;
  });
}

export function registerGmail(app: FastifyInstance, state: SandboxState) {
  const base = '/google/gmail/v1/users/:userId';
  const auth = (request: FastifyRequest, reply: FastifyReply, scopes = [...READ_SCOPES, METADATA_SCOPE]) => {
    const box = googleAuth(state, request, reply, scopes);
    if (!box) return undefined;
    const userId = (request.params as { userId: string }).userId;
    if (userId !== 'me' && userId.toLowerCase() !== box.email.toLowerCase()) {
      void sendJson(reply, 403, googleError(403, 'Delegation denied for ' + box.email, 'forbidden'));
      return undefined;
    }
    return box;
  };
  const live = (box: Mailbox) => [...box.messages.values()].filter((message) => !message.removed);

  app.get(`${base}/profile`, async (request, reply) => {
    const box = auth(request, reply);
    if (!box) return reply;
    const messages = live(box);
    return sendJson(reply, 200, {
      emailAddress: box.email,
      messagesTotal: messages.length,
      threadsTotal: new Set(messages.map((message) => message.threadId)).size,
      historyId: String(box.seq),
    });
  });

  app.get(`${base}/messages`, async (request, reply) => {
    const box = auth(request, reply);
    if (!box) return reply;
    const query = request.query as Record<string, unknown>;
    const q = one(query.q);
    if (
      q &&
      !state.grantForAccessToken('google', bearer(request) ?? '')?.scopes.some((s) => READ_SCOPES.includes(s))
    ) {
      return sendJson(
        reply,
        403,
        googleError(403, "Metadata scope does not support 'q' parameter", 'forbidden'),
      );
    }
    const maxResults = Math.min(Math.max(Number(one(query.maxResults) ?? 100) || 100, 1), 500);
    const labelIds = list(query.labelIds).map((label) => label.toUpperCase());
    const offset = one(query.pageToken)
      ? (decodeCursor<{ o: number }>(one(query.pageToken) as string)?.o ?? NaN)
      : 0;
    if (!Number.isInteger(offset))
      return sendJson(reply, 400, googleError(400, 'Invalid pageToken', 'invalidArgument'));
    const now = state.now();
    const matched = live(box)
      .filter((message) => labelIds.every((label) => state.labelsOf(message).includes(label)))
      .filter((message) => !q || matchesQuery(state, message, q, now))
      .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime() || (a.id < b.id ? 1 : -1));
    const slice = matched.slice(offset, offset + maxResults);
    const next = offset + maxResults < matched.length ? encodeCursor({ o: offset + maxResults }) : undefined;
    return sendJson(reply, 200, {
      ...(slice.length
        ? { messages: slice.map((message) => ({ id: message.id, threadId: message.threadId })) }
        : {}),
      ...(next ? { nextPageToken: next } : {}),
      resultSizeEstimate: matched.length,
    });
  });

  app.get(`${base}/messages/:id`, async (request, reply) => {
    const box = auth(request, reply);
    if (!box) return reply;
    const query = request.query as Record<string, unknown>;
    const message = state.findMessage(box, (request.params as { id: string }).id);
    if (!message) return sendJson(reply, 404, googleNotFound());
    const format = (one(query.format) ?? 'full').toLowerCase();
    if (!['full', 'metadata', 'minimal', 'raw'].includes(format)) {
      return sendJson(
        reply,
        400,
        googleError(400, `Invalid value at 'format' (${format})`, 'invalidArgument'),
      );
    }
    const grant = state.grantForAccessToken('google', bearer(request) ?? '');
    if (
      format !== 'metadata' &&
      format !== 'minimal' &&
      !grant?.scopes.some((scope) => READ_SCOPES.includes(scope))
    ) {
      return sendJson(reply, 403, googleError(403, "Metadata scope doesn't allow format FULL", 'forbidden'));
    }
    return sendJson(reply, 200, gmailMessage(state, box, message, format, list(query.metadataHeaders)));
  });

  app.get(`${base}/messages/:id/attachments/:attachmentId`, async (request, reply) => {
    const box = auth(request, reply, READ_SCOPES);
    if (!box) return reply;
    const params = request.params as { id: string; attachmentId: string };
    const message = state.findMessage(box, params.id);
    const attachment = message?.attachments.find((candidate) => candidate.id === params.attachmentId);
    if (!attachment) return sendJson(reply, 404, googleNotFound());
    return sendJson(reply, 200, {
      attachmentId: attachment.id,
      size: attachment.content.length,
      data: attachment.content.toString('base64url'),
    });
  });

  // Push needs Pub/Sub, which the sandbox has not: watch answers as Google does, and nothing is pushed.
  app.post(`${base}/watch`, async (request, reply) => {
    const box = auth(request, reply);
    if (!box) return reply;
    return sendJson(reply, 200, {
      historyId: String(box.seq),
      expiration: String(state.now().getTime() + 7 * 86_400_000),
    });
  });

  app.post(`${base}/stop`, async (request, reply) => {
    const box = auth(request, reply);
    if (!box) return reply;
    return reply.code(204).send();
  });

  app.get(`${base}/history`, async (request, reply) => {
    const box = auth(request, reply);
    if (!box) return reply;
    const query = request.query as Record<string, unknown>;
    const startRaw = one(query.startHistoryId);
    if (!startRaw || !/^\d+$/.test(startRaw)) {
      return sendJson(reply, 400, googleError(400, "Invalid value for 'startHistoryId'", 'invalidArgument'));
    }
    const start = Number(startRaw);
    if (start < box.historyFloor) return sendJson(reply, 404, googleNotFound());
    const types = list(query.historyTypes);
    const labelId = one(query.labelId)?.toUpperCase();
    const maxResults = Math.min(Math.max(Number(one(query.maxResults) ?? 100) || 100, 1), 500);
    const offset = one(query.pageToken)
      ? (decodeCursor<{ o: number }>(one(query.pageToken) as string)?.o ?? 0)
      : 0;
    const records = box.history
      .filter((record) => record.id > start)
      .filter((record) => !types.length || types.includes(record.type))
      .filter((record) => {
        if (!labelId) return true;
        const message = box.messages.get(record.messageId);
        return message
          ? state.labelsOf(message).includes(labelId) || record.labelIds.includes(labelId)
          : false;
      });
    const slice = records.slice(offset, offset + maxResults);
    const history = slice.map((record) => {
      const message = box.messages.get(record.messageId);
      const ref = { id: record.messageId, threadId: record.threadId };
      const withLabels = { ...ref, labelIds: message && !message.removed ? state.labelsOf(message) : [] };
      const entry: Record<string, unknown> = { id: String(record.id), messages: [ref] };
      if (record.type === 'messageAdded') entry.messagesAdded = [{ message: withLabels }];
      if (record.type === 'messageDeleted') entry.messagesDeleted = [{ message: ref }];
      if (record.type === 'labelAdded')
        entry.labelsAdded = [{ message: withLabels, labelIds: record.labelIds }];
      if (record.type === 'labelRemoved')
        entry.labelsRemoved = [{ message: withLabels, labelIds: record.labelIds }];
      return entry;
    });
    const next = offset + maxResults < records.length ? encodeCursor({ o: offset + maxResults }) : undefined;
    return sendJson(reply, 200, {
      ...(history.length ? { history } : {}),
      ...(next ? { nextPageToken: next } : {}),
      historyId: String(box.seq),
    });
  });
}
