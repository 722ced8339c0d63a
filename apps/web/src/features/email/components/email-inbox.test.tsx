import {
  MESSAGES,
  needsReconnectText,
  type Email,
  type EmailDetail,
  type Integration,
} from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, queryOf, type FetchHandler } from '@/testing/fetch-mock';
import { setScreenWide } from '@/testing/media';
import { currentUrl, renderWithRouter } from '@/testing/render-app';
import { propertyOwner, signIn } from '@/testing/session';
import { EmailInbox } from './email-inbox';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const ellis = {
  id: '6f1c0000-0000-4000-8000-000000000004',
  caseNumber: 'CASE-2026-004',
  title: 'Ellis Residence – Water Damage',
};
const hopper = {
  id: '6f1c0000-0000-4000-8000-000000000001',
  caseNumber: 'CASE-2026-001',
  title: 'Hopper Roof Claim',
};

const connection = (status: 'connected' | 'needs_reconnect' = 'connected') => ({
  status,
  accountEmail: 'ada@example.test',
  connectedAt: ago(48 * HOUR),
  lastSyncedAt: ago(HOUR),
  syncing: false,
  lastSyncError: null,
  emailCount: 2,
});

const integrations = (microsoft: 'connected' | 'needs_reconnect' | null = 'connected'): Integration[] => [
  {
    provider: 'google',
    configured: true,
    sandbox: true,
    composeUrl: 'https://mail.google.com/mail/',
    connection: connection(),
  },
  {
    provider: 'microsoft',
    configured: true,
    sandbox: false,
    composeUrl: 'https://outlook.office.com/mail/deeplink/compose',
    connection: microsoft ? connection(microsoft) : null,
  },
];

const unreadEmail: Email = {
  id: 'e1',
  provider: 'google',
  from: 'Maria Hernandez <maria@example.test>',
  fromName: 'Maria Hernandez',
  fromAddress: 'maria@example.test',
  subject: 'Estimate for the Ellis kitchen',
  body: 'Attached is the contractor estimate for claim CLM-2026-88339.',
  received_at: ago(3 * HOUR + 60_000),
  status: 'Unread',
  priority: 'High',
  case_id: null,
  attachments: ['estimate.pdf'],
  case: null,
  suggestion: { ...ellis, reason: 'claim_number', reasonText: 'Names claim CLM-2026-88339' },
};

const readEmail: Email = {
  id: 'e2',
  provider: 'microsoft',
  from: 'adjuster@carrier.test',
  fromName: null,
  fromAddress: 'adjuster@carrier.test',
  subject: 'Re: Hopper inspection',
  body: 'The inspection is booked for Monday.',
  received_at: ago(20 * 60_000),
  status: 'Read',
  priority: 'Normal',
  case_id: hopper.id,
  attachments: [],
  case: hopper,
  suggestion: null,
};

const detailOf = (email: Email, overrides: Partial<EmailDetail> = {}): EmailDetail => ({
  ...email,
  to: ['ada@example.test'],
  cc: ['team@example.test'],
  html: '<p>Hello <a href="https://example.test">there</a></p>',
  remoteImages: 0,
  attachments: email.attachments.map((name, index) => ({
    id: `att-${index + 1}`,
    name,
    mimeType: 'application/pdf',
    size: 20480,
    documentId: null,
  })),
  ...overrides,
});

const casesAnswer = () =>
  json(200, {
    data: [ellis, hopper].map((c) => ({ ...c, status: 'open' })),
    total: 2,
  });

function renderInbox(handlers: Record<string, FetchHandler> = {}, path = '/email') {
  const fetches = mockFetch({
    'GET /api/oauth/connections': () => json(200, { data: integrations() }),
    'GET /api/cases': casesAnswer,
    'GET /api/emails/inbox/all': () =>
      json(200, { data: [unreadEmail, readEmail], nextCursor: null, unreadCount: 1 }),
    'GET /api/emails/e1': () => json(200, { data: detailOf(unreadEmail, { remoteImages: 2 }) }),
    'GET /api/emails/e2': () => json(200, { data: detailOf(readEmail) }),
    'PATCH /api/emails/e1': ({ body }) =>
      json(200, { data: { ...unreadEmail, ...(body as Partial<Email>) } }),
    ...handlers,
  });
  const app = renderWithRouter(<EmailInbox />, path);
  return { ...app, ...fetches };
}

