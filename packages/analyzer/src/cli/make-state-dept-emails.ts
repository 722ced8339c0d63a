/**
 * npx tsx packages/analyzer/src/cli/make-state-dept-emails.ts <text-dir> [count]
 * Writes training/state-dept-email (README there): e-mails that officials of the State Department
 * wrote, from the department's FOIA release of Secretary Clinton's e-mail (case F-2014-20439), as
 * informal correspondence the type classifier trains on and is never scored on.
 *
 * <text-dir> is `data/docs/text` of github.com/datahoarder/secretary-clinton-email-dump (the
 * release's PDFs through pdftotext: the department's own OCR). Only messages every sender of which
 * writes from state.gov or is the Secretary (`H`, clintonemail.com) are kept, so every word is a work
 * of the United States Government (17 U.S.C. § 105); none that quotes the press, carries an
 * attachment or a classification mark, or is a schedule. Two in three lose their top header block
 * (a body pasted or printed alone, like most of the corpus' Enron e-mails); the third keeps it.
 * The choice is by the SHA-1 of the file name, so a rerun on the same release writes the same files.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { STATE_DEPT_EMAIL_DIR, type StateDeptEmail } from '../corpus/state-dept-email';
import { writeTrainingFolder } from '../corpus/training-folder';

const [textDir, countArg] = process.argv.slice(2);
if (!textDir) {
  console.error('usage: make-state-dept-emails.ts <data/docs/text of the release> [count]');
  process.exit(2);
}
const COUNT = Number(countArg ?? 40);

/** A sender who is the Secretary or writes from the department. */
const OFFICIAL = /(state\.gov|clintonemail\.com|^H$|^H <)/i;
/** The release's page furniture: banners, release stamps, FOIA exemption codes. */
const FURNITURE =
  /^\s*UNCLASSIFIED U\.S\. Department of State.*$|^\s*RELEASE IN\b.*$|^\s*(B[1-7]\s*)+$|^\s*(RELEASE IN|FULL|PART|\d{1,3}|.*Doc No\. C\d+.*)\s*$/gim;
/** Press, and anything else likely written outside the government: a byline, a paper, a link. */
const BYLINE = /^\s*By [A-Z]/m;
const NOT_GOVERNMENT = new RegExp(
  [
    'Op-Ed',
    'Columnist',
    'NY ?Times',
    String.raw`\bCQ\b`,
    'Copyright',
    'All rights reserved',
    'Staff Writer',
    'Correspondent',
    'Press Secretary',
    'For Immediate Release',
    String.raw`\(AP\)`,
    'Reuters',
    'New York Times',
    'Washington Post',
    'Associated Press',
    'Bloomberg',
    'nytimes',
    'washingtonpost',
    'Wall Street Journal',
    'Politico',
    String.raw`\bCNN\b`,
    'Guardian',
    'Daily Beast',
    'Huffington',
    String.raw`\.com/\d{4}/`,
    'http',
  ].join('|'),
  'i',
);
/** Read and left out by hand: quotes a newspaper's opening paragraph. */
const EXCLUDED = new Set(['C05761595']);
const CLASSIFIED_OR_ATTACHED = /Attachments?:|Declassify|Classified by|1\.4\(|CONFIDENTIAL|SECRET/;
const SCHEDULE_LINE = /^\s*\d{1,2}:\d\d\s*(am|pm)/gim;
const HEADER_LINE = /^\s*(From|Sent|To|Cc|Bcc|Subject|Importance)\b:?/;

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

const candidates: Array<{ key: string; release: string; doc: string; text: string }> = [];
for (const release of readdirSync(textDir).sort()) {
  for (const file of readdirSync(path.join(textDir, release)).sort()) {
    const raw = readFileSync(path.join(textDir, release, file), 'utf8');
    if (raw.includes('\ufffd') || EXCLUDED.has(file.replace(/\.txt$/, ''))) continue;
    const senders = [...raw.matchAll(/^\s*From:[ \t]*(.*)$/gm)].map((m) => m[1]!.trim());
    if (senders.length === 0 || !senders.every((s) => OFFICIAL.test(s))) continue;
    if (BYLINE.test(raw) || NOT_GOVERNMENT.test(raw) || CLASSIFIED_OR_ATTACHED.test(raw)) continue;
    if ((raw.match(SCHEDULE_LINE) ?? []).length >= 3) continue;
    const body = raw
      .replace(FURNITURE, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    candidates.push({ key: sha1(file), release, doc: file.replace(/\.txt$/, ''), text: body });
  }
}
candidates.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

const chosen: Array<{ entry: StateDeptEmail; text: string }> = [];
for (const c of candidates) {
  const lines = c.text.split('\n');
  let i = 0;
  while (i < lines.length && (HEADER_LINE.test(lines[i]!) || lines[i]!.trim() === '')) i++;
  const rest = lines.slice(i).join('\n').trim();
  const headers = BigInt(`0x${c.key}`) % 3n === 0n;
  const top = lines
    .slice(0, i)
    .filter((l) => l.trim())
    .map((l) => l.replace(/[ \t]{2,}/g, ' '))
    .join('\n');
  const text = headers ? `${top}\n\n${rest}` : rest;
  const words = (rest.split('Original Message')[0]!.match(/[A-Za-z]+/g) ?? []).length;
  const letters = [...text].filter((ch) => /\p{L}/u.test(ch)).length;
  if (text.length < 300 || text.length > 3000 || words < 40 || letters / text.length < 0.6) continue;
  chosen.push({ entry: { doc: c.doc, release: c.release, headers }, text });
  if (chosen.length >= COUNT) break;
}

writeTrainingFolder(STATE_DEPT_EMAIL_DIR, chosen, (e) => e.doc);
console.log(`${candidates.length} candidates, wrote ${chosen.length} to ${STATE_DEPT_EMAIL_DIR}`);
