import { describe, expect, it } from 'vitest';
import { decodeMimeWords, parseAddressList } from '../mime';
import { mapGmailMessage, type GmailMessage } from './gmail';

const b64url = (text: string, encoding: BufferEncoding = 'utf8') =>
  Buffer.from(text, encoding).toString('base64url');

/** A users.messages.get format=full answer as providers.md §2.2 describes it. */
const multipart: GmailMessage = {
  id: '18f3a9c2b7d4e601',
  threadId: '18f3a9c2b7d4e601',
  labelIds: ['IMPORTANT', 'CATEGORY_PERSONAL', 'INBOX', 'UNREAD'],
  historyId: '918273',
  internalDate: '1767262500000',
  payload: {
    partId: '',
    mimeType: 'multipart/mixed',
    filename: '',
    headers: [
      { name: 'From', value: '"Müller, Jürgen" <j.mueller@carrier.example>' },
      { name: 'to', value: 'Ana Rivera <ana@firm.example>, "Ops" <ops@firm.example>' },
      { name: 'CC', value: 'adjuster@carrier.example' },
      { name: 'Subject', value: '=?UTF-8?B?UkU6IENMTS0yMDI2LTg4MzM5IOKAkyBEYWNo?= =?UTF-8?Q?sch=C3=A4den?=' },
      { name: 'Date', value: 'Thu, 1 Jan 2026 10:15:00 +0000' },
    ],
    body: { size: 0 },
    parts: [
      {
        partId: '0',
        mimeType: 'multipart/alternative',
        filename: '',
        headers: [{ name: 'Content-Type', value: 'multipart/alternative; boundary="b2"' }],
        body: { size: 0 },
        parts: [
          {
            partId: '0.0',
            mimeType: 'text/plain',
            filename: '',
            headers: [{ name: 'Content-Type', value: 'text/plain; charset="UTF-8"' }],
            body: { size: 40, data: b64url('Roof estimate attached — 12.400 €??>>') },
          },
          {
            partId: '0.1',
            mimeType: 'text/html',
            filename: '',
            headers: [{ name: 'Content-Type', value: 'text/html; charset=UTF-8' }],
            body: { size: 60, data: b64url('<p>Roof estimate attached — <b>12.400 €</b>??>></p>') },
          },
        ],
      },
      {
        partId: '1',
        mimeType: 'application/pdf',
        filename: 'Estimate CLM-2026-88339.pdf',
        headers: [
          { name: 'Content-Type', value: 'application/pdf; name="Estimate CLM-2026-88339.pdf"' },
          { name: 'Content-Disposition', value: 'attachment; filename="Estimate CLM-2026-88339.pdf"' },
        ],
        body: { attachmentId: 'ANGjdJ8wXyz-_123', size: 48213 },
      },
      {
        partId: '2',
        mimeType: 'image/jpeg',
        filename: 'roof.jpg',
        headers: [{ name: 'Content-Disposition', value: 'attachment; filename="roof.jpg"' }],
        body: { attachmentId: 'ANGjdJ9other', size: 1200 },
      },
    ],
  },
};

describe('mapGmailMessage', () => {
  it('maps a multipart message with attachments', () => {
    expect(mapGmailMessage(multipart)).toEqual({
      providerMessageId: '18f3a9c2b7d4e601',
      threadId: '18f3a9c2b7d4e601',
      fromName: 'Müller, Jürgen',
      fromAddress: 'j.mueller@carrier.example',
      to: ['ana@firm.example', 'ops@firm.example'],
      cc: ['adjuster@carrier.example'],
      subject: 'RE: CLM-2026-88339 – Dachschäden',
      receivedAt: new Date(1767262500000),
      unread: true,
      priority: 'high',
      html: '<p>Roof estimate attached — <b>12.400 €</b>??>></p>',
      text: 'Roof estimate attached — 12.400 €??>>',
      attachments: [
        {
          id: '1:ANGjdJ8wXyz-_123',
          name: 'Estimate CLM-2026-88339.pdf',
          mimeType: 'application/pdf',
          size: 48213,
        },
        { id: '2:ANGjdJ9other', name: 'roof.jpg', mimeType: 'image/jpeg', size: 1200 },
      ],
      inInbox: true,
    });
  });

  it('maps a single-part message in another charset, read and not important', () => {
    const message = mapGmailMessage({
      id: 'a1',
      threadId: 't1',
      labelIds: ['INBOX'],
      internalDate: '1767348900000',
      payload: {
        mimeType: 'text/plain',
        headers: [
          { name: 'From', value: '=?iso-8859-1?Q?Andr=E9_Pirard?= <pirard@vm1.example>' },
          { name: 'To', value: 'ana@firm.example' },
          { name: 'Subject', value: 'Policy #POL-4417337' },
          { name: 'Content-Type', value: 'text/plain; charset=iso-8859-1' },
        ],
        body: { size: 10, data: b64url('Caf\u00e9 cr\u00e8me', 'latin1') },
      },
    });
    expect(message).toMatchObject({
      fromName: 'André Pirard',
      fromAddress: 'pirard@vm1.example',
      subject: 'Policy #POL-4417337',
      unread: false,
      priority: 'normal',
      html: null,
      text: 'Café crème',
      attachments: [],
      inInbox: true,
      receivedAt: new Date(1767348900000),
    });
  });

  it('copes with a bare address and no labels', () => {
    const message = mapGmailMessage({
      id: 'a2',
      internalDate: '1767348900000',
      payload: {
        mimeType: 'text/html',
        headers: [{ name: 'From', value: 'noreply@portal.example' }],
        body: { size: 0 },
      },
    });
    expect(message).toMatchObject({
      fromName: null,
      fromAddress: 'noreply@portal.example',
      threadId: null,
      subject: '',
      html: null,
      unread: false,
      inInbox: false,
    });
  });
});

describe('mime helpers', () => {
  it('decodes encoded words and joins adjacent ones', () => {
    expect(decodeMimeWords('=?UTF-8?B?SsO8cmdlbg==?= =?UTF-8?B?IE3DvGxsZXI=?=')).toBe('Jürgen Müller');
    expect(decodeMimeWords('Re: =?utf-8?q?Schaden_Nr=2E_5?= done')).toBe('Re: Schaden Nr. 5 done');
    expect(decodeMimeWords('plain text')).toBe('plain text');
  });

  it('parses quoted names, groups and encoded names', () => {
    expect(
      parseAddressList(
        '"Rivera, Ana" <ana@firm.example>, =?UTF-8?B?SsO8cmdlbg==?= <j@x.example>, Team: a@b.example;',
      ),
    ).toEqual([
      { name: 'Rivera, Ana', address: 'ana@firm.example' },
      { name: 'Jürgen', address: 'j@x.example' },
      { name: null, address: 'a@b.example' },
    ]);
  });
});
