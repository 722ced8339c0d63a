// Compiles the server (src/main.ts with the workspace packages' TypeScript) into one JavaScript
// file, apps/server/.cache/server.mjs, which `npm start` runs with plain Node. Running the
// TypeScript through tsx cost about 85 MB of resident memory at idle (tsx's loader thread and
// its compiled modules: 240-258 MB against 158-164 MB compiled, bench/README.md), and the
// analysis worker threads inherited the loader. esbuild takes under a second.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const OUTPUT = path.join(serverDir, '.cache/server.mjs');

/** Builds the bundle and returns its path. */
export async function buildServer() {
  const result = await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
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
          // Packages stay in node_modules (they find their own data files); the workspace's are compiled in.
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@sentinel/') ? undefined : { path: args.path, external: true },
          );
        },
      },
      {
        name: 'own-location',
        setup(builder) {
          // A module that finds files next to itself (migrations, the demo's documents, the
          // analysis worker's entry) keeps finding them: its import.meta is its source file's.
          builder.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => ({
            contents: (await readFile(args.path, 'utf8'))
              .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
              .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
              .replaceAll('import.meta.filename', JSON.stringify(args.path)),
            loader: args.path.endsWith('x') ? 'tsx' : 'ts',
          }));
        },
      },
    ],
  });
  // Written under a temporary name and renamed: two starts at once never run a half-written file.
  const temporary = `${OUTPUT}.${process.pid}.${Date.now()}.tmp`;
  await mkdir(path.dirname(OUTPUT), { recursive: true });
  await writeFile(temporary, result.outputFiles[0].contents);
  await rename(temporary, OUTPUT);
  return OUTPUT;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await buildServer());
