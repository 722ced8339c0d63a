import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '@sentinel/db';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler } from '../../platform/jobs';
import type { BlobStore } from '../../platform/storage/blob-store';
import { documentsRepository } from './documents.repository';

export const CLEANUP_JOB = 'storage.cleanup';

/** Leftovers younger than this may belong to an upload still under way. */
const GRACE_MS = 60 * 60 * 1000;

/**
 * Removes what an interrupted upload can leave behind: temporary files, and stored objects that no
 * row names (the process died between putting the file in place and committing its row).
 */
export function storageCleanup(
  db: Database,
  store: BlobStore,
  tmpDir: string,
  log: FastifyBaseLogger,
  graceMs = GRACE_MS,
): JobHandler {
  return {
    async run() {
      const cutoff = Date.now() - graceMs;
      let removed = 0;
      for (const name of await readdir(tmpDir).catch(() => [] as string[])) {
        const file = path.join(tmpDir, name);
        const info = await stat(file).catch(() => undefined);
        if (info && info.mtimeMs < cutoff) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      for await (const object of store.list()) {
        if (object.modifiedAt.getTime() >= cutoff) continue;
        if (!(await documentsRepository.hasStorageKey(db, object.key))) {
          await store.delete(object.key);
          removed += 1;
        }
      }
      if (removed) log.info({ removed }, 'storage clean-up removed leftovers');
    },
  };
}
