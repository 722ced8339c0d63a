import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

/**
 * OCR with tesseract.js (WebAssembly, in a worker thread) and the English LSTM model from the npm
 * package @tesseract.js-data/eng. Everything is read from node_modules: `langPath` is a local
 * folder, so tesseract.js reads the model with fs and never fetches; `cacheMethod: 'none'` keeps
 * it from writing a copy into the working directory. One worker is shared and closed after
 * IDLE_MS without work (its model takes about 100 MB of memory).
 */

const require = createRequire(import.meta.url);
/** The "best_int" English model: the one tesseract.js itself uses for LSTM-only recognition. */
export const ENG_LANG_PATH = path.join(
  path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);
const IDLE_MS = 60_000;

let worker: Promise<Worker> | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

function getWorker(): Promise<Worker> {
  worker ??= createWorker(
    'eng',
    OEM.LSTM_ONLY,
    {
      langPath: ENG_LANG_PATH,
      gzip: true,
      cacheMethod: 'none',
      // Pass worker failures to the caller instead of the default, which throws in the worker.
      errorHandler: () => undefined,
    },
    // Tesseract's diagnostics ("Estimating resolution as …") go nowhere instead of stderr (an
    // init-only parameter the typings do not list).
    { debug_file: '/dev/null' } as unknown as Parameters<typeof createWorker>[3],
  ).then(
    async (w) => {
      await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: '1' });
      return w;
    },
    (error: unknown) => {
      worker = undefined; // let the next call try again
      throw error;
    },
  );
  return worker;
}

/** Text of one image (PNG, JPEG, BMP, TIFF or WebP bytes). Calls run one at a time. */
export function ocrImage(image: Uint8Array): Promise<string> {
  const run = queue.then(async () => {
    clearTimeout(idleTimer);
    const w = await getWorker();
    try {
      const { data } = await w.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
      return data.text;
    } finally {
      idleTimer = setTimeout(() => void shutdownOcr(), IDLE_MS);
      idleTimer.unref();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Closes the OCR worker (tests and server shutdown); the next OCR starts a new one. */
export async function shutdownOcr(): Promise<void> {
  clearTimeout(idleTimer);
  const current = worker;
  worker = undefined;
  if (current) await (await current.catch(() => undefined))?.terminate();
}
