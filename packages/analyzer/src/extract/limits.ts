/**
 * The most a file is read, so that one upload cannot hold the analyzer for long: PDF pages read,
 * scanned pages passed to OCR, and the inflated size and compression ratio of a .docx's text (a
 * 143 kB .docx can inflate to 48 MB; ordinary Word text compresses 5–20 times).
 */
export interface ExtractLimits {
  pages: number;
  ocrPages: number;
  docxBytes: number;
  docxRatio: number;
}

export const EXTRACT_LIMITS: ExtractLimits = {
  pages: 500,
  ocrPages: 50,
  docxBytes: 32 * 1024 * 1024,
  docxRatio: 200,
};
