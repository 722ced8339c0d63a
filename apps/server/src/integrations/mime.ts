import addressparser from 'nodemailer/lib/addressparser/index.js';

/**
 * Reading header values as mail clients do: RFC 2047 encoded words (`=?UTF-8?B?…?=`) and address
 * lists (nodemailer's addressparser, which already ships with the server's mailer: quoted names,
 * comments, groups).
 */

const ENCODED_WORD = /=\?([^?*\s]+)(?:\*[^?\s]*)?\?([BbQq])\?([^?\s]*)\?=/g;

function decodeBytes(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Decodes RFC 2047 encoded words; whitespace between two adjacent encoded words is dropped. */
export function decodeMimeWords(value: string): string {
  if (!value.includes('=?')) return value;
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1');
  return joined.replace(ENCODED_WORD, (_word, charset: string, encoding: string, text: string) => {
    const bytes =
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          );
    return decodeBytes(bytes, charset);
  });
}

export interface Mailbox {
  name: string | null;
  address: string;
}

/** The mailboxes of an address header (From, To, Cc), groups flattened, names decoded. */
export function parseAddressList(value: string | undefined | null): Mailbox[] {
  if (!value) return [];
  return addressparser(value, { flatten: true })
    .filter((entry) => entry.address)
    .map((entry) => ({
      name: entry.name ? decodeMimeWords(entry.name).trim() || null : null,
      address: entry.address,
    }));
}

/** The charset parameter of a Content-Type value, utf-8 when absent. */
export function charsetOf(contentType: string | undefined): string {
  const match = /charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1] ?? 'utf-8';
}

/** base64url (or base64) bytes in the given charset. */
export function decodeBody(data: string, charset = 'utf-8'): string {
  return decodeBytes(Buffer.from(data, 'base64url'), charset);
}
