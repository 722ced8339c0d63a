// Whether the web app must be built before the server can serve it: used by `npm start`
// (scripts/start.mjs) and by the startup benchmark (bench/startup.ts), which must agree.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What apps/web/dist/index.html is built from. */
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];

function newestMtime(root, entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (max, name) => Math.max(max, newestMtime(root, path.join(entry, name))),
    stat.mtimeMs,
  );
}

export function webBuildIsStale(root) {
  const built = path.join(root, 'apps/web/dist/index.html');
  return (
    !existsSync(built) ||
    statSync(built).mtimeMs < Math.max(...sources.map((entry) => newestMtime(root, entry)))
  );
}
