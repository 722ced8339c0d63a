import { decodeHTMLStrict } from 'entities/decode';
import { docxText } from './docx';
import { EXTRACT_LIMITS, type ExtractLimits } from './limits';
import { ocrImage } from './ocr';
import { pdfText } from './pdf';
import { isZip, listZip } from './zip';

export { EXTRACT_LIMITS, type ExtractLimits } from './limits';

export type SourceFormat = 'pdf' | 'text' | 'image' | 'docx' | 'doc' | 'zip' | 'unknown';

export interface ExtractInput {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

export interface ExtractedText {
  text: string;
  format: SourceFormat;
  /** PDF pages; 1 for an image, a text file or a Word document; 0 when nothing was read. */
  pageCount: number;
  /** Pages whose text came from OCR. */
  ocrPages: number;
  /** Why no text was read (unsupported format, unreadable file), in words for the summary. */
  note?: string;
  /** A ZIP archive's file names. */
  entries?: string[];
  /** What was left unread because of a limit (ExtractLimits), in words, e.g. for a recommendation. */
  limited?: string;
}

export interface ExtractOptions {
  /** OCR for images and scanned pages; false to skip it (the page then counts as empty). */
  ocr?: ((image: Uint8Array) => Promise<string>) | false;
  /** How much of a file is read at most (EXTRACT_LIMITS by default). */
  limits?: Partial<ExtractLimits>;
}

const IMAGE_TYPES = /^image\/(png|jpe?g|bmp|tiff?|webp|gif)$/i;
const IMAGE_EXTENSIONS = /\.(png|jpe?g|bmp|tiff?|webp|gif)$/i;
const TEXT_EXTENSIONS = /\.(txt|text|md|csv|eml|log)$/i;

/**
 * A text file's text: UTF-8, lines ending in "\n", and HTML character references decoded
 * ("Blish &amp; Cavanagh" is "Blish & Cavanagh"). Text saved from web pages keeps them (court
 * opinions from CourtListener, e-mail bodies), and the reader, the search and the analysis want the
 * characters. Strict: only a reference that ends in ";" ("AT&T" and "&para" stay as they are).
 */
export function plainText(bytes: Uint8Array): string {
  return decodeHTMLStrict(new TextDecoder().decode(bytes)).replace(/\r\n?/g, '\n');
}

export function detectFormat({ bytes, contentType, fileName }: ExtractInput): SourceFormat {
  const head = bytes.subarray(0, 8);
  const starts = (...sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'pdf'; // %PDF
  if (
    starts(0x89, 0x50, 0x4e, 0x47) ||
    starts(0xff, 0xd8, 0xff) ||
    starts(0x42, 0x4d) ||
    starts(0x49, 0x49, 0x2a, 0x00) ||
    starts(0x4d, 0x4d, 0x00, 0x2a)
  )
    return 'image';
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return 'doc'; // OLE compound file (Word 97–2003)
  if (isZip(bytes)) {
    try {
      if (listZip(bytes).some((e) => e.name === 'word/document.xml')) return 'docx';
    } catch {
      // An unreadable archive: listed as a zip that could not be opened.
    }
    return 'zip';
  }
  if (IMAGE_TYPES.test(contentType) || IMAGE_EXTENSIONS.test(fileName)) return 'image';
  if (/^text\//i.test(contentType) || TEXT_EXTENSIONS.test(fileName) || looksLikeText(bytes)) return 'text';
  return 'unknown';
}

function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 4096);
  if (sample.length === 0 || sample.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(
      sample.length < bytes.length ? sample.subarray(0, sample.length - 4) : sample,
    );
    return true;
  } catch {
    return false;
  }
}

/** The document's text: pdf.js for PDFs (OCR for pages without text), OCR for images, and so on. */
export async function extractText(input: ExtractInput, options: ExtractOptions = {}): Promise<ExtractedText> {
  const ocr = options.ocr === undefined ? ocrImage : options.ocr || undefined;
  const limits = { ...EXTRACT_LIMITS, ...options.limits };
  const format = detectFormat(input);
  try {
    switch (format) {
      case 'pdf': {
        const { pages, ocrPages, limited } = await pdfText(input.bytes, ocr, limits);
        return {
          text: pages.join('\n\n'),
          format,
          pageCount: pages.length,
          ocrPages,
          ...(limited ? { limited } : {}),
        };
      }
      case 'image': {
        if (!ocr)
          return { text: '', format, pageCount: 1, ocrPages: 0, note: 'the image was not read (OCR is off)' };
        return { text: (await ocr(input.bytes)).trim(), format, pageCount: 1, ocrPages: 1 };
      }
      case 'text':
        return {
          text: plainText(input.bytes),
          format,
          pageCount: 1,
          ocrPages: 0,
        };
      case 'docx':
        return { text: docxText(input.bytes, limits), format, pageCount: 1, ocrPages: 0 };
      case 'doc':
        return {
          text: '',
          format,
          pageCount: 0,
          ocrPages: 0,
          note: 'the text of Word 97–2003 (.doc) files is not read yet',
        };
      case 'zip': {
        const entries = listZip(input.bytes)
          .map((e) => e.name)
          .filter((name) => !name.endsWith('/'));
        return {
          text: '',
          format,
          pageCount: 0,
          ocrPages: 0,
          entries,
          note: 'the files inside ZIP archives are not read yet',
        };
      }
      default:
        return {
          text: '',
          format,
          pageCount: 0,
          ocrPages: 0,
          note: 'the file type is not one the analyzer reads',
        };
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { text: '', format, pageCount: 0, ocrPages: 0, note: `the file could not be read (${reason})` };
  }
}
