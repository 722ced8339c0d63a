import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { BlobStore } from './blob-store';

const KEY = /^[a-f0-9-]{36}$/;

/**
 * Files under DATA_DIR/files/<first two characters>/<key>. The temporary file sits on the same
 * file system (DATA_DIR/tmp), so putting it in place is one atomic rename.
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    // Keys are ours (random UUIDs); anything else is refused rather than joined into a path.
    if (!KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, tempFile: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tempFile, target);
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    return createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    const shards = await readdir(this.root).catch(() => [] as string[]);
    for (const shard of shards) {
      for (const key of await readdir(path.join(this.root, shard)).catch(() => [] as string[])) {
        if (!KEY.test(key)) continue;
        const info = await stat(path.join(this.root, shard, key)).catch(() => undefined);
        if (info) yield { key, modifiedAt: info.mtime };
      }
    }
  }
}
