import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, OPS, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * PDF text with pdf.js (the legacy build, which runs in Node). A page whose text layer has fewer
 * than MIN_PAGE_CHARS letters is treated as scanned: rendered with @napi-rs/canvas at the
 * resolution of its scanned image (150–300 dpi) and passed to `ocr`. Fonts, character maps and image decoders are read from pdfjs-dist's own folders.
 */

const require = createRequire(import.meta.url);
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));
const asDirUrl = (dir: string) => `${path.join(pdfjsDir, dir)}${path.sep}`;

type TextItem = Extract<
  Awaited<ReturnType<PDFPageProxy['getTextContent']>>['items'][number],
  { str: string }
>;

export const MIN_PAGE_CHARS = 20;
/** Pages are rendered at the resolution of their scanned image, within these bounds. */
export const OCR_DPI = { min: 150, max: 300 };
/** Keeps a huge page (a plan sheet) from becoming a 100-megapixel image. */
const MAX_OCR_PIXELS = 12_000_000;

export interface PdfText {
  pages: string[];
  ocrPages: number;
  /** What the limits left unread, in words. */
  limited?: string;
}

export async function pdfText(
  bytes: Uint8Array,
  ocr?: (png: Uint8Array) => Promise<string>,
  limits: { pages: number; ocrPages: number } = { pages: Infinity, ocrPages: Infinity },
): Promise<PdfText> {
  const doc: PDFDocumentProxy = await getDocument({
    // A copy, as a plain Uint8Array: pdf.js refuses Buffers and detaches the buffer it is given.
    data: new Uint8Array(bytes),
    standardFontDataUrl: asDirUrl('standard_fonts'),
    cMapUrl: asDirUrl('cmaps'),
    cMapPacked: true,
    wasmUrl: asDirUrl('wasm'),
    iccUrl: asDirUrl('iccs'),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    let ocrPages = 0;
    let scannedUnread = 0;
    const readPages = Math.min(doc.numPages, limits.pages);
    for (let n = 1; n <= readPages; n++) {
      const page = await doc.getPage(n);
      let text = await pageText(page);
      if (text.replace(/[^\p{L}]/gu, '').length < MIN_PAGE_CHARS && ocr) {
        if (ocrPages < limits.ocrPages) {
          text = await ocr(await renderPage(page));
          ocrPages++;
        } else scannedUnread++;
      }
      pages.push(text);
      page.cleanup();
    }
    const limited = [
      readPages < doc.numPages
        ? `only the first ${readPages} of its ${doc.numPages} pages were read`
        : undefined,
      scannedUnread
        ? `${scannedUnread} scanned page${scannedUnread === 1 ? ' was' : 's were'} not read (at most ${limits.ocrPages} are read by OCR)`
        : undefined,
    ]
      .filter(Boolean)
      .join('; ');
    return { pages, ocrPages, ...(limited ? { limited } : {}) };
  } finally {
    await doc.destroy();
  }
}

/** The page's text layer, one line per baseline. */
async function pageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  let out = '';
  let lastY: number | undefined;
  let lastEnd: number | undefined;
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const { str, transform, width, hasEOL } = item as TextItem;
    const [x, y] = [transform[4]!, transform[5]!];
    if (lastY !== undefined && Math.abs(y - lastY) > 2 && !out.endsWith('\n')) out += '\n';
    else if (
      lastEnd !== undefined &&
      x - lastEnd > 1 &&
      !out.endsWith(' ') &&
      !out.endsWith('\n') &&
      str &&
      !str.startsWith(' ')
    )
      out += ' ';
    out += str;
    if (hasEOL) out += '\n';
    lastY = y;
    lastEnd = x + width;
  }
  return out.replace(/[ \t]+\n/g, '\n').trim();
}

/**
 * The resolution of the page's largest image, in dots per inch of the page: rendering finer than
 * the scan only gives the OCR more pixels to read, not more detail. 300 when there is no image.
 */
async function scanDpi(page: PDFPageProxy, widthPt: number): Promise<number> {
  const { fnArray, argsArray } = await page.getOperatorList();
  let widest = 0;
  fnArray.forEach((fn, i) => {
    if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) {
      const width = (argsArray[i] as unknown[])[1];
      if (typeof width === 'number') widest = Math.max(widest, width);
    }
  });
  const dpi = widest ? widest / (widthPt / 72) : OCR_DPI.max;
  return Math.min(OCR_DPI.max, Math.max(OCR_DPI.min, dpi));
}

async function renderPage(page: PDFPageProxy): Promise<Uint8Array> {
  const base = page.getViewport({ scale: 1 });
  const dpi = await scanDpi(page, base.width);
  const scale = Math.min(dpi / 72, Math.sqrt(MAX_OCR_PIXELS / (base.width * base.height)));
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({
    canvas: canvas as never,
    canvasContext: context as never,
    viewport,
  }).promise;
  return new Uint8Array(await canvas.encode('png'));
}
