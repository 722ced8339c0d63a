import { readFile } from 'node:fs/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { promisify } from 'node:util';
import { inflate } from 'node:zlib';

const inflateAsync = promisify(inflate);

/**
 * What in a PDF can act rather than show (the names pdfid and PDF sanitisers look for), and how we
 * say it: JavaScript, actions that launch programs, embedded files, Flash/rich media, and XFA
 * forms (which carry scripts).
 */
const ACTIVE_NAMES: Record<string, string> = {
  JavaScript: 'JavaScript',
  JS: 'JavaScript',
  Launch: 'a launch action',
  EmbeddedFile: 'embedded files',
  EmbeddedFiles: 'embedded files',
  RichMedia: 'rich media',
  XFA: 'an XFA form',
};

/** Slices the bytes are searched in, so that a 50 MB file never holds the event loop for long. */
const SLICE_BYTES = 1024 * 1024;
/** Compressed object streams are opened up to this much each, and in all. */
const OBJECT_STREAM_LIMITS = { each: 8 * 1024 * 1024, total: 64 * 1024 * 1024 };

/**
 * The active content a PDF holds, in words ("JavaScript", "embedded files"…), empty when none.
 * Names are read with their #xx escapes undone (/J#61vaScript is /JavaScript), and compressed
 * object streams (/Type /ObjStm, FlateDecode), where PDF 1.5 and later keep most objects, are
 * inflated off the event loop (zlib's thread pool) and searched too. A heuristic, like pdfid: it
 * flags a document for safer handling, it does not prove one harmless.
 */
export async function pdfActiveContent(file: string): Promise<string[]> {
  const bytes = await readFile(file);
  const found = new Set<string>();
  await searchNames(bytes, found);
  let inflated = 0;
  for (const stream of objectStreams(bytes)) {
    if (inflated >= OBJECT_STREAM_LIMITS.total) break;
    const data = await inflateAsync(stream, { maxOutputLength: OBJECT_STREAM_LIMITS.each }).catch(
      () => undefined,
    );
    if (!data) continue;
    inflated += data.length;
    await searchNames(data, found);
  }
  return [...new Set([...found].map((name) => ACTIVE_NAMES[name]!))].sort();
}

/** Adds the active names found in `bytes`, a slice at a time (slices overlap by a name's length). */
async function searchNames(bytes: Buffer, found: Set<string>): Promise<void> {
  for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
    const text = bytes.toString('latin1', start, Math.min(bytes.length, start + SLICE_BYTES + 64));
    for (const match of text.matchAll(/\/([A-Za-z0-9#]{2,40})/g)) {
      const name = match[1]!.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
      if (name in ACTIVE_NAMES) found.add(name);
    }
    await yieldToLoop();
  }
}

/** The raw data of each FlateDecode object stream (its dictionary says /Type /ObjStm). */
function* objectStreams(bytes: Buffer): Generator<Buffer> {
  let at = 0;
  for (;;) {
    const marker = bytes.indexOf('/ObjStm', at, 'latin1');
    if (marker < 0) return;
    const dictStart = bytes.lastIndexOf('obj', marker, 'latin1');
    const streamWord = bytes.indexOf('stream', marker, 'latin1');
    if (streamWord < 0) return;
    at = streamWord + 6;
    const dict = bytes.toString('latin1', Math.max(0, dictStart), streamWord);
    if (!/\/FlateDecode/.test(dict)) continue;
    let start = streamWord + 6;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    const end = bytes.indexOf('endstream', start, 'latin1');
    if (end < 0) return;
    at = end + 9;
    yield bytes.subarray(start, end);
  }
}
