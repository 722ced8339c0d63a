import { createCanvas } from '@napi-rs/canvas';
import { loadModel } from './classify/classifier';
import { ocrImage } from './extract/ocr';
import { pdfText } from './extract/pdf';
import { writePdf } from './fixtures/pdf-writer';

/**
 * Loads what the first analysis would otherwise load: the classifier model, pdf.js and its worker
 * code and fonts (about 0.7 s on the development machine; without it the first PDF takes about
 * 1.4 s instead of 0.2 s), and with `ocr: true` the OCR worker and its English model (about 0.45 s
 * more). For the server to call once at start-up, after listening.
 */
export async function warmUp(options: { ocr?: boolean } = {}): Promise<void> {
  loadModel();
  await pdfText(writePdf([{ kind: 'text', lines: ['Sentinel analyzer warm-up page.'] }]));
  if (options.ocr) {
    // A small blank page: enough to start the worker and load the model.
    const canvas = createCanvas(64, 64);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 64, 64);
    const png = await canvas.encode('png');
    await ocrImage(new Uint8Array(png)).catch(() => '');
  }
}