const inbox = () => screen.findByRole('listbox', { name: 'Inbox' });

beforeEach(() => {
  signIn(propertyOwner);
  setScreenWide(true);
});

describe('email: inbox list', () => {
  it("shows sender, subject, preview, 'Nh ago', the unread dot, High, provider, paperclip and case chips", async () => {
    renderInbox();
    const options = within(await inbox()).getAllByRole('option');
    expect(options).toHaveLength(2);

    const first = within(options[0]!);
    expect(first.getByText('Maria Hernandez')).toHaveClass('font-semibold');
    expect(first.getByText('Unread,')).toBeInTheDocument();
    expect(first.getByText('Estimate for the Ellis kitchen')).toBeInTheDocument();
    expect(first.getByText(unreadEmail.body)).toBeInTheDocument();
    expect(first.getByText('3h ago')).toBeInTheDocument();
    expect(first.getByText('High')).toBeInTheDocument();
    expect(first.getByText('Google')).toBeInTheDocument();
    expect(first.getByText(', has attachments')).toBeInTheDocument();
    expect(first.getByText('Suggested: CASE-2026-004')).toBeInTheDocument();

    const second = within(options[1]!);
    expect(second.getByText('adjuster@carrier.test')).not.toHaveClass('font-semibold');
    expect(second.queryByText('Unread,')).not.toBeInTheDocument();
    expect(second.getByText('Just now')).toBeInTheDocument();
    expect(second.getByText('Microsoft')).toBeInTheDocument();
    expect(second.getByText('CASE-2026-001')).toBeInTheDocument();
    expect(second.queryByText('High')).not.toBeInTheDocument();

    expect(screen.getByText('1 unread')).toBeInTheDocument();
  });

  it('filters go to the server: unread, case, provider and the debounced search', async () => {
    const { user, callsTo } = renderInbox();
    await inbox();
    await user.click(screen.getByLabelText('Unread only'));
    await waitFor(() =>
      expect(queryOf(callsTo('GET /api/emails/inbox/all').at(-1)).get('unread')).toBe('true'),
    );
    await user.selectOptions(screen.getByLabelText('Case'), 'Suggested');
    await waitFor(() =>
      expect(queryOf(callsTo('GET /api/emails/inbox/all').at(-1)).get('case')).toBe('suggested'),
    );
    await user.type(screen.getByLabelText('Search e-mails'), 'estimate');
    await waitFor(() =>
      expect(queryOf(callsTo('GET /api/emails/inbox/all').at(-1)).get('q')).toBe('estimate'),
    );
    expect(callsTo('GET /api/emails/inbox/all').some((call) => queryOf(call).get('q') === 'e')).toBe(false);

    const accounts = screen.getByLabelText('Account');
    expect(
      within(accounts)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All accounts', 'Google', 'Microsoft']);
  });

  it('with no match says so, with an empty inbox says when mail comes', async () => {
    renderInbox(
      { 'GET /api/emails/inbox/all': () => json(200, { data: [], nextCursor: null, unreadCount: 0 }) },
      '/email?unread=true',
    );
    expect(await screen.findByText(MESSAGES.noEmailsFound)).toBeInTheDocument();
  });

  it('an empty inbox reads the inbox-empty text', async () => {
    renderInbox({
      'GET /api/emails/inbox/all': () => json(200, { data: [], nextCursor: null, unreadCount: 0 }),
    });
    expect(await screen.findByText(MESSAGES.inboxEmpty)).toBeInTheDocument();
  });

  it('Load more asks for the next cursor', async () => {
    const { user, callsTo } = renderInbox({
      'GET /api/emails/inbox/all': ({ url }) =>
        queryOf({ url } as never).get('cursor') === 'c2'
          ? json(200, { data: [readEmail], nextCursor: null, unreadCount: 1 })
          : json(200, { data: [unreadEmail], nextCursor: 'c2', unreadCount: 1 }),
    });
    await inbox();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2));
    expect(queryOf(callsTo('GET /api/emails/inbox/all')[1]).get('cursor')).toBe('c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('email: states', () => {
  it('with no account connected asks to connect one, with a way to Settings', async () => {
    renderInbox({
      'GET /api/oauth/connections': () =>
        json(200, { data: integrations(null).map((i) => ({ ...i, connection: null })) }),
    });
    expect(await screen.findByText(MESSAGES.emailNoProvider)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute(
      'href',
      '/settings?tab=integrations',
    );
  });

  it.each([
    [
      'the server message',
      () => json(502, { error: 'Google did not answer', code: 'INTERNAL' }),
      'Google did not answer',
    ],
    ['the status', () => new Response(null, { status: 500 }), 'API error with status 500'],
    [
      'the network text',
      () => {
        throw new TypeError('Failed to fetch');
      },
      MESSAGES.emailNetworkError,
    ],
  ])("a failed load shows the 'Connection Error' panel with %s", async (_name, answer, text) => {
    renderInbox({ 'GET /api/emails/inbox/all': answer as FetchHandler });
    const panel = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(panel).getByRole('heading', { name: 'Connection Error' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('Please go to your settings to connect your account.');
    expect(panel).toHaveTextContent(text);
  });

  it('a connection needing reconnection shows the banner and still the synced mail', async () => {
    renderInbox({
      'GET /api/oauth/connections': () => json(200, { data: integrations('needs_reconnect') }),
    });
    expect(await screen.findByText(needsReconnectText('microsoft'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reconnect Microsoft 365' })).toHaveAttribute(
      'href',
      '/settings?tab=integrations',
    );
    expect(within(await inbox()).getAllByRole('option')).toHaveLength(2);
  });

  it("Sync queues a sync and reads the inbox again; Compose offers each provider's window", async () => {
    const { user, callsTo } = renderInbox({ 'POST /api/emails/sync': () => json(202, { queued: 2 }) });
    await inbox();
    await user.click(screen.getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText(MESSAGES.syncQueued)).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET /api/emails/inbox/all')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Compose' }));
    const google = await screen.findByRole('menuitem', { name: 'Compose with Google Workspace' });
    expect(google).toHaveAttribute('href', 'https://mail.google.com/mail/?view=cm&fs=1&to=&su=&body=');
    expect(google).toHaveAttribute('target', '_blank');
    expect(google).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('menuitem', { name: 'Compose with Microsoft 365' })).toHaveAttribute(
      'href',
      'https://outlook.office.com/mail/deeplink/compose?to=&subject=&body=',
    );
  });
});

describe('email: reader', () => {
  it('opening an unread e-mail marks it read in place (PATCH, no refetch) and Mark as unread undoes it', async () => {
    const { user, callsTo, router } = renderInbox();
    const first = within(await inbox()).getAllByRole('option')[0]!;
    await user.click(first);

    expect(await screen.findByRole('heading', { level: 2, name: unreadEmail.subject })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/email?email=e1');
    await waitFor(() => expect(callsTo('PATCH /api/emails/e1')).toHaveLength(1));
    expect(callsTo('PATCH /api/emails/e1')[0]?.body).toEqual({ status: 'Read' });
    await waitFor(() => expect(within(first).queryByText('Unread,')).not.toBeInTheDocument());
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('0 unread')).toBeInTheDocument();
    expect(callsTo('GET /api/emails/inbox/all')).toHaveLength(1);

    const reader = screen.getByRole('region', { name: 'Reader' });
    expect(reader).toHaveTextContent('Maria Hernandez <maria@example.test>');
    expect(reader).toHaveTextContent('team@example.test');

    await user.click(screen.getByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(callsTo('PATCH /api/emails/e1')).toHaveLength(2));
    expect(callsTo('PATCH /api/emails/e1')[1]?.body).toEqual({ status: 'Unread' });
    await waitFor(() => expect(within(first).getByText('Unread,')).toBeInTheDocument());
    expect(callsTo('PATCH /api/emails/e1')).toHaveLength(2);
  });

  it('renders the body in a sandboxed frame with a CSP and no script; Show images asks for them', async () => {
    const { user, callsTo } = renderInbox({
      'GET /api/emails/e1': ({ url }) =>
        json(200, {
          data: detailOf(unreadEmail, {
            remoteImages: queryOf({ url } as never).get('remoteImages') === 'true' ? 0 : 2,
          }),
        }),
    });
    await user.click(within(await inbox()).getAllByRole('option')[0]!);

    const frame = await screen.findByTitle(`Message: ${unreadEmail.subject}`);
    const sandbox = frame.getAttribute('sandbox') ?? '';
    expect(sandbox).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(sandbox).not.toMatch(/allow-scripts|allow-same-origin|allow-top-navigation/);
    const srcdoc = frame.getAttribute('srcdoc') ?? '';
    expect(srcdoc.indexOf('<meta http-equiv="Content-Security-Policy"')).toBeLessThan(
      srcdoc.indexOf('<body>'),
    );
    expect(srcdoc).toContain(
      `content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:"`,
    );
    expect(srcdoc).toContain('<p>Hello <a href="https://example.test">there</a></p>');
    expect(srcdoc).not.toMatch(/<script/i);

    expect(screen.getByText('2 remote images were blocked to protect your privacy.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show images' }));
    await waitFor(() =>
      expect(callsTo('GET /api/emails/e1').some((call) => queryOf(call).get('remoteImages') === 'true')).toBe(
        true,
      ),
    );
    await waitFor(() =>
      expect(screen.getByTitle(`Message: ${unreadEmail.subject}`).getAttribute('srcdoc')).toContain(
        'img-src data: https: http:;',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Show images' })).not.toBeInTheDocument();
  });

  it('files to the suggested case in one click and says so; the list shows the case', async () => {
    const { user, callsTo } = renderInbox({
      'PATCH /api/emails/e1': ({ body }) => {
        const change = body as { status?: string; case_id?: string };
        return json(200, {
          data: {
            ...unreadEmail,
            status: 'Read',
            ...(change.case_id ? { case_id: ellis.id, case: ellis, suggestion: null } : {}),
          },
        });
      },
    });
    const first = within(await inbox()).getAllByRole('option')[0]!;
    await user.click(first);

    const reader = screen.getByRole('region', { name: 'Reader' });
    expect(
      await within(reader).findByText('Suggested: CASE-2026-004 — Ellis Residence – Water Damage'),
    ).toBeInTheDocument();
    expect(within(reader).getByText('Names claim CLM-2026-88339')).toBeInTheDocument();
    expect(within(reader).getByRole('button', { name: 'Save to case' })).toBeDisabled();
    await user.click(within(reader).getByRole('button', { name: 'File to CASE-2026-004' }));

    expect(await screen.findByText('Filed to CASE-2026-004')).toBeInTheDocument();
    expect(callsTo('PATCH /api/emails/e1').map((call) => call.body)).toContainEqual({ case_id: ellis.id });
    expect(
      await within(reader).findByRole('link', { name: /CASE-2026-004 — Ellis Residence/ }),
    ).toHaveAttribute('href', `/cases/${ellis.id}`);
    expect(within(reader).getByRole('button', { name: 'Remove from case' })).toBeInTheDocument();
    await waitFor(() => expect(within(first).getByText('CASE-2026-004')).toBeInTheDocument());
  });

  it('files to a chosen case with the File to case control', async () => {
    const { user, callsTo } = renderInbox({
      'PATCH /api/emails/e1': ({ body }) =>
        json(200, {
          data: {
            ...unreadEmail,
            status: 'Read',
            ...((body as { case_id?: string }).case_id ? { case_id: hopper.id, case: hopper } : {}),
          },
        }),
    });
    await user.click(within(await inbox()).getAllByRole('option')[0]!);
    const reader = screen.getByRole('region', { name: 'Reader' });
    await user.selectOptions(await within(reader).findByLabelText('Choose a case'), hopper.id);
    await user.click(within(reader).getByRole('button', { name: 'File to case' }));
    expect(await screen.findByText('Filed to CASE-2026-001')).toBeInTheDocument();
    expect(callsTo('PATCH /api/emails/e1').at(-1)?.body).toEqual({ case_id: hopper.id });
  });

  it('saves an attachment of a filed e-mail to its case and links to the documents', async () => {
    const filed: Email = { ...readEmail, attachments: ['photos.zip'] };
    const { user, callsTo } = renderInbox({
      'GET /api/emails/inbox/all': () => json(200, { data: [filed], nextCursor: null, unreadCount: 0 }),
      'GET /api/emails/e2': () => json(200, { data: detailOf(filed) }),
      'POST /api/emails/e2/attachments/att-1/save': () =>
        json(201, { document: { id: 'doc-9', name: 'photos.zip', caseId: hopper.id } }),
    });
    await user.click(within(await inbox()).getAllByRole('option')[0]!);
    const reader = screen.getByRole('region', { name: 'Reader' });
    expect(await within(reader).findByText('application/pdf · 20 KB')).toBeInTheDocument();
    const save = within(reader).getByRole('button', { name: 'Save to case' });
    expect(save).toHaveAccessibleDescription('photos.zip');
    await user.click(save);

    expect(await screen.findByText('photos.zip saved to CASE-2026-001')).toBeInTheDocument();
    expect(callsTo('POST /api/emails/e2/attachments/att-1/save')[0]?.body).toEqual({});
    expect(within(reader).getByText('Saved')).toBeInTheDocument();
    expect(within(reader).getByRole('link', { name: 'View in case documents' })).toHaveAttribute(
      'href',
      `/cases/${hopper.id}?tab=documents`,
    );
    expect(callsTo('PATCH /api/emails/e2')).toHaveLength(0);
  });
});

describe('email: keyboard and phone layout', () => {
  it('j / k move through the list and Enter opens', async () => {
    const { user, router } = renderInbox();
    const [first, second] = within(await inbox()).getAllByRole('option');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(second).toHaveAttribute('tabindex', '-1');
    first!.focus();
    await user.keyboard('j');
    expect(second).toHaveFocus();
    await user.keyboard('k');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl(router)).toBe('/email?email=e2'));
    expect(await screen.findByRole('heading', { level: 2, name: readEmail.subject })).toBeInTheDocument();
    expect(second).toHaveAttribute('aria-selected', 'true');

    // Typing in the search box is not taken over.
    await user.type(screen.getByLabelText('Search e-mails'), 'jk');
    expect(screen.getByLabelText('Search e-mails')).toHaveValue('jk');
  });

  it('on a phone the reader replaces the list; Back and Escape return to it', async () => {
    setScreenWide(false);
    const { user } = renderInbox();
    await user.click(within(await inbox()).getAllByRole('option')[1]!);
    expect(await screen.findByRole('heading', { level: 2, name: readEmail.subject })).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to inbox' }));
    await user.click(within(await inbox()).getAllByRole('option')[1]!);
    // Focus starts on the way back, so Escape works at once and returns focus to the e-mail.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Back to inbox' })).toHaveFocus());
    await user.keyboard('{Escape}');
    const options = within(await inbox()).getAllByRole('option');
    expect(screen.queryByRole('region', { name: 'Reader' })).not.toBeInTheDocument();
    await waitFor(() => expect(options[1]).toHaveFocus());
  });
});
