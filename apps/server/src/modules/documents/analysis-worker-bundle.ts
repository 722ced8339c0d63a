import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** apps/server/.cache: inside the repository, so that the bundle's package imports resolve. */
const CACHE_DIR = fileURLToPath(new URL('../../../.cache/', import.meta.url));
const ENTRY = fileURLToPath(new URL('./analysis-task.ts', import.meta.url));

/**
 * Compiles the analysis worker (analysis-task.ts with the analyzer and shared code) into one
 * JavaScript file, apps/server/.cache/analysis-worker.mjs, and returns its path. The worker
 * threads load it as plain JavaScript: a thread that compiled the TypeScript itself with tsx held
 * about 450 MB, one that loads this file about 105 MB. Packages stay outside the bundle (pdf.js
 * and tesseract.js find their data files from their own folders). esbuild takes about 40 ms; the
 * file is written under a temporary name and renamed, so processes building at once never read a
 * half-written file.
 */
export async function buildAnalysisWorker(): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'packages-external',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@sentinel/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const file = path.join(CACHE_DIR, 'analysis-worker.mjs');
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await mkdir(CACHE_DIR, { recursive: true });
  await writeFile(temporary, result.outputFiles[0]!.contents);
  await rename(temporary, file);
  return file;
}
