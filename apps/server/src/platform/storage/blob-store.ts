import type { Readable } from 'node:stream';

/**
 * Where document bytes live: a folder under DATA_DIR by default, an S3-compatible bucket when
 * configured. Keys are random (never derived from a file name).
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Moves a complete temporary file into the store under `key` (the temporary file is gone after). */
  put(key: string, tempFile: string, contentType: string): Promise<void>;
  get(key: string): Promise<Readable>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every object, for the clean-up of objects no row refers to. */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
}
