import { describe, expect, it } from 'vitest';
import { mapGraphAttachments, mapGraphMessage, type GraphMessage } from './graph-mail';

/** An entry of an inbox delta page as providers.md §5.2–5.3 describes it. */
const message: GraphMessage = {
  id: 'AAMkAGI2TG93AAA=',
  conversationId: 'AAQkAGI2TG93conv',
  subject: ' RE: CASE-2026-004 Water damage – adjuster visit ',
  from: { emailAddress: { name: 'Lee, Jordan', address: 'jordan.lee@carrier.example' } },
  sender: { emailAddress: { name: 'Claims Desk', address: 'claims@carrier.example' } },
  toRecipients: [
    { emailAddress: { name: 'Ana Rivera', address: 'ana@firm.example' } },
    { emailAddress: { name: 'Ops', address: 'ops@firm.example' } },
  ],
  ccRecipients: [{ emailAddress: { name: '', address: 'adjuster@carrier.example' } }],
  receivedDateTime: '2026-01-02T09:30:00Z',
  isRead: false,
  importance: 'high',
  hasAttachments: true,
  body: { contentType: 'html', content: '<html><body><p>See the report.</p></body></html>' },
};

describe('mapGraphMessage', () => {
  it('maps a delta entry', () => {
    const attachments = mapGraphAttachments([
      { id: 'AAMkAtt1', name: 'Report.pdf', contentType: 'application/pdf', size: 20480, isInline: false },
      { id: 'AAMkAtt2', name: 'logo.png', contentType: 'image/png', size: 900, isInline: true },
      { id: 'AAMkAtt3', name: null, contentType: null, isInline: false },
    ]);
    expect(mapGraphMessage(message, attachments)).toEqual({
      providerMessageId: 'AAMkAGI2TG93AAA=',
      threadId: 'AAQkAGI2TG93conv',
      fromName: 'Lee, Jordan',
      fromAddress: 'jordan.lee@carrier.example',
      to: ['ana@firm.example', 'ops@firm.example'],
      cc: ['adjuster@carrier.example'],
      subject: 'RE: CASE-2026-004 Water damage – adjuster visit',
      receivedAt: new Date('2026-01-02T09:30:00Z'),
      unread: true,
      priority: 'high',
      html: '<html><body><p>See the report.</p></body></html>',
      text: null,
      attachments: [
        { id: 'AAMkAtt1', name: 'Report.pdf', mimeType: 'application/pdf', size: 20480 },
        { id: 'AAMkAtt3', name: 'attachment', mimeType: 'application/octet-stream', size: 0 },
      ],
      inInbox: true,
    });
  });

  it('maps a read, normal, text message whose sender has no name', () => {
    expect(
      mapGraphMessage({
        id: 'm2',
        subject: null,
        from: null,
        sender: { emailAddress: { address: 'noreply@portal.example' } },
        receivedDateTime: '2026-01-03T00:00:00Z',
        isRead: true,
        importance: 'low',
        body: { contentType: 'text', content: 'Plain words' },
      }),
    ).toMatchObject({
      fromName: null,
      fromAddress: 'noreply@portal.example',
      threadId: null,
      subject: '',
      unread: false,
      priority: 'normal',
      html: null,
      text: 'Plain words',
      attachments: [],
    });
  });
});
