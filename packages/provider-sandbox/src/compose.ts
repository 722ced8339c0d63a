import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, page, sendHtml } from './pages';
import type { SandboxState } from './state';
import type { SandboxProvider } from './types';
import { one } from './wire';

/**
 * The compose pages Sentinel opens (Gmail `mail/?view=cm`, Outlook `mail/deeplink/compose`):
 * a form whose Send files the message under the account's sent mail and delivers it to any
 * sandbox account it is addressed to.
 */
export function registerCompose(app: FastifyInstance, state: SandboxState, mount: string) {
  const brand = (provider: SandboxProvider) =>
    provider === 'google' ? 'Gmail (sandbox)' : 'Outlook (sandbox)';
  const sendPath = (provider: SandboxProvider) =>
    provider === 'google' ? `${mount}/google/mail/send` : `${mount}/microsoft/mail/deeplink/compose/send`;

  function form(
    provider: SandboxProvider,
    reply: FastifyReply,
    fields: { from?: string; to: string; subject: string; body: string },
  ) {
    const accounts = state.mailboxesOf(provider);
    const from = fields.from ?? state.lastGrantEmail[provider] ?? accounts[0]?.email;
    const options = accounts
      .map(
        (box) =>
          `<option value="${escapeHtml(box.email)}"${box.email === from ? ' selected' : ''}>${escapeHtml(`${box.name} <${box.email}>`)}</option>`,
      )
      .join('');
    return sendHtml(
      reply,
      200,
      page(
        'New message',
        brand(provider),
        `<h1>New message</h1>
${accounts.length ? '' : '<p class="error" role="alert">No sandbox account to send from.</p>'}
<form method="post" action="${escapeHtml(sendPath(provider))}">
<label for="from">From</label>
<select id="from" name="from">${options}</select>
<label for="to">To</label>
<input id="to" name="to" type="text" value="${escapeHtml(fields.to)}">
<label for="subject">Subject</label>
<input id="subject" name="subject" type="text" value="${escapeHtml(fields.subject)}">
<label for="body">Message</label>
<textarea id="body" name="body" rows="10">${escapeHtml(fields.body)}</textarea>
<div class="actions"><button type="submit" class="primary">Send</button></div>
</form>`,
      ),
    );
  }

  function send(provider: SandboxProvider) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const box = body.from ? state.mailbox(provider, body.from) : undefined;
      const to = (body.to ?? '')
        .split(/[,;]/)
        .map((address) => address.trim())
        .filter(Boolean);
      if (!box || !to.length) {
        return form(provider, reply.code(400), {
          from: body.from,
          to: body.to ?? '',
          subject: body.subject ?? '',
          body: body.body ?? '',
        });
      }
      const message = {
        from: { name: box.name, address: box.email },
        to,
        subject: body.subject ?? '',
        text: body.body ?? '',
        receivedAt: state.now(),
        unread: false,
      };
      state.deliver(provider, box.email, message, 'sent');
      for (const recipient of state.mailboxes.values()) {
        if (to.some((address) => address.toLowerCase() === recipient.email.toLowerCase())) {
          state.deliver(recipient.provider, recipient.email, { ...message, unread: true });
        }
      }
      return sendHtml(
        reply,
        200,
        page(
          'Message sent',
          brand(provider),
          `<h1>Message sent</h1>
<p role="status">Your message to ${escapeHtml(to.join(', '))} was sent from ${escapeHtml(box.email)}.</p>
<p>You can close this tab.</p>`,
        ),
      );
    };
  }

  const fieldsOf = (request: FastifyRequest, names: { to: string; subject: string; body: string }) => {
    const query = request.query as Record<string, unknown>;
    return {
      from: one(query.authuser),
      to: one(query[names.to]) ?? '',
      subject: one(query[names.subject]) ?? '',
      body: one(query[names.body]) ?? '',
    };
  };

  const gmailCompose = async (request: FastifyRequest, reply: FastifyReply) =>
    form('google', reply, fieldsOf(request, { to: 'to', subject: 'su', body: 'body' }));
  app.get('/google/mail/', gmailCompose);
  app.get('/google/mail', gmailCompose);
  app.post('/google/mail/send', send('google'));
  app.get('/microsoft/mail/deeplink/compose', async (request, reply) =>
    form('microsoft', reply, fieldsOf(request, { to: 'to', subject: 'subject', body: 'body' })),
  );
  app.post('/microsoft/mail/deeplink/compose/send', send('microsoft'));
}
