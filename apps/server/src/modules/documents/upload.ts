import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
// request.parts() is @fastify/multipart's: its types, for every program that compiles this file.
import type {} from '@fastify/multipart';
import { MESSAGES } from '@sentinel/shared';
import { AppError, badRequest } from '../../platform/errors';
import { NUL_IN_TEXT } from '../../platform/input-guard';
import { checkContent, cleanFileName } from './file-checks';
import { pdfActiveContent } from './pdf-active-content';

/** Where uploads stream to before they are stored (the hourly clean-up empties what is left). */
export const uploadTmpDir = (dataDir: string) => path.join(dataDir, 'tmp');

/** A received, checked upload: the temporary file, what it is, and the form's other fields. */
export interface ReceivedUpload {
  tempFile: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  /** What in the file can act rather than show (pdf-active-content.ts); empty for most files. */
  activeContent: string[];
  fields: Record<string, string>;
}

/**
 * Reads a multipart upload: the one file streams to DATA_DIR/tmp while it is hashed, and the
 * size limit stops it mid-stream (413); then its bytes are checked against its extension. Any
 * failure, the client going away included, removes the temporary file. The route calls it and
 * hands the result to `DocumentUploadsService`, which moves the file into the store and commits its
 * row, or removes it.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: { tmpDir: string; maxBytes: number; minRate?: MinimumRate },
): Promise<ReceivedUpload> {
  const minRate = options.minRate ?? MINIMUM_UPLOAD_RATE;
  await mkdir(options.tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  let received: Omit<ReceivedUpload, 'fields' | 'contentType' | 'activeContent'> | undefined;
  let tempFile: string | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 25 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') continue;
        if (part.value.includes('\u0000')) throw badRequest(NUL_IN_TEXT);
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        throw badRequest('Send one file, in the field "file"');
      }
      tempFile = path.join(options.tmpDir, `${randomUUID()}.part`);
      const hash = createHash('sha256');
      let size = 0;
      const watch = rateWatch(minRate, () => part.file.destroy(tooSlow(minRate)));
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          watch.add(chunk.length);
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(part.file, count, createWriteStream(tempFile, { flags: 'wx', mode: 0o600 }));
      } finally {
        watch.stop();
      }
      if (part.file.truncated) throw tooLarge(options.maxBytes);
      received = {
        tempFile,
        fileName: cleanFileName(part.filename),
        sizeBytes: size,
        sha256: hash.digest('hex'),
      };
    }
    if (!received) throw badRequest(MESSAGES.selectFileToUpload);
    if (received.sizeBytes === 0) throw badRequest('The file is empty');
    const contentType = await checkContent(received.tempFile, received.fileName);
    return {
      ...received,
      contentType,
      activeContent: await activeContentOf(received.tempFile, contentType),
      fields,
    };
  } catch (error) {
    if (tempFile) await rm(tempFile, { force: true });
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.maxBytes);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('Send one file, in the field "file"');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
    // The multipart parser's own errors (busboy): a body cut short or not multipart at all.
    if (error instanceof Error && MALFORMED_MULTIPART.test(error.message))
      throw badRequest('The upload could not be read: send the file as multipart/form-data');
    throw error;
  }
}

/**
 * The slowest an upload may come (UPLOAD_MIN_RATE): a file arriving at under `bytesPerSecond` over
 * any `windowSeconds` is cut off (408), instead of holding a connection and a temporary file for
 * the server's five-minute request timeout. The default, 4 KB/s, is a poor mobile connection.
 */
export interface MinimumRate {
  bytesPerSecond: number;
  windowSeconds: number;
}
export const MINIMUM_UPLOAD_RATE: MinimumRate = { bytesPerSecond: 4 * 1024, windowSeconds: 30 };

/** Calls `tooSlow` once when fewer than the minimum bytes arrived in the last window. */
function rateWatch(rate: MinimumRate, tooSlow: () => void) {
  let windowBytes = 0;
  const timer = setInterval(() => {
    if (windowBytes < rate.bytesPerSecond * rate.windowSeconds) {
      clearInterval(timer);
      tooSlow();
    }
    windowBytes = 0;
  }, rate.windowSeconds * 1000);
  timer.unref();
  return {
    add: (bytes: number) => void (windowBytes += bytes),
    stop: () => clearInterval(timer),
  };
}

const tooSlow = (rate: MinimumRate) =>
  new AppError(
    'REQUEST_TIMEOUT',
    `The upload was too slow (under ${Math.round(rate.bytesPerSecond / 1024)} KB/s for ${rate.windowSeconds} seconds). Check the connection and try again.`,
  );

const activeContentOf = (file: string, contentType: string) =>
  contentType === 'application/pdf' ? pdfActiveContent(file) : Promise.resolve([]);

/** What busboy says of a body it cannot read (a test sends each kind). */
const MALFORMED_MULTIPART =
  /unexpected end of (form|file|multipart data)|malformed part header|boundary not found/i;

const tooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);

/**
 * The same checks for bytes that did not come from a form (an e-mail attachment saved into a
 * case): written to DATA_DIR/tmp, hashed, checked against the name's extension, or removed.
 */
export async function receiveBytes(
  data: Buffer,
  rawName: string,
  options: { tmpDir: string; maxBytes: number },
): Promise<Omit<ReceivedUpload, 'fields'>> {
  if (data.length > options.maxBytes) throw tooLarge(options.maxBytes);
  if (data.length === 0) throw badRequest('The file is empty');
  await mkdir(options.tmpDir, { recursive: true });
  const tempFile = path.join(options.tmpDir, `${randomUUID()}.part`);
  try {
    await writeFile(tempFile, data, { flag: 'wx', mode: 0o600 });
    const fileName = cleanFileName(rawName);
    const contentType = await checkContent(tempFile, fileName);
    return {
      tempFile,
      fileName,
      contentType,
      activeContent: await activeContentOf(tempFile, contentType),
      sizeBytes: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  } catch (error) {
    await rm(tempFile, { force: true });
    throw error;
  }
}
