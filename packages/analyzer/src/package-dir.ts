import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * This package's folder (model/, package.json), found by the package's name rather than relative
 * to the file, so that it is right in a bundle of this code too (the server's analysis worker).
 */
export const packageDir = path.dirname(
  createRequire(import.meta.url).resolve('@sentinel/analyzer/package.json'),
);
