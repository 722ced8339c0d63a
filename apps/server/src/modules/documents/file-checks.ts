import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import yauzl from 'yauzl';
import { MESSAGES } from '@sentinel/shared';
import { AppError, badRequest } from '../../platform/errors';

/** The spec's picker list (§5 "Documents screen upload"): each extension and what its bytes must be. */
const ACCEPTED: Record<string, { contentType: string; detected: string | null }> = {
  pdf: { contentType: 'application/pdf', detected: 'pdf' },
  doc: { contentType: 'application/msword', detected: 'cfb' },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    detected: 'docx',
  },
  txt: { contentType: 'text/plain; charset=utf-8', detected: null },
  jpg: { contentType: 'image/jpeg', detected: 'jpg' },
  jpeg: { contentType: 'image/jpeg', detected: 'jpg' },
  png: { contentType: 'image/png', detected: 'png' },
  zip: { contentType: 'application/zip', detected: 'zip' },
};

/** Archives: how much they may unpack to, so a small zip cannot stand for gigabytes. */
export const ZIP_LIMITS = { entries: 1_000, uncompressedBytes: 500 * 1024 * 1024, ratio: 200 };

/**
 * Characters that change how text around them is shown without showing themselves: C0 and C1
 * controls, and the bidirectional marks, embeddings, overrides and isolates ("invoice", U+202E,
 * "fdp.exe" reads as "invoiceexe.pdf").
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The name shown and used for downloads: the last path segment only, no control or
 * bidirectional-control characters, at most 200 characters. Storage never uses it.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(INVISIBLE, '').trim().replace(/^\.+/, '');
  if (!cleaned) return 'document';
  if (cleaned.length <= 200) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 200 - ext.length) + ext;
}

export const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

/**
 * Checks the bytes against the extension (magic numbers, not the browser's word) and returns the
 * content type to store. Text must be UTF-8 without NUL bytes; archives (.zip and .docx) must stay within ZIP_LIMITS.
 */
export async function checkContent(file: string, fileName: string): Promise<string> {
  const ext = extensionOf(fileName);
  const accepted = ACCEPTED[ext];
  if (!accepted) throw badRequest(MESSAGES.documentTypeNotAllowed);
  const detected = await fileTypeFromFile(file);
  if (accepted.detected === null) {
    if (detected || !(await isUtf8Text(file))) throw badRequest(MESSAGES.documentContentMismatch);
  } else if (detected?.ext !== accepted.detected) {
    throw badRequest(MESSAGES.documentContentMismatch);
  }
  // A .docx is a ZIP archive too, and is held to the same limits (a 143 kB .docx can inflate to 48 MB).
  if (ext === 'zip' || ext === 'docx') await checkArchive(file);
  return accepted.contentType;
}

async function isUtf8Text(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.includes(0)) return false;
    // A multi-byte character cut at the end of the sample is not an error.
    const sample = bytesRead === buffer.length ? head.subarray(0, bytesRead - 4) : head;
    return new TextDecoder('utf-8', { fatal: true }).decode(sample) !== undefined;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

function checkArchive(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) return reject(badRequest(MESSAGES.documentContentMismatch));
      let entries = 0;
      let total = 0;
      const refuse = (message: string) => {
        zip.close();
        reject(new AppError('PAYLOAD_TOO_LARGE', message));
      };
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        total += entry.uncompressedSize;
        const ratio = entry.compressedSize > 0 ? entry.uncompressedSize / entry.compressedSize : 0;
        if (entries > ZIP_LIMITS.entries) return refuse(MESSAGES.archiveTooManyEntries);
        if (total > ZIP_LIMITS.uncompressedBytes || ratio > ZIP_LIMITS.ratio)
          return refuse(MESSAGES.archiveTooLarge);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', () => reject(badRequest(MESSAGES.documentContentMismatch)));
      zip.readEntry();
    });
  });
}
