import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A folder of training/ (real texts trained on, never scored): MANIFEST.json lists the entries, and
 * each entry's text is `<name>.txt` beside it. The folder's README.md is written by hand.
 */

/** The entries of a folder with their texts and the SHA-256 of each (for model/MANIFEST.json). */
export function loadTrainingFolder<T extends object>(
  dir: string,
  nameOf: (entry: T) => string,
): Array<T & { text: string; sha256: string }> {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'MANIFEST.json'), 'utf8')) as T[];
  return manifest.map((entry) => {
    const text = readFileSync(path.join(dir, `${nameOf(entry)}.txt`), 'utf8');
    return { ...entry, text, sha256: createHash('sha256').update(text).digest('hex') };
  });
}

/** Replaces a folder's texts and manifest with `chosen` (an earlier run's texts go; README stays). */
export function writeTrainingFolder<T extends object>(
  dir: string,
  chosen: Array<{ entry: T; text: string }>,
  nameOf: (entry: T) => string,
): void {
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(dir)) if (file.endsWith('.txt')) rmSync(path.join(dir, file));
  for (const { entry, text } of chosen) writeFileSync(path.join(dir, `${nameOf(entry)}.txt`), `${text}\n`);
  writeFileSync(
    path.join(dir, 'MANIFEST.json'),
    `${JSON.stringify(
      chosen.map(({ entry }) => entry),
      null,
      2,
    )}\n`,
  );
}
