import type { ExtractLimits } from './limits';
import { listZip, readZipEntry } from './zip';

/**
 * The text of a .docx: paragraphs of word/document.xml (headers, footers and notes are not read).
 * A document.xml larger than `limits.docxBytes`, or compressed more than `limits.docxRatio` times,
 * is refused before it is inflated.
 */
export function docxText(bytes: Uint8Array, limits: Pick<ExtractLimits, 'docxBytes' | 'docxRatio'>): string {
  const entry = listZip(bytes).find((e) => e.name === 'word/document.xml');
  if (!entry) throw new Error('not a Word document: no word/document.xml');
  if (entry.size > limits.docxBytes || entry.size > limits.docxRatio * Math.max(1, entry.compressedSize))
    throw new Error('its text unpacks to far more than an ordinary Word document');
  const data = readZipEntry(bytes, entry, limits.docxBytes);
  if (!data) throw new Error('word/document.xml uses an unsupported compression method');
  const xml = new TextDecoder().decode(data);
  return xml
    .replace(/<w:tab\/>/g, '\t')
    .replace(/<w:br\/>|<w:cr\/>/g, '\n')
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
