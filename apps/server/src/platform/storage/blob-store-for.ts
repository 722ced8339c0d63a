import path from 'node:path';
import type { Config } from '../../config';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-store';
import { S3BlobStore } from './s3-store';

/** The configured blob store: the S3 bucket when set, DATA_DIR/files otherwise. */
export function blobStoreFor(config: Pick<Config, 's3' | 'dataDir'>): BlobStore {
  return config.s3 ? new S3BlobStore(config.s3) : new LocalBlobStore(path.join(config.dataDir, 'files'));
}
