import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { OUTBOX_DIR } from '../fixtures/fixtures';

/** Decodes the quoted-printable and base64 parts of a raw .eml well enough to read its links. */
export function decodeMail(raw: string): string {
  const unfolded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  // Base64 bodies (nodemailer uses them for mostly non-ASCII parts): decode each block.
  const base64Blocks = [...raw.matchAll(/\r?\n\r?\n((?:[A-Za-z0-9+/=]{40,}\r?\n?)+)/g)].map((m) =>
    Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  return [unfolded, ...base64Blocks].join('\n');
}

function mailsTo(recipient: string): Array<{ file: string; text: string }> {
  let names: string[];
  try {
    names = readdirSync(OUTBOX_DIR).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  // File names start with an ISO time stamp: the newest sorts last.
  return names
    .sort()
    .map((name) => {
      const file = path.join(OUTBOX_DIR, name);
      return { file, text: decodeMail(readFileSync(file, 'utf8')) };
    })
    .filter(({ text }) =>
      new RegExp(`^To: .*${recipient.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(text),
    );
}

/** Waits for the newest e-mail to `recipient` whose subject contains `subject`; returns its text. */
export async function waitForMail(recipient: string, subject: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(recipient)
          .filter(({ text }) => text.includes(`Subject: ${subject}`))
          .at(-1)?.text;
        return found !== undefined;
      },
      { message: `an e-mail to ${recipient} with subject "${subject}" in ${OUTBOX_DIR}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The password-reset link of a reset e-mail. */
export function resetLinkIn(mail: string): string {
  const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>]+/.exec(mail)?.[0];
  if (!link) throw new Error(`no reset link in the e-mail:\n${mail}`);
  return link.replace(/&amp;/g, '&');
}

/** The link of a sign-up's verification e-mail. */
export function verifyLinkIn(mail: string): string {
  const link = /https?:\/\/[^\s"<>]+\/verify-email\?token=[^\s"<>]+/.exec(mail)?.[0];
  if (!link) throw new Error(`no verification link in the e-mail:\n${mail}`);
  return link.replace(/&amp;/g, '&');
}

/** The subject of the e-mail that finishes a sign-up. */
export const SIGN_UP_SUBJECT = 'Finish creating your Sentinel account';

/** The temporary password printed in an invitation e-mail. */
export function temporaryPasswordIn(mail: string): string {
  const password = /Temporary password:\s*(?:<code>)?([^\s<]+)/.exec(mail)?.[1];
  if (!password) throw new Error(`no temporary password in the e-mail:\n${mail}`);
  return password;
}
